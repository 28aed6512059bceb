// Zipping a problem folder: every file in a fixed order with fixed times and modes, so that
// the same content always gives the same zip bytes.
import fs from 'node:fs';
import path from 'node:path';
import yazl from 'yazl';
import { listFiles } from '@verdict/judge';

const FIXED_MTIME = new Date(Date.UTC(2000, 0, 1));
/** Editor and VCS leftovers that never belong in a package. */
const SKIPPED = new Set(['.git', '.svn', '.hg', '.DS_Store', 'Thumbs.db', '__MACOSX']);

/** Relative paths (with /) of the files to pack, in byte order of their paths. */
export async function packageFiles(dir: string): Promise<string[]> {
  const files = (await listFiles(dir)).map((rel) => rel.split(path.sep).join('/'));
  return files.filter((rel) => !rel.split('/').some((part) => SKIPPED.has(part))).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Writes `zipFile` (through a temp name) from the folder's files; `onFile(done, name)` per file. */
export async function zipFolder(dir: string, zipFile: string, onFile?: (done: number, name: string) => void, files?: string[]): Promise<number> {
  files ??= await packageFiles(dir);
  const zip = new yazl.ZipFile();
  const partial = `${zipFile}.${process.pid}.part`;
  const written = new Promise<void>((resolve, reject) => {
    const out = fs.createWriteStream(partial, { mode: 0o644 });
    out.on('close', () => resolve());
    out.on('error', reject);
    zip.outputStream.on('error', reject).pipe(out);
  });
  for (const [i, rel] of files.entries()) {
    zip.addBuffer(await fs.promises.readFile(path.join(dir, rel)), rel, { mtime: FIXED_MTIME, mode: 0o100644, compress: true });
    onFile?.(i + 1, rel);
  }
  zip.end();
  try {
    await written;
    await fs.promises.rename(partial, zipFile);
  } catch (err) {
    await fs.promises.rm(partial, { force: true });
    throw err;
  }
  return files.length;
}
