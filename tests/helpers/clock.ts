// A clock for a test server: the real time plus an offset the test moves forward, so a test of
// a cooldown or a contest window sets the time instead of sleeping through it.
import type { Clock } from '@verdict/server/internal/common/clock';

export class TestClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves the clock forward by `ms` (it keeps running from there). */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new Error(`a clock only moves forward, not by ${ms} ms`);
    this.offsetMs += ms;
  }
}
