// The Kattis/ICPC problem package layout: problem.yaml, data/{sample,secret}, output_validators/,
// problem_statement/, submissions/<expected verdict>/.
import path from 'node:path';
import { load as parseYaml } from 'js-yaml';
import type { CheckerSpec, ExpectedSubmission, Problem, TestCase, Verdict } from '../types.ts';
import { PackageError } from './errors.ts';
import { isDirectory, listFiles, readText } from './files.ts';

export const SUBMISSION_FOLDERS: Record<string, Verdict> = {
  accepted: 'AC',
  wrong_answer: 'WA',
  presentation_error: 'PE',
  time_limit_exceeded: 'TLE',
  memory_limit_exceeded: 'MLE',
  run_time_error: 'RE',
  output_limit_exceeded: 'OLE',
  compile_error: 'CE',
};

export interface LimitDefaults {
  timeLimitMs?: number;
  memoryLimitMb?: number;
}

export const DEFAULT_TIME_LIMIT_MS = 1000;
export const DEFAULT_MEMORY_LIMIT_MB = 256;
const MAX_TIME_LIMIT_MS = 60_000;
const MAX_MEMORY_LIMIT_MB = 8192;

export async function isKattisPackage(dir: string): Promise<boolean> {
  return (await readText(path.join(dir, 'problem.yaml'))) !== undefined || (await isDirectory(path.join(dir, 'data')));
}

export async function loadKattisPackage(dir: string, defaults: LimitDefaults): Promise<Omit<Problem, 'hash'>> {
  const meta = await readProblemYaml(dir);
  const limits = asObject(meta.limits, 'limits');
  const timeLimitMs = await timeLimit(dir, limits, defaults);
  const memoryLimitMb = numberIn(limits.memory, 'limits.memory (MB)', 1, MAX_MEMORY_LIMIT_MB) ?? defaults.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB;
  const tests = [...(await testsIn(dir, 'data/sample', true)), ...(await testsIn(dir, 'data/secret', false))];
  if (tests.length === 0) throw new PackageError('the package has no tests: expected data/secret/*.in with matching .ans files');
  return {
    name: problemName(meta.name) ?? path.basename(dir),
    dir,
    timeLimitMs,
    memoryLimitMb,
    tests,
    checker: await checkerSpec(dir, meta),
    statement: await statement(dir),
    submissions: await submissions(dir),
  };
}

async function readProblemYaml(dir: string): Promise<Record<string, unknown>> {
  const text = await readText(path.join(dir, 'problem.yaml'));
  if (text === undefined) return {};
  let parsed: unknown;
  try {
    parsed = parseYaml(text);
  } catch (err) {
    throw new PackageError(`problem.yaml is not valid YAML: ${(err as Error).message}`);
  }
  return asObject(parsed ?? {}, 'problem.yaml');
}

function asObject(value: unknown, what: string): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new PackageError(`${what} must be a mapping`);
  return value as Record<string, unknown>;
}

function numberIn(value: unknown, what: string, min: number, max: number): number | undefined {
  if (value === undefined || value === null) return undefined;
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < min || n > max) {
    throw new PackageError(`${what} must be a number between ${min} and ${max}, got ${describe(value)}`);
  }
  return n;
}

/**
 * A YAML value for a message, never walked as a tree: aliases can make a small file a huge one
 * (the "billion laughs"), which JSON.stringify would expand.
 */
function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Date) return 'a date';
  if (typeof value === 'object' && value !== null) return 'a mapping';
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

async function timeLimit(dir: string, limits: Record<string, unknown>, defaults: LimitDefaults): Promise<number> {
  const seconds = numberIn(limits.time_limit, 'limits.time_limit (seconds)', 0.001, MAX_TIME_LIMIT_MS / 1000);
  if (seconds !== undefined) return Math.round(seconds * 1000);
  const file = await readText(path.join(dir, '.timelimit'));
  if (file !== undefined) return Math.round(numberIn(file.trim(), '.timelimit (seconds)', 0.001, MAX_TIME_LIMIT_MS / 1000)! * 1000);
  return defaults.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
}

function problemName(name: unknown): string | undefined {
  const byLang = name && typeof name === 'object' ? (name as Record<string, unknown>) : undefined;
  const text = byLang ? (byLang.en ?? Object.values(byLang)[0]) : name;
  if (typeof text !== 'string' || !text.trim()) return undefined;
  if (text.includes('\0')) throw new PackageError('problem.yaml: the name holds a NUL character');
  return text.trim();
}

async function testsIn(dir: string, sub: string, sample: boolean): Promise<TestCase[]> {
  const base = path.join(dir, sub);
  const files = await listFiles(base);
  const tests: TestCase[] = [];
  for (const rel of files.filter((f) => f.endsWith('.in'))) {
    const stem = rel.slice(0, -3);
    const answer = files.includes(`${stem}.ans`) ? `${stem}.ans` : undefined;
    if (!answer) throw new PackageError(`${sub}/${rel} has no answer file ${sub}/${stem}.ans`);
    tests.push({ name: `${path.basename(sub)}/${stem}`, input: path.join(base, rel), answer: path.join(base, answer), sample });
  }
  return tests;
}

const FLOAT_FLAGS: Record<string, 'both' | 'absolute' | 'relative'> = {
  float_tolerance: 'both',
  float_absolute_tolerance: 'absolute',
  float_relative_tolerance: 'relative',
};
const IGNORED_FLAGS = new Set(['case_sensitive', 'space_change_sensitive']);

async function checkerSpec(dir: string, meta: Record<string, unknown>): Promise<CheckerSpec> {
  const validation = typeof meta.validation === 'string' ? meta.validation.trim() : 'default';
  const flags = typeof meta.validator_flags === 'string' ? meta.validator_flags.split(/\s+/).filter(Boolean) : [];
  if (validation === 'default') return defaultValidator(flags);
  const modes = validation.split(/\s+/);
  if (modes[0] !== 'custom') throw new PackageError(`validation: "${validation}" is not supported (use default or custom)`);
  if (modes.includes('interactive')) throw new PackageError('interactive problems are not supported yet');
  const validators = path.join(dir, 'output_validators');
  const names = (await listFiles(validators)).map((f) => f.split(path.sep)[0]);
  const folders = [...new Set(names)].filter((n) => n !== undefined);
  if (folders.length !== 1) {
    throw new PackageError(`validation: custom needs exactly one checker under output_validators/, found ${folders.length}`);
  }
  const protocol = meta.validator_protocol ?? 'kattis';
  // Either output_validators/<name>/ (a folder with one main source) or a single source file.
  const source = path.join(validators, folders[0]);
  if (protocol === 'testlib') return { kind: 'testlib', source };
  if (protocol === 'kattis') return { kind: 'kattis', source, flags };
  throw new PackageError(`validator_protocol must be "kattis" or "testlib", got ${describe(protocol)}`);
}

function defaultValidator(flags: string[]): CheckerSpec {
  let absolute: number | undefined;
  let relative: number | undefined;
  for (let i = 0; i < flags.length; i++) {
    const flag = flags[i];
    if (IGNORED_FLAGS.has(flag)) continue;
    const kind = FLOAT_FLAGS[flag];
    if (!kind) throw new PackageError(`validator_flags: unknown flag "${flag}"`);
    const value = Number(flags[++i]);
    if (!Number.isFinite(value) || value < 0) throw new PackageError(`validator_flags: ${flag} needs a non-negative number`);
    if (kind !== 'relative') absolute = value;
    if (kind !== 'absolute') relative = value;
  }
  if (absolute === undefined && relative === undefined) return { kind: 'default' };
  return { kind: 'float', absolute: absolute ?? 0, relative: relative ?? 0 };
}

async function statement(dir: string): Promise<Problem['statement']> {
  const base = path.join(dir, 'problem_statement');
  const files = await listFiles(base);
  const pick = (ext: string) => files.find((f) => f === `problem.en${ext}`) ?? files.find((f) => f === `problem${ext}`) ?? files.find((f) => /^problem\.[\w-]+$/.test(f.slice(0, -ext.length)) && f.endsWith(ext));
  const md = pick('.md');
  const pdf = pick('.pdf');
  const tex = pick('.tex');
  return {
    markdown: md ? await readText(path.join(base, md)) : undefined,
    pdfPath: pdf ? path.join(base, pdf) : undefined,
    texPath: tex ? path.join(base, tex) : undefined,
  };
}

async function submissions(dir: string): Promise<ExpectedSubmission[]> {
  const out: ExpectedSubmission[] = [];
  for (const [folder, expected] of Object.entries(SUBMISSION_FOLDERS)) {
    const base = path.join(dir, 'submissions', folder);
    for (const rel of await listFiles(base)) out.push({ path: path.join(base, rel), expected });
  }
  return out;
}
