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
  | { kind: 'accepted' | 'rejected'; sign: '+' | '−'; color: string; attempts: number; minutes: number };

export const ACCEPTED_COLOR = '#52c41a';
export const REJECTED_COLOR = '#ff4d4f';

/** A cell is empty when the problem was not attempted; AC is green "+", anything else red "−". */
export function leaderboardCell(item: JudgeResultItem | undefined): LeaderboardCell {
  if (!item || !item.result || !(item.cnt > 0)) return { kind: 'empty' };
  const minutes = Math.max(0, Math.floor(Number(item.submitTime) || 0));
  const attempts = Math.floor(item.cnt);
  return item.result.toUpperCase() === 'AC'
    ? { kind: 'accepted', sign: '+', color: ACCEPTED_COLOR, attempts, minutes }
    : { kind: 'rejected', sign: '−', color: REJECTED_COLOR, attempts, minutes };
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
