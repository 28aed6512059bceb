// Symbolic links in packages, as published packages use them (a header shared by a problem's
// validators, test data linked from another group, a submission linked from another folder):
// followed when they stay inside the package, refused when they leave it, dangle or loop. They
// are replaced by what they point to (hard links where the file system allows, else copies), so
// everything after loading (hashing, the judge reading test data as root, the sandbox's binds)
// sees only plain files and folders, and no later change of a link can point it elsewhere.
import type { Dirent } from 'node:fs';
import { copyFile, link, lstat, mkdir, readdir, readlink, realpath, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PackageError } from './errors.ts';

/** Caps what following links may create: a few links to a big folder must not fill the disk. */
export interface LinkLimits {
  maxEntries: number;
}

interface Walk {
  rootReal: string;
  /** The package as the author sees it, for messages. */
  root: string;
  entries: number;
  limits: LinkLimits;
}

/** The links and special files under `dir` (lstat: nothing is followed). */
export async function findLinks(dir: string): Promise<{ links: string[] }> {
  const links: string[] = [];
  const walk = async (folder: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (err) {
      throw new PackageError(`cannot read the folder ${path.relative(dir, folder) || folder}: ${(err as Error).message}`);
    }
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isSymbolicLink()) links.push(full);
      else if (!entry.isFile()) throw new PackageError(`${rel(dir, full)} is ${special(entry)}: a package holds only files, folders and links inside it`);
    }
  };
  await walk(dir);
  return { links };
}

/** Replaces every link under `root` (a folder of ours, e.g. an unpacked zip) by what it points to. */
export async function replaceLinksInPlace(root: string, links: string[], limits: LinkLimits): Promise<void> {
  const state: Walk = { rootReal: await realpath(root), root, entries: 0, limits };
  // Resolved before anything changes: a link to a link is followed to the end, as the system does.
  const targets = [];
  for (const at of links) targets.push(await resolveLink(at, state));
  for (const [i, at] of links.entries()) {
    const staged = `${at}.verdict-link-${i}`;
    await place(targets[i], staged, state, [await realpath(path.dirname(at))], at);
    await rm(at);
    await rename(staged, at);
  }
}

/** A copy of the package at `src` in `dest` (hard links where possible), links followed. */
export async function mirrorPackage(src: string, dest: string, limits: LinkLimits): Promise<void> {
  const state: Walk = { rootReal: await realpath(src), root: src, entries: 0, limits };
  await mkdir(dest, { recursive: true });
  for (const name of await readdir(src)) await placeEntry(path.join(src, name), path.join(dest, name), state, [state.rootReal]);
}

async function placeEntry(src: string, dest: string, state: Walk, within: string[]): Promise<void> {
  const info = await lstat(src);
  const real = info.isSymbolicLink() ? await resolveLink(src, state) : src;
  await place(real, dest, state, within, src);
}

/** `within`: the real folders whose copy `dest` lies in; a link back to one of them is a loop. */
async function place(real: string, dest: string, state: Walk, within: string[], shown: string): Promise<void> {
  const info = await stat(real);
  if (++state.entries > state.limits.maxEntries) {
    throw new PackageError(`following the package's symbolic links makes more than ${state.limits.maxEntries} files and folders`);
  }
  if (info.isDirectory()) {
    if (within.some((dir) => dir === real || dir.startsWith(`${real}${path.sep}`))) {
      throw new PackageError(`${rel(state.root, shown)} is a symbolic link to a folder that contains it (a loop)`);
    }
    await mkdir(dest);
    for (const name of await readdir(real)) await placeEntry(path.join(real, name), path.join(dest, name), state, [...within, real]);
  } else if (info.isFile()) {
    await link(real, dest).catch(() => copyFile(real, dest));
  } else {
    throw new PackageError(`${rel(state.root, shown)} is not a file or folder: a package holds only files, folders and links inside it`);
  }
}

async function resolveLink(at: string, state: Walk): Promise<string> {
  const target = await readlink(at).catch(() => '?');
  let real: string;
  try {
    real = await realpath(at);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ELOOP' ? 'links in a loop' : 'points to nothing';
    throw new PackageError(`${rel(state.root, at)} is a symbolic link (to ${target}) that ${why}`);
  }
  if (real !== state.rootReal && !real.startsWith(`${state.rootReal}${path.sep}`)) {
    throw new PackageError(`${rel(state.root, at)} is a symbolic link (to ${target}) that leaves the package: only links inside the package are followed`);
  }
  return real;
}

function rel(root: string, p: string): string {
  return path.relative(root, p).split(path.sep).join('/');
}

function special(entry: Dirent): string {
  if (entry.isFIFO()) return 'a named pipe';
  if (entry.isSocket()) return 'a socket';
  return 'a device file';
}
