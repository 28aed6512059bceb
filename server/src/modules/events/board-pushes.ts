// Boards pushed through the live streams (issue 29, item 1). A stream opened with `board=1`
// gets its contest's board as `GET /api/BangDan/AllResultList` would give its user now: first
// whole, then as diffs against the board it has. Per change the board is computed once per view
// (live, frozen) — never once per stream — diffed once against the previous push of that view
// and the diff's frame written to every stream on that view. Who gets which view is decided at
// every push exactly as the REST route decides it (contest-freeze.ts boardViewFor: administrators
// the live board, contestants the frozen one while the board is frozen), after checking, with one
// query each for all streams, that every contestant is still a member and that every stream's
// credentials still hold (stream-guard.ts): a stream that could not read the board through REST
// now is closed, not sent it.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Logger } from '../../logger.ts';
import type { StreamWriter } from '../../common/files.ts';
import { isBoardFrozen, type BoardEntry, type BoardView, type ContestRow, type SerializedBoard } from '../contests/index.ts';

/** Pushes of one contest start at least this far apart; changes in between go out together. */
export const BOARD_PUSH_GAP_MS = 250;

export interface BoardStream {
  userId: number;
  admin: boolean;
  out: StreamWriter;
  /** The board this stream has: its view and the version of that view's pushes. */
  board?: { view: BoardView; version: number };
}

export interface BoardPushDeps {
  db: Kysely<DB>;
  leaderboards: { current(contest: ContestRow, view: BoardView): Promise<SerializedBoard> };
  guard: { checkNow(): Promise<boolean> };
  log: Logger;
  now: () => Date;
}

/** The last board pushed in one view of a contest. */
interface Pushed {
  version: number;
  entries: readonly BoardEntry[];
  byName: Map<string, BoardEntry>;
  whole?: string;
}

interface Schedule {
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
  again: boolean;
  lastStart: number;
}

export class BoardPushes {
  /** Keyed by `${contestId}:${view}`. */
  private readonly pushed = new Map<string, Pushed>();
  private readonly schedules = new Map<number, Schedule>();

  constructor(
    private readonly deps: BoardPushDeps,
    /** The open streams of a contest that asked for boards. */
    private readonly streamsOf: (contestId: number) => Iterable<BoardStream>,
    private readonly deliver: (stream: BoardStream, frame: string) => void,
  ) {}

  /** The contest's board may have changed (or a stream joined): push it soon. */
  request(contestId: number): void {
    let schedule = this.schedules.get(contestId);
    if (!schedule) this.schedules.set(contestId, (schedule = { again: false, lastStart: 0 }));
    if (schedule.timer) return;
    if (schedule.running) {
      schedule.again = true;
      return;
    }
    const s = schedule;
    s.timer = setTimeout(
      () => {
        s.timer = undefined;
        s.lastStart = Date.now();
        s.running = this.push(contestId)
          .catch((err: Error) => this.deps.log.warn({ reason: err.message, contestId }, 'live updates: could not push the board'))
          .finally(() => {
            s.running = undefined;
            if (s.again && this.schedules.get(contestId) === s) {
              s.again = false;
              this.request(contestId);
            }
          });
      },
      Math.max(0, s.lastStart + BOARD_PUSH_GAP_MS - Date.now()),
    );
  }

  /** Nobody follows the contest's board here any more. */
  forget(contestId: number): void {
    clearTimeout(this.schedules.get(contestId)?.timer);
    this.schedules.delete(contestId);
    this.pushed.delete(`${contestId}:live`);
    this.pushed.delete(`${contestId}:frozen`);
  }

  close(): void {
    for (const contestId of [...this.schedules.keys()]) this.forget(contestId);
  }

  private async push(contestId: number): Promise<void> {
    const { db, leaderboards, guard, now } = this.deps;
    if (![...this.streamsOf(contestId)].some((s) => !s.out.closed)) return;
    const contest = await db.selectFrom('contests').selectAll().where('id', '=', contestId).executeTakeFirst();
    const members = new Set((await db.selectFrom('contest_users').select('user_id').where('contest_id', '=', contestId).execute()).map((r) => r.user_id));
    // Fail closed: without a fresh credential check nothing is pushed (the next change tries again).
    if (!(await guard.checkNow())) return;
    const frozen = contest !== undefined && isBoardFrozen(contest, now());
    const views = new Map<BoardStream, BoardView>();
    for (const stream of this.streamsOf(contestId)) {
      if (stream.out.closed) continue;
      // REST would refuse the board now (the contest is gone, the member removed): the stream ends.
      if (!contest || (!stream.admin && !members.has(stream.userId))) stream.out.end();
      else views.set(stream, stream.admin || !frozen ? 'live' : 'frozen');
    }
    if (!contest) return;
    for (const view of new Set(views.values())) {
      const { pushed, diff, from } = this.advance(contestId, view, (await leaderboards.current(contest, view)).entries());
      for (const [stream, streamView] of views) {
        if (streamView !== view || stream.out.closed) continue;
        const has = stream.board?.view === view ? stream.board.version : null;
        if (has === pushed.version) continue;
        if (diff !== undefined && has === from) this.deliver(stream, diff);
        else this.deliver(stream, (pushed.whole ??= boardFrame(contestId, view, pushed.version, null, pushed.entries)));
        stream.board = { view, version: pushed.version };
      }
    }
  }

  /** The view's board as pushed now, and the diff's frame from the previous push (none when nothing changed or this is the first). */
  private advance(contestId: number, view: BoardView, entries: readonly BoardEntry[]): { pushed: Pushed; diff?: string; from: number } {
    const key = `${contestId}:${view}`;
    const old = this.pushed.get(key);
    if (old?.entries === entries) return { pushed: old, from: old.version };
    const byName = new Map(entries.map((e) => [e.userName, e]));
    if (!old) {
      const first: Pushed = { version: 1, entries, byName };
      this.pushed.set(key, first);
      return { pushed: first, from: 0 };
    }
    const changed: BoardEntry[] = [];
    const ranks: [string, number][] = [];
    for (const entry of entries) {
      const before = old.byName.get(entry.userName);
      if (!before || (before.body !== entry.body && !before.body.equals(entry.body))) changed.push(entry);
      else if (before.rank !== entry.rank) ranks.push([entry.userName, entry.rank]);
    }
    const removed = [...old.byName.keys()].filter((name) => !byName.has(name));
    if (changed.length === 0 && ranks.length === 0 && removed.length === 0) {
      // The same board in a new version (a verdict the view hides): nothing to send.
      Object.assign(old, { entries, byName });
      return { pushed: old, from: old.version };
    }
    const next: Pushed = { version: old.version + 1, entries, byName };
    this.pushed.set(key, next);
    return { pushed: next, from: old.version, diff: boardFrame(contestId, view, next.version, old.version, changed, ranks, removed) };
  }
}

/** A `board` event: the whole board (`from` null) or what changed since version `from`. */
function boardFrame(contestId: number, view: BoardView, version: number, from: number | null, rows: readonly BoardEntry[], ranks?: [string, number][], removed?: string[]): string {
  const head = `{"contestId":${contestId},"view":"${view}","version":${version},"from":${from},"rows":[`;
  const body = rows.map((e) => `{"rank":${e.rank},${e.body.toString()}`).join(',');
  const tail = from === null ? '' : `,"ranks":${JSON.stringify(ranks ?? [])},"removed":${JSON.stringify(removed ?? [])}`;
  return `event: board\ndata: ${head}${body}]${tail}}\n\n`;
}
