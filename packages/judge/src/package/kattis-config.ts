// problem.yaml of the Kattis problem package format, legacy, 2023-07 and 2025-09, plus DOMjudge's
// variants (domjudge-problem.ini, .timelimit), read into one settings object. What Verdict does
// not support is refused here with a message naming it, never judged as something else.
import path from 'node:path';
import { load as parseYaml } from 'js-yaml';
import type { Interaction, ResourceLimits } from '../types.ts';
import { PackageError } from './errors.ts';
import { isDirectory, readText } from './files.ts';

export const KATTIS_DEFAULT_MEMORY_MB = 2048;
const MAX_TIME_LIMIT_MS = 60_000;
const MAX_MEMORY_LIMIT_MB = 8192;

export interface KattisSettings {
  /** 2023-07 or 2025-09 (else legacy). */
  modern: boolean;
  /** 2025-09: test_group.yaml scores by max_score and score_aggregation (pass-fail groups). */
  format2025: boolean;
  /** A scoring problem: scored by test data groups (scoring.ts). */
  scoring: boolean;
  name?: string;
  /** From problem.yaml, .timelimit or domjudge-problem.ini; undefined when the package names none. */
  timeLimitMs?: number;
  /** Accepted submissions' slowest time × this = the time limit, when the package names none. */
  timeMultiplier: number;
  /** A time_limit_exceeded submission must still exceed the time limit × this. */
  timeSafetyMargin: number;
  /** 2023-07 and 2025-09 `limits.time_resolution` (s): a derived time limit is rounded up to a multiple of it; legacy: undefined. */
  timeResolution?: number;
  memoryLimitMb?: number;
  resourceLimits: ResourceLimits;
  /** Kattis language codes; undefined: all. */
  languages?: string[];
  keywords: string[];
  /** Whether the output is checked by the package's own validator. */
  customValidator: boolean;
  validatorFlags: string[];
  interaction?: Interaction;
  /** testlib, cms or kattis (Verdict's own extension: validator_protocol). */
  protocol: 'kattis' | 'testlib' | 'cms';
}

type Yaml = Record<string, unknown>;

const PROBLEM_TYPES = new Set(['pass-fail', 'scoring', 'interactive', 'multi-pass', 'submit-answer']);

export async function readKattisSettings(dir: string): Promise<KattisSettings> {
  const meta = await readProblemYaml(dir);
  const ini = await readDomjudgeIni(dir);
  const modern = isModern(meta.problem_format_version);
  const format2025 = typeof meta.problem_format_version === 'string' && meta.problem_format_version.startsWith('2025-09');
  const limits = asObject(meta.limits, 'limits');
  const types = problemTypes(meta, modern);
  const validation = legacyValidation(meta, modern);
  if (types.has('submit-answer')) throw new PackageError('problem.yaml: submit-answer problems are not supported yet');
  const interactive = types.has('interactive') || validation.has('interactive');
  const multiPass = types.has('multi-pass') || validation.has('multi-pass');
  if (ini.special_run) throw new PackageError(`domjudge-problem.ini: special_run (${ini.special_run}) is not supported: a run script replaces how every submission is run`);
  // DOMjudge's special_compare names an executable; `compare` is its default validator (the same
  // as Kattis's), any other must be in the package as its output validator.
  const specialCompare = ini.special_compare !== undefined && ini.special_compare !== 'compare';
  const hasValidator = (await isDirectory(path.join(dir, 'output_validators'))) || (await isDirectory(path.join(dir, 'output_validator')));
  if (specialCompare && !hasValidator) {
    throw new PackageError(`domjudge-problem.ini: special_compare "${ini.special_compare}" is an executable that is not in the package (expected under output_validators/)`);
  }
  const customValidator = validation.has('custom') || interactive || multiPass || (modern && (await isDirectory(path.join(dir, 'output_validator')))) || specialCompare;
  const passes = numberIn(limits.validation_passes, 'limits.validation_passes', 2, 100) ?? 2;
  return {
    modern,
    format2025,
    scoring: types.has('scoring') || validation.has('score'),
    name: problemName(meta.name) ?? ini.name,
    timeLimitMs: await timeLimit(dir, limits, ini),
    timeMultiplier: timeMultiplier(limits, modern),
    timeSafetyMargin: timeSafetyMargin(limits, modern),
    timeResolution: modern ? (numberIn(limits.time_resolution, 'limits.time_resolution (seconds)', 0.001, 60) ?? 1) : undefined,
    memoryLimitMb: numberIn(limits.memory, 'limits.memory (MB)', 1, MAX_MEMORY_LIMIT_MB),
    resourceLimits: resourceLimits(limits),
    languages: languageCodes(meta.languages),
    keywords: keywordList(meta.keywords),
    customValidator,
    validatorFlags: flagList(meta.validator_flags, 'validator_flags'),
    interaction: interactive || multiPass ? { interactive, multiPass, maxPasses: multiPass ? passes : 1, ...testlibChecker(meta, interactive, multiPass) } : undefined,
    protocol: validatorProtocol(meta.validator_protocol),
  };
}

/** Verdict's `testlib_checker: <folder or file>` (Polygon's interactive problems): a path inside the package, checked by the loader. */
function testlibChecker(meta: Yaml, interactive: boolean, multiPass: boolean): { checker?: { kind: 'testlib'; source: string } } {
  const value = meta.testlib_checker;
  if (value === undefined || value === null) return {};
  if (!interactive || multiPass || meta.validator_protocol !== 'testlib') throw new PackageError('problem.yaml: testlib_checker needs an interactive problem (not multi-pass) whose interactor is testlib (validator_protocol: testlib)');
  if (typeof value !== 'string' || value.trim() === '' || path.isAbsolute(value) || value.split(/[\\/]/).includes('..')) throw new PackageError(`problem.yaml: testlib_checker must be a path inside the package, got ${describe(value)}`);
  return { checker: { kind: 'testlib', source: value } };
}

function isModern(version: unknown): boolean {
  if (version === undefined || version === null || version === 'legacy' || version === 'legacy-icpc') return false;
  if (typeof version === 'string' && /^(2023-07|2025-09|draft)/.test(version)) return true;
  throw new PackageError(`problem.yaml: problem_format_version ${describe(version)} is not supported (legacy, 2023-07 or 2025-09)`);
}

/** 2023-07 `type`: a name or a list of them; legacy `type`: pass-fail or scoring. */
function problemTypes(meta: Yaml, modern: boolean): Set<string> {
  const raw = meta.type ?? 'pass-fail';
  const names = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.trim().split(/\s+/) : null;
  if (!names || !names.every((n) => typeof n === 'string')) throw new PackageError(`problem.yaml: type must be a name or a list of names, got ${describe(raw)}`);
  for (const name of names as string[]) {
    if (!PROBLEM_TYPES.has(name)) throw new PackageError(`problem.yaml: type "${name}" is not a problem type (${[...PROBLEM_TYPES].join(', ')})`);
    if (!modern && !['pass-fail', 'scoring'].includes(name)) throw new PackageError(`problem.yaml: type "${name}" needs problem_format_version 2023-07 (legacy packages say validation: custom ${name})`);
  }
  return new Set(names as string[]);
}

/** Legacy `validation`: default, or custom with the modifiers interactive, multi-pass, score. */
function legacyValidation(meta: Yaml, modern: boolean): Set<string> {
  if (meta.validation === undefined || meta.validation === null) return new Set();
  if (modern) throw new PackageError('problem.yaml: validation is a legacy field; 2023-07 packages use type and output_validator/');
  if (typeof meta.validation !== 'string') throw new PackageError(`problem.yaml: validation must be text, got ${describe(meta.validation)}`);
  const words = meta.validation.trim().split(/\s+/);
  if (words[0] === 'default' && words.length === 1) return new Set();
  if (words[0] !== 'custom') throw new PackageError(`problem.yaml: validation "${meta.validation}" is not supported (default, or custom with interactive, multi-pass or score)`);
  for (const word of words.slice(1)) {
    if (!['interactive', 'multi-pass', 'score'].includes(word)) throw new PackageError(`problem.yaml: validation modifier "${word}" is unknown (interactive, multi-pass, score)`);
  }
  return new Set(words);
}

async function timeLimit(dir: string, limits: Yaml, ini: Record<string, string>): Promise<number | undefined> {
  const toMs = (s: number) => Math.round(s * 1000);
  const seconds = numberIn(limits.time_limit, 'limits.time_limit (seconds)', 0.001, MAX_TIME_LIMIT_MS / 1000);
  if (seconds !== undefined) return toMs(seconds);
  if (ini.timelimit !== undefined) return toMs(numberIn(ini.timelimit, 'domjudge-problem.ini: timelimit (seconds)', 0.001, MAX_TIME_LIMIT_MS / 1000)!);
  const file = await readText(path.join(dir, '.timelimit'));
  if (file !== undefined) return toMs(numberIn(file.trim(), '.timelimit (seconds)', 0.001, MAX_TIME_LIMIT_MS / 1000)!);
  return undefined;
}

/** legacy limits.time_multiplier (default 5); 2023-07 limits.time_multipliers.ac_to_time_limit (default 2). */
function timeMultiplier(limits: Yaml, modern: boolean): number {
  if (modern) {
    const multipliers = asObject(limits.time_multipliers, 'limits.time_multipliers');
    return numberIn(multipliers.ac_to_time_limit, 'limits.time_multipliers.ac_to_time_limit', 1, 100) ?? 2;
  }
  return numberIn(limits.time_multiplier, 'limits.time_multiplier', 1, 100) ?? 5;
}

/**
 * legacy limits.time_safety_margin (default 2); 2023-07 limits.time_multipliers.time_limit_to_tle
 * (default 1.5): how far over the time limit a time_limit_exceeded submission must still be.
 */
function timeSafetyMargin(limits: Yaml, modern: boolean): number {
  if (modern) {
    const multipliers = asObject(limits.time_multipliers, 'limits.time_multipliers');
    return numberIn(multipliers.time_limit_to_tle, 'limits.time_multipliers.time_limit_to_tle', 1, 100) ?? 1.5;
  }
  return numberIn(limits.time_safety_margin, 'limits.time_safety_margin', 1, 100) ?? 2;
}

/** The most the judge gives a program of the package: more is refused at load, naming the field. */
const MAX_PROGRAM_SECONDS = 600;
const MAX_OUTPUT_MB = 1024;
const MAX_CODE_KB = 64 * 1024;

/**
 * The format's defaults for compiling and for the output validator (60 s, 2048 MB, 8 MB of
 * output), above the judge's own (10 s, 1024 MB, 1 MB): a package's javac or validator must not
 * be killed where problemtools lets it run.
 */
const FORMAT_PROGRAM_DEFAULTS = { timeMs: 60_000, memoryMb: 2048, outputMb: 8 } as const;

/** limits.output, code, compilation_*, validation_*: each honoured where the judge runs that program. */
function resourceLimits(limits: Yaml): ResourceLimits {
  const ms = (key: string) => {
    const seconds = numberIn(limits[key], `limits.${key} (seconds)`, 1, MAX_PROGRAM_SECONDS);
    return seconds === undefined ? undefined : Math.round(seconds * 1000);
  };
  const mb = (key: string, max: number) => numberIn(limits[key], `limits.${key} (MB)`, 1, max);
  const d = FORMAT_PROGRAM_DEFAULTS;
  const compile = { timeMs: ms('compilation_time') ?? d.timeMs, memoryMb: mb('compilation_memory', MAX_MEMORY_LIMIT_MB) ?? d.memoryMb };
  const validator = { timeMs: ms('validation_time') ?? d.timeMs, memoryMb: mb('validation_memory', MAX_MEMORY_LIMIT_MB) ?? d.memoryMb, outputMb: mb('validation_output', MAX_OUTPUT_MB) ?? d.outputMb };
  return dropUndefined({ outputMb: mb('output', MAX_OUTPUT_MB), codeKb: numberIn(limits.code, 'limits.code (KiB)', 1, MAX_CODE_KB), compile, validator });
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * `languages`: the Kattis codes of the languages a submission may be in, a list or (legacy) text
 * separated by spaces; `all` (the default) allows every language.
 */
function languageCodes(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const codes = textList(value, 'languages');
  if (codes.length === 0) throw new PackageError('problem.yaml: languages names no language (leave it out, or say all, to allow every language)');
  for (const code of codes) if (!/^[a-z][a-z0-9_+#.-]*$/i.test(code)) throw new PackageError(`problem.yaml: languages: ${describe(code)} is not a language code (such as cpp, java, python3)`);
  return codes.some((c) => c.toLowerCase() === 'all') ? undefined : codes.map((c) => c.toLowerCase());
}

/** `keywords`: a list, or text separated by spaces (legacy). */
function keywordList(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  return textList(value, 'keywords');
}

function textList(value: unknown, what: string): string[] {
  if (typeof value === 'string') return value.split(/\s+/).filter((w) => w !== '');
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.map((v: string) => v.trim()).filter((v) => v !== '');
  throw new PackageError(`problem.yaml: ${what} must be text or a list of text, got ${describe(value)}`);
}

function validatorProtocol(value: unknown): 'kattis' | 'testlib' | 'cms' {
  if (value === undefined || value === null || value === 'kattis') return 'kattis';
  if (value === 'testlib' || value === 'cms') return value;
  throw new PackageError(`problem.yaml: validator_protocol must be "kattis", "testlib" or "cms", got ${describe(value)}`);
}

/**
 * Validator flags or arguments: a list of strings, or a string split into words as a shell splits
 * them (quotes keep spaces: DOMjudge's `--teammessage "There are more tests"` is two arguments).
 */
export function flagList(value: unknown, what: string): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return shellWords(value, what);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.map(String);
  throw new PackageError(`${what} must be text or a list, got ${describe(value)}`);
}

/** `text` split into words the way sh does (without expansions): quotes and backslashes are honoured. */
export function shellWords(text: string, what: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote === "'") {
      if (c === "'") quote = null;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === '\\' && i + 1 < text.length && '"\\$`'.includes(text[i + 1])) word += text[++i];
      else word += c;
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else {
      word ??= '';
      if (c === "'" || c === '"') quote = c;
      else if (c === '\\' && i + 1 < text.length) word += text[++i];
      else word += c;
    }
  }
  if (quote) throw new PackageError(`${what}: a ${quote} quote is not closed`);
  if (word !== null) words.push(word);
  return words;
}

export async function readYaml(file: string, what: string): Promise<Yaml | undefined> {
  const text = await readText(file);
  if (text === undefined) return undefined;
  // A file of comments alone is an empty document, which the format reads as all defaults
  // (js-yaml 5 refuses it as "expected a document").
  if (/^\s*$/.test(text.replace(/^[ \t]*#.*$/gm, ''))) return {};
  let parsed: unknown;
  try {
    parsed = parseYaml(text);
  } catch (err) {
    throw new PackageError(`${what} is not valid YAML: ${(err as Error).message}`);
  }
  return asObject(parsed ?? {}, what);
}

async function readProblemYaml(dir: string): Promise<Yaml> {
  return (await readYaml(path.join(dir, 'problem.yaml'), 'problem.yaml')) ?? {};
}

/** DOMjudge's domjudge-problem.ini: `key = value` lines, values optionally quoted. */
async function readDomjudgeIni(dir: string): Promise<Record<string, string>> {
  const text = await readText(path.join(dir, 'domjudge-problem.ini'));
  const out: Record<string, string> = {};
  for (const line of (text ?? '').split(/\r?\n/)) {
    const m = /^\s*([A-Za-z_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m) continue;
    out[m[1].toLowerCase()] = m[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  for (const key of ['special_compare', 'special_run', 'name']) if (out[key] === '') delete out[key];
  return out;
}

export function asObject(value: unknown, what: string): Yaml {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new PackageError(`${what} must be a mapping`);
  return value as Yaml;
}

export function numberIn(value: unknown, what: string, min: number, max: number): number | undefined {
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
export function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Date) return 'a date';
  if (typeof value === 'object' && value !== null) return 'a mapping';
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

function problemName(name: unknown): string | undefined {
  const byLang = name && typeof name === 'object' ? (name as Record<string, unknown>) : undefined;
  const text = byLang ? (byLang.en ?? Object.values(byLang)[0]) : name;
  if (typeof text !== 'string' || !text.trim()) return undefined;
  if (text.includes('\0')) throw new PackageError('problem.yaml: the name holds a NUL character');
  return text.trim();
}
