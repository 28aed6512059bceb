// Liveness of judge workers (docs/judging-queue.md, Liveness). A process that judges writes its
// row in judge_workers every JUDGE_HEARTBEAT_MS and, at each beat, releases the judge jobs locked
// by any process whose row is older than JUDGE_WORKER_DEAD_MS: a judge host lost mid-judge has its
// submissions taken over within seconds instead of after the lock lifetime. The taker claims the
// record with a new attempt, so a presumed-dead worker that wakes up has its result refused.
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import type { JudgeQueueOptions } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import type { Logger } from '../../logger.ts';

export interface WorkerHeartbeatOptions {
  db: Kysely<DB>;
  log: Logger;
  /** This process, as its locks name it (host#pid). */
  name: string;
  /** Its concurrent judge jobs. */
  workers: number;
  /** The job name whose locks a dead worker's loss releases. */
  jobName: string;
  timing: Pick<JudgeQueueOptions, 'heartbeatMs' | 'workerDeadMs'>;
  /** Called after jobs were released, so a free worker looks for them now. */
  onReleased: () => void;
}

export class WorkerHeartbeat {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;
  /** When this process's last heartbeat was stored (monotonic ms), if ever. */
  private lastStoredAt: number | undefined;

  constructor(private readonly opts: WorkerHeartbeatOptions) {}

  /** Writes the first heartbeat now and keeps beating until stop. */
  start(): void {
    this.running = this.beat();
  }

  /** Stops beating and removes this process's row (its locks were unlocked by Agenda's stop). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await this.opts.db
      .deleteFrom('judge_workers')
      .where('name', '=', this.opts.name)
      .execute()
      .catch(() => undefined); // a database that is gone: the row goes stale and is removed by the others
  }

  private async beat(): Promise<void> {
    const { db, log, name, workers, timing } = this.opts;
    try {
      await sql`
        insert into judge_workers (name, workers, started_at, heartbeat_at) values (${name}, ${workers}, now(), now())
        on conflict (name) do update set heartbeat_at = now(), workers = excluded.workers`.execute(db);
      const storedAt = performance.now();
      // Only a process whose own beats are regular judges the others: after a stall of its own
      // or of the database (a restart, a blocked embedded server) every row looks old, and the
      // others' next beats are on their way.
      const regular = this.lastStoredAt === undefined || storedAt - this.lastStoredAt < timing.workerDeadMs;
      this.lastStoredAt = storedAt;
      if (regular) await this.releaseDeadWorkers();
    } catch (err) {
      log.warn({ reason: (err as Error).message }, 'could not write the judge worker heartbeat');
    }
    if (!this.stopped) this.timer = setTimeout(() => (this.running = this.beat()), timing.heartbeatMs);
  }

  /**
   * One statement: removes the rows of dead workers and expires their jobs' locks (Agenda hands a
   * job whose lock is older than its lifetime to the next worker that looks), due first: a job
   * that was being judged has no next run, and would otherwise wait behind every queued one
   * (Agenda takes jobs by next run, unset last). Of two processes doing this at once, one deletes
   * a row and the other finds it gone; a job another worker has locked since names that worker
   * and is left alone.
   */
  private async releaseDeadWorkers(): Promise<void> {
    const { db, log, jobName, timing } = this.opts;
    const { rows } = await sql<{ owner: string }>`
      with dead as (
        delete from judge_workers where heartbeat_at < now() - ${timing.workerDeadMs}::integer * interval '1 millisecond'
        returning name)
      update agenda_jobs set locked_at = to_timestamp(0), next_run_at = to_timestamp(0)
       where name = ${jobName} and locked_at is not null and last_modified_by in (select name from dead)
      returning last_modified_by as owner`.execute(db);
    if (!rows.length) return;
    log.warn({ workers: [...new Set(rows.map((r) => r.owner))], jobs: rows.length }, 'released the judge jobs of a worker that stopped beating');
    this.opts.onReleased();
  }
}
