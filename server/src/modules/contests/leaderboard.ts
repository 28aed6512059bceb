// The contest leaderboard: SQL folds the submissions into one summary per (user, problem) with
// the rules of scoreboard.ts, and rankScoreboard ranks them.
//
// Folding 100,000 submissions costs a scan, so each process keeps a contest's summaries and
// its version (newest submission id, newest verdict time, member and problem counts: index
// look-ups, migration 0004). A request within a second of the last check is answered from
// memory; otherwise, when the version moved, only the (user, problem) pairs touched since are
// folded again. A full fold happens on first use, when the contest's times change, and every
// few minutes as a safety net (a rejudged record back in PD, a deleted submission).
import { sql, type Kysely } from 'kysely';
import { systemClock, type Clock } from '../../common/clock.ts';
import type { DB } from '../../db/schema.ts';
import type { CurrentUser } from '../accounts/current-user.ts';
import { assertCanSeeContest, type ContestRow } from './contest-access.ts';
import { COUNTED_VERDICTS, rankScoreboard, type AttemptSummary, type ScoreboardRow } from './scoreboard.ts';

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

interface ContestBoard {
  times: string;
  version: Version;
  summaries: Map<string, AttemptSummary>;
  rows: ScoreboardRow[];
  builtAt: number;
  checkedAt: number;
}

type Pair = { userId: number; problemId: number };
const pairKey = (p: Pair) => `${p.userId}:${p.problemId}`;
const sameVersion = (a: Version, b: Version) => a.maxId === b.maxId && a.maxJudgedMs === b.maxJudgedMs && a.members === b.members && a.problems === b.problems;

export class Leaderboards {
  private readonly boards = new Map<number, ContestBoard>();
  private readonly updating = new Map<number, Promise<ScoreboardRow[]>>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * The board of a contest the user may see. The same array comes back while the board has not
   * changed, so the reply can be serialized once per version (http/replies.ts serializedOnce).
   */
  async boardFor(user: CurrentUser, contestId: number): Promise<ScoreboardRow[]> {
    return this.rows(await assertCanSeeContest(this.db, user, contestId));
  }

  async rows(contest: ContestRow): Promise<ScoreboardRow[]> {
    const board = this.boards.get(contest.id);
    if (board && board.times === timesOf(contest) && this.clock.now().getTime() - board.checkedAt < LEADERBOARD_FRESH_MS) return board.rows;
    // Concurrent requests for one contest share one update.
    let pending = this.updating.get(contest.id);
    if (!pending) {
      pending = this.update(contest, board).finally(() => this.updating.delete(contest.id));
      this.updating.set(contest.id, pending);
    }
    return pending;
  }

  private async update(contest: ContestRow, board: ContestBoard | undefined): Promise<ScoreboardRow[]> {
    const now = this.clock.now().getTime();
    // The version is read before the fold: whatever changes during it is picked up next time.
    const version = await contestVersion(this.db, contest.id);
    if (board && board.times === timesOf(contest) && now - board.builtAt < LEADERBOARD_REBUILD_MS) {
      if (sameVersion(board.version, version)) {
        board.checkedAt = now;
        return board.rows;
      }
      const touched = await touchedPairs(this.db, contest.id, board.version);
      const fresh = await attemptSummaries(this.db, contest, touched);
      for (const pair of touched) board.summaries.delete(pairKey(pair));
      for (const s of fresh) board.summaries.set(pairKey(s), s);
      board.rows = await this.rank(contest, board.summaries);
      Object.assign(board, { version, checkedAt: now });
      return board.rows;
    }
    const summaries = new Map((await attemptSummaries(this.db, contest)).map((s) => [pairKey(s), s]));
    const rows = await this.rank(contest, summaries);
    this.boards.set(contest.id, { times: timesOf(contest), version, summaries, rows, builtAt: now, checkedAt: now });
    return rows;
  }

  private rank(contest: ContestRow, summaries: Map<string, AttemptSummary>): Promise<ScoreboardRow[]> {
    return rankWithRoster(this.db, contest.id, [...summaries.values()]);
  }
}

/** The leaderboard computed from scratch, without any cache (the CLI reads it this way). */
export async function buildLeaderboard(db: Kysely<DB>, contest: ContestRow): Promise<ScoreboardRow[]> {
  return rankWithRoster(db, contest.id, await attemptSummaries(db, contest));
}

/** Ranks the summaries against the contest's current members and problems. */
async function rankWithRoster(db: Kysely<DB>, contestId: number, summaries: AttemptSummary[]): Promise<ScoreboardRow[]> {
  const [problems, members] = await Promise.all([
    db.selectFrom('contest_problems').select('problem_id as problemId').where('contest_id', '=', contestId).orderBy('position').orderBy('problem_id').execute(),
    db
      .selectFrom('contest_users as cu')
      .innerJoin('users as u', 'u.id', 'cu.user_id')
      .select(['u.id as userId', 'u.username as userName'])
      .where('cu.contest_id', '=', contestId)
      .execute(),
  ]);
  return rankScoreboard(problems, members, summaries);
}

function timesOf(contest: ContestRow): string {
  return `${contest.start_time.getTime()}:${contest.end_time.getTime()}`;
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
 * for the whole contest, or only for the given pairs.
 */
export async function attemptSummaries(db: Kysely<DB>, contest: ContestRow, only?: Pair[]): Promise<AttemptSummary[]> {
  if (only && only.length === 0) return [];
  const pairFilter = only ? sql`and (user_id, problem_id) in (${sql.join(only.map((p) => sql`(${p.userId}::int, ${p.problemId}::int)`))})` : sql``;
  const { rows } = await sql<{ user_id: number; problem_id: number; first_ac_ms: number | null; rejected: number; last_ms: number }>`
    with counted as (
      select user_id, problem_id, id, status, created_at
        from submissions
       where contest_id = ${contest.id}
         and created_at >= ${contest.start_time} and created_at < ${contest.end_time}
         and status in (${sql.join(COUNTED_VERDICTS)})
         ${pairFilter}
    ), first_ac as (
      select user_id, problem_id, min(id) as ac_id from counted where status = 'AC' group by user_id, problem_id
    )
    select c.user_id, c.problem_id,
           (extract(epoch from min(c.created_at) filter (where c.id = f.ac_id)) * 1000)::float8
             - ${contest.start_time.getTime()}::float8 as first_ac_ms,
           count(*) filter (where f.ac_id is null or c.id < f.ac_id)::int as rejected,
           (extract(epoch from max(c.created_at) filter (where f.ac_id is null or c.id <= f.ac_id)) * 1000)::float8
             - ${contest.start_time.getTime()}::float8 as last_ms
      from counted c
      left join first_ac f on f.user_id = c.user_id and f.problem_id = c.problem_id
     group by c.user_id, c.problem_id`.execute(db);
  return rows.map((r) => ({
    userId: r.user_id,
    problemId: r.problem_id,
    firstAcMs: r.first_ac_ms === null ? null : wholeMs(r.first_ac_ms),
    rejected: r.rejected,
    lastMs: wholeMs(r.last_ms),
  }));
}

/** Microsecond timestamps and float arithmetic: drop the fraction without losing an exact minute to 59999.9999. */
function wholeMs(ms: number): number {
  return Math.floor(ms + 1e-3);
}
