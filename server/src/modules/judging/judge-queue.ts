// Judging as Agenda jobs on the shared PostgreSQL/PGlite pool (docs/judging-queue.md).
// Every process opens the queue to enqueue; processes with judge workers also process
// `judge-submission` jobs, and every processing process runs the stale-record chore.
import { EventEmitter } from 'node:events';
import { Agenda, InMemoryNotificationChannel, type Job, type NotificationChannel } from 'agenda';
import { PostgresBackend } from '@agendajs/postgres-backend';
import { sql, type Kysely } from 'kysely';
import type { JudgeQueueOptions } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { Logger } from '../../logger.ts';
import { MAX_JUDGE_ATTEMPTS, PENDING_STATES, VerdictWaiter, processName, storeFinalVerdict } from '../submissions/index.ts';
import { WorkerHeartbeat } from './worker-heartbeat.ts';

export const JUDGE_JOB = 'judge-submission';
export const CHORE_JOB = 'judge-chore';
/** When, after a judge job completes, its process announces a free worker. */
const FREE_WORKER_ANNOUNCE_MS = [10, 100, 500];

/** A due job, as announced to job processors. */
export interface Announcement {
  jobName: string;
  nextRunAt: Date | null;
}

export interface JudgeJobData {
  submissionId: number;
}

/** What a worker does with one job; `keepAlive` renews the job's lock while judging. */
export type JudgeJobHandler = (submissionId: number, keepAlive: () => void) => Promise<void>;

export class JudgeQueue {
  private started = false;
  private stopping = false;
  private heartbeat: WorkerHeartbeat | undefined;
  /** Requests of this process waiting for verdicts. */
  readonly verdicts: VerdictWaiter;

  private constructor(
    readonly agenda: Agenda,
    private readonly db: Kysely<DB>,
    private readonly log: Logger,
    readonly options: JudgeQueueOptions,
    /** Where new jobs are announced: NOTIFY on PostgreSQL, in-process on the embedded database. */
    private readonly channel: NotificationChannel | undefined,
  ) {
    this.verdicts = new VerdictWaiter(db);
  }

  /**
   * `inProcessAnnouncements`: announce jobs within this process (and to whoever listens through
   * forwardAnnouncements) instead of with NOTIFY; the default on the embedded database, and what
   * the judge process of a `verdict serve` on the embedded database uses (its server forwards).
   */
  static async open(database: Database, log: Logger, options: JudgeQueueOptions, opts: { inProcessAnnouncements?: boolean } = {}): Promise<JudgeQueue> {
    // PGlite serves every connection from one backend, so a NOTIFY reaches only the connection
    // that sent it, never the LISTEN one: on the embedded database new jobs are announced
    // in-process instead (a `verdict worker` process beside it finds them by polling).
    const inProcessAnnouncements = database.embedded || opts.inProcessAnnouncements === true;
    const backend = new PostgresBackend({ pool: database.pool, disableNotifications: inProcessAnnouncements });
    // The LISTEN connection reports a lost database as an 'error' event and reconnects by itself;
    // unheard, that event would kill the process (a worker whose database server restarted).
    const channel = backend.notificationChannel;
    if (channel instanceof EventEmitter) channel.on('error', (err: Error) => log.warn({ reason: err.message }, 'judge queue notifications interrupted'));
    const inProcess = inProcessAnnouncements ? new InMemoryNotificationChannel() : undefined;
    // Agenda connects its backend (which creates the schema) as soon as it is made, not at
    // `ready`, and a failed connect leaves `ready` unsettled for ever (the rejection goes
    // unheard). So the backend is connected first, under the lock, where a failure rejects;
    // Agenda's own connect then finds the schema made (it is idempotent).
    const agenda = await oneAtATime(database, async () => {
      await backend.connect();
      const made = new Agenda({
        // Recorded with every lock this process takes (agenda_jobs.last_modified_by), so that the
        // locks of a process known to be dead can be released at once (releaseJobsOf).
        name: processName(),
        backend,
        ...(inProcess ? { notificationChannel: inProcess } : {}),
        processEvery: options.processEveryMs,
        defaultLockLifetime: options.lockLifetimeMs,
        removeOnComplete: true,
      });
      made.on('error', (err) => log.error({ err }, 'judge queue error'));
      // The queue keeps a LISTEN connection open: a dropped idle connection is logged, not fatal.
      database.pool.on('error', (err) => log.warn({ reason: err.message }, 'database connection lost'));
      await made.ready;
      return made;
    });
    return new JudgeQueue(agenda, database.db, log, options, inProcess ?? backend.notificationChannel);
  }

  async enqueue(submissionId: number, delayMs = 0): Promise<void> {
    const data: JudgeJobData = { submissionId };
    if (delayMs > 0) await this.agenda.schedule(new Date(Date.now() + delayMs), JUDGE_JOB, data);
    else await this.agenda.now(JUDGE_JOB, data);
  }

  /**
   * Enqueues again, with backoff (1 s doubling to 30 s), a record whose enqueue failed (a full
   * disk, the database away), until its job is stored, it has one, it is no longer pending, or
   * the queue stops: a record no longer waits for the chore to be found.
   */
  retryEnqueue(submissionId: number, delayMs = 1000): void {
    if (this.stopping) return;
    setTimeout(() => {
      if (this.stopping) return;
      this.needsJob(submissionId)
        .then((needed) => (needed ? this.enqueue(submissionId).then(() => this.log.info({ submissionId }, 'enqueued a submission after a failed try')) : undefined))
        .catch((err: Error) => {
          this.log.warn({ submissionId, reason: err.message, retryInMs: Math.min(2 * delayMs, 30_000) }, 'could not enqueue a submission; retrying');
          this.retryEnqueue(submissionId, Math.min(2 * delayMs, 30_000));
        });
    }, delayMs).unref();
  }

  /** A pending record without a job that could still judge it. */
  private async needsJob(submissionId: number): Promise<boolean> {
    const { rows } = await sql<{ id: number }>`
      select s.id from submissions s
       where s.id = ${submissionId} and s.status in (${sql.join([...PENDING_STATES])})
         and not exists (select 1 from agenda_jobs j where j.name = ${JUDGE_JOB} and j.data->>'submissionId' = s.id::text)`.execute(this.db);
    return rows.length > 0;
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
      // Agenda fetches jobs on its poll or when one is announced; an announcement that comes
      // while every worker is busy is dropped. A freed worker would then idle until the next
      // poll with submissions waiting: announce again once its slot is free. The slot is
      // released only after Agenda has deleted the finished job (a database round trip after
      // 'complete'), so a few announcements follow; one that finds no free slot costs nothing.
      this.agenda.on(`complete:${JUDGE_JOB}`, () => {
        for (const delayMs of FREE_WORKER_ANNOUNCE_MS) setTimeout(() => this.announceFreeWorker(), delayMs).unref();
      });
      this.heartbeat = new WorkerHeartbeat({
        db: this.db,
        log: this.log,
        name: processName(),
        workers: judge.concurrency,
        jobName: JUDGE_JOB,
        timing: this.options,
        onReleased: () => this.announceFreeWorker(),
      });
    }
    this.agenda.define(CHORE_JOB, async () => {
      await this.recoverStaleRecords();
    });
    await this.agenda.start();
    await this.agenda.every(this.options.choreEveryMs, CHORE_JOB, undefined, { skipImmediate: true });
    this.heartbeat?.start();
    // Records left without a job (a crash, a restored backup) are found now, not at the first chore.
    this.recoverStaleRecords().catch((err: Error) => this.log.warn({ reason: err.message }, 'could not look for pending records without a job'));
  }

  private announceFreeWorker(): void {
    if (this.started) this.announce({ jobName: JUDGE_JOB, nextRunAt: new Date() });
  }

  /**
   * Tells this process's job processor that a job is due at `nextRunAt` (a job announced by
   * another process, or a free worker here). Without a connected channel, polling finds it.
   */
  announce(job: Announcement): void {
    if (this.channel?.state !== 'connected') return;
    const jobId = 'announced' as never; // Agenda fills its queue by job name; the id is only logged
    this.channel
      .publish({ jobId, jobName: job.jobName, nextRunAt: job.nextRunAt, priority: 0, timestamp: new Date() })
      .catch((err: Error) => this.log.warn({ reason: err.message }, 'could not announce a judge job'));
  }

  /**
   * Calls `send` for every job announced in this process when announcements are in-process
   * (the embedded database), so that a judge process beside it hears of them; else does nothing
   * (NOTIFY reaches every process). Returns the way to stop.
   */
  forwardAnnouncements(send: (job: Announcement) => void): () => void {
    if (!(this.channel instanceof InMemoryNotificationChannel)) return () => {};
    return this.channel.subscribe((n) => send({ jobName: n.jobName, nextRunAt: n.nextRunAt ?? null }));
  }

  /**
   * Hands the judge jobs locked by `owner` (a processName) to the next worker that looks,
   * as Agenda does once a lock is older than its lifetime, before the queued ones (as
   * worker-heartbeat.ts releases a dead worker's): for a process known to be dead
   * (the server's judge process after it exited), so its records need not wait for its
   * heartbeat to go stale (worker-heartbeat.ts). Returns how many were released. Never call it
   * for a process that may be alive.
   */
  async releaseJobsOf(owner: string): Promise<number> {
    const { numAffectedRows } = await sql`
      update agenda_jobs set locked_at = to_timestamp(0), next_run_at = to_timestamp(0)
       where name = ${JUDGE_JOB} and last_modified_by = ${owner} and locked_at is not null`.execute(this.db);
    return Number(numAffectedRows ?? 0);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.verdicts.close();
    if (this.started) await this.agenda.stop(false);
    await this.heartbeat?.stop();
  }

  /**
   * Records left pending with no job that could still judge them (a crash between insert and
   * enqueue, a job that failed): re-enqueue them, or give up with SE after MAX_JUDGE_ATTEMPTS.
   * Jobs still locked by a dead worker are not touched: its heartbeat goes stale and they are released.
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
        const message = `Judging failed ${row.judge_attempts} times; please contact the administrator.`;
        const claim = { attempt: row.judge_attempts, states: PENDING_STATES };
        if (await storeFinalVerdict(this.db, row.id, claim, { status: 'SE', compile_message: message })) failed.push(row.id);
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

const QUEUE_SCHEMA_LOCK = 'verdict:judge-queue-schema';

/**
 * Agenda creates its table, indexes and trigger function whenever it connects; two processes
 * doing that at once on PostgreSQL fail with "tuple concurrently updated" (a `verdict worker`
 * started beside another crashed at start-up in CI). They take turns under an advisory lock. The
 * embedded store serves every connection from one backend: nothing to race there.
 */
async function oneAtATime<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.embedded) return work();
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [QUEUE_SCHEMA_LOCK]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [QUEUE_SCHEMA_LOCK]);
    }
  } finally {
    client.release();
  }
}
