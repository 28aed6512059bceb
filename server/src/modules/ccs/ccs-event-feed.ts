// The event feed (NDJSON): every object the reader sees, then each change as it happens, until the
// client leaves. Each open feed looks at a few counters of its contest every CCS_FEED_POLL_MS
// (one indexed query), at once when the process's change feed (modules/events) tells of a change
// to its contest, and, when they moved, when the contest reached a new phase (started, frozen,
// ended) or every REFRESH_MS anyway (a renamed team), reads the contest again and sends what
// differs from what it sent: new and changed objects, and deletions. A newline keeps the
// connection alive after CCS_FEED_KEEPALIVE_MS without an event.
import { sql, type Kysely } from 'kysely';
import type { Clock } from '../../common/clock.ts';
import { isDomainError } from '../../common/errors.ts';
import { StreamReply, type StreamWriter } from '../../common/files.ts';
import type { CcsFeedOptions } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import type { Logger } from '../../logger.ts';
import { findContest } from '../contests/contest-access.ts';
import type { ChangeFeed } from '../events/change-feed.ts';
import { CcsReader, type CcsDeps } from './ccs-collections.ts';
import { feedSnapshot, type FeedItem, type Notification } from './ccs-feed-snapshot.ts';
import { encodeToken, START, type FeedPosition } from './ccs-feed-token.ts';
import { hiddenFrom, type CcsContext } from './ccs-viewer.ts';

/** Even without a change counted, an open feed reads its contest again this often. */
const REFRESH_MS = 5000;

export interface FeedDeps extends CcsDeps {
  clock: Clock;
  log: Logger;
  /** Wakes a feed as soon as its contest changed; without it, feeds only poll. */
  changes?: Pick<ChangeFeed, 'subscribe'>;
}

export interface FeedRequest {
  /** Resume after this position (a decoded since_token); null: from the beginning. */
  since: FeedPosition | null;
  /** false: send what there is now and end (a Verdict extension, as DOMjudge has it). */
  stream: boolean;
}

export function eventFeedReply(deps: FeedDeps, ctx: CcsContext, request: FeedRequest, options: CcsFeedOptions): StreamReply {
  return new StreamReply('application/x-ndjson', (out) => new EventFeed(deps, ctx, out, options).run(request));
}

class EventFeed {
  private readonly sent = new Map<string, string>();
  private position: FeedPosition = { ...START };
  private versionKey = '';
  private keepAlive: NodeJS.Timeout | undefined;
  /** Ends the current pause early (the client left, or the contest changed). */
  private wake: (() => void) | undefined;
  /** A change was told while the feed was not pausing: the next pause is skipped. */
  private changed = false;

  constructor(
    private readonly deps: FeedDeps,
    private ctx: CcsContext,
    private readonly out: StreamWriter,
    private readonly options: CcsFeedOptions,
  ) {
    out.onClose(() => {
      clearTimeout(this.keepAlive);
      this.wake?.();
    });
  }

  async run({ since, stream }: FeedRequest): Promise<void> {
    this.versionKey = await this.version();
    const items = await feedSnapshot(new CcsReader(this.deps, this.ctx));
    if (since) this.position = { ...since };
    this.markRead();
    for (const item of items) {
      if (!since || item.newerThan(since)) this.send(item);
      this.sent.set(item.key, item.json);
    }
    if (!stream) return this.out.end();
    this.armKeepAlive();
    const unsubscribe = this.deps.changes?.subscribe((changes) => {
      if (!changes.some((change) => change.contestId === this.ctx.contest.id)) return;
      if (this.wake) this.wake();
      else this.changed = true;
    });
    if (unsubscribe) this.out.onClose(unsubscribe);
    while (!this.out.closed) {
      await this.pause(this.options.pollMs);
      if (this.out.closed) break;
      try {
        await this.catchUp();
      } catch (err) {
        if (isDomainError(err, 'NOT_FOUND')) return this.out.end(); // the contest was deleted
        this.deps.log.warn({ err, contestId: this.ctx.contest.id }, 'event feed: reading the contest failed; trying again');
      }
    }
  }

  /** Sends what changed since the last look, if anything may have. */
  private async catchUp(): Promise<void> {
    const contest = await findContest(this.deps.db, this.ctx.contest.id);
    this.ctx = { ...this.ctx, contest, now: this.deps.clock.now() };
    const version = await this.version();
    if (version === this.versionKey) return;
    this.versionKey = version;
    const items = await feedSnapshot(new CcsReader(this.deps, this.ctx));
    this.markRead();
    const present = new Set<string>();
    for (const item of items) {
      present.add(item.key);
      if (this.sent.get(item.key) === item.json) continue;
      this.send(item);
      this.sent.set(item.key, item.json);
    }
    for (const key of [...this.sent.keys()].filter((k) => !present.has(k))) {
      const slash = key.indexOf('/');
      this.write({ type: key.slice(0, slash), id: key.slice(slash + 1) || null, data: null });
      this.sent.delete(key);
    }
  }

  /** The position is of data read at ctx.now, with judgements after the freeze hidden or not. */
  private markRead(): void {
    this.position.hidden = hiddenFrom(this.ctx) !== null;
    this.position.at = this.ctx.now.getTime();
  }

  private send(item: FeedItem): void {
    for (const [kind, mark] of Object.entries(item.advances ?? {}) as [keyof FeedPosition, number][]) {
      this.position = { ...this.position, [kind]: Math.max(this.position[kind] as number, mark) };
    }
    this.write(item.notification);
  }

  private write(notification: Notification): void {
    this.out.write(`${JSON.stringify({ ...notification, token: encodeToken(this.position) })}\n`);
    this.armKeepAlive();
  }

  private armKeepAlive(): void {
    clearTimeout(this.keepAlive);
    if (this.out.closed) return;
    this.keepAlive = setTimeout(() => {
      this.out.write('\n');
      this.armKeepAlive();
    }, this.options.keepAliveMs);
  }

  private pause(ms: number): Promise<void> {
    if (this.changed) {
      this.changed = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = undefined;
        resolve();
      }, ms);
      this.wake = () => {
        this.wake = undefined;
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** What the feed's objects depend on, as one string: when it is the same, nothing changed. */
  private async version(): Promise<string> {
    const { contest, now } = this.ctx;
    const counters = await contestCounters(this.deps.db, contest.id);
    const phase = [contest.start_time, contest.freeze_time, contest.end_time].map((t) => (t && now >= t ? 1 : 0)).join('');
    const rowState = [contest.title, contest.scoring_rule, contest.start_time, contest.end_time, contest.freeze_time, contest.thawed_at].map(String).join('|');
    return [JSON.stringify(counters), phase, rowState, Math.floor(now.getTime() / REFRESH_MS)].join('#');
  }
}

async function contestCounters(db: Kysely<DB>, contestId: number) {
  const { rows } = await sql`
    select (select max(id) from submissions where contest_id = ${contestId}) as last_submission,
           (select max(judged_at) from submissions where contest_id = ${contestId}) as last_judged,
           (select count(*)::int from submissions where contest_id = ${contestId} and judged_at is null) as unjudged,
           (select max(version) from clarifications where contest_id = ${contestId}) as clarifications,
           (select count(*)::int from contest_users where contest_id = ${contestId}) as members,
           (select count(*)::int from contest_problems where contest_id = ${contestId}) as problems`.execute(db);
  return rows[0];
}
