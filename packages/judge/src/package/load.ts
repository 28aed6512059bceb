// loadProblemPackage: a folder or a zip (Kattis layout or flat) → Problem.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Problem } from '../types.ts';
import { PackageError } from './errors.ts';
import { assertPlainTree, hashDirectory } from './files.ts';
import { loadFlatPackage } from './flat.ts';
import { isKattisPackage, loadKattisPackage, type LimitDefaults } from './kattis.ts';
import { DEFAULT_ZIP_LIMITS, extractZip, type ZipLimits } from './zip.ts';

export interface LoadPackageOptions extends LimitDefaults {
  /**
   * Where a zip is unpacked (created if missing; must be empty). Default: a new temp folder, which
   * the caller owns afterwards (the Problem's paths point into it). Removed again if the zip is refused.
   */
  extractTo?: string;
  zipLimits?: Partial<ZipLimits>;
}

export async function loadProblemPackage(dirOrZip: string, options: LoadPackageOptions = {}): Promise<Problem> {
  let info;
  try {
    info = await stat(dirOrZip);
  } catch {
    throw new PackageError(`${dirOrZip}: no such file or folder`);
  }
  if (info.isDirectory()) return loadFolder(path.resolve(dirOrZip), options);
  const target = options.extractTo ? path.resolve(options.extractTo) : await mkdtemp(path.join(os.tmpdir(), 'verdict-package-'));
  if ((await readdir(target).catch(() => [])).length > 0) throw new PackageError(`cannot unpack into ${target}: the folder is not empty`);
  try {
    await extractZip(dirOrZip, target, { ...DEFAULT_ZIP_LIMITS, ...options.zipLimits });
    return await loadFolder(await packageRoot(target), options);
  } catch (err) {
    // A refused package leaves nothing behind.
    await rm(target, { recursive: true, force: true });
    throw err;
  }
}

async function loadFolder(dir: string, options: LoadPackageOptions): Promise<Problem> {
  await assertPlainTree(dir);
  const loaded = (await isKattisPackage(dir)) ? await loadKattisPackage(dir, options) : await loadFlatPackage(dir, options);
  return { ...loaded, hash: await hashDirectory(dir) };
}

/** A zip of a folder holds one top folder: the package is inside it. */
async function packageRoot(dir: string): Promise<string> {
  const entries = (await readdir(dir, { withFileTypes: true })).filter((e) => !e.name.startsWith('__MACOSX'));
  if (entries.length === 0) throw new PackageError('the zip is empty');
  if (entries.length === 1 && entries[0].isDirectory()) return path.join(dir, entries[0].name);
  return dir;
}

export { PackageError };
