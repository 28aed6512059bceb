// One `judge-submission` job: claim the record (JG, one more attempt), judge it against the
// package it was submitted for, store the verdict. A claim is an attempt number; a result is
// stored only while that attempt still owns the record, so a rejudge or a worker that took
// over an expired lock always wins over a late writer.
import type { Kysely } from 'kysely';
import type { DB, TestResult } from '../../db/schema.ts';
import { JudgeSetupError, type Judge } from '@verdict/judge';
import type { JudgeProgress, JudgeResult } from '@verdict/judge';
import type { Logger } from '../../logger.ts';
import type { PackageCache } from './judge-queue-packages.ts';
import { MAX_JUDGE_ATTEMPTS, PENDING_STATES, storeFinalVerdict } from '../submissions/index.ts';

const COMPILE_MESSAGE_LIMIT = 16 * 1024;
/** Delay before a record whose judging failed for a passing reason (database, disk) is tried again. */
export const RETRY_DELAY_MS = 5000;
/** How often, at most, the test being run is written for the live updates. */
const PROGRESS_EVERY_MS = 250;

export interface JudgeRunDeps {
  db: Kysely<DB>;
  judge: () => Promise<Judge>;
  packages: PackageCache;
  log: Logger;
  retry: (submissionId: number, delayMs: number) => Promise<void>;
}

export async function judgeRecord(deps: JudgeRunDeps, submissionId: number, keepAlive: () => void = () => {}): Promise<void> {
  const { db, log } = deps;
  const claimed = await db
    .updateTable('submissions')
    .set((eb) => ({ status: 'JG', judge_attempts: eb('judge_attempts', '+', 1), judge_started_at: new Date(), timings: null, judging_test: 0 }))
    .where('id', '=', submissionId)
    .where('status', 'in', [...PENDING_STATES])
    .returning(['id', 'problem_id', 'contest_id', 'language', 'code', 'files', 'package_hash', 'judge_attempts'])
    .executeTakeFirst();
  if (!claimed) return; // already judged, or deleted
  const attempt = claimed.judge_attempts;
  const store = (result: JudgeResult) => storeResult(db, log, submissionId, attempt, result);
  if (attempt > MAX_JUDGE_ATTEMPTS) {
    await store(systemError(`Judging failed ${attempt - 1} times; please contact the administrator.`));
    return;
  }
  try {
    const problemRow = await db.selectFrom('problems').select(['time_limit', 'memory_limit', 'package_hash', 'language_factors']).where('id', '=', claimed.problem_id).executeTakeFirst();
    const hash = claimed.package_hash ?? problemRow?.package_hash;
    if (!problemRow || !hash) {
      await store(systemError('The problem has no test data yet.'));
      return;
    }
    const pkg = await deps.packages.problem(hash);
    keepAlive();
    // The limits an administrator set on the problem win over the package's own, and so does the
    // choice of scaling them per language (null: as the package's format says).
    const problem = {
      ...pkg,
      timeLimitMs: problemRow.time_limit || pkg.timeLimitMs,
      memoryLimitMb: problemRow.memory_limit || pkg.memoryLimitMb,
      languageFactors: problemRow.language_factors ?? pkg.languageFactors,
    };
    // A contest that shows every test's verdict runs them all (ICPC stops at the first failure).
    const runAll = claimed.contest_id !== null && (await showsAllTests(db, claimed.contest_id));
    const judge = await deps.judge();
    const progress = new ProgressWriter(db, log, submissionId, attempt);
    const onProgress = (p: JudgeProgress) => {
      keepAlive();
      if (p.phase === 'running' && p.index !== undefined && p.index < p.total) progress.set(p.index + 1);
    };
    let result: JudgeResult;
    try {
      result = await judge.judgeSubmission({ problem, language: claimed.language, source: claimed.code, files: claimed.files ?? undefined, options: { runAll }, onProgress });
    } finally {
      await progress.settled();
    }
    await store(result);
  } catch (err) {
    if (err instanceof JudgeSetupError) {
      await store(systemError(err.message));
      return;
    }
    log.error({ err, submissionId, attempt }, 'judging failed');
    if (attempt >= MAX_JUDGE_ATTEMPTS) {
      await store(systemError(`Judging failed ${attempt} times: ${(err as Error).message}`));
      return;
    }
    const released = await db
      .updateTable('submissions')
      .set({ status: 'PD' })
      .where('id', '=', submissionId)
      .where('status', '=', 'JG')
      .where('judge_attempts', '=', attempt)
      .executeTakeFirst();
    if (Number(released.numUpdatedRows) > 0) await deps.retry(submissionId, RETRY_DELAY_MS);
  }
}

async function showsAllTests(db: Kysely<DB>, contestId: number): Promise<boolean> {
  const row = await db.selectFrom('contests').select('show_all_tests').where('id', '=', contestId).executeTakeFirst();
  return row?.show_all_tests ?? false;
}

/**
 * Writes the test a record is being run on (judging_test: 0 compiling, n running test n) for the
 * live updates, at most once per PROGRESS_EVERY_MS and always the latest; only while the attempt
 * still owns the record (a late write after the verdict changes nothing). Never fails the judging.
 */
class ProgressWriter {
  private latest = 0;
  private written = 0;
  private lastWriteAt = 0;
  private pending: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: Logger,
    private readonly id: number,
    private readonly attempt: number,
  ) {}

  set(test: number): void {
    this.latest = test;
    if (this.timer) return;
    const wait = Math.max(0, this.lastWriteAt + PROGRESS_EVERY_MS - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.pending = this.pending.then(() => this.write());
    }, wait);
  }

  /** Stops writing: the verdict follows. */
  async settled(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.pending;
  }

  private async write(): Promise<void> {
    if (this.latest === this.written) return;
    this.written = this.latest;
    this.lastWriteAt = Date.now();
    await this.db
      .updateTable('submissions')
      .set({ judging_test: this.latest })
      .where('id', '=', this.id)
      .where('status', '=', 'JG')
      .where('judge_attempts', '=', this.attempt)
      .execute()
      .catch((err: Error) => this.log.warn({ submissionId: this.id, reason: err.message }, 'could not record the test being run'));
  }
}

function systemError(message: string): JudgeResult {
  return { verdict: 'SE', timeMs: 0, memoryKb: 0, compileMessage: message, tests: [] };
}

async function storeResult(db: Kysely<DB>, log: Logger, id: number, attempt: number, result: JudgeResult): Promise<void> {
  const tests: TestResult[] = result.tests.map((t) => ({ name: t.name, verdict: t.verdict, timeMs: t.timeMs, memoryKb: t.memoryKb }));
  const stored = await storeFinalVerdict(db, id, { attempt, states: ['JG'] }, {
    status: result.verdict,
    compile_message: result.compileMessage.slice(0, COMPILE_MESSAGE_LIMIT),
    run_time: Math.round(result.timeMs),
    run_memory: Math.round(result.memoryKb),
    tests: JSON.stringify(tests),
    timings: result.timings ? JSON.stringify(result.timings) : null,
    score: result.score ?? null,
    max_score: result.maxScore ?? null,
    groups: result.groups ? JSON.stringify(result.groups) : null,
    judging_test: null,
  });
  // Another worker took the record over (this one stalled past its lock) or it was rejudged.
  if (!stored) log.warn({ submissionId: id, attempt, verdict: result.verdict }, 'result dropped: the record was claimed again');
}
