// Small filesystem helpers for package loading.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Dirent } from 'node:fs';
import { lstat, readdir, readFile, readlink } from 'node:fs/promises';
import path from 'node:path';
import { PackageError } from './errors.ts';
import { naturalCompare } from './natural-sort.ts';

/**
 * Refuses a folder package holding anything but plain files and folders, as zips are refused:
 * a symbolic link (to /etc/passwd, to another problem's data, to `../..`) would make the loader
 * or the judge (which reads test data as root) read outside the package, and a named pipe or a
 * device would block or never end. Hard links are plain files: their content is in the package.
 */
export async function assertPlainTree(dir: string, base = dir): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    throw new PackageError(`cannot read the folder ${path.relative(base, dir) || dir}: ${(err as Error).message}`);
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await assertPlainTree(full, base);
    else if (!entry.isFile()) {
      const rel = path.relative(base, full).split(path.sep).join('/');
      throw new PackageError(`${rel} is ${await describeSpecial(entry, full)}: a package holds only plain files and folders (put a copy of the file there)`);
    }
  }
}

async function describeSpecial(entry: Dirent, full: string): Promise<string> {
  if (entry.isSymbolicLink()) return `a symbolic link (to ${await readlink(full).catch(() => '?')})`;
  if (entry.isFIFO()) return 'a named pipe';
  if (entry.isSocket()) return 'a socket';
  return 'a device file';
}

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
