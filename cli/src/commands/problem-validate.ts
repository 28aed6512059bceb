// `verdict problem validate <problem>`: judge every submission under submissions/<verdict>/ (a
// file, or a folder of files) and check that each gets a verdict its folder promises, as
// problemtools' verifyproblem does. A package that names no time limit gets one from its
// accepted submissions first: the slowest one's time × the package's time multiplier, in whole
// seconds (at least 1), and the others are judged with it. A submission expected to time out
// must still do so with the time limit × the package's safety margin (problemtools: else it is
// "sensitive to the time limit"); the others must get their verdict under the time limit itself.
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brokenExpectation, languageForSubmission, languageRefusal, type ExpectedSubmission, type Judge, type Language, type Problem, type SourceFile, type Verdict } from '@verdict/judge';
import { CliError } from '../errors.ts';
import { openJudge, openProblem, publicTest } from '../judge-setup.ts';
import { printJson, printTable, progressBar, type ProgressBar } from '../output.ts';

interface ValidateFlags {
  json?: boolean;
  backend?: string;
  /** Submissions judged at once (default: the machine's cores); the sandbox gives each its own core. */
  jobs?: string;
}

interface Row {
  file: string;
  language: string;
  expected: Verdict;
  accepts: Verdict[];
  verdict: Verdict | null;
  timeMs: number;
  memoryKb: number;
  /** Each test run, as `verdict judge --json` shows it (its wall time; a TLE's deciding limit). */
  tests: ReturnType<typeof publicTest>[];
  ok: boolean;
  /** The parts of the test data with expectations of their own (checked test by test). */
  perTest?: string[];
  /** Scoring problems: what it scored of the most possible. */
  score?: number;
  maxScore?: number;
  detail: string;
}

/** The limit accepted submissions run with when the package names none (they find the real one). */
const PROBE_TIME_LIMIT_MS = 20_000;

export default async function problemValidate(problemPath: string, flags: ValidateFlags): Promise<number> {
  const jobs = flags.jobs === undefined ? os.availableParallelism() : Number(flags.jobs);
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 256) throw new CliError(`--jobs must be a whole number from 1 to 256, got "${flags.jobs}"`);
  const judge = await openJudge(flags.backend);
  const { problem, cleanup } = await openProblem(problemPath);
  try {
    if (problem.submissions.length === 0) throw new CliError(`problem ${problemPath}: no submissions under submissions/<expected verdict>/`);
    const available = await judge.languages();
    const bar = progressBar(problem.submissions.length, !flags.json);
    const derive = problem.timeLimitFrom === 'default' && problem.timeMultiplier !== undefined;
    // What bounds the time limit from below: the accepted submissions (problemtools), and in
    // 2023-07 and 2025-09 the wrong_answer and run_time_error ones too (they must not time out).
    const bounding = problem.formatVersion === '2023-07' || problem.formatVersion === '2025-09' ? ['accepted', 'wrong_answer', 'run_time_error'] : ['accepted'];
    const accepted = problem.submissions.filter((s) => bounding.includes(s.folder));
    const rows = new Map<ExpectedSubmission, Row>();
    let limit = { ...problem };
    let limitNote = `time limit ${seconds(problem.timeLimitMs)} (${problem.timeLimitFrom === 'default' ? 'default' : 'from the package'})`;
    if (derive && accepted.length > 0) {
      const probe = { ...problem, timeLimitMs: PROBE_TIME_LIMIT_MS };
      await inParallel(accepted, jobs, async (s) => rows.set(s, await judgeOne(judge, probe, s, available, bar, rows.size)));
      const slowest = Math.max(0, ...[...rows.values()].filter((r) => r.verdict !== null && !['TLE', 'CE', 'SE'].includes(r.verdict)).map((r) => r.timeMs));
      const timeLimitMs = derivedTimeLimitMs(slowest, problem);
      limit = { ...problem, timeLimitMs };
      const which = bounding.length > 1 ? 'accepted, wrong_answer and run_time_error submissions' : 'accepted submission';
      const rounding = problem.timeResolution === undefined ? 'in whole seconds' : `rounded up to limits.time_resolution ${problem.timeResolution} s`;
      limitNote = `time limit ${seconds(timeLimitMs)}: the slowest ${which}'s ${seconds(slowest)} × ${problem.timeMultiplier}, ${rounding}`;
      for (const [s, row] of rows) if (row.verdict !== null && !['TLE', 'CE', 'SE'].includes(row.verdict) && row.timeMs > timeLimitMs) rows.set(s, { ...row, verdict: 'TLE', ok: s.accepts.includes('TLE') });
    }
    const margin = safetyMargin(problem);
    if (margin && problem.submissions.some(withMargin)) limitNote += `; time_limit_exceeded submissions must exceed it × ${margin.field} ${margin.factor}: ${seconds(Math.round(limit.timeLimitMs * margin.factor))}`;
    await inParallel(
      problem.submissions.filter((s) => !rows.has(s)),
      jobs,
      async (s) => rows.set(s, margin && withMargin(s) ? await judgeWithMargin(judge, limit, margin, s, available, bar, rows.size) : await judgeOne(judge, limit, s, available, bar, rows.size)),
    );
    bar.stop();
    const ordered = problem.submissions.map((s) => rows.get(s)!);
    const ok = ordered.every((r) => r.ok);
    // The table cuts details short; the margin's are worth reading whole.
    const notes = [...(problem.submissionNotes ?? []), ...ordered.filter((r) => r.detail.startsWith(SENSITIVE)).map((r) => `${r.file}: ${r.detail}`)];
    if (flags.json) {
      printJson({ problem: problem.name, ok, timeLimitMs: limit.timeLimitMs, timeLimit: limitNote, submissions: ordered, notes });
    } else {
      printTable(
        ['Submission', 'Lang', 'Expected', 'Got', 'Time', 'Memory (KB)', '', 'Detail'],
        ordered.map((r) => [r.file, r.language, expectedText(r), r.verdict ?? '-', `${seconds(r.timeMs)} / ${seconds(limit.timeLimitMs)}`, r.memoryKb, r.ok ? 'ok' : 'MISMATCH', `${r.score !== undefined ? `score ${r.score}/${r.maxScore} ` : ''}${r.detail}`.slice(0, 50)]),
      );
      for (const note of notes) console.log(`note: ${note}`);
      console.log(limitNote);
      const bad = ordered.filter((r) => !r.ok).length;
      console.log(ok ? `${problem.name}: all ${ordered.length} submissions got their expected verdicts` : `${problem.name}: ${bad} of ${ordered.length} submissions did not get their expected verdict`);
    }
    return ok ? 0 : 1;
  } finally {
    await Promise.all([cleanup(), judge.close()]);
  }
}

const SENSITIVE = 'sensitive to the time limit';

/** `fn` on every item, at most `jobs` at once, in the items' order as each place frees. */
async function inParallel<T>(items: T[], jobs: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(jobs, items.length) }, worker));
}

interface SafetyMargin {
  factor: number;
  /** The problem.yaml field it comes from, for messages. */
  field: string;
}

/**
 * The time limit the slowest bounding submission gives: its time × the multiplier, at least 1 s.
 * 2023-07 and 2025-09 round it up to a multiple of `limits.time_resolution`, as the format and
 * problemtools do; legacy packages round it to whole seconds, half up (problemtools' legacy rule).
 */
export function derivedTimeLimitMs(slowestMs: number, problem: Pick<Problem, 'timeMultiplier' | 'timeResolution'>): number {
  const exactMs = slowestMs * problem.timeMultiplier!;
  if (problem.timeResolution === undefined) return Math.max(1, Math.round(exactMs / 1000)) * 1000;
  const stepMs = Math.round(problem.timeResolution * 1000);
  // A float product such as 0.1 × 3 must not step up past a whole multiple.
  const steps = Math.ceil(exactMs / stepMs - 1e-9);
  return Math.max(1, steps) * stepMs;
}

function safetyMargin(problem: Problem): SafetyMargin | null {
  if (problem.timeSafetyMargin === undefined) return null;
  const field = problem.formatVersion === 'legacy' ? 'limits.time_safety_margin' : 'limits.time_multipliers.time_limit_to_tle';
  return { factor: problem.timeSafetyMargin, field };
}

/** Judged with the margin: expected to time out, without expectations of its own for parts of the test data. */
function withMargin(s: ExpectedSubmission): boolean {
  return s.expected === 'TLE' && !s.tests;
}

/**
 * Runs the submission once with the time limit × the margin. Still TLE: as expected. Finished
 * within it but over the time limit: TLE under the limit, but only just, which the package's
 * margin says it must not be. Within the time limit itself: its verdict is the same under both.
 */
async function judgeWithMargin(judge: Judge, problem: Problem, margin: SafetyMargin, submission: ExpectedSubmission, available: Language[], bar: ProgressBar, done: number): Promise<Row> {
  const high = Math.round(problem.timeLimitMs * margin.factor);
  const row = await judgeOne(judge, { ...problem, timeLimitMs: high }, submission, available, bar, done);
  if (row.verdict === null || row.verdict === 'TLE' || row.timeMs <= problem.timeLimitMs) return row;
  const detail = `${SENSITIVE}: ${row.verdict} in ${seconds(row.timeMs)} with ${seconds(high)} (the time limit × ${margin.field} ${margin.factor})`;
  return { ...row, verdict: 'TLE', ok: false, detail };
}

async function judgeOne(judge: Judge, problem: Problem, submission: ExpectedSubmission, available: Language[], bar: ProgressBar, done: number): Promise<Row> {
  const file = path.relative(problem.dir, submission.path);
  bar.update(done, file);
  // A folder's files keep their names (a folder of one file too: its name must be a file name).
  const folder = submission.files.length > 1 || submission.files[0] !== submission.path;
  const files: SourceFile[] = await Promise.all(
    submission.files.map(async (f) => ({ name: path.relative(folder ? submission.path : path.dirname(f), f).split(path.sep).join('/'), content: await readFile(f, 'utf8') })),
  );
  const detected = languageForSubmission(judge.allLanguages, files);
  const base = {
    file,
    language: 'language' in detected ? detected.language.id : '?',
    expected: submission.expected,
    accepts: submission.accepts,
    ...(submission.tests ? { perTest: submission.tests.map((t) => t.part) } : {}),
    timeMs: 0,
    memoryKb: 0,
    tests: [],
  };
  if ('error' in detected) return { ...base, verdict: null, ok: false, detail: detected.error };
  const language = detected.language;
  if (!available.some((l) => l.id === language.id)) return { ...base, verdict: null, ok: false, detail: `language ${language.id} is not available on this machine` };
  const refused = languageRefusal(problem.languages, language);
  if (refused) return { ...base, verdict: null, ok: false, detail: `not judged: ${refused}` };
  const result = await judge.judgeSubmission({
    problem,
    language,
    source: files[0].content,
    files,
    submissionName: path.basename(submission.path, path.extname(submission.path)),
    // The package's entry point, else DOMjudge's automatic detection for its own submissions.
    mainFile: submission.entryPoint,
    guessMainFile: true,
    // Expectations for parts of the test data are checked on every test's verdict.
    ...(submission.tests ? { options: { runAll: true } } : {}),
  });
  const failed = result.tests.find((t) => t.verdict !== 'AC');
  const broken = brokenExpectation(submission, result);
  const detail = (result.verdict === 'CE' || result.verdict === 'SE') && result.compileMessage ? result.compileMessage.split('\n')[0] : failed ? `${failed.name}: ${failed.message ?? ''}` : '';
  return {
    ...base,
    verdict: result.verdict,
    timeMs: result.timeMs,
    memoryKb: result.memoryKb,
    tests: result.tests.map(publicTest),
    ok: broken === null && submission.accepts.includes(result.verdict) && (!submission.partialScore || (result.score !== undefined && result.score > 0 && result.score < (result.maxScore ?? 0))),
    ...(result.score !== undefined ? { score: result.score, maxScore: result.maxScore } : {}),
    detail: broken ?? detail,
  };
}

function expectedText(r: Row): string {
  const overall = r.accepts.length > 1 ? `${r.expected} (or ${r.accepts.filter((v) => v !== r.expected).join('/')})` : r.expected;
  return r.perTest ? `per test: ${r.perTest.join(', ')}` : overall;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms % 1000 === 0 ? 0 : 2)} s`;
}
