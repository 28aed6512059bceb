// The IOI and OI leaderboards in SQL: the twin of summarizeScoredSubmissions (scored-scoreboard.ts)
// and the problems' most possible scores. leaderboard.ts caches the boards of every rule.
import { sql, type Kysely } from 'kysely';
import { PASS_FAIL_POINTS } from '@verdict/shared';
import type { DB } from '../../db/schema.ts';
import type { ContestRow } from './contest-access.ts';
import type { BoardView } from './contest-freeze.ts';
import { foldedSubmissions, wholeMs, type Pair } from './leaderboard-sql.ts';
import type { ScoredProblem, ScoreRule, ScoreSummary } from './scored-scoreboard.ts';

/**
 * One row per (user, problem) with kept submissions, for the whole contest or only the given
 * pairs. Each submission gets its points and whether they are full; the one that sets the
 * problem's score is picked with DISTINCT ON — IOI: the most points, the earliest of equals;
 * OI: the last — and the counts of counted and pending submissions are tallied beside it.
 */
export async function scoreSummaries(db: Kysely<DB>, contest: ContestRow, rule: ScoreRule, only?: Pair[], view: BoardView = 'live'): Promise<ScoreSummary[]> {
  if (only && only.length === 0) return [];
  const { where, cutoff } = foldedSubmissions(contest, only, view);
  const setsScore = rule === 'ioi' ? sql`points desc, id` : sql`id desc`;
  const { rows } = await sql<{
    user_id: number;
    problem_id: number;
    attempts: number;
    pending: number;
    points: number | null;
    is_full: boolean | null;
    max_score: number | null;
    scored_ms: number | null;
  }>`
    with kept as (
      select user_id, problem_id, id, created_at, max_score, created_at < ${cutoff} as counts,
             case when max_score is null then (case when status = 'AC' then ${PASS_FAIL_POINTS}::float8 else 0::float8 end)
                  else coalesce(score, 0) end as points,
             case when max_score is null then status = 'AC' else coalesce(score, 0) >= max_score end as is_full
        from submissions
       where ${where}
    ), tallies as (
      select user_id, problem_id,
             count(*) filter (where counts)::int as attempts,
             count(*) filter (where not counts)::int as pending
        from kept
       group by user_id, problem_id
    ), setting as (
      select distinct on (user_id, problem_id) user_id, problem_id, points, is_full, max_score, created_at
        from kept
       where counts
       order by user_id, problem_id, ${setsScore}
    )
    select t.user_id, t.problem_id, t.attempts, t.pending, s.points, s.is_full, s.max_score,
           (extract(epoch from s.created_at) * 1000)::float8 - ${contest.start_time.getTime()}::float8 as scored_ms
      from tallies t
      left join setting s on s.user_id = t.user_id and s.problem_id = t.problem_id`.execute(db);
  return rows.map((r) => {
    const full = r.is_full === true;
    return {
      userId: r.user_id,
      problemId: r.problem_id,
      attempts: r.attempts,
      points: r.points ?? 0,
      full,
      scoredMs: r.scored_ms === null ? 0 : wholeMs(r.scored_ms),
      recordMax: r.max_score,
      // IOI: a problem at full score before the freeze has nothing pending.
      pending: rule === 'ioi' && full ? 0 : r.pending,
    };
  });
}

/** A contest problem as the score rules read it: whether its package names the most it scores, and that. */
export interface DescribedProblem {
  problemId: number;
  described: boolean;
  packageMax: number | null;
}

/** The contest's problems in contest order, with their current packages' maximum scores. */
export function describedProblems(db: Kysely<DB>, contestId: number): Promise<DescribedProblem[]> {
  return db
    .selectFrom('contest_problems as cp')
    .innerJoin('problems as p', 'p.id', 'cp.problem_id')
    .leftJoin('packages as pk', 'pk.hash', 'p.package_hash')
    .select([
      'cp.problem_id as problemId',
      sql<boolean>`coalesce(pk.meta -> 'maxScore' is not null, false)`.as('described'),
      sql<number | null>`(pk.meta ->> 'maxScore')::float8`.as('packageMax'),
    ])
    .where('cp.contest_id', '=', contestId)
    .orderBy('cp.position')
    .orderBy('cp.problem_id')
    .execute();
}

/**
 * The problems with the most each scores: a scoring problem's from its current package, a
 * pass-fail problem PASS_FAIL_POINTS. A package described before packages named their maximum
 * (or no package) leaves it to the records: the largest max_score among the board's summaries of
 * that problem, else PASS_FAIL_POINTS.
 */
export function problemMaxima(problems: readonly DescribedProblem[], summaries: () => Iterable<ScoreSummary>): ScoredProblem[] {
  const judgedMax = new Map<number, number>();
  if (problems.some((p) => !p.described)) {
    for (const s of summaries()) {
      if (s.recordMax !== null) judgedMax.set(s.problemId, Math.max(judgedMax.get(s.problemId) ?? -Infinity, s.recordMax));
    }
  }
  return problems.map((p) => ({
    problemId: p.problemId,
    maxScore: p.described ? (p.packageMax ?? PASS_FAIL_POINTS) : (judgedMax.get(p.problemId) ?? PASS_FAIL_POINTS),
  }));
}
