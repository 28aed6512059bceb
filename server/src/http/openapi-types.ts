// TypeScript types of every operation, written from the OpenAPI document (itself made from the
// route table): packages/shared/src/api-types.ts, which the typed client of the web app, the CLI
// and the tests is built on. `npm run openapi` writes it; a test fails when it is out of date.
// The document's schemas use a small part of JSON Schema (what zod writes for our routes);
// anything else is refused here rather than typed loosely.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JsonSchema, OpenApiDocument, OpenApiOperation } from './openapi.ts';

export const API_TYPES_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/shared/src/api-types.ts');

const KNOWN = new Set([
  'type', 'properties', 'required', 'items', 'enum', 'const', 'anyOf', 'additionalProperties', 'description', 'default',
  'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems', 'pattern', 'format',
]);

const quoteKey = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key));

function indent(text: string, by: string): string {
  return text.replace(/\n/g, `\n${by}`);
}

/** The TypeScript type of a JSON schema (the subset zod writes). */
export function schemaType(schema: JsonSchema | undefined, where: string): string {
  if (!schema || Object.keys(schema).length === 0) return 'unknown';
  for (const key of Object.keys(schema)) {
    if (!KNOWN.has(key)) throw new Error(`${where}: the schema keyword "${key}" is not supported by the type generator`);
  }
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(' | ');
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).map((s, i) => schemaType(s, `${where}.anyOf[${i}]`)).join(' | ');
  // zod writes a nullable string without constraints as `type: ['string', 'null']`.
  if (Array.isArray(schema.type)) return (schema.type as string[]).map((type) => schemaType({ ...schema, type }, where)).join(' | ');
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array': {
      const item = schemaType(schema.items as JsonSchema | undefined, `${where}[]`);
      return /[|&\s]/.test(item) && !item.startsWith('{') ? `Array<${item}>` : `${item}[]`;
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required ?? []) as string[]);
      const lines = Object.entries(properties).map(([key, value]) => `  ${quoteKey(key)}${required.has(key) ? '' : '?'}: ${indent(schemaType(value, `${where}.${key}`), '  ')};`);
      const extra = schema.additionalProperties;
      if (extra && typeof extra === 'object') lines.push(`  [key: string]: ${schemaType(extra as JsonSchema, `${where}[key]`)};`);
      return lines.length ? `{\n${lines.join('\n')}\n}` : 'Record<string, never>';
    }
    default:
      throw new Error(`${where}: the schema type ${JSON.stringify(schema.type)} is not supported by the type generator`);
  }
}

function queryType(op: OpenApiOperation, where: string): string {
  const params = (op.parameters ?? []).filter((p) => p.in === 'query');
  if (!params.length) return 'undefined';
  return `{\n${params.map((p) => `  ${quoteKey(p.name)}${p.required ? '' : '?'}: ${indent(schemaType(p.schema, `${where}?${p.name}`), '  ')};`).join('\n')}\n}`;
}

function bodyType(op: OpenApiOperation, where: string): string {
  const content = op.requestBody?.content as Record<string, { schema: JsonSchema }> | undefined;
  if (!content) return 'undefined';
  // Every encoding of a body has the same schema; multipart bodies are FormData on the client.
  if (content['multipart/form-data']) return 'FormData';
  return schemaType(Object.values(content)[0].schema, `${where} body`);
}

function replyType(op: OpenApiOperation, where: string): { data: string; file: string | null } {
  const content = (op.responses['200'] as { content: Record<string, { schema: JsonSchema }> }).content;
  const json = content['application/json']?.schema as { properties?: { data?: JsonSchema; code?: JsonSchema } } | undefined;
  if (json?.properties?.code) return { data: schemaType(json.properties.data, `${where} reply`), file: null };
  return { data: 'never', file: Object.keys(content)[0] };
}

/** The generated module's text. */
export function renderApiTypes(doc: OpenApiDocument): string {
  const entries: string[] = [];
  for (const [apiPath, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!op) continue;
      const where = `${method.toUpperCase()} ${apiPath}`;
      const reply = replyType(op, where);
      entries.push(
        [
          `  /** ${op.summary.replace(/\*\//g, '*\\/')} (${op['x-role']}) */`,
          `  ${JSON.stringify(where)}: {`,
          `    role: ${JSON.stringify(op['x-role'])};`,
          `    query: ${indent(queryType(op, where), '    ')};`,
          `    body: ${indent(bodyType(op, where), '    ')};`,
          `    data: ${indent(reply.data, '    ')};`,
          `    file: ${reply.file ? JSON.stringify(reply.file) : 'null'};`,
          '  };',
        ].join('\n'),
      );
    }
  }
  return [
    '// Generated by `npm run openapi` from the server\'s route table (docs/openapi.json): do not edit.',
    '// Each operation, keyed "METHOD /path": its query, its body (form and JSON take the same',
    '// fields), the data of its success envelope, or the content type of the file it answers with.',
    'export interface ApiOperations {',
    entries.join('\n'),
    '}',
    '',
  ].join('\n');
}

export function writeApiTypes(doc: OpenApiDocument): void {
  fs.writeFileSync(API_TYPES_FILE, renderApiTypes(doc));
}
