// The contest leaderboard: SQL folds the submissions into one summary per (user, problem) under
// the contest's scoring rule — ICPC: scoreboard.ts, folded here; IOI and OI: scored-scoreboard.ts,
// folded by leaderboard-scores.ts — and the rule's ranking ranks them.
//
// Folding 100,000 submissions costs a scan, so each process keeps a contest's summaries and
// its version (newest submission id, newest verdict time, member and problem counts: index
// look-ups, migration 0004). A request within a second of the last check is answered from
// memory; otherwise, when the version moved, only the (user, problem) pairs touched since are
// folded again. A full fold happens on first use, when the contest's times or scoring rule
// change, and every few minutes as a safety net (a rejudged record back in PD, a deleted
// submission).
//
// A contest with a freeze time has two boards, each cached on its own: the live one and the
// frozen one (contest-freeze.ts). A cached board is keyed by the contest and the view and stamped
// with the scoring rule, times and freeze state (start, end, freeze, thaw) it was folded for; a
// board whose stamp differs from the contest row read for the request is folded again. Which
// view a caller gets is decided on every request from that row too, so a thaw or a new rule
// shows at once, and the frozen board is folded by its own SQL, so it never holds a verdict from
// after the freeze.
import { sql, type Kysely } from 'kysely';
import { systemClock, type Clock } from '../../common/clock.ts';
import type { DB } from '../../db/schema.ts';
import type { CurrentUser } from '../accounts/current-user.ts';
import { assertCanSeeContest, type ContestRow } from './contest-access.ts';
import { boardViewFor, type BoardView } from './contest-freeze.ts';
import { scoredProblems, scoreSummaries } from './leaderboard-scores.ts';
import { foldedSubmissions, wholeMs, type Pair } from './leaderboard-sql.ts';
import { rankScoreboard, type AttemptSummary, type ScoreboardMember, type ScoreboardRow } from './scoreboard.ts';
import { rankScoredBoard, type ScoreRule, type ScoreSummary } from './scored-scoreboard.ts';

/** Rows checked this recently are served without looking at the database. */
export const LEADERBOARD_FRESH_MS = 1000;
/** A full fold at least this often. */
export const LEADERBOARD_REBUILD_MS = 5 * 60_000;
/** Verdicts are re-read this far back, for writers whose clocks ran a little behind. */
const JUDGED_OVERLAP_MS = 10_000;

interface Version {
  maxId: number;
  maxJudgedMs: number;
  members: number;
  problems: number;
}

/** A board folded under one rule: its ranked rows, and how to fold some pairs again. */
interface FoldedBoard {
  rows: ScoreboardRow[];
  /** Folds the given pairs again (their other summaries kept) and ranks the board anew. */
  refold(touched: Pair[]): Promise<ScoreboardRow[]>;
}

interface ContestBoard extends FoldedBoard {
  /** The contest's scoring rule, times and freeze state the board was folded for. */
  state: string;
  version: Version;
  builtAt: number;
  checkedAt: number;
}

const pairKey = (p: Pair) => `${p.userId}:${p.problemId}`;
const sameVersion = (a: Version, b: Version) => a.maxId === b.maxId && a.maxJudgedMs === b.maxJudgedMs && a.members === b.members && a.problems === b.problems;

export class Leaderboards {
  /** Keyed by boardKey: contest and view; a board whose state differs from the contest's is folded again. */
  private readonly boards = new Map<string, ContestBoard>();
  private readonly updating = new Map<string, Promise<ScoreboardRow[]>>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * The board of a contest the user may see, in the view the user gets (`frozen`: an
   * administrator's choice, refused to others). The same array comes back while the board has not
   * changed, so the reply can be serialized once per version (http/replies.ts serializedOnce).
   */
  async boardFor(user: CurrentUser, contestId: number, frozen?: boolean): Promise<ScoreboardRow[]> {
    const contest = await assertCanSeeContest(this.db, user, contestId);
    return this.rows(contest, boardViewFor(contest, user, frozen, this.clock.now()));
  }

  async rows(contest: ContestRow, view: BoardView = 'live'): Promise<ScoreboardRow[]> {
    const key = boardKey(contest, view);
    const board = this.boards.get(key);
    const state = stateOf(contest);
    if (board && board.state === state && this.clock.now().getTime() - board.checkedAt < LEADERBOARD_FRESH_MS) return board.rows;
    // Concurrent requests for one board, of one rule and freeze state, share one update.
    const updateKey = `${key}|${state}`;
    let pending = this.updating.get(updateKey);
    if (!pending) {
      pending = this.update(contest, view, board).finally(() => this.updating.delete(updateKey));
      this.updating.set(updateKey, pending);
    }
    return pending;
  }

  private async update(contest: ContestRow, view: BoardView, board: ContestBoard | undefined): Promise<ScoreboardRow[]> {
    const now = this.clock.now().getTime();
    // The version is read before the fold: whatever changes during it is picked up next time.
    const version = await contestVersion(this.db, contest.id);
    if (board && board.state === stateOf(contest) && now - board.builtAt < LEADERBOARD_REBUILD_MS) {
      if (sameVersion(board.version, version)) {
        board.checkedAt = now;
        return board.rows;
      }
      board.rows = await board.refold(await touchedPairs(this.db, contest.id, board.version));
      Object.assign(board, { version, checkedAt: now });
      return board.rows;
    }
    const folded = await foldBoard(this.db, contest, view);
    this.boards.set(boardKey(contest, view), { ...folded, state: stateOf(contest), version, builtAt: now, checkedAt: now });
    return folded.rows;
  }
}

/** The leaderboard computed from scratch, without any cache (the CLI reads it this way). */
export async function buildLeaderboard(db: Kysely<DB>, contest: ContestRow, view: BoardView = 'live'): Promise<ScoreboardRow[]> {
  return (await foldBoard(db, contest, view)).rows;
}

/** How a rule's board is folded (SQL, for every pair or some) and ranked against the contest's roster. */
interface BoardRule<S extends Pair> {
  fold(db: Kysely<DB>, contest: ContestRow, only: Pair[] | undefined, view: BoardView): Promise<S[]>;
  rank(db: Kysely<DB>, contest: ContestRow, summaries: S[]): Promise<ScoreboardRow[]>;
}

const icpcRule: BoardRule<AttemptSummary> = {
  fold: attemptSummaries,
  rank: async (db, contest, summaries) => {
    const [problems, members] = await Promise.all([contestProblemIds(db, contest.id), contestMembers(db, contest.id)]);
    return rankScoreboard(problems, members, summaries);
  },
};

const scoreRule = (rule: ScoreRule): BoardRule<ScoreSummary> => ({
  fold: (db, contest, only, view) => scoreSummaries(db, contest, rule, only, view),
  rank: async (db, contest, summaries) => {
    const [problems, members] = await Promise.all([scoredProblems(db, contest.id, summaries), contestMembers(db, contest.id)]);
    return rankScoredBoard(problems, members, summaries);
  },
});

function foldBoard(db: Kysely<DB>, contest: ContestRow, view: BoardView): Promise<FoldedBoard> {
  return contest.scoring_rule === 'icpc' ? foldWith(icpcRule, db, contest, view) : foldWith(scoreRule(contest.scoring_rule), db, contest, view);
}

/** A full fold; the board keeps the summaries so that later changes fold only their pairs. */
async function foldWith<S extends Pair>(rule: BoardRule<S>, db: Kysely<DB>, contest: ContestRow, view: BoardView): Promise<FoldedBoard> {
  const summaries = new Map((await rule.fold(db, contest, undefined, view)).map((s) => [pairKey(s), s]));
  const rank = () => rule.rank(db, contest, [...summaries.values()]);
  return {
    rows: await rank(),
    refold: async (touched) => {
      const fresh = await rule.fold(db, contest, touched, view);
      for (const pair of touched) summaries.delete(pairKey(pair));
      for (const s of fresh) summaries.set(pairKey(s), s);
      return rank();
    },
  };
}

/** The contest's problems in contest order (letters A, B, ...). */
function contestProblemIds(db: Kysely<DB>, contestId: number): Promise<{ problemId: number }[]> {
  return db.selectFrom('contest_problems').select('problem_id as problemId').where('contest_id', '=', contestId).orderBy('position').orderBy('problem_id').execute();
}

function contestMembers(db: Kysely<DB>, contestId: number): Promise<ScoreboardMember[]> {
  return db
    .selectFrom('contest_users as cu')
    .innerJoin('users as u', 'u.id', 'cu.user_id')
    .select(['u.id as userId', 'u.username as userName'])
    .where('cu.contest_id', '=', contestId)
    .execute();
}

const boardKey = (contest: ContestRow, view: BoardView) => `${contest.id}:${view}`;

function stateOf(contest: ContestRow): string {
  const ms = (d: Date | null) => (d ? String(d.getTime()) : '-');
  return [contest.scoring_rule, ...[contest.start_time, contest.end_time, contest.freeze_time, contest.thawed_at].map(ms)].join(':');
}

async function contestVersion(db: Kysely<DB>, contestId: number): Promise<Version> {
  const { rows } = await sql<{ max_id: number | null; judged: Date | null; members: number; problems: number }>`
    select (select max(id) from submissions where contest_id = ${contestId}) as max_id,
           (select max(judged_at) from submissions where contest_id = ${contestId}) as judged,
           (select count(*)::int from contest_users where contest_id = ${contestId}) as members,
           (select count(*)::int from contest_problems where contest_id = ${contestId}) as problems`.execute(db);
  const r = rows[0];
  return { maxId: r?.max_id ?? 0, maxJudgedMs: r?.judged ? new Date(r.judged).getTime() : 0, members: r?.members ?? 0, problems: r?.problems ?? 0 };
}

/** (user, problem) pairs with a submission or a verdict newer than `since`. */
async function touchedPairs(db: Kysely<DB>, contestId: number, since: Version): Promise<Pair[]> {
  const { rows } = await sql<{ user_id: number; problem_id: number }>`
    select distinct user_id, problem_id from submissions
     where contest_id = ${contestId} and id > ${since.maxId}
    union
    select distinct user_id, problem_id from submissions
     where contest_id = ${contestId} and judged_at >= ${new Date(since.maxJudgedMs - JUDGED_OVERLAP_MS)}`.execute(db);
  return rows.map((r) => ({ userId: r.user_id, problemId: r.problem_id }));
}

/**
 * One row per (user, problem) with counted attempts — the SQL twin of summarizeSubmissions —
 * for the whole contest, or only for the given pairs. The frozen view counts only attempts
 * before the freeze and every submission from the freeze on as pending, whatever its state.
 */
export async function attemptSummaries(db: Kysely<DB>, contest: ContestRow, only?: Pair[], view: BoardView = 'live'): Promise<AttemptSummary[]> {
  if (only && only.length === 0) return [];
  const { where, cutoff } = foldedSubmissions(contest, only, view);
  const { rows } = await sql<{ user_id: number; problem_id: number; first_ac_ms: number | null; rejected: number; last_ms: number | null; pending: number }>`
    with kept as (
      select user_id, problem_id, id, status, created_at, created_at < ${cutoff} as counts
        from submissions
       where ${where}
    ), first_ac as (
      select user_id, problem_id, min(id) as ac_id from kept where status = 'AC' and counts group by user_id, problem_id
    )
    select c.user_id, c.problem_id,
           (extract(epoch from min(c.created_at) filter (where c.id = f.ac_id)) * 1000)::float8
             - ${contest.start_time.getTime()}::float8 as first_ac_ms,
           count(*) filter (where c.counts and (f.ac_id is null or c.id < f.ac_id))::int as rejected,
           (extract(epoch from max(c.created_at) filter (where c.counts and (f.ac_id is null or c.id <= f.ac_id))) * 1000)::float8
             - ${contest.start_time.getTime()}::float8 as last_ms,
           count(*) filter (where not c.counts and f.ac_id is null)::int as pending
      from kept c
      left join first_ac f on f.user_id = c.user_id and f.problem_id = c.problem_id
     group by c.user_id, c.problem_id`.execute(db);
  return rows.map((r) => ({
    userId: r.user_id,
    problemId: r.problem_id,
    firstAcMs: r.first_ac_ms === null ? null : wholeMs(r.first_ac_ms),
    rejected: r.rejected,
    lastMs: r.last_ms === null ? 0 : wholeMs(r.last_ms),
    pending: r.pending,
  }));
}
