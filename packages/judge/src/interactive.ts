// One test of an interactive and/or multi-pass problem (Kattis `type: interactive`, `multi-pass`):
// the program runs beside the problem's validator, joined by pipes (the backend's runInteractive),
// or, multi-pass without interaction, before it as in a batch test. The validator may then ask for
// another pass (Kattis: `nextpass.in` in its feedback folder, which lasts across the passes). The
// verdict rules are problemtools' (docs/judge.md, "Interactive and multi-pass problems").
import { constants as fsConstants, createWriteStream } from 'node:fs';
import { chmod, lstat, mkdir, open, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { InteractiveRunResult, JudgeBackend, RunLimits, RunResult } from './plugin-api.ts';
import { compileSpecialJudge, kattisVerdict, runSpecialJudge, specialJudgeArgv, testlibVerdict, type CompiledSpecialJudge, type SpecialJudgeEnv, validatorLimits } from './checkers/special.ts';
import { languageEnv } from './languages.ts';
import type { Language, Problem, TestCase, TestResult, Verdict } from './types.ts';
import { runVerdict, tleBy, worthAnotherRun } from './verdict.ts';
import { copyReadable, copyTree, makeWorkDir, removeDir } from './workspace.ts';

type Protocol = 'kattis' | 'testlib';

export interface InteractiveTest {
  problem: Problem;
  test: TestCase;
  language: Language;
  /** The compiled program: argv, work folder (never run in: each run gets a copy) and environment as for a batch test. */
  argv: string[];
  workDir: string;
  env: Record<string, string> | undefined;
  /** The program's limits, with the headroom over the time limit (see worthAnotherRun). */
  limits: RunLimits;
  cpuLimitMs: number;
  /** A file in a folder of the judge's: a batch pass's output; pass inputs go beside it. */
  outputFile: string;
}

const MESSAGE_BYTES = 4096;

/**
 * The feedback folder lasts across passes, and the validator must be able to append to what it
 * wrote there before (Kattis). The sandbox copies a work folder's files in as root's and
 * read-only (docs/sandbox.md), so from the second pass on the validator is started by a shell
 * that first puts a copy of its own in place of each feedback file.
 */
const OWN_FEEDBACK_FILES = 'find feedback -type f -exec sh -c \'cp "$1" "$1.verdict-own" && mv -f "$1.verdict-own" "$1"\' sh {} \\; ; exec "$@"';

/**
 * Why this judge cannot judge the problem as its package means it, or null: interactive and
 * multi-pass problems need a validator of their own, and interactive ones a backend that joins
 * two sandboxes by pipes. Never judged as a batch problem instead.
 */
export function interactionProblem(problem: Problem, backend: JudgeBackend): string | null {
  const interaction = problem.interaction;
  if (!interaction) return null;
  const kind = interaction.interactive ? 'an interactive' : 'a multi-pass';
  const { checker } = problem;
  if (checker.kind !== 'kattis' && checker.kind !== 'testlib') return `${kind} problem needs its own output validator (Kattis or testlib), not the ${checker.kind} checker`;
  if (interaction.multiPass && checker.kind === 'testlib') return 'a multi-pass problem needs a Kattis output validator (feedback folder, nextpass.in): testlib has none';
  if (interaction.interactive && !backend.runInteractive) {
    return `the judge backend "${backend.name}" cannot judge interactive problems: it has no runInteractive (the program and the validator in two sandboxes joined by pipes)`;
  }
  return null;
}

export async function judgeInteractiveTest(env: SpecialJudgeEnv, t: InteractiveTest): Promise<TestResult> {
  const checker = t.problem.checker;
  const base = { name: t.test.name, timeMs: 0, memoryKb: 0 };
  const unsupported = interactionProblem(t.problem, env.backend);
  if (unsupported || (checker.kind !== 'kattis' && checker.kind !== 'testlib')) return { ...base, verdict: 'SE', message: unsupported ?? 'no validator' };
  let validator: CompiledSpecialJudge;
  try {
    validator = await compileSpecialJudge(env, checker.source);
  } catch (err) {
    return { ...base, verdict: 'SE', message: (err as Error).message };
  }
  const flags = checker.kind === 'kattis' ? (t.test.validatorFlags ?? checker.flags) : [];
  const passes = new Passes(env, t, validator, checker.kind, flags);
  const first = await passes.judge();
  // The second run decides, every pass again from the first with a fresh feedback folder.
  return first.rerun ? (await passes.judge()).result : first.result;
}

interface PassOutcome {
  verdict: Verdict;
  message?: string;
  /** The validator's exit code (null when it did not run or did not exit). */
  validatorExit: number | null;
  program: RunResult;
}

/** Every pass of one test: the validator's folder (its files, the test's answer, the feedback folder) lasts across them. */
class Passes {
  constructor(
    private readonly env: SpecialJudgeEnv,
    private readonly t: InteractiveTest,
    private readonly validator: CompiledSpecialJudge,
    private readonly protocol: Protocol,
    private readonly flags: string[],
  ) {}

  async judge(): Promise<{ result: TestResult; rerun: boolean }> {
    const { t } = this;
    const dir = await makeWorkDir(this.env.workRoot, 'check');
    const inputs: string[] = [];
    const programDirs: string[] = [];
    let timeMs = 0;
    let wallMs = 0;
    let limitHit: TestResult['tleBy'];
    let memoryKb = 0;
    let rerun = false;
    const result = (verdict: Verdict, message?: string): { result: TestResult; rerun: boolean } => ({ result: { name: t.test.name, verdict, timeMs, wallMs, memoryKb, ...(verdict === 'TLE' && limitHit ? { tleBy: limitHit } : {}), message }, rerun });
    try {
      await copyTree(this.validator.dir, dir);
      await copyReadable(t.test.answer, path.join(dir, 'answer.txt'));
      const feedback = path.join(dir, 'feedback');
      await mkdir(feedback);
      await chmod(feedback, 0o777);
      const { maxPasses, multiPass } = t.problem.interaction!;
      if (multiPass) {
        // BAPCtools' validate.h keeps its state between passes in feedback/multipass/ and does
        // not make the folder: BAPCtools does, and so must we (its alternativeencryption).
        await mkdir(path.join(feedback, 'multipass'));
        await chmod(path.join(feedback, 'multipass'), 0o777);
      }
      let input = t.test.input;
      for (let pass = 1; ; pass++) {
        // The validator's folder is its own to write: whatever it left under the name goes first.
        await rm(path.join(dir, 'input.txt'), { force: true });
        await copyReadable(input, path.join(dir, 'input.txt'));
        const argv = pass === 1 ? this.validatorArgv() : ['/bin/sh', '-c', OWN_FEEDBACK_FILES, 'sh', ...this.validatorArgv()];
        // Every run of the program starts from the compiled program alone. A run's work folder
        // comes back to the host with what the program left in it (docs/sandbox.md), and the
        // program learns from the validator as it goes: what one pass (or the first run of a
        // test judged again, a re-run the program can bring about by waiting for the wall-clock
        // limit) kept in a file, the next one read, and won (found by a hostile review: an
        // interactive search with too few guesses for one run was AC in two).
        const programDir = await makeWorkDir(this.env.workRoot, 'submission');
        programDirs.push(programDir);
        await copyTree(t.workDir, programDir);
        const outcome = t.problem.interaction!.interactive ? await this.interactivePass(dir, programDir, argv) : await this.batchPass(dir, programDir, input, argv);
        // The time and memory limits hold for each pass; the test's figures are the largest (problemtools).
        const capped = outcome.verdict === 'WA' || outcome.verdict === 'PE' ? Math.min(outcome.program.cpuMs, t.cpuLimitMs) : outcome.program.cpuMs;
        timeMs = Math.max(timeMs, Math.round(capped));
        wallMs = Math.max(wallMs, Math.round(outcome.program.wallMs));
        if (outcome.verdict === 'TLE') limitHit = tleBy(outcome.program, t.cpuLimitMs);
        memoryKb = Math.max(memoryKb, Math.round(outcome.program.memoryKb));
        rerun ||= worthAnotherRun(outcome.program, t.cpuLimitMs);
        if (!multiPass) return result(outcome.verdict, outcome.message);
        const next = path.join(path.dirname(t.outputFile), `${path.basename(t.outputFile)}.pass${pass + 1}.in`);
        const asked = await takeNextPass(feedback, next);
        if (asked) inputs.push(next);
        if (asked && outcome.validatorExit !== 42) return result('SE', `the validator wrote nextpass.in but did not accept the pass (exit ${outcome.validatorExit ?? 'none'})`);
        if (outcome.verdict !== 'AC' || !asked) return result(outcome.verdict, outcome.message);
        if (pass >= maxPasses) return result('SE', `the validator asked for pass ${pass + 1}, over the problem's ${maxPasses} (limits.validation_passes)`);
        input = next;
      }
    } finally {
      await removeDir(dir);
      await Promise.all([...inputs.map((file) => rm(file, { force: true })), ...programDirs.map(removeDir)]);
    }
  }

  /** The judge's limits for a validator, or the package's own (limits.validation_*). */
  private validatorLimits(): RunLimits {
    const checker = this.t.problem.checker;
    return validatorLimits(checker.kind === 'kattis' || checker.kind === 'testlib' ? checker.limits : undefined);
  }

  /** The validator's argv: Kattis `input answer feedback_dir [flags]`, testlib `input output answer`. */
  private validatorArgv(): string[] {
    const run = specialJudgeArgv(this.validator);
    return this.protocol === 'kattis' ? [...run, 'input.txt', 'answer.txt', 'feedback/', ...this.flags] : [...run, 'input.txt', 'output.txt', 'answer.txt'];
  }

  private async interactivePass(dir: string, programDir: string, validatorArgv: string[]): Promise<PassOutcome> {
    const { t } = this;
    const run = await this.env.backend.runInteractive!({
      program: { argv: t.argv, workDir: programDir, env: t.env, limits: t.limits, chargeWorkDir: true },
      validator: { argv: validatorArgv, workDir: dir, env: languageEnv(this.validator.language), limits: interactorLimits(t.limits, this.validatorLimits()) },
    });
    const said = await this.validatorSays(run.validator, dir);
    const decided = interactiveVerdict(run, said, t.language, t.cpuLimitMs);
    const checked = decided.verdict === 'AC' && t.problem.interaction?.checker ? await this.checkInteractorOutput(dir, t.problem.interaction.checker.source) : decided;
    return { ...checked, validatorExit: run.validator.exitCode, program: run.program };
  }

  /**
   * Polygon's interactive problems: once the interactor accepts, the problem's testlib checker reads what the
   * interactor wrote to output.txt (`checker input output.txt answer`) and decides. Only a regular file counts.
   */
  private async checkInteractorOutput(dir: string, source: string): Promise<{ verdict: Verdict; message?: string }> {
    const written = await lstat(path.join(dir, 'output.txt')).catch(() => null);
    if (!written?.isFile()) return { verdict: 'SE', message: 'the interactor accepted but wrote no output.txt for the checker' };
    let checker: CompiledSpecialJudge;
    try {
      checker = await compileSpecialJudge(this.env, source);
    } catch (err) {
      return { verdict: 'SE', message: `the checker: ${(err as Error).message}` };
    }
    const { t } = this;
    const result = await runSpecialJudge(this.env, checker, 'testlib', { input: t.test.input, answer: t.test.answer, output: path.join(dir, 'output.txt'), workDir: dir }, [], this.validatorLimits());
    return { verdict: result.verdict, message: result.message };
  }

  /** A multi-pass problem without interaction: the program on the pass's input, then the validator on its output. */
  private async batchPass(dir: string, programDir: string, input: string, validatorArgv: string[]): Promise<PassOutcome> {
    const { t } = this;
    const program = await this.env.backend.run({ argv: t.argv, workDir: programDir, env: t.env, stdin: { file: input }, stdoutFile: t.outputFile, limits: t.limits, chargeWorkDir: true });
    const early = runVerdict(program, t.language, t.cpuLimitMs);
    if (early) return { verdict: early, message: program.message ?? firstLine(program.stderr), validatorExit: null, program };
    const validator = await this.env.backend.run({
      argv: validatorArgv,
      workDir: dir,
      env: languageEnv(this.validator.language),
      stdin: { file: t.outputFile },
      limits: this.validatorLimits(),
    });
    const said = await this.validatorSays(validator, dir);
    return { verdict: said.verdict, message: said.message, validatorExit: validator.exitCode, program };
  }

  /** The validator's verdict from its exit code, SE when it failed; its message (judgemessage.txt or testlib's stderr). */
  private async validatorSays(validator: RunResult, dir: string): Promise<{ verdict: Verdict; message?: string }> {
    const message = this.protocol === 'kattis' ? await readFeedbackFile(path.join(dir, 'feedback'), 'judgemessage.txt') : validator.stderr.trim().slice(0, MESSAGE_BYTES);
    if (validator.status === 'SE') return { verdict: 'SE', message: `the validator could not run: ${validator.message ?? ''}`.trim() };
    if (validator.status !== 'OK' && validator.status !== 'RE') return { verdict: 'SE', message: `the validator ended ${validator.status}: ${validator.message ?? ''}`.trim() };
    const verdict = this.protocol === 'kattis' ? kattisVerdict(validator.exitCode) : testlibVerdict(validator.exitCode);
    if (verdict === 'SE') return { verdict, message: `the validator failed (exit ${validator.exitCode ?? validator.signal}): ${message}`.trim() };
    return { verdict, message: message || undefined };
  }
}

/**
 * problemtools' rule (judge/execute.py, _run_interactive): a validator that failed decides (SE),
 * and so does one that rejected the program (WA, PE) before the program ended; otherwise a program
 * over its time limit is TLE, one that crashed is MLE/RE as in a batch test (SIGPIPE excepted: the
 * validator had stopped reading, so the validator decides), and else the validator's verdict.
 */
export function interactiveVerdict(
  run: InteractiveRunResult,
  said: { verdict: Verdict; message?: string },
  language: Language,
  cpuLimitMs: number,
): { verdict: Verdict; message?: string } {
  const { program } = run;
  if (program.status === 'SE') return { verdict: 'SE', message: program.message };
  if (said.verdict === 'SE') return said;
  if (said.verdict !== 'AC' && run.firstToEnd === 'validator') return said;
  const brokenPipe = program.status === 'RE' && program.signal === 'SIGPIPE';
  const early = runVerdict(brokenPipe ? { ...program, status: 'OK' } : program, language, cpuLimitMs);
  if (early) return { verdict: early, message: program.message ?? firstLine(program.stderr) };
  return said;
}

/**
 * The validator lives as long as the program may (its wall-clock limit and more), so that a
 * deadlock ends at the program's limit (TLE), never at the validator's (SE).
 */
function interactorLimits(program: RunLimits, own: RunLimits): RunLimits {
  const programWallMs = program.wallMs ?? 3 * program.cpuMs;
  return { ...own, cpuMs: Math.max(own.cpuMs, programWallMs), wallMs: programWallMs + own.wallMs! };
}

/**
 * Moves the validator's feedback_dir/nextpass.in to `target` (a file of the judge's, which the
 * next pass reads as its input); false when there is none. Only a regular file counts: the
 * validator writes its folder, and a link there must not make the judge read a file of the host.
 */
async function takeNextPass(feedback: string, target: string): Promise<boolean> {
  const handle = await openRegular(feedback, 'nextpass.in');
  if (!handle) return false;
  try {
    await pipeline(handle.createReadStream({ autoClose: false }), createWriteStream(target, { mode: 0o644 }));
  } finally {
    await handle.close();
  }
  await unlink(path.join(feedback, 'nextpass.in'));
  return true;
}

/** The start of a feedback file the validator wrote ('' when there is none), as text. */
async function readFeedbackFile(feedback: string, name: string): Promise<string> {
  const handle = await openRegular(feedback, name);
  if (!handle) return '';
  try {
    const buffer = Buffer.alloc(MESSAGE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, MESSAGE_BYTES, 0);
    return buffer.subarray(0, bytesRead).toString('utf8').replaceAll('\0', '\uFFFD').trim();
  } finally {
    await handle.close();
  }
}

/** `dir/name` opened when `dir` is a folder (not a link) and `name` a regular file in it (not a link, FIFO or device). */
async function openRegular(dir: string, name: string) {
  const folder = await lstat(dir).catch(() => null);
  if (!folder?.isDirectory()) return null;
  const handle = await open(path.join(dir, name), fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW | fsConstants.O_NONBLOCK).catch(() => null);
  if (handle && !(await handle.stat()).isFile()) {
    await handle.close();
    return null;
  }
  return handle;
}

function firstLine(text: string): string | undefined {
  return text.split('\n').find((l) => l.trim() !== '')?.slice(0, 200);
}
