// The contest leaderboard: SQL folds the submissions into one summary per (user, problem) with
// the rules of scoreboard.ts, and rankScoreboard ranks them. A short-lived cache keyed by the
// contest's latest submission and latest verdict spares the work while nothing changed.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { CurrentUser } from '../http/route.ts';
import { assertCanSeeContest, type ContestRow } from './contest-access.ts';
import { COUNTED_VERDICTS, rankScoreboard, type AttemptSummary, type ScoreboardRow } from './scoreboard.ts';

/** How long an unchanged leaderboard is served from memory; membership changes show within it. */
export const LEADERBOARD_CACHE_MS = 2000;

interface CacheEntry {
  key: string;
  at: number;
  rows: ScoreboardRow[];
}

export class Leaderboards {
  private readonly cache = new Map<number, CacheEntry>();

  constructor(private readonly db: Kysely<DB>) {}

  async forUser(user: CurrentUser, contestId: number): Promise<ScoreboardRow[]> {
    const contest = await assertCanSeeContest(this.db, user, contestId);
    return this.compute(contest);
  }

  async compute(contest: ContestRow): Promise<ScoreboardRow[]> {
    const key = await this.versionOf(contest);
    const hit = this.cache.get(contest.id);
    if (hit && hit.key === key && Date.now() - hit.at < LEADERBOARD_CACHE_MS) return hit.rows;
    const rows = await buildLeaderboard(this.db, contest);
    this.cache.set(contest.id, { key, at: Date.now(), rows });
    return rows;
  }

  /** Changes whenever a submission is added to the contest or one of its records gets a verdict. */
  private async versionOf(contest: ContestRow): Promise<string> {
    const { rows } = await sql<{ max_id: number | null; judged: Date | null }>`
      select (select max(id) from submissions where contest_id = ${contest.id}) as max_id,
             (select max(judged_at) from submissions where contest_id = ${contest.id}) as judged`.execute(this.db);
    return `${rows[0]?.max_id ?? 0}:${rows[0]?.judged?.getTime() ?? 0}:${contest.start_time.getTime()}:${contest.end_time.getTime()}`;
  }
}

export async function buildLeaderboard(db: Kysely<DB>, contest: ContestRow): Promise<ScoreboardRow[]> {
  const [problems, members, summaries] = await Promise.all([
    db.selectFrom('contest_problems').select('problem_id as problemId').where('contest_id', '=', contest.id).orderBy('position').orderBy('problem_id').execute(),
    db
      .selectFrom('contest_users as cu')
      .innerJoin('users as u', 'u.id', 'cu.user_id')
      .select(['u.id as userId', 'u.username as userName'])
      .where('cu.contest_id', '=', contest.id)
      .execute(),
    attemptSummaries(db, contest),
  ]);
  return rankScoreboard(problems, members, summaries);
}

/** One row per (user, problem) with counted attempts: the SQL twin of summarizeSubmissions. */
export async function attemptSummaries(db: Kysely<DB>, contest: ContestRow): Promise<AttemptSummary[]> {
  const { rows } = await sql<{ user_id: number; problem_id: number; first_ac_ms: number | null; rejected: number; last_ms: number }>`
    with counted as (
      select user_id, problem_id, id, status, created_at
        from submissions
       where contest_id = ${contest.id}
         and created_at >= ${contest.start_time} and created_at < ${contest.end_time}
         and status in (${sql.join(COUNTED_VERDICTS)})
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
