// Small filesystem helpers for package loading.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PackageError } from './errors.ts';
import { naturalCompare } from './natural-sort.ts';

/** Relative paths of the regular files under `dir`, natural order; symlinks are not followed. */
export async function listFiles(dir: string, base = dir): Promise<string[]> {
  const out: string[] = [];
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(full, base)));
    else if (entry.isFile()) out.push(path.relative(base, full));
  }
  return out.sort(naturalCompare);
}

export async function isDirectory(p: string): Promise<boolean> {
  return lstat(p).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

/** A text file of the package (undefined when missing); NUL is refused: PostgreSQL text cannot hold it. */
export async function readText(p: string): Promise<string | undefined> {
  const text = await readFile(p, 'utf8').catch(() => undefined);
  if (text?.includes('\0')) throw new PackageError(`${path.basename(p)} holds NUL bytes; it must be a text file`);
  return text;
}

/** sha256 over every file's relative path and content, in a stable order. */
export async function hashDirectory(dir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const rel of await listFiles(dir)) {
    hash.update(`${rel.split(path.sep).join('/')}\0`);
    for await (const chunk of createReadStream(path.join(dir, rel))) hash.update(chunk as Buffer);
    hash.update('\0');
  }
  return hash.digest('hex');
}
