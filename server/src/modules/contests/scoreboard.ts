// The ICPC scoreboard as a pure function (DESIGN.md "ICPC scoreboard"): rank by solved desc,
// penalty asc, last AC time asc; ties share a rank. Penalty per solved problem = floor minutes
// from the start to the first AC + 20 per rejected attempt before it. Only final verdicts of
// a run (AC and the rejections below) count; CE, SE and pending records do not, nor anything
// outside [start, end). On a frozen board (contest-freeze.ts) only attempts before the freeze
// count; every submission from the freeze on is a pending try whose verdict is not shown.
import { problemLetter } from '@verdict/shared';
import { rankStandings, summariesByUser, type Standing } from './ranking.ts';
import type { ScoreboardCell, ScoreboardRow } from './wire.ts';

/** The leaderboard's cell and row: their shapes are the reply's (wire.ts). */
export type { ScoreboardCell, ScoreboardRow };

export const PENALTY_PER_REJECTION = 20;

/** Verdicts that count as a rejected attempt. */
export const REJECTED_VERDICTS = ['WA', 'TLE', 'MLE', 'RE', 'PE', 'OLE'] as const;
export const COUNTED_VERDICTS: readonly string[] = ['AC', ...REJECTED_VERDICTS];

export interface ScoreboardContest {
  startTime: Date;
  endTime: Date;
  /** The frozen board: submissions from this time on are pending tries. Absent: the live board. */
  freezeTime?: Date;
}

/** A contest problem; the array order is the contest order (letters A, B, ...). */
export interface ScoreboardProblem {
  problemId: number;
}

export interface ScoreboardMember {
  userId: number;
  userName: string;
  /** Shown beside the username when set (names that look alike are told apart by them). */
  nickname?: string;
  affiliation?: string | null;
}

/**
 * A member's name fields of a board row: the username, and the nickname and affiliation when set
 * (a nickname equal to the username, as accounts are made by default, is left out: it tells nothing).
 */
export function memberNames(member: ScoreboardMember): Pick<ScoreboardRow, 'userName' | 'nickname' | 'affiliation'> {
  return {
    userName: member.userName,
    ...(member.nickname && member.nickname !== member.userName ? { nickname: member.nickname } : {}),
    ...(member.affiliation ? { affiliation: member.affiliation } : {}),
  };
}

/** One submission, as the leaderboard sees it. */
export interface ScoreboardSubmission {
  id: number;
  userId: number;
  problemId: number;
  status: string;
  createdAt: Date;
}

/** What the ranking needs of one (user, problem): the result of `summarizeSubmissions` or of SQL. */
export interface AttemptSummary {
  userId: number;
  problemId: number;
  /** Milliseconds from the contest start to the first AC, or null when not solved. */
  firstAcMs: number | null;
  /** Counted rejections before the first AC (all counted attempts when not solved). */
  rejected: number;
  /** Milliseconds from the start to the last counted attempt. */
  lastMs: number;
  /** Frozen board: submissions from the freeze on, whatever their state, when not solved before it. */
  pending: number;
}

/** A member's row before ranking, with its sort key (ranking.ts). */
export type ScoreboardStanding = Standing<Omit<ScoreboardRow, 'rank'>>;

export const minutes = (ms: number) => Math.floor(ms / 60000);

/** Folds raw submissions into one summary per (user, problem) — the same rules as the SQL in leaderboard.ts. */
export function summarizeSubmissions(contest: ScoreboardContest, submissions: ScoreboardSubmission[]): AttemptSummary[] {
  const start = contest.startTime.getTime();
  const end = contest.endTime.getTime();
  const freeze = contest.freezeTime?.getTime() ?? end;
  const inWindow = submissions
    .filter((s) => s.createdAt.getTime() >= start && s.createdAt.getTime() < end)
    .filter((s) => s.createdAt.getTime() >= freeze || COUNTED_VERDICTS.includes(s.status))
    .sort((a, b) => a.id - b.id);
  const byKey = new Map<string, AttemptSummary>();
  for (const s of inWindow) {
    const key = `${s.userId}:${s.problemId}`;
    let summary = byKey.get(key);
    if (!summary) {
      summary = { userId: s.userId, problemId: s.problemId, firstAcMs: null, rejected: 0, lastMs: 0, pending: 0 };
      byKey.set(key, summary);
    }
    if (s.createdAt.getTime() >= freeze) {
      summary.pending += 1;
      continue;
    }
    if (summary.firstAcMs !== null) continue; // attempts after the first AC do not count
    const at = s.createdAt.getTime() - start;
    summary.lastMs = Math.max(summary.lastMs, at);
    if (s.status === 'AC') summary.firstAcMs = at;
    else summary.rejected += 1;
  }
  // A problem solved before the freeze has nothing pending: later tries do not count anyway.
  for (const summary of byKey.values()) if (summary.firstAcMs !== null) summary.pending = 0;
  return [...byKey.values()];
}

/** One member's ICPC row and sort key: solved desc, penalty asc, last AC minute asc. */
export function icpcStanding(problems: readonly ScoreboardProblem[], column: ReadonlyMap<number, number>, member: ScoreboardMember, summaries: Iterable<AttemptSummary>): ScoreboardStanding {
  const cells: ScoreboardCell[] = problems.map((_, i) => ({ newId: problemLetter(i), result: '', cnt: 0, submitTime: 0 }));
  let acNum = 0;
  let timePenalty = 0;
  let lastAcMinute = 0;
  for (const s of summaries) {
    const cell = cells[column.get(s.problemId)!];
    if (s.firstAcMs !== null) {
      const minute = minutes(s.firstAcMs);
      Object.assign(cell, { result: 'AC', cnt: s.rejected + 1, submitTime: minute });
      acNum += 1;
      timePenalty += minute + PENALTY_PER_REJECTION * s.rejected;
      lastAcMinute = Math.max(lastAcMinute, minute);
    } else if (s.rejected > 0) {
      Object.assign(cell, { result: 'WA', cnt: s.rejected, submitTime: minutes(s.lastMs) });
    }
    if (s.firstAcMs === null && s.pending > 0) cell.pending = s.pending;
  }
  return { row: { ...memberNames(member), acNum, timePenalty, judgeResultList: cells }, key: [-acNum, timePenalty, lastAcMinute] };
}

export function rankScoreboard(problems: ScoreboardProblem[], members: ScoreboardMember[], summaries: AttemptSummary[]): ScoreboardRow[] {
  const column = new Map(problems.map((p, i) => [p.problemId, i]));
  const byUser = summariesByUser(summaries, column);
  return rankStandings(members.map((member) => icpcStanding(problems, column, member, byUser.get(member.userId) ?? [])));
}

/** The whole scoreboard from raw submissions (tests and small contests). */
export function computeScoreboard(
  contest: ScoreboardContest,
  problems: ScoreboardProblem[],
  members: ScoreboardMember[],
  submissions: ScoreboardSubmission[],
): ScoreboardRow[] {
  return rankScoreboard(problems, members, summarizeSubmissions(contest, submissions));
}
