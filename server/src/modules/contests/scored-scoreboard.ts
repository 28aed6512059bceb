// The IOI and OI scoreboards as pure functions (issue 15, item 5); scoreboard.ts is ICPC's.
//
// A submission's points: a scoring problem's record scores what it was judged (`score`), a
// pass-fail one PASS_FAIL_POINTS for AC and 0 otherwise; it has full score when it reaches its
// record's `max_score` (pass-fail: when AC). Counted submissions are ICPC's: AC and the
// rejections, made in [start, end); CE, SE and pending records are not counted under any rule.
//
// A problem's score — IOI: the best points of its counted submissions, set by the first one that
// reached them; OI: the points of its last counted submission (a worse one later lowers it).
// Rank: total score desc, then the minute of the latest submission that set a problem's score
// above 0 (IOI: the last one that raised the total), asc; equal on both share a rank.
//
// On a frozen board (contest-freeze.ts) only submissions before the freeze count; every one from
// the freeze on is a pending try, whatever its state, with no effect on scores. Under IOI a
// problem at full score before the freeze has nothing pending: no later try changes it.
import { PASS_FAIL_POINTS, problemLetter, type ScoringRule } from '@verdict/shared';
import {
  COUNTED_VERDICTS,
  minutes,
  type ScoreboardCell,
  type ScoreboardContest,
  memberNames,
  type ScoreboardMember,
  type ScoreboardRow,
  type ScoreboardStanding,
  type ScoreboardSubmission,
} from './scoreboard.ts';
import { rankStandings, summariesByUser } from './ranking.ts';

/** The rules that rank by score. */
export type ScoreRule = Exclude<ScoringRule, 'icpc'>;

/** One submission with its record's score; both null (or absent) for a pass-fail problem. */
export interface ScoredSubmission extends ScoreboardSubmission {
  score?: number | null;
  maxScore?: number | null;
}

/** A contest problem and the most it scores; the array order is the contest order. */
export interface ScoredProblem {
  problemId: number;
  maxScore: number;
}

/** What the ranking needs of one (user, problem): the result of `summarizeScoredSubmissions` or of SQL. */
export interface ScoreSummary {
  userId: number;
  problemId: number;
  /** Counted submissions (before the freeze, on a frozen board). */
  attempts: number;
  /** The problem's score under the rule; 0 without counted submissions. */
  points: number;
  /** Whether the submission that set the score has full score. */
  full: boolean;
  /** Milliseconds from the start to the submission that set the score. */
  scoredMs: number;
  /** The most that submission could score (its record's max_score); null for pass-fail. */
  recordMax: number | null;
  /** Frozen board: submissions from the freeze on, whatever their state. */
  pending: number;
}

export function submissionPoints(s: Pick<ScoredSubmission, 'status' | 'score' | 'maxScore'>): { points: number; full: boolean } {
  if (s.maxScore === null || s.maxScore === undefined) return s.status === 'AC' ? { points: PASS_FAIL_POINTS, full: true } : { points: 0, full: false };
  const points = s.score ?? 0;
  return { points, full: points >= s.maxScore };
}

/** Scores and their sums keep 6 decimals, as the judge does: 0.1 + 0.2 must not print as 0.30000000000000004. */
export function roundScore(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

/** Folds raw submissions into one summary per (user, problem) — the same rules as the SQL in leaderboard-scores.ts. */
export function summarizeScoredSubmissions(rule: ScoreRule, contest: ScoreboardContest, submissions: ScoredSubmission[]): ScoreSummary[] {
  const start = contest.startTime.getTime();
  const end = contest.endTime.getTime();
  const freeze = contest.freezeTime?.getTime() ?? end;
  const inWindow = submissions
    .filter((s) => s.createdAt.getTime() >= start && s.createdAt.getTime() < end)
    .filter((s) => s.createdAt.getTime() >= freeze || COUNTED_VERDICTS.includes(s.status))
    .sort((a, b) => a.id - b.id);
  const byKey = new Map<string, ScoreSummary>();
  for (const s of inWindow) {
    const key = `${s.userId}:${s.problemId}`;
    let summary = byKey.get(key);
    if (!summary) {
      summary = { userId: s.userId, problemId: s.problemId, attempts: 0, points: 0, full: false, scoredMs: 0, recordMax: null, pending: 0 };
      byKey.set(key, summary);
    }
    if (s.createdAt.getTime() >= freeze) {
      summary.pending += 1;
      continue;
    }
    const { points, full } = submissionPoints(s);
    summary.attempts += 1;
    // IOI: only a better score replaces the problem's; OI: every submission does.
    if (rule === 'oi' || summary.attempts === 1 || points > summary.points) {
      Object.assign(summary, { points, full, scoredMs: s.createdAt.getTime() - start, recordMax: s.maxScore ?? null });
    }
  }
  if (rule === 'ioi') for (const summary of byKey.values()) if (summary.full) summary.pending = 0;
  return [...byKey.values()];
}

/**
 * One member's row and sort key: total score desc, then the tie-break minute asc. Spec fields, filled
 * in the score rules' terms: `acNum` counts the problems at full score, `timePenalty` is the
 * tie-break minute; a cell's `result` is AC at full score, WA when it has counted submissions below
 * it, `cnt` counts them, `submitTime` is the minute of the one that set the score.
 */
export function scoredStanding(problems: readonly ScoredProblem[], column: ReadonlyMap<number, number>, member: ScoreboardMember, summaries: Iterable<ScoreSummary>): ScoreboardStanding {
  const cells: ScoreboardCell[] = problems.map((p, i) => ({ newId: problemLetter(i), result: '', cnt: 0, submitTime: 0, score: 0, maxScore: p.maxScore }));
  let acNum = 0;
  let total = 0;
  let lastScoredMinute = 0;
  for (const s of summaries) {
    const cell = cells[column.get(s.problemId)!];
    if (s.attempts > 0) {
      const minute = minutes(s.scoredMs);
      Object.assign(cell, { result: s.full ? 'AC' : 'WA', cnt: s.attempts, submitTime: minute, score: s.points });
      if (s.full) acNum += 1;
      total += s.points;
      if (s.points > 0) lastScoredMinute = Math.max(lastScoredMinute, minute);
    }
    if (s.pending > 0) cell.pending = s.pending;
  }
  const score = roundScore(total);
  return { row: { ...memberNames(member), acNum, timePenalty: lastScoredMinute, score, judgeResultList: cells }, key: [-score, lastScoredMinute] };
}

/** The ranked board. */
export function rankScoredBoard(problems: ScoredProblem[], members: ScoreboardMember[], summaries: ScoreSummary[]): ScoreboardRow[] {
  const column = new Map(problems.map((p, i) => [p.problemId, i]));
  const byUser = summariesByUser(summaries, column);
  return rankStandings(members.map((member) => scoredStanding(problems, column, member, byUser.get(member.userId) ?? [])));
}

/** The whole IOI or OI scoreboard from raw submissions (tests and small contests). */
export function computeScoredBoard(
  rule: ScoreRule,
  contest: ScoreboardContest,
  problems: ScoredProblem[],
  members: ScoreboardMember[],
  submissions: ScoredSubmission[],
): ScoreboardRow[] {
  return rankScoredBoard(problems, members, summarizeScoredSubmissions(rule, contest, submissions));
}
