// Leaderboard rules shared by the user leaderboard and the admin scoreboard (spec §2, §9).
import type { ApiData } from '@verdict/shared';

export { problemLetter, problemLetters } from '@verdict/shared';

/** A row of the leaderboard as the server sends it (generated from its route table). */
export type LeaderboardRow = ApiData<'GET /api/BangDan/AllResultList'>[number];
export type JudgeResultItem = LeaderboardRow['judgeResultList'][number];

export const USER_DEFAULT_PROBLEM_COLUMNS = 8;
export const ADMIN_DEFAULT_PROBLEM_COLUMNS = 3;

export type LeaderboardCell =
  | { kind: 'empty' }
  | { kind: 'accepted' | 'rejected'; sign: '+' | '−'; color: string; attempts: number; minutes: number }
  /** Frozen board: tries from the freeze on, verdicts hidden ("?"); `attempts` counts every try. */
  | { kind: 'pending'; color: string; attempts: number; pending: number };

export const ACCEPTED_COLOR = '#52c41a';
export const REJECTED_COLOR = '#ff4d4f';
export const PENDING_COLOR = '#1677ff';

/**
 * A cell is empty when the problem was not attempted; AC is green "+", anything else red "−";
 * on a frozen board, tries after the freeze make it a blue "?" with every try counted.
 */
export function leaderboardCell(item: JudgeResultItem | undefined): LeaderboardCell {
  const pending = Math.floor(Number(item?.pending) || 0);
  if (item && pending > 0 && item.result.toUpperCase() !== 'AC') {
    return { kind: 'pending', color: PENDING_COLOR, attempts: Math.max(0, Math.floor(item.cnt)) + pending, pending };
  }
  if (!item || !item.result || !(item.cnt > 0)) return { kind: 'empty' };
  const minutes = Math.max(0, Math.floor(Number(item.submitTime) || 0));
  const attempts = Math.floor(item.cnt);
  return item.result.toUpperCase() === 'AC'
    ? { kind: 'accepted', sign: '+', color: ACCEPTED_COLOR, attempts, minutes }
    : { kind: 'rejected', sign: '−', color: REJECTED_COLOR, attempts, minutes };
}

/** A cell of an IOI or OI board (the contest's scoringRule): the problem's score instead of + and −. */
export type ScoredLeaderboardCell =
  | { kind: 'empty' }
  /** At full score (green), above 0 (gold) or at 0 (red), after `attempts` submissions; the score was set at `minutes`. */
  | { kind: 'accepted' | 'partial' | 'rejected'; color: string; score: number; maxScore: number | null; attempts: number; minutes: number }
  /** Frozen board: tries from the freeze on, verdicts and scores hidden; `score` is the one before the freeze, if any. */
  | { kind: 'pending'; color: string; score: number | null; attempts: number; pending: number };

export const PARTIAL_COLOR = '#faad14';

/**
 * A cell is empty when the problem was not submitted; otherwise it shows the problem's score,
 * green at full score (`result` AC), gold above 0, red at 0. On a frozen board, tries after the
 * freeze make it a blue "?" with the score before the freeze and every try counted.
 */
export function scoredLeaderboardCell(item: JudgeResultItem | undefined): ScoredLeaderboardCell {
  const pending = Math.floor(Number(item?.pending) || 0);
  const attempts = Math.max(0, Math.floor(Number(item?.cnt) || 0));
  const score = Number(item?.score) || 0;
  if (item && pending > 0) return { kind: 'pending', color: PENDING_COLOR, score: attempts > 0 ? score : null, attempts: attempts + pending, pending };
  if (!item || attempts === 0) return { kind: 'empty' };
  const maxScore = typeof item.maxScore === 'number' ? item.maxScore : null;
  const minutes = Math.max(0, Math.floor(Number(item.submitTime) || 0));
  const kind = item.result.toUpperCase() === 'AC' ? 'accepted' : score > 0 ? 'partial' : 'rejected';
  const color = { accepted: ACCEPTED_COLOR, partial: PARTIAL_COLOR, rejected: REJECTED_COLOR }[kind];
  return { kind, color, score, maxScore, attempts, minutes };
}

/** A score as a board shows it: at most two decimals, none when whole (the tooltip has it exact). */
export function formatScore(score: number | null | undefined): string {
  if (typeof score !== 'number' || !Number.isFinite(score)) return '';
  return String(Math.round(score * 100) / 100);
}

/** The most each problem column scores, by letter, as the board's cells say (IOI and OI boards). */
export function problemMaxScores(rows: LeaderboardRow[]): Map<string, number> {
  const max = new Map<string, number>();
  for (const item of rows[0]?.judgeResultList ?? []) if (typeof item.maxScore === 'number') max.set(item.newId, item.maxScore);
  return max;
}

/** The cell colour of a problem's first solve (dark green, as ICPC boards mark it). */
export const FIRST_SOLVE_COLOR = '#237804';

/**
 * The minute of each problem's first solve, by letter: the earliest AC cell (ICPC) or full score
 * (IOI, OI). The board counts whole minutes, so solves within the same minute are all first.
 */
export function firstSolveMinutes(rows: readonly LeaderboardRow[], scored = false): Map<string, number> {
  const first = new Map<string, number>();
  for (const row of rows) {
    for (const item of row.judgeResultList ?? []) {
      const cell = scored ? scoredLeaderboardCell(item) : leaderboardCell(item);
      if (cell.kind !== 'accepted') continue;
      const known = first.get(item.newId);
      if (known === undefined || cell.minutes < known) first.set(item.newId, cell.minutes);
    }
  }
  return first;
}

export function findItem(row: LeaderboardRow, letter: string): JudgeResultItem | undefined {
  return (row.judgeResultList ?? []).find((item) => item.newId === letter);
}

/** Elapsed share of the contest in percent, clamped to 0–100 (whole numbers). */
export function progressPercent(startMs: number, endMs: number, nowMs: number): number {
  if (!Number.isFinite(startMs) || !Number.isFinite(endMs) || !Number.isFinite(nowMs)) return 0;
  if (endMs <= startMs) return nowMs >= endMs ? 100 : 0;
  const percent = ((nowMs - startMs) / (endMs - startMs)) * 100;
  return Math.min(100, Math.max(0, Math.floor(percent)));
}

export function sortByRank(rows: LeaderboardRow[]): LeaderboardRow[] {
  return [...rows].sort((a, b) => a.rank - b.rank);
}
