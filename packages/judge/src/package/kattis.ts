// The Kattis/ICPC problem package layout: problem.yaml, data/{sample,secret}, output_validators/,
// problem_statement/, submissions/<expected verdict>/.
import { rmSync } from 'node:fs';
import { mkdtemp, readdir, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CheckerSpec, Problem, TestCase } from '../types.ts';
import { PackageError } from './errors.ts';
import { isDirectory, listFiles, readText } from './files.ts';
import { flagList, KATTIS_DEFAULT_MEMORY_MB, readKattisSettings, readYaml, type KattisSettings } from './kattis-config.ts';
import { latexToMarkdown, type Sample } from './latex-statement.ts';
import { readSubmissions } from './submissions.ts';
import { scoringTree, TestGroupFiles } from './test-groups.ts';
import { maxScoreOf } from '../scoring.ts';
import { tokenOptions } from '../checkers/tokens.ts';

export { SUBMISSION_FOLDERS } from './submissions.ts';

export interface LimitDefaults {
  timeLimitMs?: number;
  memoryLimitMb?: number;
}

export const DEFAULT_TIME_LIMIT_MS = 1000;
export const DEFAULT_MEMORY_LIMIT_MB = 256;

export async function isKattisPackage(dir: string): Promise<boolean> {
  return (
    (await readText(path.join(dir, 'problem.yaml'))) !== undefined ||
    (await readText(path.join(dir, 'domjudge-problem.ini'))) !== undefined ||
    (await isDirectory(path.join(dir, 'data')))
  );
}

/**
 * `defaults` are the caller's limits for a package that names none (the server's form, the
 * CLI's flags); a Kattis package without a memory limit gets the format's 2048 MB.
 */
export async function loadKattisPackage(dir: string, defaults: LimitDefaults, fallbackName = path.basename(dir)): Promise<Omit<Problem, 'hash'>> {
  const settings = await readKattisSettings(dir);
  const checker = await checkerSpec(dir, settings);
  const groups = new TestGroupFiles(path.join(dir, 'data'));
  const interactive = settings.interaction?.interactive ?? false;
  const tests = [...(await testsIn(dir, 'data/sample', true, groups, interactive)), ...(await testsIn(dir, 'data/secret', false, groups, interactive))];
  if (tests.length === 0) throw new PackageError('the package has no tests: expected data/secret/*.in with matching .ans files');
  if (checker.kind === 'tokens') for (const test of tests) if (test.validatorFlags) checkFlags(test.validatorFlags, `${test.name}: output validator flags`);
  const statementFiles = await statement(dir);
  if (statementFiles.markdown === undefined && statementFiles.texPath) {
    // Samples of an interactive problem are not what the program reads: not shown.
    const samples = settings.interaction ? [] : await sampleTexts(tests.filter((t) => t.sample));
    statementFiles.markdown = latexToMarkdown((await readText(statementFiles.texPath)) ?? '', samples);
  }
  const { submissions, notes } = await readSubmissions(dir, settings.scoring);
  return {
    name: settings.name ?? (await texProblemName(statementFiles.texPath)) ?? fallbackName,
    dir,
    timeLimitMs: settings.timeLimitMs ?? defaults.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS,
    timeLimitFrom: settings.timeLimitMs !== undefined || defaults.timeLimitMs !== undefined ? 'package' : 'default',
    timeMultiplier: settings.timeMultiplier,
    timeSafetyMargin: settings.timeSafetyMargin,
    timeResolution: settings.timeResolution,
    formatVersion: settings.format2025 ? '2025-09' : settings.modern ? '2023-07' : 'legacy',
    memoryLimitMb: settings.memoryLimitMb ?? defaults.memoryLimitMb ?? KATTIS_DEFAULT_MEMORY_MB,
    languageFactors: false,
    resourceLimits: settings.resourceLimits,
    ...(settings.languages ? { languages: settings.languages } : {}),
    keywords: settings.keywords,
    // include/<language>/ and include/default/ (files right in include/ are headers validators link to).
    ...((await listFiles(path.join(dir, 'include'))).some((f) => f.includes(path.sep)) ? { includeDir: path.join(dir, 'include') } : {}),
    tests,
    checker,
    interaction: await interactionIn(dir, settings.interaction),
    ...(settings.scoring ? { scoring: await scoringOf(tests, path.join(dir, 'data'), groups, settings.modern, settings.format2025) } : {}),
    statement: statementFiles,
    submissions,
    submissionNotes: notes,
  };
}

async function testsIn(dir: string, sub: string, sample: boolean, groups: TestGroupFiles, interactive: boolean): Promise<TestCase[]> {
  const base = path.join(dir, sub);
  const files = await listFiles(base);
  const tests: TestCase[] = [];
  for (const rel of files.filter((f) => f.endsWith('.in'))) {
    const stem = rel.slice(0, -3);
    const answer = files.includes(`${stem}.ans`) ? `${stem}.ans` : undefined;
    // An interactive problem's validator may need no answer (2023-07 allows leaving it out).
    if (!answer && !interactive) throw new PackageError(`${sub}/${rel} has no answer file ${sub}/${stem}.ans`);
    // 2025-09: a test may give the program files (NAME.files/) and arguments, and its validator arguments (NAME.yaml).
    if (files.some((f) => f.startsWith(`${stem}.files${path.sep}`))) throw new PackageError(`${sub}/${stem}.files: input files for file I/O are not supported`);
    await groups.assertNoArgs(path.dirname(path.join(base, rel)));
    const own = files.includes(`${stem}.yaml`) ? await readYaml(path.join(base, `${stem}.yaml`), `${sub}/${stem}.yaml`) : undefined;
    if (own && flagList(own.args, `${sub}/${stem}.yaml: args`).length > 0) throw new PackageError(`${sub}/${stem}.yaml: args (command-line arguments for submissions) is not supported`);
    const ownFlags = own?.output_validator_args ?? own?.output_validator_flags;
    const validatorFlags = ownFlags !== undefined ? flagList(ownFlags, `${sub}/${stem}.yaml: output_validator_args`) : await groups.flags(path.dirname(path.join(base, rel)));
    const name = `${path.basename(sub)}/${stem.split(path.sep).join('/')}`;
    tests.push({ name, input: path.join(base, rel), answer: answer ? path.join(base, answer) : await emptyAnswer(), sample, ...(validatorFlags ? { validatorFlags } : {}) });
  }
  return tests;
}

async function checkerSpec(dir: string, settings: KattisSettings): Promise<CheckerSpec> {
  const flags = settings.validatorFlags;
  if (!settings.customValidator) {
    checkFlags(flags, 'validator_flags');
    return { kind: 'tokens', flags };
  }
  // 2023-07: output_validator/ (one validator); legacy: output_validators/<name>/ or a file.
  const single = path.join(dir, 'output_validator');
  if (await isDirectory(single)) return validatorSpec(await programFolder(single), settings, flags);
  const validators = path.join(dir, 'output_validators');
  const files = await listFiles(validators);
  const names = [...new Set(files.map((f) => f.split(path.sep)[0]))];
  if (names.length > 1 && looseValidator(files)) return validatorSpec(validators, settings, flags);
  if (names.length !== 1) {
    const why = settings.interaction ? 'an interactive or multi-pass problem needs' : 'custom validation needs';
    throw new PackageError(`${why} exactly one validator under output_validators/ (or output_validator/), found ${names.length}`);
  }
  return validatorSpec(path.join(validators, names[0]), settings, flags);
}

/** Files that are no program of any language: problemtools ignores them beside a validator, DOMjudge compiles them with it. */
const NOT_PROGRAMS = /\.(h|hh|hpp|hxx|h\+\+|inc|ipp|tcc|txt|md|ya?ml|json|pdf)$/i;

/**
 * Loose files right in output_validators/ (no folders) of which one is a program and the others
 * headers or notes (`interactor.cpp` beside `testlib.h`): one validator, compiled with its headers.
 */
function looseValidator(files: string[]): boolean {
  if (files.some((f) => f.includes(path.sep))) return false;
  return files.filter((f) => !NOT_PROGRAMS.test(f)).length === 1;
}

/**
 * The 2023-07 `output_validator/` is the validator's own folder, but problemtools reads it as a
 * folder of programs like the legacy `output_validators/`: a package may hold its validator one
 * folder down (output_validator/guess_validator/). That folder is the validator when it is all
 * there is.
 */
async function programFolder(folder: string): Promise<string> {
  const entries = (await readdir(folder, { withFileTypes: true })).filter((e) => !e.name.startsWith('.'));
  return entries.length === 1 && entries[0].isDirectory() ? path.join(folder, entries[0].name) : folder;
}

/** The default validator's flags must all be known: an unknown one is refused, not ignored. */
function checkFlags(flags: string[], what: string): void {
  try {
    tokenOptions(flags, what);
  } catch (err) {
    throw new PackageError((err as Error).message);
  }
}

function validatorSpec(source: string, settings: KattisSettings, flags: string[]): CheckerSpec {
  const limits = settings.resourceLimits.validator;
  if (settings.protocol !== 'kattis') return { kind: settings.protocol, source, ...(limits ? { limits } : {}) };
  return { kind: 'kattis', source, flags, ...(limits ? { limits } : {}) };
}

async function statement(dir: string): Promise<Problem['statement']> {
  const base = (await isDirectory(path.join(dir, 'statement'))) ? path.join(dir, 'statement') : path.join(dir, 'problem_statement');
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

async function scoringOf(tests: TestCase[], dataDir: string, groups: TestGroupFiles, modern: boolean, format2025: boolean): Promise<NonNullable<Problem['scoring']>> {
  const root = await scoringTree(tests, dataDir, groups, modern, format2025);
  return { root, maxScore: maxScoreOf(root) };
}

/** The answer file of a test that has none: one empty file per process, outside any package. */
let emptyAnswerFile: Promise<string> | undefined;
function emptyAnswer(): Promise<string> {
  emptyAnswerFile ??= (async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'verdict-empty-answer-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'empty.ans');
    await writeFile(file, '', { mode: 0o644 });
    return file;
  })();
  return emptyAnswerFile;
}

const MAX_SAMPLE_BYTES = 64 << 10;

/** The sample tests' texts for a statement (a huge one is cut: it is for reading). */
async function sampleTexts(tests: TestCase[]): Promise<Sample[]> {
  const cut = (text: string | undefined) => (text === undefined ? '' : text.length > MAX_SAMPLE_BYTES ? `${text.slice(0, MAX_SAMPLE_BYTES)}\n…` : text);
  return Promise.all(tests.map(async (t) => ({ name: t.name, input: cut(await readText(t.input)), output: cut(await readText(t.answer)) })));
}

/** A legacy package's name is often only in its LaTeX statement: \problemname{…}. */
async function texProblemName(texPath: string | undefined): Promise<string | undefined> {
  if (!texPath) return undefined;
  const m = /\\problemname\{([^{}\n]{1,200})\}/.exec((await readText(texPath)) ?? '');
  return m?.[1].trim() || undefined;
}

/** The interaction, its testlib_checker (a path the package names) resolved inside the package. */
async function interactionIn(dir: string, interaction: KattisSettings['interaction']): Promise<KattisSettings['interaction']> {
  if (!interaction?.checker) return interaction;
  const source = path.join(dir, interaction.checker.source);
  if (!(await stat(source).catch(() => null))) throw new PackageError(`problem.yaml: testlib_checker ${interaction.checker.source} is not in the package`);
  return { ...interaction, checker: { kind: 'testlib', source } };
}
