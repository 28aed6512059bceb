// The judging flow: compile once, run every test, check, decide. The backend only runs processes.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { JudgeBackend, RunLimits } from './plugin-api.ts';
import { openTestRuns, type TestRuns } from './test-runs.ts';
import type { CheckOutput } from './checkers/index.ts';
import type { SpecialJudgeEnv } from './checkers/special.ts';
import type { CompileCache } from './compile-cache.ts';
import { compileInDir, compileLimits, type CompileOutcome } from './compile.ts';
import type { PrecompiledHeaders } from './precompiled-headers.ts';
import { judgeInteractiveTest } from './interactive.ts';
import { expandArgv, languageEnv } from './languages.ts';
import type { JudgeProgress, JudgeResult, JudgeTimings, Language, Problem, TestCase, TestResult } from './types.ts';
import { layoutSources, layoutValues, type SourceFile, type SourceLayout } from './sources.ts';
import { judgeScored, type ScoredResult } from './scoring.ts';
import { overallVerdict, runVerdict, tleBy, worthAnotherRun } from './verdict.ts';
import { filesSize, makeWorkDir, removeDir } from './workspace.ts';
import { isDirectory, listFiles } from './package/files.ts';
import { KATTIS_LANGUAGE_CODES, languageRefusal } from './package/allowed-languages.ts';

export interface JudgeOptions {
  /** Run every test instead of stopping at the first failure (ICPC stops). */
  runAll?: boolean;
}

export interface JudgeRunContext {
  backend: JudgeBackend;
  workRoot: string;
  checkOutput: CheckOutput;
  /** The language's toolchain as its version probe names it; without it nothing is cached. */
  toolchain?: string;
  compileCache?: CompileCache;
  precompiledHeaders?: PrecompiledHeaders;
  /** Run the tests in one sandbox when the backend offers sessions (default true). */
  sessions?: boolean;
  /** Where the validators of interactive and multi-pass problems are compiled and run. */
  specialJudges: SpecialJudgeEnv;
  log?: (message: string) => void;
}

/** A run's output cap unless the package names one (Kattis `limits.output`). */
const OUTPUT_CAP_BYTES = 64 << 20;
/**
 * CPU time on shared VMs is noisy, so the backend gets this much headroom over the time limit: a
 * run that ends over the limit but within the headroom, or that hits the wall-clock limit without
 * using its CPU time (starved by a busy host, or sleeping), is run once more; the second run decides.
 */
const RERUN_FACTOR = 1.5;

export function runLimits(problem: Problem, language: Language): Required<RunLimits> {
  // Formats that do not scale limits per language (Kattis, DOMjudge) are judged as they say.
  const factors = problem.languageFactors !== false;
  const cpuMs = Math.round(problem.timeLimitMs * (factors ? language.timeFactor : 1));
  const memoryMb = Math.round(problem.memoryLimitMb * (factors ? language.memoryFactor : 1) + (language.memoryExtraMb ?? 0));
  return {
    cpuMs,
    // Twice the time limit and half a second: a program that sleeps or waits past it is TLE,
    // never judged on what it printed. One starved by a busy host is run again (RERUN_FACTOR).
    wallMs: cpuMs * 2 + 500,
    memoryKb: memoryMb * 1024,
    pids: 64,
    outputBytes: problem.resourceLimits?.outputMb !== undefined ? Math.round(problem.resourceLimits.outputMb * 2 ** 20) : OUTPUT_CAP_BYTES,
    stderrBytes: 64 << 10,
    diskKb: 64 * 1024,
  };
}

type JudgeRequest = {
  problem: Problem;
  language: Language;
  source: string;
  /** Several files (or one with its own name); `source` is then unused. */
  files?: SourceFile[];
  /** The submission's name (a folder's), which may name its main file. */
  submissionName?: string;
  /** The main file named by the submitter, or the first source when nothing names it (sources.ts, LayoutOptions). */
  mainFile?: string;
  guessMainFile?: boolean;
  options?: JudgeOptions;
  onProgress?: (p: JudgeProgress) => void;
};

export async function judgeWithContext(ctx: JudgeRunContext, request: JudgeRequest): Promise<JudgeResult> {
  const clock = new PhaseClock();
  const result = await judgeInWorkDirs(ctx, request, clock);
  return { ...result, timings: clock.stop() };
}

/** Adds up the wall time of the judging phases (see JudgeTimings). */
class PhaseClock {
  private readonly started = performance.now();
  private readonly spent = { compileMs: 0, runMs: 0, checkMs: 0 };

  async time<T>(phase: 'compileMs' | 'runMs' | 'checkMs', work: () => Promise<T>): Promise<T> {
    const t = performance.now();
    try {
      return await work();
    } finally {
      this.spent[phase] += performance.now() - t;
    }
  }

  /** Phases rounded down and the total up to the microsecond, so their sum never exceeds the total. */
  stop(): JudgeTimings {
    const down = (ms: number) => Math.floor(ms * 1000) / 1000;
    const totalMs = Math.ceil((performance.now() - this.started) * 1000) / 1000;
    return { compileMs: down(this.spent.compileMs), runMs: down(this.spent.runMs), checkMs: down(this.spent.checkMs), totalMs };
  }
}

async function judgeInWorkDirs(ctx: JudgeRunContext, request: JudgeRequest, clock: PhaseClock): Promise<JudgeResult> {
  const { problem, language, source, options = {}, onProgress } = request;
  const total = problem.tests.length;
  const workDir = await makeWorkDir(ctx.workRoot, 'submission');
  const outputDir = await makeWorkDir(ctx.workRoot, 'output');
  try {
    onProgress?.({ phase: 'compiling', total });
    const refused = refusal(request);
    if (refused) {
      onProgress?.({ phase: 'done', total });
      return { verdict: 'CE', timeMs: 0, memoryKb: 0, compileMessage: refused, tests: [] };
    }
    const layout = withIncluded(
      layoutSources(language, source, request.files, request.submissionName, { mainFile: request.mainFile, guessMainFile: request.guessMainFile }),
      await includedFiles(problem, language),
      language,
      request,
    );
    if ('error' in layout) {
      onProgress?.({ phase: 'done', total });
      return { verdict: 'CE', timeMs: 0, memoryKb: 0, compileMessage: layout.error, tests: [] };
    }
    await writeSources(workDir, layout);
    const values = layoutValues(language, layout);
    const compiled = await clock.time('compileMs', () => compileSubmission(ctx, language, workDir, layout, values, problem));
    if (compiled.status !== 'OK' || total === 0) {
      onProgress?.({ phase: 'done', total });
      const message = compiled.status !== 'OK' ? compiled.message : 'the problem has no tests';
      return { verdict: compiled.status !== 'OK' ? compiled.status : 'SE', timeMs: 0, memoryKb: 0, compileMessage: message, tests: [] };
    }
    const limits = runLimits(problem, language);
    // Every run gets a copy of the work folder in diskKb of space: a bigger program is the
    // contestant's to fix, where each of its runs would be a system error.
    const size = await filesSize(workDir);
    if (size > limits.diskKb * 1024) {
      onProgress?.({ phase: 'done', total });
      const message = `the compiled program takes ${(size / 2 ** 20).toFixed(1)} MB, over the limit of ${limits.diskKb / 1024} MB for a run's files`;
      return { verdict: 'CE', timeMs: 0, memoryKb: 0, compileMessage: `${compiled.message}\n${message}`.trim(), tests: [] };
    }
    const argv = expandArgv(language.run, { memoryMb: Math.round(problem.memoryLimitMb), ...values });
    const tests: TestResult[] = [];
    // The backend gets headroom over the time limit (see RERUN_FACTOR).
    const runLimitsWithHeadroom = { ...limits, cpuMs: Math.ceil(limits.cpuMs * RERUN_FACTOR) };
    const runs = await clock.time('runMs', () =>
      openTestRuns({
        backend: ctx.backend,
        workRoot: ctx.workRoot,
        argv,
        workDir,
        env: languageEnv(language),
        limits: runLimitsWithHeadroom,
        tests: problem.tests,
        // A test of an interactive or multi-pass problem is more than one run of the program (interactive.ts).
        sessions: ctx.sessions !== false && !problem.interaction,
        log: ctx.log,
      }),
    );
    let scored: ScoredResult | undefined;
    // Compiled: the first test is about to run.
    onProgress?.({ phase: 'running', index: 0, total });
    try {
      const runOne = async (i: number): Promise<TestResult> => {
        const test = problem.tests[i];
        const outputFile = path.join(outputDir, `${i}.out`);
        const result = problem.interaction
          ? await clock.time('runMs', () =>
              judgeInteractiveTest(ctx.specialJudges, { problem, test, language, argv, workDir, env: languageEnv(language), limits: runLimitsWithHeadroom, cpuLimitMs: limits.cpuMs, outputFile }),
            )
          : await judgeTest(ctx, clock, { runs, index: i, test, cpuLimitMs: limits.cpuMs, language, workDir, outputFile });
        tests.push(result);
        onProgress?.({ phase: 'running', index: tests.length, total, test: result });
        return result;
      };
      if (problem.scoring) {
        // The groups decide which tests run (on_reject) and what the submission scores.
        scored = await judgeScored(problem.scoring.root, runOne);
      } else {
        for (const i of problem.tests.keys()) {
          const result = await runOne(i);
          if (result.verdict !== 'AC' && !options.runAll) break;
        }
      }
    } finally {
      await runs.close();
    }
    onProgress?.({ phase: 'done', total });
    return {
      ...(scored ? { score: scored.score, maxScore: scored.maxScore, groups: scored.groups } : {}),
      verdict: scored?.verdict ?? overallVerdict(tests),
      timeMs: Math.max(0, ...tests.map((t) => t.timeMs)),
      memoryKb: Math.max(0, ...tests.map((t) => t.memoryKb)),
      compileMessage: compiled.message,
      tests,
    };
  } finally {
    await Promise.all([removeDir(workDir), removeDir(outputDir)]);
  }
}

/**
 * What the package forbids before anything runs: a language it does not allow (problem.yaml
 * `languages`), sources over its `limits.code`.
 */
function refusal({ problem, language, source, files }: JudgeRequest): string | null {
  const byLanguage = languageRefusal(problem.languages, language);
  if (byLanguage) return byLanguage;
  const codeKb = problem.resourceLimits?.codeKb;
  const bytes = files?.length ? files.reduce((sum, f) => sum + Buffer.byteLength(f.content, 'utf8'), 0) : Buffer.byteLength(source, 'utf8');
  if (codeKb !== undefined && bytes > codeKb * 1024) return `the source takes ${(bytes / 1024).toFixed(1)} KiB, over the problem's ${codeKb} KiB (problem.yaml limits.code)`;
  return null;
}

/** The problem's files for every submission in this language: include/<language>/, else include/default/. */
async function includedFiles(problem: Problem, language: Language): Promise<SourceFile[]> {
  if (!problem.includeDir) return [];
  // One include/ folder serves every C++ and Python 3 (Kattis codes).
  for (const folder of [language.id, KATTIS_LANGUAGE_CODES[language.id], 'default']) {
    if (!folder) continue;
    const dir = path.join(problem.includeDir, folder);
    if (!(await isDirectory(dir))) continue;
    const names = await listFiles(dir);
    if (names.length === 0) continue;
    return Promise.all(names.map(async (name) => ({ name: name.split(path.sep).join('/'), content: await readFile(path.join(dir, name), 'utf8') })));
  }
  return [];
}

/**
 * The submission with the problem's included files, which replace its own of the same name; a
 * driver named as the language's main file (or as the submission's main file) becomes the main file.
 */
function withIncluded(layout: SourceLayout | { error: string }, included: SourceFile[], language: Language, request: JudgeRequest): SourceLayout | { error: string } {
  if ('error' in layout || included.length === 0) return layout;
  const names = new Set(included.map((f) => f.name));
  // A single source named as a driver (given the language's name, or submitted as main.cpp): the
  // driver keeps the name, and the submission is renamed instead of replaced.
  const unnamed = (request.files?.length ?? 0) <= 1 && layout.files.length === 1 && names.has(layout.files[0].name);
  const own = unnamed ? [{ ...layout.files[0], name: `submission${path.extname(layout.files[0].name)}` }] : layout.files;
  const files = [...own.filter((f) => !names.has(f.name)), ...included];
  const driver = included.find((f) => f.name === language.sourceFile || f.name === layout.mainFile);
  return layoutSources(language, '', files, request.submissionName, { mainFile: driver?.name ?? layout.mainFile, guessMainFile: request.guessMainFile });
}

/** Compiles, or restores the same sources' program compiled before by the same toolchain. */
async function compileSubmission(
  ctx: JudgeRunContext,
  language: Language,
  workDir: string,
  layout: SourceLayout,
  values: ReturnType<typeof layoutValues>,
  problem: Problem,
): Promise<CompileOutcome> {
  if (!language.compile) return { status: 'OK', message: '' };
  const named = problem.resourceLimits?.compile;
  const single = layout.files.length === 1 && layout.files[0].name === language.sourceFile && !named;
  // A single file under the language's name keeps its key of before (a cache survives upgrades);
  // several files are compiled by what they are and which of them is the main one, and under a
  // package's own compile limits by those too (what compiled with more may not with less).
  const cacheText = single
    ? layout.files[0].content
    : JSON.stringify({ main: layout.mainFile, files: layout.files.map((f) => [f.name, f.content]), ...(named ? { limits: named } : {}) });
  const key = ctx.compileCache && ctx.toolchain ? ctx.compileCache.key(language, ctx.toolchain, cacheText) : null;
  if (key) {
    const kept = await ctx.compileCache!.restore(key, workDir);
    if (kept) return { status: 'OK', message: kept.message };
  }
  const extras = ctx.precompiledHeaders && ctx.toolchain ? await ctx.precompiledHeaders.extrasFor(language, ctx.toolchain) : null;
  const outcome = await compileInDir(ctx.backend, language, workDir, problem.memoryLimitMb, extras, values, compileLimits(named));
  // The cache is optional: a failed write (a full disk) costs the next compile, never this judging.
  if (key && outcome.status === 'OK') {
    await ctx.compileCache!.keep(key, workDir, layout.files.map((f) => f.name), outcome.message).catch((err: Error) => ctx.log?.(`could not keep a compile in the cache: ${err.message}`));
  }
  return outcome;
}

async function writeSources(workDir: string, layout: SourceLayout): Promise<void> {
  for (const file of layout.files) {
    const target = path.join(workDir, file.name);
    if (file.name.includes('/')) await mkdir(path.dirname(target), { recursive: true, mode: 0o755 });
    await writeFile(target, file.content, { mode: 0o644, flag: 'wx' });
  }
}

interface TestRun {
  runs: TestRuns;
  index: number;
  test: TestCase;
  cpuLimitMs: number;
  language: Language;
  workDir: string;
  outputFile: string;
}

async function judgeTest(ctx: JudgeRunContext, clock: PhaseClock, run: TestRun): Promise<TestResult> {
  const { cpuLimitMs } = run;
  const execute = () => clock.time('runMs', () => run.runs.run(run.index, run.outputFile));
  let result = await execute();
  if (worthAnotherRun(result, cpuLimitMs)) result = await execute();
  const base = { name: run.test.name, timeMs: Math.round(result.cpuMs), wallMs: Math.round(result.wallMs), memoryKb: Math.round(result.memoryKb) };
  const early = runVerdict(result, run.language, cpuLimitMs);
  if (early) return { ...base, verdict: early, ...(early === 'TLE' ? { tleBy: tleBy(result, cpuLimitMs) } : {}), message: result.message ?? firstLine(result.stderr) };
  const checked = await clock.time('checkMs', () =>
    ctx.checkOutput({ input: run.test.input, answer: run.test.answer, output: run.outputFile, outputData: result.stdoutBuffer, workDir: run.workDir }, run.test.validatorFlags),
  );
  return { ...base, verdict: checked.verdict, message: checked.message, ...(checked.score !== undefined ? { score: checked.score } : {}) };
}

function firstLine(text: string): string | undefined {
  return text.split('\n').find((l) => l.trim() !== '')?.slice(0, 200);
}
