// The statement PDF of a problem (POST /api/download): the PDF shipped in its package when
// there is one, else its Markdown statement rendered by Chromium, cached by what it shows.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { mkdir, readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { fail } from '../../common/errors.ts';
import { FileReply } from '../../common/files.ts';
import type { CurrentUser } from '../accounts/index.ts';
import type { Clock } from '../../common/clock.ts';
import type { PackageStore } from './packages.ts';
import { assertCanReadProblem } from '../contests/index.ts';
import { ensurePackageDir } from './packages.ts';
import { PdfRenderer, inlineKatexCss } from './pdf-render.ts';
// One statement renderer for the problem page and the PDF, so both show the same thing.
import { renderStatement } from '@verdict/shared/statement';
import { keepStatementPdf, statementPdfPath } from './upload.ts';

/** What a statement PDF needs of the services. */
type PdfServices = PackageStore & { clock: Clock; pdf: PdfRenderer };

/** Bump when the page layout changes, so cached PDFs are rendered again. */
const LAYOUT_VERSION = 2;

const PAGE_CSS = `
body { font-family: "Noto Serif", "DejaVu Serif", "Noto Serif CJK SC", serif; font-size: 11pt; line-height: 1.5; color: #111; }
h1.title { font-size: 20pt; margin: 0 0 4pt; }
p.limits { color: #555; margin: 0 0 14pt; font-size: 10pt; }
pre, code { font-family: "DejaVu Sans Mono", monospace; font-size: 9.5pt; }
pre { background: #f4f4f4; padding: 6pt 8pt; border-radius: 3pt; white-space: pre-wrap; }
table { border-collapse: collapse; margin: 8pt 0; }
th, td { border: 1px solid #999; padding: 3pt 8pt; text-align: left; vertical-align: top; }
img { max-width: 100%; }
.math-block { margin: 8pt 0; overflow: hidden; }
`;

interface StatementRow {
  title: string;
  time_limit: number;
  memory_limit: number;
  statement: string;
  package_hash: string | null;
  pdf_hash: string | null;
}

const rendering = new Map<string, Promise<string>>();

export async function statementPdf(services: PdfServices, user: CurrentUser, problemId: number): Promise<FileReply> {
  const row = await services.db
    .selectFrom('problems')
    .select(['title', 'time_limit', 'memory_limit', 'statement', 'package_hash', 'pdf_hash'])
    .where('id', '=', problemId)
    .executeTakeFirst();
  if (!row) throw fail('NOT_FOUND', 'No such problem');
  await assertCanReadProblem(services.db, user, problemId, services.clock.now());
  const file = row.pdf_hash ? await packagePdf(services, row) : await renderedPdf(services, row);
  return new FileReply(fs.createReadStream(file), 'application/pdf', `${row.title}.pdf`);
}

/** The package's own PDF, kept by hash at upload; taken again from the package if missing here. */
async function packagePdf(services: PdfServices, row: StatementRow): Promise<string> {
  const file = statementPdfPath(services.config, row.pdf_hash!);
  if (fs.existsSync(file) || !row.package_hash) return file;
  const dir = path.join(await ensurePackageDir(services, row.package_hash), 'problem_statement');
  for (const name of (await readdir(dir).catch(() => [])).filter((n) => n.endsWith('.pdf'))) {
    if ((await keepStatementPdf(services.config, path.join(dir, name))) === row.pdf_hash) return file;
  }
  throw fail('NOT_FOUND', 'The statement PDF of this problem is missing');
}

async function renderedPdf(services: PdfServices, row: StatementRow): Promise<string> {
  const key = crypto
    .createHash('sha256')
    .update(JSON.stringify([LAYOUT_VERSION, row.title, row.time_limit, row.memory_limit, row.statement, row.package_hash]))
    .digest('hex');
  const file = path.join(services.config.dataDir, 'cache', 'pdf', `${key}.pdf`);
  if (fs.existsSync(file)) return file;
  let job = rendering.get(file);
  if (!job) {
    job = renderInto(services, row, file).finally(() => rendering.delete(file));
    rendering.set(file, job);
  }
  return job;
}

async function renderInto(services: PdfServices, row: StatementRow, file: string): Promise<string> {
  const assetsDir = row.package_hash ? path.join(await ensurePackageDir(services, row.package_hash), 'problem_statement') : undefined;
  const pdf = await services.pdf.render({ html: statementHtml(row), assetsDir });
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${crypto.randomBytes(6).toString('hex')}.part`;
  await fs.promises.writeFile(partial, pdf);
  await rename(partial, file);
  return file;
}

export function statementHtml(row: Pick<StatementRow, 'title' | 'time_limit' | 'memory_limit' | 'statement'>): string {
  // A statement that opens with its own "# Heading" keeps it as the title (not printed twice).
  const own = /^\s*# (.+)\n/.exec(row.statement);
  const heading = own ? renderStatement(`# ${own[1]}`).replace(/^<h1>/, '<h1 class="title">') : `<h1 class="title">${escapeHtml(row.title)}</h1>`;
  const body = own ? row.statement.slice(own[0].length) : row.statement;
  return `<!doctype html>
<html><head><meta charset="utf-8"><base href="${PdfRenderer.assetBase}"><title>${escapeHtml(row.title)}</title>
<style>${inlineKatexCss()}</style><style>${PAGE_CSS}</style></head>
<body>${heading}
<p class="limits">Time limit: ${row.time_limit} ms &middot; Memory limit: ${row.memory_limit} MB</p>
${renderStatement(body)}
</body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
