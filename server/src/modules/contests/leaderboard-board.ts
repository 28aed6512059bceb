// One contest's leaderboard in one view (live or frozen), kept in memory and changed in place:
// a change folds again only the (user, problem) pairs it touched (SQL, a few index look-ups),
// rebuilds only those members' rows and sorts the rows again (they were sorted: a merge).
//
// The reply is joined per version from parts (common/gzip-parts.ts), never serialized or
// compressed whole: each row keeps its JSON without the rank, and the rows are compressed in
// groups of GROUP_ROWS consecutive places, ranks included. A change leaves most groups as they
// were — a wrong answer changes one row in place; an accepted one moves a row up past the rows
// in between — and the groups it touched are sent uncompressed (stored blocks: no work) until they
// are compressed again in the background, a group at a time, right after. So the first request
// after a verdict costs the touched rows' work and a join, whatever the board's size, and a
// reply is at most a few groups bigger than when all its groups are compressed.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { deflatedPart, storedPart, type GzipPart } from '../../common/gzip-parts.ts';
import type { ContestRow } from './contest-access.ts';
import type { BoardView } from './contest-freeze.ts';
import type { Pair } from './leaderboard-sql.ts';
import { compareStandings, ranksOf } from './ranking.ts';
import type { ScoreboardMember, ScoreboardRow, ScoreboardStanding } from './scoreboard.ts';

/**
 * How a scoring rule folds and shows a board. `D`: what it reads of the contest's problems; `P`:
 * the problems as shown (the IOI/OI maxima may depend on the records).
 */
export interface BoardRule<S extends Pair, D extends { problemId: number }, P extends { problemId: number }> {
  /** Summaries of every (user, problem) of the contest, or only of the given pairs (SQL). */
  fold(db: Kysely<DB>, contest: ContestRow, only: Pair[] | undefined, view: BoardView): Promise<S[]>;
  /** The contest's problems in contest order (SQL). */
  problems(db: Kysely<DB>, contestId: number): Promise<D[]>;
  /** The problems as shown, given every summary of the board. */
  shown(problems: readonly D[], summaries: () => Iterable<S>): P[];
  /** One member's row and sort key. */
  standing(problems: readonly P[], column: ReadonlyMap<number, number>, member: ScoreboardMember, summaries: Iterable<S>): ScoreboardStanding;
}

/** What a change of the board touched (leaderboard_changes): a pair, a member (problemId null), or everything (both null). */
export interface BoardChange {
  userId: number | null;
  problemId: number | null;
}

interface Row extends ScoreboardStanding {
  userId: number;
  /** `"userName":...}`: the row's JSON after `{"rank":N,`. */
  body: Buffer;
  /** The body as a stored block, made when first sent uncompressed. */
  stored?: GzipPart;
}

/** Rows compressed together: ~20 KB of JSON with 26 problems, compressed in ~0.3 ms. */
const GROUP_ROWS = 16;

/** The compressed JSON of the rows at some places, with their ranks. */
interface Group {
  rows: Row[];
  ranks: number[];
  part: GzipPart;
}

/** A row of the board as placed: its rank, name and JSON after `{"rank":N,` (the same Buffer while the row is unchanged). */
export interface BoardEntry {
  rank: number;
  userName: string;
  body: Buffer;
}

/** The board as JSON (an array of rows) in parts, as rows and as entries; one per version of the board. */
export interface SerializedBoard {
  readonly parts: readonly GzipPart[];
  rows(): ScoreboardRow[];
  entries(): readonly BoardEntry[];
}

const [OPEN, CLOSE] = ['[', ']'].map((s) => storedPart(Buffer.from(s)));
/** `{"rank":N,` and `,{"rank":N,` by rank, made once per process. */
const rankParts: GzipPart[][] = [[], []];
const rankPart = (rank: number, first: boolean) => (rankParts[first ? 0 : 1][rank] ??= storedPart(Buffer.from(`${first ? '' : ','}{"rank":${rank},`)));
/** A group compressed again at most this long at a time before the event loop gets a turn. */
const COMPACT_SLICE_MS = 2;

export class ContestBoard<S extends Pair, D extends { problemId: number }, P extends { problemId: number }> {
  /** user → problem → summary, members or not (a member added later has their summaries). */
  private readonly summaries = new Map<number, Map<number, S>>();
  private members = new Map<number, ScoreboardMember>();
  private problems: P[] = [];
  private column = new Map<number, number>();
  private readonly byUser = new Map<number, Row>();
  /** Members' rows in rank order, and their ranks. */
  private order: Row[] = [];
  private ranks: number[] = [];
  /** By place: group g holds the rows at GROUP_ROWS·g and after; undefined or outdated when they changed. */
  private groups: (Group | undefined)[] = [];
  private compacting = false;
  private made: SerializedBoard | undefined;

  private constructor(
    private readonly db: Kysely<DB>,
    private readonly contest: ContestRow,
    private readonly view: BoardView,
    private readonly rule: BoardRule<S, D, P>,
    private readonly described: D[],
    /** The contest's leaderboard version this board shows. */
    public version: number,
  ) {}

  /** The board folded from scratch, as of `version` (read before the fold: later changes are applied again, harmlessly). */
  static async fold<S extends Pair, D extends { problemId: number }, P extends { problemId: number }>(
    db: Kysely<DB>,
    contest: ContestRow,
    view: BoardView,
    rule: BoardRule<S, D, P>,
    version: number,
  ): Promise<ContestBoard<S, D, P>> {
    const [summaries, described, members] = await Promise.all([rule.fold(db, contest, undefined, view), rule.problems(db, contest.id), contestMembers(db, contest.id)]);
    const board = new ContestBoard(db, contest, view, rule, described, version);
    for (const s of summaries) board.put(s);
    board.members = new Map(members.map((m) => [m.userId, m]));
    board.showProblems();
    for (const member of members) board.restand(member.userId);
    board.reorder([...board.byUser.values()]);
    for (let g = 0; g * GROUP_ROWS < board.order.length; g++) board.compact(g);
    return board;
  }

  /** Applies the changes made up to `version`; false when they need a fold from scratch (the problem set changed). */
  async apply(changes: readonly BoardChange[], version: number): Promise<boolean> {
    if (changes.some((c) => c.userId === null)) return false;
    const pairs = uniquePairs(changes);
    const membersChanged = changes.some((c) => c.problemId === null);
    const [fresh, members] = await Promise.all([
      this.rule.fold(this.db, this.contest, pairs, this.view),
      membersChanged ? contestMembers(this.db, this.contest.id) : undefined,
    ]);
    // From here on synchronous: a request never sees a board half changed. An update that read
    // the log after this one and finished first has applied all of this already.
    if (version < this.version) return true;
    const touched = new Set<number>();
    for (const p of pairs) {
      this.summaries.get(p.userId)?.delete(p.problemId);
      touched.add(p.userId);
    }
    for (const s of fresh) this.put(s);
    if (members) {
      for (const id of this.members.keys()) touched.add(id);
      this.members = new Map(members.map((m) => [m.userId, m]));
      for (const id of this.members.keys()) touched.add(id);
    }
    if (this.showProblems()) for (const id of this.members.keys()) touched.add(id);
    let changed = false;
    for (const userId of touched) changed = this.restand(userId) || changed;
    if (changed) {
      // The rows left in place are still in order: the sort merges the changed ones in.
      const kept = this.order.filter((row) => this.byUser.get(row.userId) === row);
      const inOrder = new Set(kept);
      this.reorder(kept.concat([...this.byUser.values()].filter((row) => !inOrder.has(row))));
      this.made = undefined;
    }
    this.version = version;
    return true;
  }

  /** The board serialized, once per version (and once more when the background compression is done). */
  get serialized(): SerializedBoard {
    if (this.made) return this.made;
    const { order, ranks } = this;
    const parts: GzipPart[] = [OPEN];
    let outdated = false;
    for (let g = 0, from = 0; from < order.length; g++, from += GROUP_ROWS) {
      const group = this.groups[g];
      if (group && this.holds(group, from)) {
        parts.push(group.part);
        continue;
      }
      outdated = true;
      for (let i = from; i < Math.min(order.length, from + GROUP_ROWS); i++) parts.push(rankPart(ranks[i], i === 0), (order[i].stored ??= storedPart(order[i].body)));
    }
    parts.push(CLOSE);
    if (outdated) this.compactSoon();
    let rows: ScoreboardRow[] | undefined;
    let entries: BoardEntry[] | undefined;
    return (this.made = {
      parts,
      rows: () => (rows ??= order.map((row, i) => ({ rank: ranks[i], ...row.row }))),
      entries: () => (entries ??= order.map((row, i) => ({ rank: ranks[i], userName: row.row.userName, body: row.body }))),
    });
  }

  private reorder(rows: Row[]): void {
    this.order = rows.sort(compareStandings);
    this.ranks = ranksOf(this.order);
    this.groups.length = Math.ceil(this.order.length / GROUP_ROWS);
  }

  /** Whether a group still holds the rows and ranks at its places. */
  private holds(group: Group, from: number): boolean {
    for (let k = 0; k < GROUP_ROWS; k++) {
      if (from + k >= this.order.length) return k === group.rows.length;
      if (group.rows[k] !== this.order[from + k] || group.ranks[k] !== this.ranks[from + k]) return false;
    }
    return group.rows.length === GROUP_ROWS;
  }

  /** Compresses group g anew, as its places are now. */
  private compact(g: number): void {
    const from = g * GROUP_ROWS;
    const rows = this.order.slice(from, from + GROUP_ROWS);
    const ranks = this.ranks.slice(from, from + GROUP_ROWS);
    const json = Buffer.concat(rows.flatMap((row, k) => [rankPart(ranks[k], from + k === 0).raw, row.body]));
    this.groups[g] = { rows, ranks, part: deflatedPart(json) };
  }

  /** Compresses the outdated groups in the background, a slice at a time; the next request gets them. */
  private compactSoon(): void {
    if (this.compacting) return;
    this.compacting = true;
    const slice = () => {
      const until = performance.now() + COMPACT_SLICE_MS;
      let done = 0;
      for (let g = 0, from = 0; from < this.order.length && performance.now() < until; g++, from += GROUP_ROWS) {
        const group = this.groups[g];
        if (group && this.holds(group, from)) continue;
        this.compact(g);
        done += 1;
      }
      if (done > 0) {
        this.made = undefined;
        setImmediate(slice);
      } else {
        this.compacting = false;
      }
    };
    setImmediate(slice);
  }

  private put(s: S): void {
    let byProblem = this.summaries.get(s.userId);
    if (!byProblem) this.summaries.set(s.userId, (byProblem = new Map()));
    byProblem.set(s.problemId, s);
  }

  /** Works out the problems as shown; true when they changed (every row shows them). */
  private showProblems(): boolean {
    const problems = this.rule.shown(this.described, () => this.allSummaries());
    if (problems.length === this.problems.length && JSON.stringify(problems) === JSON.stringify(this.problems)) return false;
    this.problems = problems;
    this.column = new Map(problems.map((p, i) => [p.problemId, i]));
    return true;
  }

  private *allSummaries(): Iterable<S> {
    for (const byProblem of this.summaries.values()) yield* byProblem.values();
  }

  /** Rebuilds a user's row (none when not a member); true when it changed. */
  private restand(userId: number): boolean {
    const old = this.byUser.get(userId);
    const member = this.members.get(userId);
    if (!member) return this.byUser.delete(userId);
    const mine = [...(this.summaries.get(userId)?.values() ?? [])].filter((s) => this.column.has(s.problemId));
    const standing = this.rule.standing(this.problems, this.column, member, mine);
    const body = Buffer.from(JSON.stringify(standing.row).slice(1));
    if (old && old.body.equals(body)) return false;
    this.byUser.set(userId, { ...standing, userId, body });
    return true;
  }
}

function uniquePairs(changes: readonly BoardChange[]): Pair[] {
  const seen = new Map<string, Pair>();
  for (const c of changes) if (c.userId !== null && c.problemId !== null) seen.set(`${c.userId}:${c.problemId}`, { userId: c.userId, problemId: c.problemId });
  return [...seen.values()];
}

export function contestMembers(db: Kysely<DB>, contestId: number): Promise<ScoreboardMember[]> {
  return db
    .selectFrom('contest_users as cu')
    .innerJoin('users as u', 'u.id', 'cu.user_id')
    .select(['u.id as userId', 'u.username as userName', 'u.nickname', 'u.affiliation'])
    .where('cu.contest_id', '=', contestId)
    .execute();
}
