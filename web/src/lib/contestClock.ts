// Contest time as the server counts it (issue 16, item 4): the countdown to the start and to the
// end, the five-minute warning, and the frozen scoreboard's banner. The browser's clock may be
// minutes off, so every contest reply carries the server's clock (`serverTime`) and the pages
// count from the server's now: the browser's clock plus the offset measured at the last reply.
import { formatContestTime, parseContestTime } from '@verdict/shared';
import { t } from '../i18n/index.ts';
import { withZone } from './time.ts';

/** The warning shows this long before the end. */
export const END_WARNING_MS = 5 * 60_000;

/**
 * How far the server's clock is ahead of the browser's, from one reply: `serverTime` is whole
 * seconds (truncated), so the server's instant is taken as its middle; the browser's as the
 * middle of the request. NaN when the reply has no usable time.
 */
export function clockOffsetMs(serverTime: string, sentAtMs: number, receivedAtMs: number): number {
  const serverMs = parseContestTime(serverTime);
  if (!Number.isFinite(serverMs) || !(receivedAtMs >= sentAtMs)) return NaN;
  return serverMs + 500 - (sentAtMs + receivedAtMs) / 2;
}

export type CountdownPhase = 'notStarted' | 'running' | 'ended';

export interface Countdown {
  phase: CountdownPhase;
  /** Until the start (notStarted), until the end (running), 0 once ended. */
  remainingMs: number;
  /** What the page shows: "Starts in 1:02:03", "Time left 0:04:59", "Contest ended". */
  text: string;
  /** Running, with at most END_WARNING_MS left. */
  warning: boolean;
}

/** `H:MM:SS`, with days in front past 24 hours (`2d 03:04:05`); never negative. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const rest = `${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? t('clock.days', { days, time: `${pad(hours)}:${rest}` }) : `${hours}:${rest}`;
}

/** Where the contest stands at `nowMs` (server time): the server's window is [start, end). */
export function contestCountdown(startMs: number, endMs: number, nowMs: number): Countdown | null {
  if (!Number.isFinite(startMs) || !Number.isFinite(endMs) || !Number.isFinite(nowMs)) return null;
  if (nowMs < startMs) return { phase: 'notStarted', remainingMs: startMs - nowMs, text: t('clock.startsIn', { duration: formatDuration(startMs - nowMs) }), warning: false };
  if (nowMs >= endMs) return { phase: 'ended', remainingMs: 0, text: t('clock.ended'), warning: false };
  const left = endMs - nowMs;
  return { phase: 'running', remainingMs: left, text: t('clock.timeLeft', { duration: formatDuration(left) }), warning: left <= END_WARNING_MS };
}

/** The contest's freeze state as the API sends it with the contest. */
export interface FreezeState {
  freezeTime: string | null;
  thawTime: string | null;
  frozen: boolean;
}

/** `HH:MM (UTC+8)` of a wire time (the contest's zone, labelled). */
function clockOf(wireTime: string): string {
  return withZone(formatContestTime(parseContestTime(wireTime)).slice(11, 16));
}

export type BoardNotice = { kind: 'frozen' | 'live' | 'thawed'; text: string } | null;

/**
 * The banner above a leaderboard. `view` is what the board shows: the board contestants get
 * ('public'), or an administrator's choice ('live' or 'frozen').
 */
export function boardNotice(contest: FreezeState, view: 'public' | 'live' | 'frozen'): BoardNotice {
  if (!contest.freezeTime) return null;
  const since = clockOf(contest.freezeTime);
  const frozenText = t('freeze.frozen', { time: since });
  if (view === 'public') return contest.frozen ? { kind: 'frozen', text: frozenText } : null;
  if (view === 'frozen') {
    return contest.thawTime
      ? { kind: 'frozen', text: t('freeze.frozenThawed', { time: since, thaw: clockOf(contest.thawTime) }) }
      : { kind: 'frozen', text: frozenText };
  }
  if (contest.frozen) return { kind: 'live', text: t('freeze.live', { time: since }) };
  if (contest.thawTime) return { kind: 'thawed', text: t('freeze.thawed', { time: clockOf(contest.thawTime) }) };
  return { kind: 'live', text: t('freeze.upcoming', { time: since }) };
}
