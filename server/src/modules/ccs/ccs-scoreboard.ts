// The scoreboard and the awards, from the leaderboard the reader is entitled to: administrators
// the live one, everyone else the frozen one while the board is frozen (the same boards and
// cache as GET /api/BangDan/AllResultList).
import { problemLetter } from '@verdict/shared';
import type { Leaderboards, ScoreboardRow } from '../contests/index.ts';
import { absTime, contestTime } from './ccs-format.ts';
import { stateObject } from './ccs-contest.ts';
import type { Judging } from './ccs-submissions.ts';
import type { TeamRow } from './ccs-teams.ts';
import { boardViewOf, problemsOpen, seesJudgement, type CcsContext } from './ccs-viewer.ts';

/** The contest's problem ids in contest order (the board's columns). */
type ProblemIds = number[];

export async function boardRows(leaderboards: Leaderboards, ctx: CcsContext): Promise<ScoreboardRow[]> {
  return leaderboards.rows(ctx.contest, boardViewOf(ctx));
}

/**
 * The board's rows of `teams` only (hidden teams are left out), ranked again among themselves: a
 * row's rank is one more than the rows kept ahead of its tie.
 */
export function rankedRows(rows: ScoreboardRow[], teams: TeamRow[]): ScoreboardRow[] {
  const names = new Set(teams.map((t) => t.username));
  const kept = rows.filter((row) => names.has(row.userName));
  const firstOfRank = new Map<number, number>();
  return kept.map((row, i) => {
    if (!firstOfRank.has(row.rank)) firstOfRank.set(row.rank, i + 1);
    return { ...row, rank: firstOfRank.get(row.rank)! };
  });
}

/** The minute of the row's last solve (pass-fail) or last scoring try (score), when there is one: score.time. */
function lastScored(row: ScoreboardRow, passFail: boolean): { time?: number } {
  const times = row.judgeResultList.filter((cell) => (passFail ? cell.result === 'AC' : (cell.score ?? 0) > 0)).map((cell) => cell.submitTime);
  return times.length ? { time: Math.max(...times) } : {};
}

export function scoreboardObject(ctx: CcsContext, allRows: ScoreboardRow[], teams: TeamRow[], problemIds: ProblemIds) {
  const teamIds = new Map(teams.map((t) => [t.username, t.id]));
  const rows = rankedRows(allRows, teams);
  const open = problemsOpen(ctx);
  const passFail = ctx.contest.scoring_rule === 'icpc';
  return {
    time: absTime(ctx.now),
    contest_time: contestTime(ctx.now, ctx.contest.start_time),
    state: stateObject(ctx.contest, ctx.now),
    rows: rows
      .filter((row) => teamIds.has(row.userName))
      .map((row) => ({
        rank: row.rank,
        team_id: String(teamIds.get(row.userName)),
        score: { ...(passFail ? { num_solved: row.acNum, total_time: row.timePenalty } : { score: row.score ?? 0 }), ...lastScored(row, passFail) },
        problems: open
          ? row.judgeResultList.map((cell, i) => {
              const common = { problem_id: String(problemIds[i]), num_judged: cell.cnt, num_pending: cell.pending ?? 0 };
              if (passFail) return { ...common, solved: cell.result === 'AC', ...(cell.result === 'AC' ? { time: cell.submitTime } : {}) };
              const score = cell.score ?? 0;
              return { ...common, score, ...(score > 0 ? { time: cell.submitTime } : {}) };
            })
          : [],
      })),
  };
}

/**
 * The awards Verdict manages: the winner once the contest has ended (the leaders of the board the
 * reader sees) and, in pass-fail contests, the first to solve each problem among the judgements
 * the reader sees (empty while nobody has).
 */
export function awardObjects(ctx: CcsContext, allRows: ScoreboardRow[], teams: TeamRow[], problemIds: ProblemIds, judging: Judging) {
  const teamIds = new Map(teams.map((t) => [t.username, t.id]));
  const rows = rankedRows(allRows, teams);
  const awards: { id: string; citation: string; team_ids: string[] }[] = [];
  if (ctx.now >= ctx.contest.end_time) {
    const leaders = rows.filter((r) => r.rank === 1 && (r.acNum > 0 || (r.score ?? 0) > 0) && teamIds.has(r.userName));
    if (leaders.length) awards.push({ id: 'winner', citation: 'Contest winner', team_ids: leaders.map((r) => String(teamIds.get(r.userName))) });
  }
  if (ctx.contest.scoring_rule !== 'icpc' || !problemsOpen(ctx)) return awards;
  const { start_time: start, end_time: end } = ctx.contest;
  problemIds.forEach((problemId, i) => {
    const solves = judging.submissions.filter(
      (s) => s.problem_id === problemId && s.status === 'AC' && s.created_at >= start && s.created_at < end && seesJudgement(ctx, { userId: s.user_id, createdAt: s.created_at }),
    );
    const first = Math.min(...solves.map((s) => s.created_at.getTime()));
    const teamIdsOfFirst = [...new Set(solves.filter((s) => s.created_at.getTime() === first).map((s) => String(s.user_id)))];
    awards.push({ id: `first-to-solve-${problemId}`, citation: `First to solve problem ${problemLetter(i)}`, team_ids: teamIdsOfFirst });
  });
  return awards;
}
