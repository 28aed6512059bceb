// Scratch folders for compiles, runs and checks. The sandbox runs programs as an unprivileged
// user, so the folders it writes to are world-writable inside our private root. They hold
// users' sources, so each is named after its process and swept once that process is gone.
import { chmod, copyFile, lchown, lstat, mkdir, readdir, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { dirsOfDeadOwners, makeOwnedDir } from './owned-dirs.ts';

const execFileAsync = promisify(execFile);

export const DEFAULT_WORK_ROOT = path.join(os.tmpdir(), 'verdict-judge');

const WORK_DIR_KINDS = ['submission', 'output', 'checker', 'check', 'pch', 'inputs', 'generate'] as const;
export type WorkDirKind = (typeof WORK_DIR_KINDS)[number];

/** A fresh `<kind>-<pid>-XXXXXX` under `root`. */
export async function makeWorkDir(root: string, kind: WorkDirKind): Promise<string> {
  await mkdir(root, { recursive: true, mode: 0o711 });
  const dir = await makeOwnedDir(root, kind);
  await chmod(dir, 0o777);
  return dir;
}

/** Work folders named before they carried their owner's pid are surely unused after a day. */
const OWNERLESS_MAX_AGE_MS = 24 * 3600_000;
const sweptRoots = new Set<string>();

/** Once per process and root: removes the work folders of processes that died without removing them. */
export async function sweepWorkRoot(root: string): Promise<string[]> {
  const key = path.resolve(root);
  if (sweptRoots.has(key)) return [];
  sweptRoots.add(key);
  const stale = await dirsOfDeadOwners(root, WORK_DIR_KINDS, { ownerlessMaxAgeMs: OWNERLESS_MAX_AGE_MS });
  for (const dir of stale) await removeDir(dir);
  return stale;
}

/** Bytes of the regular files under `dir` (apparent sizes; symlinks count as nothing). */
export async function filesSize(dir: string): Promise<number> {
  let bytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) bytes += await filesSize(file);
    else if (entry.isFile()) bytes += (await lstat(file)).size;
  }
  return bytes;
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true, maxRetries: 3 }).catch(async (err: NodeJS.ErrnoException) => {
    // Node removes by full path: a chain deeper than PATH_MAX that a program left in a bound
    // work dir needs coreutils' rm, which walks with openat.
    if (err.code !== 'ENAMETOOLONG') throw err;
    await execFileAsync('rm', ['-rf', '--one-file-system', '--', dir]);
  });
}

/** Copies the files (not folders) of `from` into `to`, readable by everyone. */
export async function copyFiles(from: string, to: string): Promise<void> {
  for (const entry of await readdir(from, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    await copyFile(path.join(from, entry.name), path.join(to, entry.name));
  }
}

/**
 * Copies the tree under `from` into the existing folder `to`: folders, regular files and
 * symbolic links (as links, never followed) with their owners when we are root and their
 * permission bits, never set-user-ID or set-group-ID (a program's file copied by root must never
 * be a set-user-ID root file, even for a moment); anything else is left out.
 */
export async function copyTree(from: string, to: string): Promise<void> {
  const asRoot = process.getuid?.() === 0;
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      await mkdir(target);
      await copyTree(source, target);
    } else if (entry.isFile()) {
      // Not copyFile(): libuv gives the copy the source's whole mode, set-user-ID bit included.
      await pipeline(createReadStream(source), createWriteStream(target, { flags: 'wx', mode: 0o600 }));
    } else if (entry.isSymbolicLink()) await symlink(await readlink(source), target);
    else continue;
    const st = await lstat(source);
    if (asRoot) await lchown(target, st.uid, st.gid);
    if (!entry.isSymbolicLink()) await chmod(target, st.mode & 0o777);
  }
}

/** A copy readable by everyone (the sandbox user reads it), whatever the umask. */
export async function copyReadable(from: string, to: string): Promise<void> {
  await copyFile(from, to);
  await chmod(to, 0o644);
}

/** Bytes written to a new file readable by everyone, whatever the umask. */
export async function writeReadable(to: string, data: Buffer): Promise<void> {
  await writeFile(to, data);
  await chmod(to, 0o644);
}
