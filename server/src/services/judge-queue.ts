// Judging as Agenda jobs on the shared PostgreSQL/PGlite pool (docs/judging-queue.md).
// Every process opens the queue to enqueue; processes with judge workers also process
// `judge-submission` jobs, and every processing process runs the stale-record chore.
import { Agenda, type Job } from 'agenda';
import { PostgresBackend } from '@agendajs/postgres-backend';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { MAX_JUDGE_ATTEMPTS, PENDING_STATES } from './submissions-states.ts';
import { VerdictWaiter } from './submissions-waiter.ts';

export const JUDGE_JOB = 'judge-submission';
export const CHORE_JOB = 'judge-chore';

export interface JudgeQueueOptions {
  /** A job whose worker has not touched it for this long is taken over by another worker. */
  lockLifetimeMs: number;
  /** How often a processing instance looks for due jobs (new jobs also arrive by NOTIFY). */
  processEveryMs: number;
  /** A PD/JG record this old without a live job is re-enqueued (or set to SE after 3 attempts). */
  staleMs: number;
  /** How often the chore runs. */
  choreEveryMs: number;
}

function envMs(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer (milliseconds), got "${raw}"`);
  return n;
}

/** Queue timings; the environment variables exist for tests and unusual deployments. */
export function queueOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): JudgeQueueOptions {
  return {
    lockLifetimeMs: envMs(env, 'JUDGE_LOCK_LIFETIME_MS', 60_000),
    processEveryMs: envMs(env, 'JUDGE_POLL_MS', 2_000),
    staleMs: envMs(env, 'JUDGE_STALE_MS', 5 * 60_000),
    choreEveryMs: envMs(env, 'JUDGE_CHORE_MS', 60_000),
  };
}

export interface JudgeJobData {
  submissionId: number;
}

/** What a worker does with one job; `keepAlive` renews the job's lock while judging. */
export type JudgeJobHandler = (submissionId: number, keepAlive: () => void) => Promise<void>;

export class JudgeQueue {
  private started = false;
  /** Requests of this process waiting for verdicts. */
  readonly verdicts: VerdictWaiter;

  private constructor(
    readonly agenda: Agenda,
    private readonly db: Kysely<DB>,
    private readonly log: Logger,
    readonly options: JudgeQueueOptions,
  ) {
    this.verdicts = new VerdictWaiter(db);
  }

  static async open(database: Database, log: Logger, options: JudgeQueueOptions = queueOptionsFromEnv()): Promise<JudgeQueue> {
    const agenda = new Agenda({
      backend: new PostgresBackend({ pool: database.pool }),
      processEvery: options.processEveryMs,
      defaultLockLifetime: options.lockLifetimeMs,
      removeOnComplete: true,
    });
    agenda.on('error', (err) => log.error({ err }, 'judge queue error'));
    // The queue keeps a LISTEN connection open: a dropped idle connection is logged, not fatal.
    database.pool.on('error', (err) => log.warn({ reason: err.message }, 'database connection lost'));
    await agenda.ready;
    return new JudgeQueue(agenda, database.db, log, options);
  }

  async enqueue(submissionId: number, delayMs = 0): Promise<void> {
    const data: JudgeJobData = { submissionId };
    if (delayMs > 0) await this.agenda.schedule(new Date(Date.now() + delayMs), JUDGE_JOB, data);
    else await this.agenda.now(JUDGE_JOB, data);
  }

  /** Starts processing: the chore always, judge jobs when a handler is given. */
  async start(judge?: { concurrency: number; handle: JudgeJobHandler }): Promise<void> {
    if (this.started) return;
    this.started = true;
    if (judge && judge.concurrency > 0) {
      this.agenda.define<JudgeJobData>(
        JUDGE_JOB,
        async (job: Job<JudgeJobData>) => {
          const keepAlive = throttledTouch(job, this.options.lockLifetimeMs / 4);
          const timer = setInterval(keepAlive, this.options.lockLifetimeMs / 3);
          try {
            await judge.handle(Number(job.attrs.data.submissionId), keepAlive);
          } finally {
            clearInterval(timer);
          }
        },
        { concurrency: judge.concurrency, lockLimit: judge.concurrency, lockLifetime: this.options.lockLifetimeMs },
      );
    }
    this.agenda.define(CHORE_JOB, async () => {
      await this.recoverStaleRecords();
    });
    await this.agenda.start();
    await this.agenda.every(this.options.choreEveryMs, CHORE_JOB, undefined, { skipImmediate: true });
  }

  async stop(): Promise<void> {
    this.verdicts.close();
    if (this.started) await this.agenda.stop(false);
  }

  /**
   * Records left pending with no job that could still judge them (a crash between insert and
   * enqueue, a job that failed): re-enqueue them, or give up with SE after MAX_JUDGE_ATTEMPTS.
   * Jobs still locked by a dead worker are not touched: Agenda hands them over once their lock expires.
   */
  async recoverStaleRecords(): Promise<{ requeued: number[]; failed: number[] }> {
    const { rows } = await sql<{ id: number; judge_attempts: number }>`
      select s.id, s.judge_attempts from submissions s
       where s.status in (${sql.join([...PENDING_STATES])})
         and s.created_at < ${new Date(Date.now() - this.options.staleMs)}
         and not exists (
           select 1 from agenda_jobs j
            where j.name = ${JUDGE_JOB} and j.data->>'submissionId' = s.id::text
              and (j.next_run_at is not null or j.locked_at is not null))
       order by s.id limit 200`.execute(this.db);
    const requeued: number[] = [];
    const failed: number[] = [];
    for (const row of rows) {
      if (row.judge_attempts >= MAX_JUDGE_ATTEMPTS) {
        await this.db
          .updateTable('submissions')
          .set({ status: 'SE', compile_message: `Judging failed ${row.judge_attempts} times; please contact the administrator.`, judged_at: new Date() })
          .where('id', '=', row.id)
          .where('status', 'in', [...PENDING_STATES])
          .execute();
        failed.push(row.id);
      } else {
        await this.enqueue(row.id);
        requeued.push(row.id);
      }
    }
    if (rows.length) this.log.warn({ requeued, failed }, 'recovered stale judge records');
    return { requeued, failed };
  }
}

function throttledTouch(job: Job<JudgeJobData>, everyMs: number): () => void {
  let last = Date.now();
  let pending = false;
  return () => {
    if (pending || Date.now() - last < everyMs) return;
    pending = true;
    job
      .touch()
      .catch(() => {})
      .finally(() => {
        last = Date.now();
        pending = false;
      });
  };
}
