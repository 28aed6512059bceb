// The judge workers of `verdict serve` run in a child process of their own (docs/judging-queue.md).
// Node forks the whole process for every spawn, and the sandbox spawns per compile and per
// test: from the server process (PGlite's heap, the API's caches) each spawn blocked the API's
// event loop 29 ms at the median and up to 0.9 s. The child is small, its spawns block only
// itself, and a crash in judging no longer takes the API down: the server restarts it.
import { fork, type ChildProcess } from 'node:child_process';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import type { Announcement, JudgeQueue } from './judge-queue.ts';
import { processName } from '../submissions/index.ts';
import { JUDGE_PROCESS_ENTRY } from './judge-process-entry-point.ts';

/** Server → judge process. */
export type ToJudgeProcess =
  | { type: 'start'; config: Config; databaseUrl: string; inProcessAnnouncements: boolean }
  | { type: 'job'; jobName: string; nextRunAt: string | null }
  | { type: 'stop' };

/** Judge process → server. */
export type FromJudgeProcess = { type: 'ready' } | { type: 'failed'; message: string };

/** Restart delays after a crash: doubling from the first, capped at the last. */
const RESTART_DELAY_MS = { first: 500, max: 30_000 };
/** A process that ran this long before dying restarts at the first delay again. */
const HEALTHY_AFTER_MS = 60_000;
/** How long a judge process may take to start before it is killed. */
const START_TIMEOUT_MS = 60_000;
/**
 * How long a stopping judge process may take before it is killed: it exits by itself after 5 s
 * (judge-process-main.ts); with the server's drain this keeps a stop under SHUTDOWN_LIMIT_MS.
 */
const STOP_GRACE_MS = 6_000;

export interface JudgeProcessOptions {
  config: Config;
  database: Database;
  queue: JudgeQueue;
  log: Logger;
}

export class JudgeProcess {
  private child: ChildProcess | undefined;
  private stopping = false;
  private restartDelayMs = RESTART_DELAY_MS.first;
  private restartTimer: NodeJS.Timeout | undefined;
  private readonly stopForwarding: () => void;
  /** The release of the last ended process's jobs (awaited by stop, before the database closes). */
  private released: Promise<void> = Promise.resolve();
  /** Times the process was started (tests and logs). */
  starts = 0;

  private constructor(private readonly opts: JudgeProcessOptions) {
    this.stopForwarding = opts.queue.forwardAnnouncements((job) => this.forward(job));
  }

  /** Starts the judge process and waits until it processes the queue; throws if it cannot. */
  static async start(opts: JudgeProcessOptions): Promise<JudgeProcess> {
    const judge = new JudgeProcess(opts);
    try {
      await judge.spawn();
    } catch (err) {
      await judge.stop();
      throw err;
    }
    return judge;
  }

  /** The running judge process's pid (undefined while it restarts). */
  get pid(): number | undefined {
    return this.child?.exitCode === null && this.child.signalCode === null ? this.child.pid : undefined;
  }

  private spawn(): Promise<void> {
    const { config, database, log } = this.opts;
    this.starts++;
    const startedAt = Date.now();
    // No inherited --import/--inspect flags: the entry registers the TypeScript loader itself (or is built).
    const child = fork(JUDGE_PROCESS_ENTRY, [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'json' });
    this.child = child;
    // One that hangs while starting (a database that does not answer) is killed: its exit
    // rejects `ready`, and it is restarted like one that crashed.
    const timer = setTimeout(() => child.kill('SIGKILL'), START_TIMEOUT_MS);
    const ready = new Promise<void>((resolve, reject) => {
      child.on('message', (message: FromJudgeProcess) => {
        if (message.type === 'ready') resolve();
        else if (message.type === 'failed') reject(new Error(`the judge process could not start: ${message.message}`));
      });
      child.once('exit', (code, signal) => reject(new Error(`the judge process exited before it was ready (${signal ?? `exit code ${code}`})`)));
      child.once('error', reject);
    }).finally(() => clearTimeout(timer));
    // A dead child no longer reads its IPC channel: writes to it fail with EPIPE, reported here.
    child.on('error', (err) => log.warn({ reason: err.message }, 'judge process channel error'));
    child.once('exit', (code, signal) => {
      if (this.child === child) this.child = undefined;
      // It is gone for sure: what it was judging goes to the next worker now, not when its
      // locks expire (JUDGE_LOCK_LIFETIME_MS). The record gets a new attempt. (No pid: it never ran.)
      if (child.pid !== undefined) {
        this.released = this.opts.queue
          .releaseJobsOf(processName(child.pid))
          .then((n) => void (n && log.warn({ pid: child.pid, jobs: n }, 'released the judge jobs of an ended judge process')))
          .catch((err: Error) => log.warn({ reason: err.message }, 'could not release the judge jobs of an ended judge process'));
      }
      if (this.stopping) return;
      if (Date.now() - startedAt >= HEALTHY_AFTER_MS) this.restartDelayMs = RESTART_DELAY_MS.first;
      const delayMs = this.restartDelayMs;
      this.restartDelayMs = Math.min(2 * delayMs, RESTART_DELAY_MS.max);
      log.error({ pid: child.pid, code, signal, restartInMs: delayMs }, 'judge process died; restarting it');
      this.restartTimer = setTimeout(() => {
        this.restartTimer = undefined;
        this.spawn().catch((err: Error) => log.error({ reason: err.message }, 'judge process did not start'));
      }, delayMs);
    });
    this.send({ type: 'start', config, databaseUrl: database.url, inProcessAnnouncements: database.embedded });
    return ready.then(() => log.info({ pid: child.pid, workers: config.workers }, 'judge process started'));
  }

  private forward(job: Announcement): void {
    this.send({ type: 'job', jobName: job.jobName, nextRunAt: job.nextRunAt?.toISOString() ?? null });
  }

  private send(message: ToJudgeProcess): void {
    const child = this.child;
    if (!child?.connected) return; // a job announced meanwhile is found by the next poll
    child.send(message, (err) => {
      if (err) this.opts.log.warn({ reason: err.message }, 'could not reach the judge process');
    });
  }

  /** Asks the judge process to stop, kills it after a grace period, and restarts nothing. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.stopForwarding();
    clearTimeout(this.restartTimer);
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      this.send({ type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    }
    await this.released;
  }
}
