// Problem package zips for tests, built with yazl, and the multipart form of an upload.
import assert from 'node:assert/strict';
import yazl from 'yazl';

export interface Entry {
  name: string;
  data?: string | Buffer;
  /** Unix mode bits for the entry (e.g. 0o120777 for a symbolic link). */
  mode?: number;
  compress?: boolean;
}

/** A zip built with yazl. */
export function buildZip(entries: Entry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries) {
    if (e.name.endsWith('/')) zip.addEmptyDirectory(e.name);
    else zip.addBuffer(Buffer.from(e.data ?? ''), e.name, { mode: e.mode, compress: e.compress ?? true });
  }
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** A zip of the given files (path → text). */
export function zipOf(files: Record<string, string>): Promise<Buffer> {
  return buildZip(Object.entries(files).map(([name, data]) => ({ name, data })));
}

/** yazl refuses unsafe names, so tests write one over a same-length safe name. */
export function renameEntry(zip: Buffer, from: string, to: string): Buffer {
  assert.equal(from.length, to.length);
  return Buffer.from(zip.toString('latin1').replaceAll(from, to), 'latin1');
}

export const STATEMENT = '# Sum\n\nPrint $a + b$.\n\n$$\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}$$\n';

export function kattisEntries(opts: { statement?: string; pdf?: Buffer; secret?: number } = {}): Entry[] {
  const entries: Entry[] = [
    { name: 'sum/problem.yaml', data: 'name: Sum\nlimits:\n  time_limit: 2\n  memory: 128\n' },
    { name: 'sum/data/sample/1.in', data: '1 2\n' },
    { name: 'sum/data/sample/1.ans', data: '3\n' },
  ];
  for (let i = 1; i <= (opts.secret ?? 2); i++) {
    entries.push({ name: `sum/data/secret/${i}.in`, data: `${i} ${i}\n` }, { name: `sum/data/secret/${i}.ans`, data: `${2 * i}\n` });
  }
  if (opts.statement !== undefined) entries.push({ name: 'sum/problem_statement/problem.en.md', data: opts.statement });
  if (opts.pdf) entries.push({ name: 'sum/problem_statement/problem.en.pdf', data: opts.pdf });
  return entries;
}

export function zipForm(problemId: number | string | null, file: Buffer | null, fileName = 'data.zip'): FormData {
  const form = new FormData();
  if (problemId !== null) form.set('problemId', String(problemId));
  if (file) form.set('file', new Blob([new Uint8Array(file)], { type: 'application/zip' }), fileName);
  return form;
}

