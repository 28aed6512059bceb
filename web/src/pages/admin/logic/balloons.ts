// The balloons screen's rules, pure: which contest it opens on, the contest clock of a balloon,
// the "undelivered only" filter, and a delivery merged into the list without waiting for a poll.
import { parseContestTime } from '@verdict/shared';
import type { Balloon, BalloonList } from '../../../api/balloons.ts';

/** How often the screen reads the list again: other volunteers deliver, contestants solve. */
export const BALLOON_POLL_MS = 5000;

/** Contest time as H:MM:SS (hours past 24 are written out: 25:00:00). */
export function formatContestClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
}

export function shownBalloons(items: Balloon[], undeliveredOnly: boolean): Balloon[] {
  return undeliveredOnly ? items.filter((b) => !b.delivered) : items;
}

/** The list with one balloon as the server now has it (and the count of those to deliver). */
export function withDelivery(list: BalloonList, updated: Balloon): BalloonList {
  const same = (b: Balloon) => b.userId === updated.userId && b.problemId === updated.problemId;
  const before = list.items.find(same);
  if (!before) return list;
  const change = before.delivered === updated.delivered ? 0 : updated.delivered ? -1 : 1;
  return { ...list, items: list.items.map((b) => (same(b) ? updated : b)), undelivered: list.undelivered + change };
}

interface ContestTimes {
  id: number;
  startTime: string;
  endTime: string;
}

/**
 * The contest the screen opens on when the URL names none: the running one that started last,
 * else the one that ended last; none when every contest is still to come.
 */
export function defaultBalloonContest(contests: ContestTimes[], nowMs: number): number | undefined {
  const timed = contests.map((c) => ({ id: c.id, start: parseContestTime(c.startTime), end: parseContestTime(c.endTime) }));
  const latest = (list: typeof timed, key: 'start' | 'end') => list.reduce<(typeof timed)[number] | undefined>((best, c) => (!best || c[key] > best[key] ? c : best), undefined);
  const running = timed.filter((c) => c.start <= nowMs && nowMs < c.end);
  if (running.length) return latest(running, 'start')!.id;
  return latest(timed.filter((c) => c.end <= nowMs), 'end')?.id;
}
