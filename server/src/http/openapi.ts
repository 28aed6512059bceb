// The OpenAPI 3.1 document, generated from the route table so that it cannot drift from the
// server. `npm run openapi` writes it to docs/openapi.json; the server also serves it live.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z, type ZodType } from 'zod';
import { isStreamRoute, type RouteDef } from './route.ts';
import { ErrorKinds } from '@verdict/shared';

export type JsonSchema = Record<string, unknown>;

/** A path or query parameter of an operation. */
export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  tags: string[];
  'x-role': RouteDef['role'];
  security?: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Partial<Record<RouteDef['method'], OpenApiOperation>>>;
  components: JsonSchema;
}

// zod writes ±MAX_SAFE_INTEGER bounds on every .int(); they say nothing to a reader.
function dropSafeIntegerBounds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropSafeIntegerBounds);
  if (!value || typeof value !== 'object') return value;
  const out: JsonSchema = {};
  for (const [key, v] of Object.entries(value)) {
    if ((key === 'minimum' || key === 'maximum') && Math.abs(v as number) === Number.MAX_SAFE_INTEGER) continue;
    out[key] = dropSafeIntegerBounds(v);
  }
  return out;
}

function schemaOf(type: ZodType): JsonSchema {
  const { $schema: _drop, ...schema } = z.toJSONSchema(type, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return dropSafeIntegerBounds(schema) as JsonSchema;
}

/** `/api/x/:id` → `/api/x/{id}` */
export function openApiPath(koaPath: string): string {
  return koaPath.replace(/:(\w+)/g, '{$1}');
}

function operationId(def: RouteDef): string {
  const words = def.path.replace(/^\/api\//, '').split(/[/:{}]+/).filter(Boolean);
  return def.method + words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

function parameters(def: RouteDef): OpenApiParameter[] {
  const params: OpenApiParameter[] = [...def.path.matchAll(/:(\w+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  if (def.query) {
    const schema = schemaOf(def.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      params.push({ name, in: 'query', required: (schema.required ?? []).includes(name), schema: property });
    }
  }
  return params;
}

/** How a caller proves who it is: nothing on open routes (or, optionally, a token or Basic credentials), else a token. */
function securityOf(def: RouteDef): Pick<OpenApiOperation, 'security'> {
  const ways: Record<string, string[]>[] = [{ token: [] }, ...(def.basicAuth ? [{ basic: [] }] : [])];
  if (def.role !== 'open') return { security: ways };
  return def.basicAuth ? { security: [{}, ...ways] } : {};
}

function requestBody(def: RouteDef): JsonSchema | undefined {
  if (!def.body) return undefined;
  const schema = schemaOf(def.body);
  // Form and JSON are both accepted (docs/api-decisions.md); the spec's encoding comes first.
  const encodings =
    def.encoding === 'multipart'
      ? ['multipart/form-data']
      : def.encoding === 'form'
        ? ['application/x-www-form-urlencoded', 'application/json']
        : ['application/json', 'application/x-www-form-urlencoded'];
  return { required: true, content: Object.fromEntries(encodings.map((e) => [e, { schema }])) };
}

function envelope(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['code', 'message', 'data'],
    properties: { code: { type: 'integer', const: 0 }, message: { type: 'string' }, data },
  };
}

export function buildOpenApi(routes: RouteDef[], version = '0.1.0'): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const def of routes) {
    const ok =
      isStreamRoute(def)
        ? { description: 'A stream that stays open (not in the envelope)', content: { [def.reply.file]: { schema: { type: 'string' } } } }
        : 'file' in def.reply && def.reply.json
        ? { description: 'A JSON document of its own standard (not in the envelope)', content: { [def.reply.file]: { schema: {} } } }
        : 'file' in def.reply
        ? { description: 'The file itself (not in the envelope)', content: { [def.reply.file]: { schema: { type: 'string', format: 'binary' } } } }
        : { description: 'Success (code 0)', content: { 'application/json': { schema: envelope(schemaOf(def.reply)) } } };
    const op: OpenApiOperation = {
      operationId: operationId(def),
      summary: def.summary,
      tags: [def.tag],
      'x-role': def.role,
      ...securityOf(def),
      responses: {
        '200': ok,
        default: { description: 'Failure: a non-zero code from the error catalogue', content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } } },
      },
    };
    const params = parameters(def);
    if (params.length) op.parameters = params;
    const body = requestBody(def);
    if (body) op.requestBody = body;
    (paths[openApiPath(def.path)] ??= {})[def.method] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Verdict REST API',
      version,
      description:
        'Every reply is the envelope {code, message, data}; code 0 is success. x-role is the role an operation needs: ' +
        'open, user (any logged-in user) or admin. Decisions where the spec is silent: docs/api-decisions.md.',
    },
    paths,
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'The login token, raw or as "Bearer <token>"' },
        basic: { type: 'http', scheme: 'basic', description: "A Verdict account's username and password (the Contest API's routes only)" },
      },
      schemas: {
        Failure: {
          type: 'object',
          required: ['code', 'message', 'data'],
          properties: { code: { type: 'integer', enum: [...new Set(Object.values(ErrorKinds).map((k) => k.code))] }, message: { type: 'string' }, data: {} },
        },
      },
    },
  };
}

export const OPENAPI_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/openapi.json');

export function writeOpenApi(routes: RouteDef[], file = OPENAPI_FILE): void {
  fs.writeFileSync(file, JSON.stringify(buildOpenApi(routes), null, 2) + '\n');
}

