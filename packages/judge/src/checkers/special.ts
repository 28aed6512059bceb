// Special judges from problem packages: testlib-style checkers and Kattis output validators.
// Each is compiled once per content hash into the cache folder, then run through the backend.
import { createHash } from 'node:crypto';
import { access, chmod, lstat, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CheckerResult, JudgeBackend, RunLimits } from '../plugin-api.ts';
import { COMPILE_LIMITS, compileInDir, withNamedLimits } from '../compile.ts';
import { expandArgv, languageEnv, languageForFile, languageForSubmission, type ArgvValues } from '../languages.ts';
import { listFiles } from '../package/files.ts';
import { layoutSources, layoutValues, type SourceLayout } from '../sources.ts';
import type { Language, ProgramLimits } from '../types.ts';
import type { JudgeCheckerContext } from './text.ts';
import { copyFiles, copyReadable, copyTree, makeWorkDir, removeDir, writeReadable } from '../workspace.ts';

export const CHECKER_LIMITS: RunLimits = { cpuMs: 10_000, wallMs: 20_000, memoryKb: 1024 * 1024, pids: 64, outputBytes: 1 << 20, stderrBytes: 64 << 10 };
const CHECKER_MEMORY_MB = 512;
/**
 * Validators compile with the Kattis format's default compilation time (60 s), not a
 * submission's 10 s: validate.h (BAPCtools', NWERC's, GCPC's validators) alone takes 8 s of CPU.
 */
export const CHECKER_COMPILE_LIMITS: RunLimits = { ...COMPILE_LIMITS, cpuMs: 60_000, wallMs: 120_000 };

/** The validator's limits with the package's own (Kattis `limits.validation_*`) in place of the judge's. */
export function validatorLimits(named: ProgramLimits | undefined): RunLimits {
  return withNamedLimits(CHECKER_LIMITS, named);
}

export interface SpecialJudgeEnv {
  backend: JudgeBackend;
  languages: Language[];
  cacheDir: string;
  workRoot: string;
}

export interface CompiledSpecialJudge {
  dir: string;
  language: Language;
  /** Its files, main file and entry class, for the run argv (see specialJudgeArgv). */
  sources: Omit<ArgvValues, 'memoryMb'>;
}

/** The argv that starts a compiled special judge (before its own arguments). */
export function specialJudgeArgv(judge: CompiledSpecialJudge, memoryMb = CHECKER_MEMORY_MB): string[] {
  return expandArgv(judge.language.run, { memoryMb, ...judge.sources });
}

const compiling = new Map<string, Promise<CompiledSpecialJudge>>();

/**
 * `source` is a file, or a folder (Kattis output_validators/<name>/) of sources in one language
 * (the language most of its files are in; headers and other files come along), compiled together,
 * or a folder with `build`/`run` scripts (buildRunScripts).
 */
export function compileSpecialJudge(env: SpecialJudgeEnv, source: string): Promise<CompiledSpecialJudge> {
  const key = `${env.cacheDir}\0${env.backend.name}\0${source}`;
  let pending = compiling.get(key);
  if (!pending) {
    pending = compileOnce(env, source);
    compiling.set(key, pending);
    pending.catch(() => compiling.delete(key));
  }
  return pending;
}

async function compileOnce(env: SpecialJudgeEnv, source: string): Promise<CompiledSpecialJudge> {
  const scripts = await buildRunScripts(source);
  if (scripts) return buildOnce(env, source, scripts);
  const { language, layout, copies } = await validatorSources(env.languages, source);
  const sources = layoutValues(language, layout);
  const hash = createHash('sha256');
  hash.update(`${language.id}\0${JSON.stringify(language.compile ?? [])}\0${JSON.stringify(language.run)}\0`);
  for (const { from, name } of copies) hash.update(`${name}\0`).update(await readFile(from)).update('\0');
  const dir = path.join(env.cacheDir, 'checkers', hash.digest('hex'));
  if (await exists(path.join(dir, '.compiled'))) return { dir, language, sources };

  const workDir = await makeWorkDir(env.workRoot, 'checker');
  try {
    for (const { from, name } of copies) {
      if (name.includes('/')) await mkdir(path.dirname(path.join(workDir, name)), { recursive: true, mode: 0o755 });
      await copyReadable(from, path.join(workDir, name));
    }
    const outcome = await compileInDir(env.backend, language, workDir, CHECKER_MEMORY_MB, null, sources, CHECKER_COMPILE_LIMITS);
    if (outcome.status !== 'OK') throw new Error(`the checker ${path.basename(source)} does not compile: ${outcome.message}`);
    await writeFile(path.join(workDir, '.compiled'), new Date().toISOString());
    await mkdir(path.dirname(dir), { recursive: true });
    const staged = `${dir}.${process.pid}.${Date.now()}`;
    await mkdir(staged);
    await copyFiles(workDir, staged);
    await rename(staged, dir).catch(async (err) => {
      if (!(await exists(path.join(dir, '.compiled')))) throw err;
      await removeDir(staged); // another process cached the same checker first
    });
    return { dir, language, sources };
  } finally {
    await removeDir(workDir);
  }
}

/** The validator's language, its files as they are laid out, and which host file becomes which. */
async function validatorSources(languages: Language[], source: string): Promise<{ language: Language; layout: SourceLayout; copies: { from: string; name: string }[] }> {
  const isFolder = (await stat(source)).isDirectory();
  const paths = isFolder ? (await listFiles(source)).map((rel) => path.join(source, rel)) : [source];
  const named = await Promise.all(paths.map(async (from) => ({ from, name: path.relative(isFolder ? source : path.dirname(source), from).split(path.sep).join('/'), content: await readFile(from, 'utf8') })));
  const detected = languageForSubmission(languages, named);
  if ('error' in detected) throw new Error(`the checker in ${path.basename(source)}: ${detected.error}`);
  const { language } = detected;
  const ownSources = named.filter((f) => languageForFile(languages, f.name) === language);
  // One source of the language: it takes the language's file name; the rest keep theirs.
  const single = ownSources.length === 1;
  const layout = layoutSources(language, ownSources[0].content, single ? undefined : named, path.basename(source, path.extname(source)));
  if ('error' in layout) throw new Error(`the checker in ${path.basename(source)}: ${layout.error}`);
  const copies = named.map((f) => ({ from: f.from, name: single && f === ownSources[0] ? layout.mainFile : f.name }));
  if (single) layout.files = copies.map((c) => ({ name: c.name, content: '' }));
  return { language, layout, copies };
}

/**
 * A validator folder with a `build` and/or `run` script (Kattis programs): `build`, when there is
 * one, runs in the sandbox like a compile, in the folder; then `run` (there, or made by `build`)
 * is the command that starts the validator, with the validator's arguments. The cached folder
 * keeps the files and folders the build left: no links (keepOnlyFilesAndFolders), no special
 * files, nothing under the names the judge writes beside a validator.
 */
async function buildRunScripts(source: string): Promise<{ build: boolean } | null> {
  if (!(await stat(source)).isDirectory()) return null;
  const isFile = (name: string) => lstat(path.join(source, name)).then((s) => s.isFile(), () => false);
  const [build, run] = await Promise.all([isFile('build'), isFile('run')]);
  return build || run ? { build } : null;
}

function scriptsLanguage(build: boolean): Language {
  return {
    id: 'build-run',
    name: 'build and run scripts',
    sourceFile: 'run',
    extensions: [],
    compile: build ? ['./build'] : undefined,
    run: ['./run'],
    versionProbe: ['true'],
    timeFactor: 1,
    memoryFactor: 1,
    editorMode: 'text/plain',
    template: '',
  };
}

const SCRIPT_SOURCES = { files: [], mainFile: 'run', mainClass: 'Main' };

async function buildOnce(env: SpecialJudgeEnv, source: string, scripts: { build: boolean }): Promise<CompiledSpecialJudge> {
  const language = scriptsLanguage(scripts.build);
  const hash = createHash('sha256').update(`${language.id}\0${JSON.stringify(language.compile ?? [])}\0`);
  for (const rel of await listFiles(source)) hash.update(`${rel.split(path.sep).join('/')}\0`).update(await readFile(path.join(source, rel))).update('\0');
  const dir = path.join(env.cacheDir, 'checkers', hash.digest('hex'));
  const built = { dir, language, sources: SCRIPT_SOURCES };
  if (await exists(path.join(dir, '.compiled'))) return built;

  const workDir = await makeWorkDir(env.workRoot, 'checker');
  try {
    await copyTree(source, workDir);
    for (const script of ['build', 'run']) await chmod(path.join(workDir, script), 0o755).catch(() => undefined);
    const outcome = await compileInDir(env.backend, language, workDir, CHECKER_MEMORY_MB, null, SCRIPT_SOURCES, CHECKER_COMPILE_LIMITS);
    if (outcome.status !== 'OK') throw new Error(`the build script of ${path.basename(source)} failed: ${outcome.message}`);
    await keepOnlyFilesAndFolders(workDir);
    for (const name of CHECK_FILES) await rm(path.join(workDir, name), { recursive: true, force: true });
    const run = await lstat(path.join(workDir, 'run')).catch(() => null);
    if (!run?.isFile()) throw new Error(`${path.basename(source)}: no run file${scripts.build ? ' after its build script' : ''} (a validator with a build script must have or make one)`);
    await chmod(path.join(workDir, 'run'), 0o755);
    await writeFile(path.join(workDir, '.compiled'), new Date().toISOString());
    await mkdir(path.dirname(dir), { recursive: true });
    const staged = `${dir}.${process.pid}.${Date.now()}`;
    await mkdir(staged);
    await copyTree(workDir, staged);
    await rename(staged, dir).catch(async (err) => {
      if (!(await exists(path.join(dir, '.compiled')))) throw err;
      await removeDir(staged); // another process cached the same validator first
    });
    return built;
  } finally {
    await removeDir(workDir);
  }
}

/** What the judge writes beside a validator before it runs (runSpecialJudge, interactive.ts): never the build's. */
const CHECK_FILES = ['input.txt', 'answer.txt', 'output.txt', 'feedback'];

/**
 * Removes what a build left besides files and folders. Its links above all: the judge writes the
 * test's files into a copy of the folder as root, and a link left under such a name would send
 * that write to a file of the host.
 */
async function keepOnlyFilesAndFolders(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) await keepOnlyFilesAndFolders(at);
    else if (!entry.isFile()) await rm(at, { force: true });
  }
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

type Protocol = 'testlib' | 'kattis' | 'cms';

/** Runs a compiled special judge on one test and maps its exit code to a verdict. */
export async function runSpecialJudge(
  env: SpecialJudgeEnv,
  judge: CompiledSpecialJudge,
  protocol: Protocol,
  ctx: JudgeCheckerContext,
  flags: string[] = [],
  limits: RunLimits = CHECKER_LIMITS,
): Promise<CheckerResult> {
  const workDir = await makeWorkDir(env.workRoot, 'check');
  try {
    await copyTree(judge.dir, workDir);
    await copyReadable(ctx.input, path.join(workDir, 'input.txt'));
    await copyReadable(ctx.answer, path.join(workDir, 'answer.txt'));
    const output = path.join(workDir, 'output.txt');
    if (ctx.outputData) await writeReadable(output, ctx.outputData);
    else await copyReadable(ctx.output, output);
    const run = specialJudgeArgv(judge);
    const feedback = path.join(workDir, 'feedback');
    if (protocol === 'kattis') {
      await mkdir(feedback);
      await chmod(feedback, 0o777);
    }
    // CMS: `checker input correct_output contestant_output` (cms/grading/steps/trusted.py, checker_step).
    const argv =
      protocol === 'testlib'
        ? [...run, 'input.txt', 'output.txt', 'answer.txt']
        : protocol === 'cms'
          ? [...run, 'input.txt', 'answer.txt', 'output.txt']
          : [...run, 'input.txt', 'answer.txt', 'feedback/', ...flags];
    const result = await env.backend.run({
      argv,
      workDir,
      env: languageEnv(judge.language),
      stdin: protocol === 'kattis' ? { file: path.join(workDir, 'output.txt') } : undefined,
      limits,
    });
    if (result.status !== 'OK' && result.status !== 'RE') {
      return { verdict: 'SE', message: `checker ended ${result.status}: ${result.message ?? ''}`.trim() };
    }
    if (protocol === 'cms') return cmsOutcome(result.exitCode, result.stdout, result.stderr);
    const said = protocol === 'kattis' ? await readFeedback(feedback) : (result.stderr || result.stdout).trim();
    const verdict = protocol === 'testlib' ? testlibVerdict(result.exitCode) : kattisVerdict(result.exitCode);
    if (verdict === 'SE') return { verdict, message: `checker failed (exit ${result.exitCode ?? result.signal}): ${said}`.trim() };
    const score = protocol === 'kattis' && verdict === 'AC' ? await readScore(feedback) : undefined;
    if (score === null) return { verdict: 'SE', message: 'the validator wrote a score.txt that is not a number' };
    return { verdict, message: said || undefined, ...(score !== undefined ? { score } : {}) };
  } finally {
    await removeDir(workDir);
  }
}

/** CMS's messages for `translate:` (cms/grading/steps/evaluation.py, EVALUATION_MESSAGES). */
const CMS_MESSAGES: Record<string, string> = { success: 'Output is correct', partial: 'Output is partially correct', wrong: 'Output isn\'t correct' };

/**
 * A CMS checker's result (cms/grading/steps/trusted.py, extract_outcome_and_text): it must exit 0; the first line of
 * its stdout is the outcome, a number from 0 to 1, the first line of its stderr the message (`translate:success`,
 * `translate:partial`, `translate:wrong` are CMS's own texts). Outcome 1 or more is AC; less is WA scoring the outcome
 * (a partial score: the test group scales it as CMS's GroupMin and Sum do), 0 or less WA scoring 0.
 */
export function cmsOutcome(exitCode: number | null, stdout: string, stderr: string): CheckerResult {
  const firstLine = (text: string) => text.split('\n', 1)[0].trim();
  let message = firstLine(stderr).slice(0, 4096);
  if (exitCode !== 0) return { verdict: 'SE', message: `checker failed (exit ${exitCode}): ${message}`.trim() };
  const said = firstLine(stdout);
  const outcome = Number(said);
  if (said === '' || !Number.isFinite(outcome)) return { verdict: 'SE', message: `the checker's outcome is not a number: ${JSON.stringify(said.slice(0, 100))}` };
  if (message.startsWith('translate:')) message = CMS_MESSAGES[message.slice('translate:'.length).trim()] ?? message;
  if (outcome >= 1) return { verdict: 'AC', message: message || undefined, score: 1 };
  return { verdict: 'WA', message: message || undefined, score: Math.max(0, outcome) };
}

/** testlib: 0 OK, 1 WA, 2 PE, 3 FAIL (the checker's own failure), anything else is ours too. */
export function testlibVerdict(exitCode: number | null): CheckerResult['verdict'] {
  return exitCode === 0 ? 'AC' : exitCode === 1 ? 'WA' : exitCode === 2 ? 'PE' : 'SE';
}

/** Kattis: 42 accepted, 43 wrong answer; any other exit is a validator failure. */
export function kattisVerdict(exitCode: number | null): CheckerResult['verdict'] {
  return exitCode === 42 ? 'AC' : exitCode === 43 ? 'WA' : 'SE';
}

/** A scoring validator's score.txt: undefined when it wrote none, null when it is not a number. */
async function readScore(dir: string): Promise<number | null | undefined> {
  let text: string;
  try {
    text = (await readFile(path.join(dir, 'score.txt'), 'utf8')).slice(0, 100).trim();
  } catch {
    return undefined;
  }
  const score = Number(text);
  return text !== '' && Number.isFinite(score) ? score : null;
}

async function readFeedback(dir: string): Promise<string> {
  try {
    return (await readFile(path.join(dir, 'judgemessage.txt'), 'utf8')).trim().slice(0, 4096);
  } catch {
    return '';
  }
}
