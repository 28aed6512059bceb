// The event feeds of one process, shared (docs/ccs-api.md, How changes are found). One reader per
// contest with open feeds looks at a few counters of the contest every CCS_FEED_POLL_MS (one
// indexed query), at once when the process's change feed tells of a change to it, and before a
// feed joins; when they moved (a digest of its teams and problems among them: a renamed team is a
// change), the contest reached a new phase (started, frozen, ended), or every REFRESH_MS anyway, it builds one snapshot per audience (administrators, the
// anonymous, the public, each team) and appends what differs from the last one — new and changed
// objects, deletions — to that audience's list of updates. Every open feed of an audience writes
// the same snapshot and then the same updates, each at its own pace (ccs-event-feed.ts): N open
// feeds cost N socket writes per change, not N database reads or N snapshots. An update is kept
// while a feed has yet to write it; a feed that does not read is dropped (http/app.ts).
import { sql, type Kysely } from 'kysely';
import type { Clock } from '../../common/clock.ts';
import { isDomainError } from '../../common/errors.ts';
import type { CcsFeedOptions } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import type { Logger } from '../../logger.ts';
import { findContest, type ContestRow } from '../contests/index.ts';
import type { ChangeFeed } from '../events/index.ts';
import { versionOf, type CcsVersion, type VersionedContext } from './ccs-versions.ts';
import { CcsReader, type CcsDeps } from './ccs-collections.ts';
import { feedSnapshot, type FeedItem } from './ccs-feed-snapshot.ts';
import type { FeedPosition } from './ccs-feed-token.ts';
import { hiddenFrom, type CcsContext, type CcsViewer } from './ccs-viewer.ts';

/**
 * Even without a change counted, an open feed's contest is read again this often (a safety net:
 * the counters cover its submissions, judgements, clarifications, teams and problems).
 */
const REFRESH_MS = 60_000;
/** Feeds woken at once for an update (then the event loop takes other work). */
const WAKE_BATCH = 50;
/** Looks for changes the change feed told of are at least this far apart. */
const CHANGE_EVERY_MS = 250;

export interface FeedDeps extends CcsDeps {
  clock: Clock;
  log: Logger;
  /** Wakes a contest's reader as soon as the contest changed; without it, readers only poll. */
  changes?: Pick<ChangeFeed, 'subscribe'>;
}

/** What changed in an audience's view between two snapshots, read at `at` (ms), with judgements after a freeze `hidden` or not. */
export interface FeedUpdate {
  items: FeedItem[];
  /** The keys (`type/id`) of objects no longer there. */
  deletions: string[];
  hidden: boolean;
  at: number;
  /** The update after this one, once there is one. */
  next: FeedUpdate | null;
  /**
   * The update as written, by the position of the feed before it (encoded): feeds at the same
   * position (every feed of the audience that did not resume from a token) write the same text, made once.
   */
  written?: Map<string, { text: string; position: FeedPosition }>;
}

/** An audience's snapshot and the last update it includes: what comes after `tail` is news. */
export interface FeedView {
  items: FeedItem[];
  hidden: boolean;
  at: number;
  tail: FeedUpdate;
}

/** One audience of a contest: its snapshot, its updates and the feeds waiting for the next one. */
export class FeedAudience {
  private snapshot: { items: FeedItem[]; heads: Map<string, string>; hidden: boolean; at: number } | null = null;
  private tail: FeedUpdate = { items: [], deletions: [], hidden: false, at: 0, next: null };
  private readonly waiters = new Set<() => void>();
  feeds = 0;
  /** The contest is gone: its feeds end. */
  ended = false;

  constructor(
    readonly viewer: CcsViewer,
    /** The API release its objects are written in. */
    readonly version: CcsVersion,
  ) {}

  get built(): boolean {
    return this.snapshot !== null;
  }

  view(): FeedView {
    const { items, hidden, at } = this.snapshot!;
    return { items, hidden, at, tail: this.tail };
  }

  /** Calls `wake` (once) when an update comes after the tail or the audience ends; answers the way to stop waiting. */
  wait(wake: () => void): () => void {
    this.waiters.add(wake);
    return () => this.waiters.delete(wake);
  }

  /** Reads the audience's view of the contest again and appends what differs to its updates. */
  async rebuild(deps: CcsDeps, ctx: Omit<CcsContext, 'viewer'>): Promise<void> {
    const read: VersionedContext = { ...ctx, viewer: this.viewer, version: this.version };
    const items = await feedSnapshot(new CcsReader(deps, read));
    const hidden = hiddenFrom(read) !== null;
    const at = ctx.now.getTime();
    const heads = new Map(items.map((item) => [item.key, item.head]));
    const before = this.snapshot;
    this.snapshot = { items, heads, hidden, at };
    if (!before) return;
    const changed = items.filter((item) => before.heads.get(item.key) !== item.head);
    const deletions = [...before.heads.keys()].filter((key) => !heads.has(key));
    if (changed.length === 0 && deletions.length === 0) return;
    const update: FeedUpdate = { items: changed, deletions, hidden, at, next: null };
    this.tail.next = update;
    this.tail = update;
    this.wakeAll();
  }

  end(): void {
    this.ended = true;
    this.wakeAll();
  }

  /**
   * Wakes the waiting feeds WAKE_BATCH at a time, letting other work in between: a thousand feeds'
   * writes of one update do not hold a request up for all their time at once.
   */
  private wakeAll(): void {
    const waiting = [...this.waiters];
    this.waiters.clear();
    const next = (from: number) => {
      for (const wake of waiting.slice(from, from + WAKE_BATCH)) wake();
      if (from + WAKE_BATCH < waiting.length) setImmediate(next, from + WAKE_BATCH);
    };
    next(0);
  }
}

/** The audience a viewer belongs to in a release: every reader in it sees the same objects, written alike. */
function audienceKey(viewer: CcsViewer, version: CcsVersion): string {
  return `${version}:${viewer.role === 'team' ? `team:${viewer.userId}` : viewer.role}`;
}

/** The reader of one contest's changes, and its audiences. */
class ContestFeed {
  readonly audiences = new Map<string, FeedAudience>();
  private contest: ContestRow;
  private versionKey = '';
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private unsubscribe: (() => void) | undefined;
  private stopped = false;
  /** When the last look started (ms), and the look a change asked for, when it waits for its turn. */
  private lastLook = 0;
  private changeTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: FeedDeps,
    contest: ContestRow,
    private readonly options: CcsFeedOptions,
    private readonly onIdle: () => void,
  ) {
    this.contest = contest;
    this.unsubscribe = deps.changes?.subscribe((changes) => {
      if (changes.some((change) => change.contestId === contest.id)) this.soon();
    });
    this.schedule();
  }

  /** The audience of `viewer` in `version`, counted as joined by one more feed until `leave` is called. */
  join(viewer: CcsViewer, version: CcsVersion): { audience: FeedAudience; leave: () => void } {
    const key = audienceKey(viewer, version);
    let audience = this.audiences.get(key);
    if (!audience) this.audiences.set(key, (audience = new FeedAudience(viewer, version)));
    audience.feeds++;
    const joined = audience;
    let left = false;
    return {
      audience: joined,
      leave: () => {
        if (left) return;
        left = true;
        if (--joined.feeds > 0) return;
        this.audiences.delete(key);
        if (this.audiences.size === 0) this.stop();
      },
    };
  }

  /**
   * Brings every audience up to what the database holds now: a look that starts after this call
   * (one already under way may have read too early), shared by every caller meanwhile.
   */
  fresh(): Promise<void> {
    if (!this.running) {
      this.running = this.refresh().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    this.queued ??= this.running.then(() => {
      this.queued = null;
      return this.fresh();
    });
    return this.queued;
  }

  /** A look for a change: at once, or CHANGE_EVERY_MS after the last (a burst of verdicts costs one rebuild per interval). */
  private soon(): void {
    const wait = this.lastLook + Math.min(CHANGE_EVERY_MS, this.options.pollMs) - Date.now();
    if (wait <= 0) return void this.fresh();
    this.changeTimer ??= setTimeout(() => {
      this.changeTimer = undefined;
      void this.fresh();
    }, wait);
  }

  private schedule(): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.fresh().finally(() => this.schedule()), this.options.pollMs);
  }

  private async refresh(): Promise<void> {
    if (this.stopped) return;
    this.lastLook = Date.now();
    const { db, clock, log } = this.deps;
    try {
      this.contest = await findContest(db, this.contest.id);
      const now = clock.now();
      const version = await contestVersion(db, this.contest, now);
      const moved = version !== this.versionKey;
      this.versionKey = version;
      for (const audience of [...this.audiences.values()]) {
        if (moved || !audience.built) await audience.rebuild(this.deps, { contest: this.contest, now });
      }
    } catch (err) {
      if (isDomainError(err, 'NOT_FOUND')) {
        // The contest was deleted: its feeds end.
        for (const audience of this.audiences.values()) audience.end();
        this.stop();
        return;
      }
      log.warn({ err, contestId: this.contest.id }, 'event feed: reading the contest failed; trying again');
    }
  }

  private stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.changeTimer);
    this.unsubscribe?.();
    this.onIdle();
  }
}

/** Every contest's shared feed reader in this process. */
export class CcsFeeds {
  private readonly contests = new Map<number, ContestFeed>();

  constructor(
    private readonly deps: FeedDeps,
    private readonly options: CcsFeedOptions,
  ) {}

  /** Contests with open feeds. */
  get size(): number {
    return this.contests.size;
  }

  /** Joins the audience of `ctx`'s reader, brought up to date; `leave` when the feed ends. */
  async join(ctx: CcsContext): Promise<{ audience: FeedAudience; leave: () => void }> {
    let feed = this.contests.get(ctx.contest.id);
    if (!feed) {
      const created = new ContestFeed(this.deps, ctx.contest, this.options, () => {
        if (this.contests.get(ctx.contest.id) === created) this.contests.delete(ctx.contest.id);
      });
      this.contests.set(ctx.contest.id, (feed = created));
    }
    const joined = feed.join(ctx.viewer, versionOf(ctx));
    try {
      await feed.fresh();
    } catch (err) {
      joined.leave();
      throw err;
    }
    return joined;
  }
}

/** What the feed's objects depend on, as one string: when it is the same, nothing changed. */
async function contestVersion(db: Kysely<DB>, contest: ContestRow, now: Date): Promise<string> {
  const counters = await contestCounters(db, contest.id);
  const phase = [contest.start_time, contest.freeze_time, contest.end_time].map((t) => (t && now >= t ? 1 : 0)).join('');
  const rowState = [contest.title, contest.scoring_rule, contest.start_time, contest.end_time, contest.freeze_time, contest.thawed_at].map(String).join('|');
  return [JSON.stringify(counters), phase, rowState, Math.floor(now.getTime() / REFRESH_MS)].join('#');
}

async function contestCounters(db: Kysely<DB>, contestId: number) {
  const { rows } = await sql`
    select (select max(id) from submissions where contest_id = ${contestId}) as last_submission,
           (select max(judged_at) from submissions where contest_id = ${contestId}) as last_judged,
           (select count(*)::int from submissions where contest_id = ${contestId} and judged_at is null) as unjudged,
           (select max(version) from clarifications where contest_id = ${contestId}) as clarifications,
           (select count(*)::int from submissions where contest_id = ${contestId}) as submissions,
           (select md5(coalesce(string_agg(concat_ws('|', u.id, u.username, u.nickname, u.affiliation), ',' order by u.id), ''))
              from contest_users cu join users u on u.id = cu.user_id where cu.contest_id = ${contestId}) as teams,
           (select md5(coalesce(string_agg(concat_ws('|', p.id, p.title, p.time_limit, p.color, p.color_name, p.package_hash, cp.position), ',' order by p.id), ''))
              from contest_problems cp join problems p on p.id = cp.problem_id where cp.contest_id = ${contestId}) as problems`.execute(db);
  return rows[0];
}
