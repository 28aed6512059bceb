// The API described by itself: the OpenAPI document and a readable page of it, both built
// from the live route table (no CDN, no script: the page is plain HTML).
import { FileReply, fileReply, route, type RouteDef } from './route.ts';
import { buildOpenApi } from './openapi.ts';
import { renderApiPage } from './openapi-page.ts';

/** The routes describing `routeTable()`, the whole table (this list included; read per request). */
export const docsRoutes = (routeTable: () => RouteDef[]): RouteDef[] => [
  route({
    method: 'get',
    path: '/api/openapi.json',
    role: 'open',
    tag: 'system',
    summary: 'This API as an OpenAPI 3.1 document (the document itself, not in the envelope)',
    reply: fileReply('application/json'),
    handler: async () => {
      const json = JSON.stringify(buildOpenApi(routeTable()), null, 2);
      return new FileReply(Buffer.from(json), 'application/json; charset=utf-8', 'openapi.json', true);
    },
  }),
  route({
    method: 'get',
    path: '/api/docs',
    role: 'open',
    tag: 'system',
    summary: 'This API as a readable HTML page',
    reply: fileReply('text/html'),
    handler: async () => new FileReply(Buffer.from(renderApiPage(buildOpenApi(routeTable()))), 'text/html; charset=utf-8', 'api.html', true),
  }),
];
