// Times on the wire are "yyyy-MM-dd HH:mm:ss" in Asia/Shanghai (UTC+8, no daylight saving),
// whatever the browser's own time zone is.

import { t } from '../i18n/index.ts';

export { formatContestTime as formatServerTime, parseContestTime as parseServerTime } from '@verdict/shared';

/**
 * A time's heading or value labelled with the zone of every time the app shows: "Start Time
 * (UTC+8)", "14:00 (UTC+8)". The browser's own zone may differ (issue 17, defect 3).
 */
export function withZone(text: string): string {
  return t('common.withZone', { text });
}

export type ContestPhase = 'notStarted' | 'running' | 'ended';

export function contestPhase(startMs: number, endMs: number, nowMs: number): ContestPhase {
  if (nowMs < startMs) return 'notStarted';
  if (nowMs >= endMs) return 'ended'; // the server's window is [start, end)
  return 'running';
}

/** The message refusing to open a problem (the spec's words, in the current language), or null when the contest is running. */
export function problemOpenRefusal(startMs: number, endMs: number, nowMs: number): string | null {
  const phase = contestPhase(startMs, endMs, nowMs);
  if (phase === 'notStarted') return t('contest.notStarted');
  if (phase === 'ended') return t('contest.ended');
  return null;
}
