// The server's clock as the pages count it: the browser's clock plus the offset measured from
// the last contest reply (its `serverTime`; lib/contestClock.ts clockOffsetMs). Until a reply
// has been seen, the browser's own clock.
import { clockOffsetMs } from './contestClock.ts';

let offsetMs = 0;

/** Learns the offset from a reply's `serverTime`, with when the request went out and came back. */
export function noteServerTime(serverTime: string, sentAtMs: number, receivedAtMs: number): void {
  const offset = clockOffsetMs(serverTime, sentAtMs, receivedAtMs);
  if (Number.isFinite(offset)) offsetMs = offset;
}

/** Now on the server's clock, in ms since the epoch. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}
