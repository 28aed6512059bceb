// Times on the wire are "yyyy-MM-dd HH:mm:ss" in Asia/Shanghai (UTC+8, no daylight saving),
// whatever the browser's own time zone is.

export { formatContestTime as formatServerTime, parseContestTime as parseServerTime } from '@verdict/shared';

export type ContestPhase = 'notStarted' | 'running' | 'ended';

export function contestPhase(startMs: number, endMs: number, nowMs: number): ContestPhase {
  if (nowMs < startMs) return 'notStarted';
  if (nowMs > endMs) return 'ended';
  return 'running';
}

export const CONTEST_NOT_STARTED = 'The contest has not started yet.';
export const CONTEST_ENDED = 'The contest has ended.';

/** The message refusing to open a problem, or null when the contest is running. */
export function problemOpenRefusal(startMs: number, endMs: number, nowMs: number): string | null {
  const phase = contestPhase(startMs, endMs, nowMs);
  if (phase === 'notStarted') return CONTEST_NOT_STARTED;
  if (phase === 'ended') return CONTEST_ENDED;
  return null;
}
