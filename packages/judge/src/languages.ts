// Languages are data: languages/<id>/language.json plus a template file. This module reads them,
// expands argv placeholders, and probes each toolchain once through the judge backend.
import { constants } from 'node:fs';
import { access, chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { JudgeBackend } from './plugin-api.ts';
import type { Language, LanguageStatus } from './types.ts';

export const DEFAULT_LANGUAGES_DIR = path.resolve(new URL('.', import.meta.url).pathname, '../../../languages');

/** The PATH every compile and run gets: system directories only, the same in every backend. */
export const SYSTEM_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

const PLACEHOLDERS = new Set(['memoryMb', 'memoryKb', 'mainFile', 'mainClass', 'files']);

export async function loadLanguageDefinitions(dir = DEFAULT_LANGUAGES_DIR): Promise<Language[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const languages: Language[] = [];
  for (const entry of entries.filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const folder = path.join(dir, entry.name);
    const file = path.join(folder, 'language.json');
    let raw: Record<string, unknown>;
    try {
      raw = JSON.parse(await readFile(file, 'utf8'));
    } catch (err) {
      throw new Error(`${file}: ${(err as Error).message}`);
    }
    const { templateFile, ...rest } = raw;
    const template = typeof templateFile === 'string' ? await readFile(path.join(folder, templateFile), 'utf8') : '';
    languages.push(validateLanguage({ ...rest, template }, file));
  }
  return languages;
}

export function validateLanguage(raw: Record<string, unknown>, where: string): Language {
  const fail = (message: string): never => {
    throw new Error(`${where}: ${message}`);
  };
  const str = (key: string) => (typeof raw[key] === 'string' && raw[key] !== '' ? (raw[key] as string) : fail(`"${key}" must be a non-empty string`));
  const argv = (key: string, optional = false) => {
    const value = raw[key];
    if (value === undefined && optional) return undefined;
    if (!Array.isArray(value) || value.length === 0 || !value.every((v) => typeof v === 'string')) {
      return fail(`"${key}" must be a non-empty array of strings`);
    }
    for (const arg of value as string[]) {
      for (const [, name] of arg.matchAll(/\{(\w+)\}/g)) if (!PLACEHOLDERS.has(name)) fail(`unknown placeholder {${name}} in "${key}"`);
      if (arg.includes('{files}') && arg !== '{files}') fail(`{files} must be an argument of its own in "${key}"`);
    }
    return value as string[];
  };
  const factor = (key: string) => {
    const value = raw[key] ?? 1;
    return typeof value === 'number' && value > 0 ? value : fail(`"${key}" must be a positive number`);
  };
  const sourceFile = str('sourceFile');
  if (sourceFile.includes('/')) fail('"sourceFile" must be a plain file name');
  const claim = raw.contentClaim as Record<string, unknown> | undefined;
  if (claim !== undefined) {
    const ok = claim && Array.isArray(claim.extensions) && claim.extensions.every((e) => typeof e === 'string') && typeof claim.pattern === 'string' && (claim.unless === undefined || typeof claim.unless === 'string');
    if (!ok) fail('"contentClaim" needs "extensions" (a list), "pattern" and an optional "unless" (regular expressions)');
    for (const re of [claim.pattern, claim.unless].filter((r) => r !== undefined)) {
      try {
        new RegExp(re as string, 'm');
      } catch (err) {
        fail(`"contentClaim" holds a bad regular expression: ${(err as Error).message}`);
      }
    }
  }
  const entry = raw.entry;
  if (entry !== undefined) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) fail('"entry" must be an object');
    for (const [key, value] of Object.entries(entry as Record<string, unknown>)) {
      if (!['fileName', 'declaration', 'main', 'defaultClass', 'package'].includes(key) || typeof value !== 'string') fail(`"entry.${key}" is not a known text field`);
      if (key !== 'defaultClass') {
        try {
          new RegExp(value as string);
        } catch (err) {
          fail(`"entry.${key}" is not a regular expression: ${(err as Error).message}`);
        }
      }
    }
  }
  const pch = raw.precompiledHeader;
  if (pch !== undefined) {
    const spec = pch as Record<string, unknown>;
    const strings = (v: unknown) => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string');
    if (!spec || typeof spec !== 'object' || typeof spec.include !== 'string' || !/^[\w./+-]+$/.test(spec.include) || spec.include.includes('..')) {
      fail('"precompiledHeader.include" must be a header path like bits/stdc++.h');
    }
    if (!strings(spec.build) || !strings(spec.use)) fail('"precompiledHeader" needs "build" and "use" argv arrays');
    if (!raw.compile) fail('"precompiledHeader" needs a "compile" command');
  }
  return {
    ...(raw as Partial<Language>),
    id: str('id'),
    name: str('name'),
    sourceFile,
    extensions: Array.isArray(raw.extensions) ? (raw.extensions as string[]) : [],
    compile: argv('compile', true),
    run: argv('run')!,
    versionProbe: argv('versionProbe')!,
    timeFactor: factor('timeFactor'),
    memoryFactor: factor('memoryFactor'),
    editorMode: typeof raw.editorMode === 'string' ? raw.editorMode : 'text/plain',
    template: typeof raw.template === 'string' ? raw.template : '',
  };
}

export interface ArgvValues {
  memoryMb: number;
  /** The source files ({files}, one argument each), the main file and the entry class (sources.ts). */
  files?: string[];
  mainFile?: string;
  mainClass?: string;
}

/** Replaces {memoryMb}, {memoryKb}, {mainFile}, {mainClass} and {files} in an argv. */
export function expandArgv(argv: string[], values: ArgvValues): string[] {
  const table: Record<string, string | undefined> = {
    memoryMb: String(values.memoryMb),
    memoryKb: String(values.memoryMb * 1024),
    mainFile: values.mainFile,
    mainClass: values.mainClass,
  };
  return argv.flatMap((arg) => (arg === '{files}' ? (values.files ?? []) : [arg.replace(/\{(\w+)\}/g, (_, name: string) => table[name] ?? `{${name}}`)]));
}

/**
 * The environment of every compile and run. ONLINE_JUDGE and DOMJUDGE are set as DOMjudge sets
 * them: packages written for it check them (a shell solution that exits 1 without them).
 */
export function languageEnv(language: Language): Record<string, string> {
  return { PATH: SYSTEM_PATH, HOME: '/tmp', LANG: 'C.UTF-8', ONLINE_JUDGE: '1', DOMJUDGE: '1', ...language.env };
}

/** Runs a language's version probe through the backend: a toolchain the sandbox cannot see is unavailable. */
export async function probeLanguage(backend: JudgeBackend, language: Language): Promise<LanguageStatus> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'verdict-probe-'));
  try {
    await chmod(workDir, 0o777);
    const result = await backend.run({
      argv: language.versionProbe,
      workDir,
      env: languageEnv(language),
      limits: { cpuMs: 10_000, wallMs: 20_000, memoryKb: 1024 * 1024, pids: 64, outputBytes: 1 << 20 },
    });
    const text = `${result.stdout}\n${result.stderr}`;
    const version = text.split('\n').map((l) => l.trim()).find((l) => l !== '');
    if (result.status === 'OK' && version) return { language, available: true, version };
    const tool = language.versionProbe[0];
    const said = result.stderr.split('\n').find((l) => l.trim() !== '')?.trim();
    const detail = [result.message ?? result.status, said].filter(Boolean).join(': ');
    const elsewhere = await findOnHostPath(tool);
    const where = elsewhere && !SYSTEM_PATH.split(':').includes(path.dirname(elsewhere)) ? `; found at ${elsewhere}, outside the system directories the judge uses` : '';
    const hint = language.install ? ` (install: ${language.install})` : '';
    return { language, available: false, reason: `${tool} does not answer in the ${backend.name} backend (${detail})${where}${hint}` };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

async function findOnHostPath(tool: string): Promise<string | undefined> {
  if (tool.includes('/')) return undefined;
  for (const dir of (process.env.PATH ?? '').split(':').filter(Boolean)) {
    const candidate = path.join(dir, tool);
    if (await access(candidate, constants.X_OK).then(() => true, () => false)) return candidate;
  }
  return undefined;
}

const probeCache = new Map<string, Promise<LanguageStatus>>();

/** Probes every language once per backend and process; later calls reuse the answer. */
export function probeLanguages(backend: JudgeBackend, languages: Language[]): Promise<LanguageStatus[]> {
  return Promise.all(
    languages.map((language) => {
      const key = `${backend.name}\0${language.id}\0${language.versionProbe.join(' ')}`;
      let pending = probeCache.get(key);
      if (!pending) {
        pending = probeLanguage(backend, language);
        probeCache.set(key, pending);
      }
      return pending;
    }),
  );
}

/** The language whose contentClaim takes this file, if any (the text's first 64 KB are read). */
function languageClaiming(languages: Language[], file: { name: string; content: string }): Language | undefined {
  const ext = path.extname(file.name).toLowerCase();
  const head = file.content.slice(0, 64 << 10);
  return languages.find((l) => {
    const claim = l.contentClaim;
    if (!claim || !claim.extensions.includes(ext)) return false;
    return new RegExp(claim.pattern, 'm').test(head) && !(claim.unless && new RegExp(claim.unless, 'm').test(head));
  });
}

export function languageForFile(languages: Language[], file: string): Language | undefined {
  const ext = path.extname(file).toLowerCase();
  return languages.find((l) => l.extensions.includes(ext));
}

/**
 * The language of a submission's files: the one their extensions name (for several files, the
 * one most of them name). Python 2 is told apart by `.py2` or a python2 shebang and refused with
 * a message naming it, never run as Python 3.
 */
export function languageForSubmission(languages: Language[], files: { name: string; content: string }[]): { language: Language } | { error: string } {
  for (const file of files) {
    const firstLine = file.content.slice(0, 200).split('\n')[0];
    if (path.extname(file.name).toLowerCase() === '.py2' || (/\.py$/i.test(file.name) && /^#!.*\bpython2/.test(firstLine))) {
      return { error: `${file.name} is Python 2, which Verdict does not offer (Debian 12 has no Python 2)` };
    }
  }
  const counts = new Map<Language, number>();
  for (const file of files) {
    const language = languageClaiming(languages, file) ?? languageForFile(languages, file.name);
    if (language) counts.set(language, (counts.get(language) ?? 0) + 1);
  }
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  if (ranked.length === 0) {
    const exts = [...new Set(files.map((f) => path.extname(f.name) || f.name))].join(', ');
    return { error: `no language for ${exts}` };
  }
  if (ranked.length > 1 && ranked[0][1] === ranked[1][1]) {
    return { error: `the files are in several languages (${ranked.map(([l]) => l.id).join(', ')}); pass the language` };
  }
  return { language: ranked[0][0] };
}
