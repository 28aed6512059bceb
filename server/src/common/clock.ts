// Where the server's services read the time: contest windows, the submission cooldown and cap.
// The server gets one clock (Services.clock); tests give theirs (tests/helpers/clock.ts) and
// move it forward instead of sleeping.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
