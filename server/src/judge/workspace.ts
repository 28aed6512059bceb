// Scratch folders for compiles, runs and checks. The sandbox runs programs as an unprivileged
// user, so the folders it writes to are world-writable inside our private root.
import { chmod, copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const DEFAULT_WORK_ROOT = path.join(os.tmpdir(), 'verdict-judge');

export async function makeWorkDir(root: string, prefix: string): Promise<string> {
  await mkdir(root, { recursive: true, mode: 0o711 });
  const dir = await mkdtemp(path.join(root, `${prefix}-`));
  await chmod(dir, 0o777);
  return dir;
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true, maxRetries: 3 });
}

/** Copies the files (not folders) of `from` into `to`, readable by everyone. */
export async function copyFiles(from: string, to: string): Promise<void> {
  for (const entry of await readdir(from, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    await copyFile(path.join(from, entry.name), path.join(to, entry.name));
  }
}

export async function copyReadable(from: string, to: string): Promise<void> {
  await copyFile(from, to);
  await chmod(to, 0o644);
}
