// loadProblemPackage: a folder or a zip (Kattis layout or flat) → Problem.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Problem } from '../types.ts';
import { applyConstants, packageConstants } from './constants.ts';
import { PackageError } from './errors.ts';
import { hashDirectory } from './files.ts';
import { loadFlatPackage } from './flat.ts';
import { isKattisPackage, loadKattisPackage, type LimitDefaults } from './kattis.ts';
import { findLinks, mirrorPackage } from './links.ts';
import { DEFAULT_ZIP_LIMITS, extractZip, type ZipLimits } from './zip.ts';

export interface LoadPackageOptions extends LimitDefaults {
  /**
   * Where a zip is unpacked, or a folder holding symbolic links or 2025-09 constants copied with
   * its links followed and its constants filled in (created if missing; must be empty; unused for
   * a folder without either). Default: a new temp
   * folder, which the caller owns afterwards (the Problem's paths point into it). Removed again
   * if the package is refused.
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
  const limits = { ...DEFAULT_ZIP_LIMITS, ...options.zipLimits };
  if (info.isDirectory()) {
    const dir = path.resolve(dirOrZip);
    const { links } = await findLinks(dir);
    const constants = await packageConstants(dir);
    if (links.length === 0 && !constants) return loadFolder(dir, options, path.basename(dir));
    // The author's folder is left as it is: a copy with its links followed (and its constants
    // filled in) is what is judged.
    return inScratch(options, async (target) => {
      await mirrorPackage(dir, target, { maxEntries: limits.maxFiles });
      if (constants) await applyConstants(target, constants);
      return loadFolder(target, options, path.basename(dir));
    });
  }
  return inScratch(options, async (target) => {
    await extractZip(dirOrZip, target, limits);
    const root = await packageRoot(target);
    const constants = await packageConstants(root);
    if (constants) await applyConstants(root, constants);
    return loadFolder(root, options, path.basename(root));
  });
}

/** Loads from a new or empty scratch folder that `fill` fills; a refused package leaves nothing behind. */
async function inScratch(options: LoadPackageOptions, fill: (target: string) => Promise<Problem>): Promise<Problem> {
  const target = options.extractTo ? path.resolve(options.extractTo) : await mkdtemp(path.join(os.tmpdir(), 'verdict-package-'));
  if ((await readdir(target).catch(() => [])).length > 0) throw new PackageError(`cannot unpack into ${target}: the folder is not empty`);
  try {
    return await fill(target);
  } catch (err) {
    await rm(target, { recursive: true, force: true });
    throw err;
  }
}

async function loadFolder(dir: string, options: LoadPackageOptions, name: string): Promise<Problem> {
  const loaded = (await isKattisPackage(dir)) ? await loadKattisPackage(dir, options, name) : await loadFlatPackage(dir, options, name);
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
