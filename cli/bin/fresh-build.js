// Whether the `verdict` command's ahead-of-time build (scripts/build.mjs, in dist/cli) may be
// used. Its manifest, build.json, is written last and lists every file the build was made from
// (sources, package.json files, tsconfig, the build script) with its size, modification time and
// SHA-256: the build is fresh when every one is still there with the same size and either the
// same time or, when only the time changed (a checkout, a touch), the same content. Plain
// JavaScript: it runs before anything could compile TypeScript.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const MANIFEST = 'build.json';
export const MANIFEST_FORMAT = 1;

/**
 * @param {string} dir the build's folder
 * @param {string} root the repository the manifest's paths are relative to
 * @returns {{ fresh: true, entry: string } | { fresh: false, reason: string }} entry: the file URL of the CLI's built entry
 */
export function checkBuild(dir, root) {
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8'));
  } catch {
    return { fresh: false, reason: `no build in ${dir} (npm run build makes one)` };
  }
  if (manifest?.format !== MANIFEST_FORMAT || typeof manifest.entry !== 'string' || typeof manifest.inputs !== 'object' || manifest.inputs === null) {
    return { fresh: false, reason: `${path.join(dir, MANIFEST)} is not a manifest this command reads` };
  }
  for (const [rel, recorded] of Object.entries(manifest.inputs)) {
    const file = path.join(root, rel);
    let stat;
    try {
      stat = fs.statSync(file, { throwIfNoEntry: false });
      if (stat && stat.size === recorded?.size && (stat.mtimeMs === recorded.mtimeMs || sha256(file) === recorded.sha256)) continue;
    } catch {
      // unreadable: not the file the build was made from
    }
    return { fresh: false, reason: stat ? `${rel} changed since the build` : `${rel} is gone since the build` };
  }
  return { fresh: true, entry: pathToFileURL(path.join(dir, manifest.entry)).href };
}

/** @param {string} file */
export function sha256(file) {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}
