// A task in CMS's Italian format (the italy_yaml loader: task.yaml, statement/ or testo/, input/, output/, gen/GEN,
// check/ or cor/, sol/, att/) written as a Verdict package: limits, tests, subtasks with CMS's scoring (GroupMin, Sum),
// the checker in CMS's protocol, graders. What CMS judges and Verdict cannot (other task types, file input and output,
// other score types) is refused by name. The rules read are cmscontrib/loaders/italy_yaml.py's.
import { copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dump } from 'js-yaml';
import { PackageError } from '../package/errors.ts';
import { describe, readYaml } from '../package/kattis-config.ts';
import type { ImportReport } from './polygon.ts';
import { languageCode } from './polygon-statements.ts';

/** A subtask as CMS scores it: `score` × the min (GroupMin) or the sum (Sum) of its tests' outcomes. */
export interface CmsGroup {
  score: number;
  aggregation: 'min' | 'sum';
  /** Its folder under data/secret (in the order the groups are judged). */
  name: string;
  /** Test names (CMS's codenames), each with its input and answer. */
  tests: { name: string; input: string; answer: string }[];
}

/** What the CMS and TPS importers write the same way. */
export interface CmsPackage {
  name: string;
  timeLimitS?: number;
  memoryMb?: number;
  groups: CmsGroup[];
  /** Groups written to data/sample (judged, not counted). */
  samples?: CmsGroup['tests'];
  /** The checker's folder and the source in it (CMS protocol), or none: white-diff. */
  checker?: { dir: string; source: string };
  /** Grader files per Verdict language id (the grader and its headers), compiled with every submission. */
  graders?: Record<string, string[]>;
  /** Verdict language ids the task accepts, when it restricts them. */
  languages?: string[];
}

const SOURCE_EXTENSIONS = ['.cpp', '.cc', '.cxx', '.c', '.py', '.java', '.pas', '.rs'];
const HEADER_EXTENSIONS = ['.h', '.hpp', '.hh'];

export async function isCmsTask(dir: string): Promise<boolean> {
  return (await stat(path.join(dir, 'task.yaml')).catch(() => null)) !== null;
}

export async function importCms(dir: string, out: string): Promise<ImportReport> {
  const conf = (await readYaml(path.join(dir, 'task.yaml'), 'task.yaml')) ?? {};
  const notes: string[] = [];
  const pick = (...keys: string[]) => keys.map((k) => conf[k]).find((v) => v !== undefined && v !== null);
  const shortName = String(pick('name', 'nome_breve') ?? path.basename(dir));
  const title = pick('title', 'nome');
  const name = typeof title === 'string' && title.trim() ? title.trim() : shortName;
  const has = async (rel: string) => (await stat(path.join(dir, rel)).catch(() => null)) !== null;

  // Task types: OutputOnly (output_only), Communication (a manager), BatchAndOutput; Batch is what is left.
  if (conf.output_only) throw new PackageError('task.yaml: output_only (an output-only task: the contestant submits output files) is not supported yet');
  // check/manager is the compiled manager CMS takes; a task kept without its build has check/manager.cpp.
  for (const folder of ['check', 'cor']) {
    const manager = (await readdir(path.join(dir, folder)).catch(() => [] as string[])).find((f) => f === 'manager' || (f.startsWith('manager.') && SOURCE_EXTENSIONS.includes(path.extname(f))));
    if (manager) throw new PackageError(`${folder}/${manager}: a Communication task (a manager talking to the contestant's processes) is not supported yet`);
  }
  for (const key of ['output_only_testcases', 'output_optional_testcases']) {
    if (conf[key] !== undefined && conf[key] !== null && String(conf[key]).trim() !== '') throw new PackageError(`task.yaml: ${key} (a BatchAndOutput task: outputs submitted for some tests) is not supported`);
  }
  // CMS's Batch reads input.txt and writes output.txt unless the task says "" (stdin, stdout).
  for (const [key, fallback] of [['infile', 'input.txt'], ['outfile', 'output.txt']] as const) {
    const value = conf[key] === undefined || conf[key] === null ? fallback : String(conf[key]);
    if (value !== '') throw new PackageError(`task.yaml: ${key} ${describe(value)}${conf[key] === undefined ? ' (CMS\'s default when task.yaml names none)' : ''}: a program reading or writing files is not supported; ${key}: "" (standard input and output) is`);
  }

  const timeLimit = pick('time_limit', 'timeout');
  const memoryLimit = pick('memory_limit', 'memlimit');
  const timeLimitS = timeLimit === undefined ? undefined : positive(timeLimit, 'task.yaml: time_limit');
  const memoryMb = memoryLimit === undefined ? undefined : positive(memoryLimit, 'task.yaml: memory_limit');
  if (timeLimitS === undefined) notes.push('task.yaml names no time_limit: the package has none of its own');

  const { scoreType, parameters, nInput } = await scoring(dir, conf);
  const tests: CmsGroup['tests'] = [];
  for (let i = 0; i < nInput; i++) {
    const input = path.join(dir, 'input', `input${i}.txt`);
    const answer = path.join(dir, 'output', `output${i}.txt`);
    for (const file of [input, answer]) {
      if (!(await stat(file).catch(() => null))) throw new PackageError(`${path.relative(dir, file)} is missing (${nInput} tests): generate the tests first (the task's gen/ and its Makefile, cmsMake), then import`);
    }
    tests.push({ name: String(i).padStart(3, '0'), input, answer });
  }
  const groups = groupsOf(scoreType, parameters, tests);

  const checker = await cmsChecker(dir);
  const graders = await cmsGraders(dir, notes);
  if (await has('sol')) notes.push('sol/: solutions are not imported (task.yaml states no verdicts for them)');
  await writeCmsPackage(out, { name, timeLimitS, memoryMb, groups, checker, graders, languages: graders ? Object.keys(graders) : undefined });
  await cmsStatements(dir, out, conf);
  if (await has('att')) {
    await mkdir(path.join(out, 'attachments'), { recursive: true });
    for (const file of await readdir(path.join(dir, 'att'))) await copyFile(path.join(dir, 'att', file), path.join(out, 'attachments', file));
  }
  return { name, notes };
}

function positive(value: unknown, what: string): number {
  const n = Number(value);
  if (!(n > 0) || !Number.isFinite(n)) throw new PackageError(`${what} must be a positive number, got ${describe(value)}`);
  return n;
}

/** The score type and its parameters: task.yaml's own (all of score_type, score_type_parameters and n_input), else gen/GEN's `#ST:` lines (GroupMin), else Sum over n_input tests. */
async function scoring(dir: string, conf: Record<string, unknown>): Promise<{ scoreType: string; parameters: unknown; nInput: number }> {
  const total = Number(conf.total_value ?? 100);
  if (conf.score_type !== undefined && conf.score_type_parameters !== undefined && conf.n_input !== undefined) {
    return { scoreType: String(conf.score_type), parameters: conf.score_type_parameters, nInput: count(conf.n_input, 'task.yaml: n_input') };
  }
  let gen: string;
  try {
    gen = await readFile(path.join(dir, 'gen', 'GEN'), 'utf8');
  } catch {
    if (conf.n_input === undefined) throw new PackageError('task.yaml names no n_input and there is no gen/GEN: the number of tests is unknown');
    const n = count(conf.n_input, 'task.yaml: n_input');
    return { scoreType: 'Sum', parameters: n > 0 ? total / n : 0, nInput: n };
  }
  // gen/GEN, as italy_yaml reads it: a line that is not only a comment is a test, `# COPY:` is a test too,
  // `# ST: N` starts a subtask worth N.
  const subtasks: [number, number][] = [];
  let tests = 0;
  let points: number | undefined;
  for (const [i, raw] of gen.split('\n').entries()) {
    const line = raw.trim();
    const hash = line.indexOf('#');
    if (hash < 0) {
      if (line !== '') tests++;
      continue;
    }
    const command = line.slice(0, hash).trim();
    const comment = line.slice(hash + 1).trim();
    const isCopy = comment.startsWith('COPY:');
    const isSubtask = comment.startsWith('ST:');
    if ([command !== '', isCopy, isSubtask].filter(Boolean).length > 1) throw new PackageError(`gen/GEN line ${i + 1}: a test and a command in the same line`);
    if (command !== '' || isCopy) tests++;
    if (isSubtask) {
      if (points === undefined && tests > 0) throw new PackageError(`gen/GEN line ${i + 1}: tests before the first subtask (# ST:)`);
      if (points !== undefined) subtasks.push([points, tests]);
      tests = 0;
      points = Number(comment.slice(3).trim());
      if (!Number.isInteger(points)) throw new PackageError(`gen/GEN line ${i + 1}: # ST: must be followed by the subtask's points, an integer`);
    }
  }
  if (points === undefined) {
    const nInput = conf.n_input !== undefined ? count(conf.n_input, 'task.yaml: n_input') : tests;
    if (nInput !== tests) throw new PackageError(`task.yaml: n_input is ${nInput} but gen/GEN makes ${tests} tests`);
    return { scoreType: 'Sum', parameters: tests > 0 ? total / tests : 0, nInput: tests };
  }
  subtasks.push([points, tests]);
  const sum = subtasks.reduce((a, [p]) => a + p, 0);
  if (sum !== 100) throw new PackageError(`gen/GEN: the subtasks' points add up to ${sum}, not 100 (CMS refuses it too)`);
  const nInput = subtasks.reduce((a, [, n]) => a + n, 0);
  if (conf.n_input !== undefined && count(conf.n_input, 'task.yaml: n_input') !== nInput) throw new PackageError(`task.yaml: n_input is ${describe(conf.n_input)} but gen/GEN makes ${nInput} tests`);
  return { scoreType: 'GroupMin', parameters: subtasks, nInput };
}

function count(value: unknown, what: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new PackageError(`${what} must be a whole number, got ${describe(value)}`);
  return n;
}

/**
 * CMS's score types as test groups. Sum (parameter: each test's worth): one group summing its tests. GroupMin and,
 * as TPS's exports name it, GroupSum: a group per subtask `[score, tests]`, the tests a count (the next ones by
 * codename), a regular expression matched from the codename's start, or a list of codenames.
 */
export function groupsOf(scoreType: string, parameters: unknown, tests: CmsGroup['tests']): CmsGroup[] {
  if (scoreType === 'Sum') {
    const worth = Number(parameters);
    if (!(worth >= 0)) throw new PackageError(`task.yaml: score_type_parameters of Sum must be a number (each test's worth), got ${describe(parameters)}`);
    return [{ name: 'tests', score: worth * tests.length, aggregation: 'sum', tests }];
  }
  if (scoreType !== 'GroupMin' && scoreType !== 'GroupSum') throw new PackageError(`score type ${describe(scoreType)} is not supported (GroupMin, GroupSum, Sum)`);
  if (!Array.isArray(parameters)) throw new PackageError(`score_type_parameters of ${scoreType} must be a list of [score, tests], got ${describe(parameters)}`);
  const sorted = [...tests].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  let next = 0;
  return parameters.map((raw: unknown, i: number) => {
    if (!Array.isArray(raw) || raw.length < 2) throw new PackageError(`score_type_parameters[${i}] must be [score, tests], got ${describe(raw)}`);
    const score = Number(raw[0]);
    if (!(score >= 0)) throw new PackageError(`score_type_parameters[${i}]: the score must be a number, got ${describe(raw[0])}`);
    const target = raw[1];
    let chosen: CmsGroup['tests'];
    if (typeof target === 'number') {
      chosen = sorted.slice(next, next + target);
      if (chosen.length !== target) throw new PackageError(`score_type_parameters[${i}]: ${target} tests, but only ${sorted.length - next} are left`);
      next += target;
    } else if (typeof target === 'string') {
      let re: RegExp;
      try {
        re = new RegExp(`^(?:${target})`);
      } catch {
        throw new PackageError(`score_type_parameters[${i}]: ${describe(target)} is not a regular expression Verdict reads`);
      }
      chosen = sorted.filter((t) => re.test(t.name));
      if (chosen.length === 0) throw new PackageError(`score_type_parameters[${i}]: no test matches ${describe(target)}`);
    } else if (Array.isArray(target)) {
      chosen = target.map((codename) => {
        const t = sorted.find((s) => s.name === String(codename));
        if (!t) throw new PackageError(`score_type_parameters[${i}]: no test ${describe(codename)}`);
        return t;
      });
    } else throw new PackageError(`score_type_parameters[${i}]: the tests must be a count, a regular expression or a list, got ${describe(target)}`);
    return { name: `subtask${String(i + 1).padStart(String(parameters.length).length, '0')}`, score, aggregation: scoreType === 'GroupMin' ? 'min' : 'sum', tests: chosen };
  });
}

/** check/checker or cor/correttore: CMS takes the compiled program; Verdict compiles its source, found beside it. */
async function cmsChecker(dir: string): Promise<CmsPackage['checker']> {
  for (const [folder, program] of [['check', 'checker'], ['cor', 'correttore']]) {
    const at = path.join(dir, folder);
    const files = await readdir(at).catch(() => null);
    if (!files || !files.includes(program)) {
      // A folder with the source alone (a task kept in version control without its build) is the same checker.
      const sources = (files ?? []).filter((f) => SOURCE_EXTENSIONS.includes(path.extname(f)) && path.basename(f, path.extname(f)) === program);
      if (sources.length === 1) return { dir: at, source: sources[0] };
      continue;
    }
    const sources = files.filter((f) => SOURCE_EXTENSIONS.includes(path.extname(f)));
    const source = sources.length === 1 ? sources[0] : sources.find((f) => path.basename(f, path.extname(f)) === program);
    if (!source) throw new PackageError(`${folder}/${program} is a compiled program and ${folder}/ holds no single source of it (${program}.cpp): Verdict compiles checkers from their source`);
    return { dir: at, source };
  }
  return undefined;
}

/** sol/grader.<ext> and the headers beside it: C and C++ graders are compiled with every submission; the others are left out. */
async function cmsGraders(dir: string, notes: string[]): Promise<CmsPackage['graders']> {
  const files = await readdir(path.join(dir, 'sol')).catch(() => [] as string[]);
  const graders = files.filter((f) => path.basename(f, path.extname(f)) === 'grader' && SOURCE_EXTENSIONS.includes(path.extname(f)));
  if (graders.length === 0) return undefined;
  const headers = files.filter((f) => HEADER_EXTENSIONS.includes(path.extname(f))).map((f) => path.join(dir, 'sol', f));
  const out: Record<string, string[]> = {};
  for (const grader of graders) {
    const language = { '.c': 'c', '.cpp': 'cpp', '.cc': 'cpp', '.cxx': 'cpp' }[path.extname(grader)];
    if (language) out[language] = [path.join(dir, 'sol', grader), ...headers];
    else notes.push(`sol/${grader}: graders in this language are not imported (C and C++ are); the task accepts C and C++ only`);
  }
  if (Object.keys(out).length === 0) throw new PackageError(`sol/: the task is compiled with a grader (${graders.join(', ')}) and Verdict imports C and C++ graders only`);
  return out;
}

/** statement/statement.pdf (or testo/testo.pdf) in the primary language, or statement/<language>.pdf each. */
async function cmsStatements(dir: string, out: string, conf: Record<string, unknown>): Promise<void> {
  const folder = (await stat(path.join(dir, 'statement')).catch(() => null)) ? 'statement' : (await stat(path.join(dir, 'testo')).catch(() => null)) ? 'testo' : undefined;
  if (!folder) return;
  const files = await readdir(path.join(dir, folder));
  const target = path.join(out, 'problem_statement');
  const perLanguage = files.filter((f) => f.endsWith('.pdf') && f !== `${folder}.pdf`);
  const copies: [string, string][] = perLanguage.length > 0 ? perLanguage.map((f) => [f, languageCode(f.slice(0, -4))]) : files.includes(`${folder}.pdf`) ? [[`${folder}.pdf`, String(conf.primary_language ?? 'it')]] : [];
  if (copies.length === 0) return;
  await mkdir(target, { recursive: true });
  for (const [file, code] of copies) await copyFile(path.join(dir, folder, file), path.join(target, `problem.${code}.pdf`));
}

/** Writes the Verdict package: problem.yaml (2023-07, scoring), data/ by groups, the checker, graders as include/. */
export async function writeCmsPackage(out: string, pkg: CmsPackage): Promise<void> {
  const yaml: Record<string, unknown> = {
    problem_format_version: '2023-07',
    name: pkg.name,
    type: 'scoring',
    ...(pkg.timeLimitS !== undefined || pkg.memoryMb !== undefined
      ? { limits: { ...(pkg.timeLimitS !== undefined ? { time_limit: Math.min(60, pkg.timeLimitS) } : {}), ...(pkg.memoryMb !== undefined ? { memory: Math.max(1, Math.round(pkg.memoryMb)) } : {}) } }
      : {}),
    // CMS's white-diff compares the tokens of each line, case-sensitively; Verdict's token comparison does not look at
    // line breaks (slightly looser).
    ...(pkg.checker ? { validator_protocol: 'cms' } : { validator_flags: 'case_sensitive' }),
    ...(pkg.languages ? { languages: pkg.languages } : {}),
  };
  await mkdir(out, { recursive: true });
  await writeFile(path.join(out, 'problem.yaml'), dump(yaml, { lineWidth: -1 }));
  const put = async (folder: string, tests: CmsGroup['tests']) => {
    await mkdir(folder, { recursive: true });
    for (const t of tests) {
      await copyFile(t.input, path.join(folder, `${t.name}.in`));
      await copyFile(t.answer, path.join(folder, `${t.name}.ans`));
    }
  };
  if (pkg.samples && pkg.samples.length > 0) await put(path.join(out, 'data/sample'), pkg.samples);
  for (const group of pkg.groups) {
    const folder = path.join(out, 'data/secret', group.name.replace(/[^A-Za-z0-9_.-]/g, '_'));
    await put(folder, group.tests);
    await writeFile(path.join(folder, 'test_group.yaml'), dump({ scoring: { score: group.score, aggregation: group.aggregation } }));
  }
  if (pkg.checker) {
    const target = path.join(out, 'output_validator');
    await mkdir(target, { recursive: true });
    // The source and the headers it includes (testlib.h); not the compiled program or the Makefile.
    for (const file of await readdir(pkg.checker.dir)) {
      if (file === pkg.checker.source || HEADER_EXTENSIONS.includes(path.extname(file))) await copyFile(path.join(pkg.checker.dir, file), path.join(target, file));
    }
  }
  for (const [language, files] of Object.entries(pkg.graders ?? {})) {
    const target = path.join(out, 'include', language);
    await mkdir(target, { recursive: true });
    for (const file of files) await copyFile(file, path.join(target, path.basename(file)));
  }
}
