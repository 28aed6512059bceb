// What changed in the database, whichever process or host changed it: submissions (made,
// claimed, run test by test, judged, rejudged), clarifications (asked, answered, announced) and
// contests (frozen, thawed, edited). One poll per API process reads the rows past the last
// numbers it saw (submissions.change_seq and contests.change_seq, renumbered by a trigger on every
// write, migration 0013; clarifications.version, migration 0008), only while someone listens,
// and hands them to the listeners in this process. A change made here is read at once (`poke`).
// Polling, not NOTIFY: it is the same on PGlite (whose NOTIFY reaches only the connection that
// sent it) and PostgreSQL, survives a database restart without a LISTEN connection to restore,
// and costs three indexed queries per tick for the whole process, not per connection.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Logger } from '../../logger.ts';

export interface SubmissionChange {
  kind: 'submission';
  id: number;
  userId: number;
  contestId: number | null;
  problemId: number;
  status: string;
  /** 0 compiling, n running test n; null when not being judged. */
  judgingTest: number | null;
  runTime: number;
  runMemory: number;
  score: number | null;
  maxScore: number | null;
  createdAt: Date;
}

export interface ClarificationChange {
  kind: 'clarification';
  id: number;
  contestId: number;
  version: number;
}

export interface ContestChange {
  kind: 'contest';
  contestId: number;
}

export type Change = SubmissionChange | ClarificationChange | ContestChange;

export type ChangeListener = (changes: Change[]) => void;

/** Rows read per table per tick; more wait for the next tick (read at once when the page is full). */
const PAGE = 500;

export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();
  private cursor: { submission: number; clarification: number; contest: number } | null = null;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: Logger,
    private readonly pollMs = 200,
  ) {}

  /** Calls `listener` with every batch of changes from now on; returns the way to stop. */
  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    this.schedule(0);
    return () => {
      this.listeners.delete(listener);
    };
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  /** Reads the changes now (this process just made one), not at the next tick. */
  poke(): void {
    if (this.listeners.size > 0) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.listeners.clear();
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) {
      if (delayMs > 0) return;
      clearTimeout(this.timer);
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.running) {
        // A poll is under way: look again right after it.
        void this.running.then(() => this.schedule(0));
        return;
      }
      this.running = this.tick()
        .catch((err: Error) => this.log.warn({ reason: err.message }, 'live updates: could not read the changes'))
        .finally(() => {
          this.running = null;
          if (this.listeners.size > 0) this.schedule(this.pollMs);
          else this.cursor = null; // nobody listens: start from the present when someone does
        });
    }, delayMs);
  }

  private async tick(): Promise<void> {
    if (!this.cursor) {
      this.cursor = await this.present();
      return;
    }
    const cursor = this.cursor;
    const [submissions, clarifications, contests] = await Promise.all([
      this.db
        .selectFrom('submissions')
        .select(['id', 'user_id', 'contest_id', 'problem_id', 'status', 'judging_test', 'run_time', 'run_memory', 'score', 'max_score', 'created_at', 'change_seq'])
        .where('change_seq', '>', String(cursor.submission))
        .orderBy('change_seq')
        .limit(PAGE)
        .execute(),
      this.db
        .selectFrom('clarifications')
        .select(['id', 'contest_id', 'version'])
        .where('version', '>', cursor.clarification)
        .orderBy('version')
        .limit(PAGE)
        .execute(),
      this.db.selectFrom('contests').select(['id', 'change_seq']).where('change_seq', '>', String(cursor.contest)).orderBy('change_seq').limit(PAGE).execute(),
    ]);
    const changes: Change[] = [];
    for (const row of submissions) {
      cursor.submission = Math.max(cursor.submission, Number(row.change_seq));
      changes.push({
        kind: 'submission',
        id: row.id,
        userId: row.user_id,
        contestId: row.contest_id,
        problemId: row.problem_id,
        status: row.status,
        judgingTest: row.judging_test,
        runTime: row.run_time,
        runMemory: row.run_memory,
        score: row.score,
        maxScore: row.max_score,
        createdAt: row.created_at,
      });
    }
    for (const row of clarifications) {
      cursor.clarification = Math.max(cursor.clarification, row.version);
      changes.push({ kind: 'clarification', id: row.id, contestId: row.contest_id, version: row.version });
    }
    for (const row of contests) {
      cursor.contest = Math.max(cursor.contest, Number(row.change_seq));
      changes.push({ kind: 'contest', contestId: row.id });
    }
    if (changes.length > 0) {
      for (const listener of [...this.listeners]) {
        try {
          listener(changes);
        } catch (err) {
          this.log.error({ err }, 'live updates: a listener failed');
        }
      }
    }
    if (submissions.length === PAGE || clarifications.length === PAGE || contests.length === PAGE) this.schedule(0);
  }

  /** The newest numbers now: what is older than this is not news. */
  private async present(): Promise<{ submission: number; clarification: number; contest: number }> {
    const [s, c, k] = await Promise.all([
      this.db.selectFrom('submissions').select((eb) => eb.fn.max('change_seq').as('n')).executeTakeFirst(),
      this.db.selectFrom('clarifications').select((eb) => eb.fn.max('version').as('n')).executeTakeFirst(),
      this.db.selectFrom('contests').select((eb) => eb.fn.max('change_seq').as('n')).executeTakeFirst(),
    ]);
    return { submission: Number(s?.n ?? 0), clarification: Number(c?.n ?? 0), contest: Number(k?.n ?? 0) };
  }
}
