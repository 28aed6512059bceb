// What every leaderboard fold in SQL shares (leaderboard.ts for ICPC, leaderboard-scores.ts for
// IOI and OI): which submissions a board reads, and the time arithmetic.
import { sql, type RawBuilder } from 'kysely';
import type { ContestRow } from './contest-access.ts';
import type { BoardView } from './contest-freeze.ts';
import { COUNTED_VERDICTS } from './scoreboard.ts';

export type Pair = { userId: number; problemId: number };

/**
 * The submissions a board folds (a `where` over the submissions table): the contest's, made in
 * its window, with a counted verdict — or, on the frozen view, any made from the freeze on — and,
 * when given, only of the given pairs. A submission "counts" when made before `cutoff` (the
 * freeze on the frozen view, else the end); the others are the frozen view's pending tries.
 */
export function foldedSubmissions(contest: ContestRow, only: Pair[] | undefined, view: BoardView): { where: RawBuilder<unknown>; cutoff: Date } {
  const freeze = view === 'frozen' ? contest.freeze_time : null;
  const counted = sql`status in (${sql.join(COUNTED_VERDICTS)})`;
  const kept = freeze ? sql`(${counted} or created_at >= ${freeze})` : counted;
  // Two arrays, not a list of pairs: a list of thousands of pairs exceeds PostgreSQL's stack depth.
  const pairFilter = only
    ? sql`and (user_id, problem_id) in (select * from unnest(${only.map((p) => p.userId)}::int[], ${only.map((p) => p.problemId)}::int[]))`
    : sql``;
  const where = sql`contest_id = ${contest.id}
         and created_at >= ${contest.start_time} and created_at < ${contest.end_time}
         and ${kept}
         ${pairFilter}`;
  return { where, cutoff: freeze ?? contest.end_time };
}

/** Microsecond timestamps and float arithmetic: drop the fraction without losing an exact minute to 59999.9999. */
export function wholeMs(ms: number): number {
  return Math.floor(ms + 1e-3);
}
