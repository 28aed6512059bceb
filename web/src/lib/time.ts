// Times on the wire are "yyyy-MM-dd HH:mm:ss" in Asia/Shanghai (UTC+8, no daylight saving),
// whatever the browser's own time zone is.

const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

export function parseServerTime(text: string | null | undefined): number {
  if (!text) return NaN;
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(text.trim());
  if (!m) return NaN;
  const [, y, mo, d, h, mi, s] = m;
  return Date.UTC(+y, +mo - 1, +d, +h, +mi, +(s ?? 0)) - SHANGHAI_OFFSET_MS;
}

export function formatServerTime(ms: number): string {
  if (!Number.isFinite(ms)) return '';
  const t = new Date(ms + SHANGHAI_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(t.getUTCFullYear()).padStart(4, '0')}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(
    t.getUTCHours(),
  )}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;
}

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
