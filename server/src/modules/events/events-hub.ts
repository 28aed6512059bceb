// The live streams of one API process (GET /api/events) and what each may hear of the changes
// the change feed reads. A contestant hears their own submissions (each state, the test being
// run), the clarifications they may see (as GET /api/clarification/list shows them), that the
// contest changed (frozen, thawed, edited) and that its scoreboard did; an administrator hears
// every submission and clarification of the contest. Scoreboard news is sent at most once per
// SCOREBOARD_EVERY_MS per contest: clients fetch the board then, so 1000 streams cost one burst
// of cached reads per second, not one per verdict. Each stream numbers its own events (`id:`):
// no stream's ids count what others were sent. A stream's credentials are checked by the
// stream guard (stream-guard.ts: a revoked token, a changed password or role closes it within a
// second); memberships every RECHECK_EVERY_MS (one query for all streams): a member removed from
// the contest loses the stream, and the client, refused on reconnecting, goes where it may.
import type { Kysely } from 'kysely';
import type { LiveEventData, LiveEventName, LiveSubmission } from '@verdict/shared';
import type { DB } from '../../db/schema.ts';
import type { Logger } from '../../logger.ts';
import type { StreamWriter } from '../../common/files.ts';
import { formatTime } from '../../common/wire.ts';
import { judgeView, memberView, selectClarifications, type ClarificationRow } from '../clarifications/index.ts';
import { PENDING_STATES } from '../submissions/index.ts';
import { type ContestRow, isBoardFrozen } from '../contests/index.ts';
import type { Change, ChangeFeed, SubmissionChange } from './change-feed.ts';

export const HEARTBEAT_MS = 25_000;
export const RECHECK_EVERY_MS = 10_000;
export const SCOREBOARD_EVERY_MS = 1000;

export type ContestTimes = Pick<ContestRow, 'start_time' | 'freeze_time' | 'thawed_at'>;

export interface LiveStream {
  userId: number;
  admin: boolean;
  /** The contest it follows; null: the user's own submissions anywhere (for an admin: every submission and clarification). */
  contestId: number | null;
  /** The contest's start (before it, a member's clarifications carry no problem titles) and freeze. */
  contest: ContestTimes | null;
  out: StreamWriter;
  /** The id of the last event sent on this stream (each stream counts its own). */
  lastId?: number;
}

export class EventsHub {
  private readonly streams = new Set<LiveStream>();
  private readonly byContest = new Map<number | null, Set<LiveStream>>();
  private unsubscribe: (() => void) | null = null;
  private heartbeat: NodeJS.Timeout | undefined;
  private recheck: NodeJS.Timeout | undefined;
  /** Per contest and audience ('all', or 'judges' for what a frozen board hides). */
  private readonly boardDue = new Map<string, NodeJS.Timeout>();
  private readonly boardSentAt = new Map<string, number>();
  /** Each followed contest's start and freeze, as last read (a contest change reads them again). */
  private readonly times = new Map<number, ContestTimes>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly feed: ChangeFeed,
    private readonly log: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  get size(): number {
    return this.streams.size;
  }

  /** Starts sending to `stream` until it closes. */
  add(stream: LiveStream): void {
    this.streams.add(stream);
    let group = this.byContest.get(stream.contestId);
    if (!group) this.byContest.set(stream.contestId, (group = new Set()));
    group.add(stream);
    if (stream.contestId !== null && stream.contest) this.times.set(stream.contestId, stream.contest);
    stream.out.onClose(() => this.remove(stream));
    if (stream.out.closed) return;
    stream.out.write(`retry: 3000\n\n`);
    this.send(stream, 'hello', { serverTime: formatTime(this.now()), contestId: stream.contestId });
    if (!this.unsubscribe) {
      this.unsubscribe = this.feed.subscribe((changes) => void this.dispatch(changes));
      this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
      this.recheck = setInterval(() => void this.recheckStreams(), RECHECK_EVERY_MS);
    }
  }

  /** Ends every stream (the server stops). */
  close(): void {
    for (const stream of [...this.streams]) stream.out.end();
    this.stopListening();
  }

  private remove(stream: LiveStream): void {
    this.streams.delete(stream);
    const group = this.byContest.get(stream.contestId);
    group?.delete(stream);
    if (group?.size === 0) {
      this.byContest.delete(stream.contestId);
      if (stream.contestId !== null) this.times.delete(stream.contestId);
    }
    if (this.streams.size === 0) this.stopListening();
  }

  private stopListening(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    clearInterval(this.heartbeat);
    clearInterval(this.recheck);
    for (const timer of this.boardDue.values()) clearTimeout(timer);
    this.boardDue.clear();
  }

  /** An event as the stream carries it but its id, made once and written to every stream it is for. */
  private frame<E extends LiveEventName>(event: E, data: LiveEventData[E]): string {
    return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
  }

  /** Writes a frame to one stream under that stream's next id. */
  private deliver(stream: LiveStream, frame: string): void {
    stream.lastId = (stream.lastId ?? 0) + 1;
    stream.out.write(`id: ${stream.lastId}\n${frame}`);
  }

  private send<E extends LiveEventName>(stream: LiveStream, event: E, data: LiveEventData[E]): void {
    this.deliver(stream, this.frame(event, data));
  }

  private beat(): void {
    for (const stream of this.streams) stream.out.write(': keep-alive\n\n');
  }

  private async dispatch(changes: Change[]): Promise<void> {
    const clarificationIds: number[] = [];
    // A contest changed (a freeze time set, a thaw): read its times before judging what its boards may tell.
    const edited = [...new Set(changes.filter((c) => c.kind === 'contest' && this.byContest.has(c.contestId)).map((c) => (c as { contestId: number }).contestId))];
    if (edited.length > 0) await this.readTimes(edited);
    for (const change of changes) {
      if (change.kind === 'submission') this.submissionChanged(change);
      else if (change.kind === 'clarification') clarificationIds.push(change.id);
      else {
        const frame = this.frame('contest', { contestId: change.contestId });
        for (const stream of this.byContest.get(change.contestId) ?? []) this.deliver(stream, frame);
        this.boardChanged(change.contestId, 'all');
      }
    }
    if (clarificationIds.length > 0) await this.clarificationsChanged(clarificationIds);
  }

  private submissionChanged(change: SubmissionChange): void {
    const message: LiveSubmission = {
      id: change.id,
      userId: change.userId,
      contestId: change.contestId,
      problemId: change.problemId,
      judgeResult: change.status,
      judgingTest: change.status === 'JG' ? change.judgingTest : null,
      runTime: change.runTime,
      runMemory: change.runMemory,
      score: change.score,
      maxScore: change.maxScore,
      submitTime: formatTime(change.createdAt),
    };
    let frame: string | undefined;
    const groups = change.contestId === null ? [null] : [change.contestId, null];
    for (const key of groups) {
      for (const stream of this.byContest.get(key) ?? []) {
        if (stream.admin || stream.userId === change.userId) this.deliver(stream, (frame ??= this.frame('submission', message)));
      }
    }
    // A new submission adds a try (a pending "?" on a frozen board); a verdict may change the board,
    // but the verdict of a submission the frozen board hides is news to the judges only.
    if (change.contestId === null) return;
    const isNew = change.status === 'PD' && change.judgingTest === null;
    if (isNew) this.boardChanged(change.contestId, 'all');
    else if (!(PENDING_STATES as readonly string[]).includes(change.status)) {
      const times = this.times.get(change.contestId);
      const hidden = times !== undefined && isBoardFrozen(times, this.now()) && change.createdAt >= times.freeze_time!;
      this.boardChanged(change.contestId, hidden ? 'judges' : 'all');
    }
  }

  /** Tells the contest's streams (or only its judges') that its scoreboard changed, at most once per SCOREBOARD_EVERY_MS. */
  private boardChanged(contestId: number, audience: 'all' | 'judges'): void {
    const key = `${contestId}:${audience}`;
    if (!this.byContest.has(contestId) || this.boardDue.has(key)) return;
    const wait = Math.max(0, (this.boardSentAt.get(key) ?? 0) + SCOREBOARD_EVERY_MS - Date.now());
    this.boardDue.set(
      key,
      setTimeout(() => {
        this.boardDue.delete(key);
        this.boardSentAt.set(key, Date.now());
        const frame = this.frame('scoreboard', { contestId });
        for (const stream of this.byContest.get(contestId) ?? []) if (audience === 'all' || stream.admin) this.deliver(stream, frame);
      }, wait),
    );
  }

  private async readTimes(contestIds: number[]): Promise<void> {
    try {
      const rows = await this.db.selectFrom('contests').select(['id', 'start_time', 'freeze_time', 'thawed_at']).where('id', 'in', contestIds).execute();
      for (const row of rows) if (this.byContest.has(row.id)) this.times.set(row.id, row);
    } catch (err) {
      this.log.warn({ reason: (err as Error).message }, 'live updates: could not read the changed contests');
    }
  }

  private async clarificationsChanged(ids: number[]): Promise<void> {
    let rows: ClarificationRow[];
    try {
      rows = await selectClarifications(this.db).where('q.id', 'in', ids).execute();
    } catch (err) {
      this.log.warn({ reason: (err as Error).message }, 'live updates: could not read the changed clarifications');
      return;
    }
    const now = this.now();
    for (const row of rows) {
      // A member's view differs only by whether they asked and whether titles are open: a few frames serve a room.
      const frames = new Map<string, string>();
      const judges = () => frames.get('judge') ?? frames.set('judge', this.frame('clarification', judgeView(row))).get('judge')!;
      for (const stream of this.byContest.get(null) ?? []) if (stream.admin) this.deliver(stream, judges());
      for (const stream of this.byContest.get(row.contest_id) ?? []) {
        if (stream.admin) this.deliver(stream, judges());
        else if (memberMaySee(row, stream.userId)) {
          const start = this.times.get(row.contest_id)?.start_time;
          const titlesOpen = start !== undefined && now >= start;
          const key = `${row.asker_id === stream.userId}:${titlesOpen}`;
          let frame = frames.get(key);
          if (!frame) frames.set(key, (frame = this.frame('clarification', memberView(row, stream.userId, titlesOpen))));
          this.deliver(stream, frame);
        }
      }
    }
  }

  /** Closes the streams whose member left the contest (every RECHECK_EVERY_MS; credentials: stream-guard.ts). */
  async recheckStreams(): Promise<void> {
    const streams = [...this.streams].filter((s) => !s.admin && s.contestId !== null);
    if (streams.length === 0) return;
    try {
      const contests = [...new Set(streams.map((s) => s.contestId!))];
      const rows = await this.db.selectFrom('contest_users').select(['contest_id', 'user_id']).where('contest_id', 'in', contests).execute();
      const members = new Set(rows.map((r) => `${r.contest_id}:${r.user_id}`));
      for (const stream of streams) if (!members.has(`${stream.contestId}:${stream.userId}`)) stream.out.end();
    } catch (err) {
      this.log.warn({ reason: (err as Error).message }, 'live updates: could not check the open streams');
    }
  }
}

/**
 * What a member may see, as clarificationsForMember selects it: every announcement, their own
 * questions, and other members' questions once answered to everyone.
 */
function memberMaySee(row: ClarificationRow, userId: number): boolean {
  return row.kind === 'announcement' || row.asker_id === userId || (row.visibility === 'public' && row.answer !== null);
}
