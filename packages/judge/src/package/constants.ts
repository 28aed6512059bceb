// `constants` of a 2025-09 problem.yaml: every `{{name}}` of a defined constant in the files the
// format names — statements (and `\constant{name}` in LaTeX), validators, included code, the
// example submissions and test_group.yaml — is replaced by its value before the package is read.
// Test data and problem.yaml itself are left as they are; an undefined `{{xyz}}` stays. The files
// are rewritten in the package's scratch copy only (a new file renamed over the old, so a file
// hard-linked to the author's folder is never written through).
import { readFile, rename, stat, writeFile, chmod } from 'node:fs/promises';
import path from 'node:path';
import { load as parseYaml } from 'js-yaml';
import { PackageError } from './errors.ts';
import { listFiles, readText } from './files.ts';
import { describe } from './kattis-config.ts';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Folders whose files take constants (all their files). */
const FOLDERS = ['statement', 'problem_statement', 'output_validator', 'output_validators', 'input_validators', 'include', 'submissions'];
/** Text files bigger than this are not rewritten (no source or statement is this big). */
const MAX_BYTES = 16 << 20;

/** The package's constants by name, as text; null when problem.yaml defines none. */
export async function packageConstants(dir: string): Promise<Map<string, string> | null> {
  const text = await readText(path.join(dir, 'problem.yaml'));
  if (text === undefined) return null;
  let meta: unknown;
  try {
    meta = parseYaml(text);
  } catch {
    return null; // refused with its own message when the settings are read
  }
  const constants = meta && typeof meta === 'object' ? (meta as Record<string, unknown>).constants : undefined;
  if (constants === undefined || constants === null) return null;
  if (typeof constants !== 'object' || Array.isArray(constants)) throw new PackageError(`problem.yaml: constants must be a map of names to values, got ${describe(constants)}`);
  const out = new Map<string, string>();
  for (const [name, raw] of Object.entries(constants as Record<string, unknown>)) {
    if (!NAME.test(name)) throw new PackageError(`problem.yaml: constants: "${name}" is not a name (letters, digits and _, not starting with a digit)`);
    // A map gives its `value` (BAPCtools writes variants beside it for its own tools).
    const value = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>).value : raw;
    if (typeof value !== 'number' && typeof value !== 'string') throw new PackageError(`problem.yaml: constants: ${name} must be a number or a string, got ${describe(value)}`);
    out.set(name, String(value));
  }
  return out.size > 0 ? out : null;
}

/** Replaces the constants in the package at `dir` (a scratch copy) where the format says. */
export async function applyConstants(dir: string, constants: Map<string, string>): Promise<void> {
  const files: string[] = [];
  for (const folder of FOLDERS) files.push(...(await listFiles(path.join(dir, folder))).map((f) => path.join(dir, folder, f)));
  files.push(...(await listFiles(path.join(dir, 'data'))).filter((f) => path.basename(f) === 'test_group.yaml').map((f) => path.join(dir, 'data', f)));
  for (const file of files) {
    const info = await stat(file);
    if (info.size > MAX_BYTES) continue;
    const bytes = await readFile(file);
    if (bytes.includes(0)) continue; // not text
    const text = bytes.toString('utf8');
    let replaced = text.replace(/\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/g, (whole, name: string) => constants.get(name) ?? whole);
    if (file.endsWith('.tex')) replaced = replaced.replace(/\\constant\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => constants.get(name) ?? whole);
    if (replaced === text) continue;
    const fresh = `${file}.verdict-constants`;
    await writeFile(fresh, replaced);
    await chmod(fresh, info.mode & 0o7777);
    await rename(fresh, file);
  }
}
