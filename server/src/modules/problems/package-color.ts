// A problem package's balloon colour: DOMjudge's domjudge-problem.ini names it in `color=`, as a
// hex colour or a CSS colour name (Kattis's problem.yaml has no colour). The judge's loader does
// not read it, so the upload reads it from the unpacked package itself.
import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parsePackageColor } from '@verdict/shared';
import { fail } from '../../common/errors.ts';

/** Larger than any real domjudge-problem.ini: a bigger file is not read. */
const MAX_INI_BYTES = 64 * 1024;

export interface PackageColor {
  color: string;
  colorName: string | null;
}

/**
 * The colour of the package unpacked in `dir`, or null when it names none. A colour that is
 * neither a hex colour nor a CSS colour name refuses the package, as the loader refuses what it
 * cannot honour.
 */
export async function readPackageColor(dir: string): Promise<PackageColor | null> {
  const file = path.join(dir, 'domjudge-problem.ini');
  const stat = await lstat(file).catch(() => null);
  if (!stat?.isFile() || stat.size > MAX_INI_BYTES) return null;
  const value = iniValue(await readFile(file, 'utf8'), 'color');
  if (value === undefined || value === '') return null;
  const parsed = parsePackageColor(value);
  if (!parsed) {
    throw fail('BAD_PACKAGE', `The problem package was refused: domjudge-problem.ini: color ${JSON.stringify(value.slice(0, 40))} is neither a hex colour (#rrggbb) nor a CSS colour name`);
  }
  return parsed;
}

/** `key = value` lines, keys in any case, values optionally quoted (as DOMjudge writes them). */
function iniValue(text: string, key: string): string | undefined {
  let found: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*([A-Za-z_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (m && m[1].toLowerCase() === key) found = m[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  return found;
}
