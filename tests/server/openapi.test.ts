import assert from 'node:assert/strict';
import fs from 'node:fs';
import { allRoutes } from '@verdict/server/internal/http/routes';
import { buildOpenApi, OPENAPI_FILE, openApiPath } from '@verdict/server/internal/http/openapi';
import { API_TYPES_FILE, renderApiTypes } from '@verdict/server/internal/http/openapi-types';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const REGENERATE = 'docs/openapi.json is out of date: run `npm run openapi` after adding or changing a route, and commit docs/openapi.json and packages/shared/src/api-types.ts';

const registered = () => allRoutes.map((r) => `${r.method.toUpperCase()} ${openApiPath(r.path)}`).sort();

function documented(doc: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries<Record<string, unknown>>(doc.paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

describe('OpenAPI document', () => {
  const file = JSON.parse(fs.readFileSync(OPENAPI_FILE, 'utf8'));

  it('documents every registered route', () => {
    const missing = registered().filter((op) => !documented(file).includes(op));
    assert.deepEqual(missing, [], `${REGENERATE}. Registered but not documented: ${missing.join(', ')}`);
  });

  it('documents no operation that is not registered', () => {
    const stale = documented(file).filter((op) => !registered().includes(op));
    assert.deepEqual(stale, [], `${REGENERATE}. Documented but not registered: ${stale.join(', ')}`);
  });

  it("states each operation's role as registered", () => {
    for (const r of allRoutes) {
      const op = file.paths[openApiPath(r.path)]?.[r.method];
      assert.equal(op?.['x-role'], r.role, `${REGENERATE} (${r.method.toUpperCase()} ${r.path})`);
    }
  });

  it("gives the client the types of every route's query, body and reply, as generated", () => {
    const generated = renderApiTypes(buildOpenApi(allRoutes));
    assert.ok(fs.readFileSync(API_TYPES_FILE, 'utf8') === generated, `packages/shared/src/api-types.ts is out of date: run \`npm run openapi\` and commit it`);
    for (const r of allRoutes) assert.ok(generated.includes(`"${r.method.toUpperCase()} ${openApiPath(r.path)}"`), `${r.path} has no type`);
    // Replies are described: no operation's data is left unknown.
    assert.doesNotMatch(generated, /data: unknown;/);
  });

  it('is OpenAPI 3 with bodies, query parameters and roles', () => {
    assert.match(file.openapi, /^3\./);
    const add = file.paths['/api/admin/problem/add'].post;
    assert.equal(add['x-role'], 'admin');
    const body = add.requestBody.content['application/json'].schema;
    assert.deepEqual(body.required.sort(), ['memoryLimit', 'timeLimit', 'title']);
    assert.equal(body.properties.memoryLimit.maximum, 524288);
    const list = file.paths['/api/contestProblem/list'].get;
    assert.deepEqual(list.parameters.map((p: { name: string; in: string; required: boolean }) => [p.name, p.in, p.required]), [['contestId', 'query', true]]);
    assert.ok(list.security);
  });

  describe('served', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer();
    });
    after(() => server?.destroy());

    it('GET /api/openapi.json answers the live document, open to all', async () => {
      const res = await fetch(server.url + '/api/openapi.json');
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /application\/json/);
      assert.match(res.headers.get('content-disposition') ?? '', /^inline/);
      const live = await res.json();
      assert.deepEqual(documented(live), registered());
    });

    it('GET /api/docs is a self-contained page listing every operation', async () => {
      const res = await fetch(server.url + '/api/docs');
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /text\/html/);
      assert.match(res.headers.get('content-disposition') ?? '', /^inline/);
      const html = await res.text();
      for (const r of allRoutes) {
        assert.ok(html.includes(`<code>${openApiPath(r.path)}</code>`), `${r.path} missing from /api/docs`);
      }
      assert.ok(html.includes('<code>prob_title</code>'), 'body fields are listed');
      assert.doesNotMatch(html, /<script|<link|src="http|href="http/, 'no scripts and nothing from a CDN');
    });
  });
});
