// A readable, self-contained HTML page of the OpenAPI document: every operation with its
// method, path, role, summary, parameters and body fields. No script, no CDN.
import type { OpenApiDocument, OpenApiOperation } from './openapi.ts';

/** The parts of a JSON Schema (as zod writes them) this page reads. */
interface JsonSchema {
  type?: string;
  enum?: unknown[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  description?: string;
  required?: string[];
  properties?: Record<string, JsonSchema>;
}



const escapeHtml = (text: unknown) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (schema.enum) return schema.enum.map((v: unknown) => JSON.stringify(v)).join(' | ');
  if (schema.type === 'array') return `${typeOf(schema.items)}[]`;
  const bounds = [
    schema.minimum !== undefined ? `≥ ${schema.minimum}` : '',
    schema.maximum !== undefined ? `≤ ${schema.maximum}` : '',
    schema.maxLength !== undefined ? `length ≤ ${schema.maxLength}` : '',
  ].filter(Boolean);
  const type = schema.type ?? (schema.anyOf ? schema.anyOf.map(typeOf).join(' | ') : 'any');
  return bounds.length ? `${type} (${bounds.join(', ')})` : type;
}

function fieldRows(where: string, schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  if (schema.type !== 'object') return [`<tr><td>${where}</td><td><i>whole body</i></td><td>${escapeHtml(typeOf(schema))}</td><td>yes</td><td>${escapeHtml(schema.description ?? '')}</td></tr>`];
  const required: string[] = schema.required ?? [];
  return Object.entries(schema.properties ?? {}).map(
    ([name, prop]) =>
      `<tr><td>${where}</td><td><code>${escapeHtml(name)}</code></td><td>${escapeHtml(typeOf(prop))}</td><td>${required.includes(name) ? 'yes' : 'no'}</td><td>${escapeHtml(prop.description ?? '')}</td></tr>`,
  );
}

function operationHtml(method: string, path: string, op: OpenApiOperation): string {
  const rows = (op.parameters ?? []).flatMap((p) =>
    fieldRows(p.in, { type: 'object', properties: { [p.name]: p.schema as JsonSchema }, required: p.required ? [p.name] : [] }),
  );
  const content = op.requestBody?.content as Record<string, { schema: JsonSchema }> | undefined;
  if (content) {
    const [encoding, { schema }] = Object.entries(content)[0];
    rows.push(...fieldRows(`body (${encoding.replace('application/', '')})`, schema));
  }
  const table = rows.length
    ? `<table><thead><tr><th>In</th><th>Name</th><th>Type</th><th>Required</th><th>Notes</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
    : '<p class="none">No parameters.</p>';
  return `<section class="op" id="${escapeHtml(op.operationId)}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code> <span class="role ${op['x-role']}">${op['x-role']}</span></h3>
<p>${escapeHtml(op.summary)}</p>
${table}
</section>`;
}

export function renderApiPage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!op) continue;
      const tag = op.tags[0] ?? 'other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push(operationHtml(method, path, op));
    }
  }
  const tags = [...byTag.keys()].sort();
  const toc = tags.map((t) => `<li><a href="#tag-${escapeHtml(t.replace(/\s+/g, '-'))}">${escapeHtml(t)}</a> (${byTag.get(t)!.length})</li>`).join('');
  const sections = tags.map((t) => `<h2 id="tag-${escapeHtml(t.replace(/\s+/g, '-'))}">${escapeHtml(t)}</h2>${byTag.get(t)!.join('\n')}`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem;color:#222}
code{font-family:ui-monospace,monospace}
.op{border:1px solid #ddd;border-radius:6px;padding:.5rem 1rem;margin:.75rem 0}
.op h3{margin:.25rem 0;font-size:1rem}
.method{display:inline-block;min-width:4.5rem;text-align:center;border-radius:4px;color:#fff;padding:0 .4rem}
.get{background:#1677ff}.post{background:#389e0d}.put{background:#d48806}.delete{background:#cf1322}
.role{font-size:.8rem;border:1px solid #999;border-radius:10px;padding:0 .5rem;margin-left:.5rem}
.role.admin{border-color:#cf1322;color:#cf1322}.role.user{border-color:#1677ff;color:#1677ff}
table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{border-bottom:1px solid #eee;text-align:left;padding:.2rem .5rem}
.none{color:#888;font-size:.9rem}
</style></head><body>
<h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1>
<p>${escapeHtml(doc.info.description)} Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<ul>${toc}</ul>
${sections}
</body></html>
`;
}
