// Mocha runs without `exit: true`: when the tests are done the process must end by itself.
// Something a test left running (a server, a socket, a timer, a child process) would keep it
// alive; after the last test this names what is still open and fails the run instead of hanging.
// Timers are what is hardest to trace back, so long or repeating ones remember where they were
// set, and those still pending are printed with that place.
import { promisify } from 'node:util';

const GRACE_MS = 15_000;
/** Timers at least this long, or repeating, are traced (short ones end by themselves). */
const TRACED_MS = 5_000;

const pending = new Map<NodeJS.Timeout, string>();
const where = () => (new Error().stack ?? '').split('\n').slice(3, 9).join('\n');
const realSetTimeout = globalThis.setTimeout;
const realSetInterval = globalThis.setInterval;
const realClearTimeout = globalThis.clearTimeout;
const realClearInterval = globalThis.clearInterval;

globalThis.setTimeout = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
  if (!((ms ?? 0) >= TRACED_MS)) return realSetTimeout(callback, ms, ...args);
  const timer: NodeJS.Timeout = realSetTimeout(
    (...a: unknown[]) => {
      pending.delete(timer);
      callback(...a);
    },
    ms,
    ...args,
  );
  pending.set(timer, `setTimeout ${ms} ms\n${where()}`);
  return timer;
}) as typeof setTimeout;
// util.promisify(setTimeout) and timers' promise form keep working.
Object.defineProperty(globalThis.setTimeout, promisify.custom, { value: (realSetTimeout as unknown as Record<symbol, unknown>)[promisify.custom] });
globalThis.setInterval = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
  const timer = realSetInterval(callback, ms, ...args);
  pending.set(timer, `setInterval ${ms} ms\n${where()}`);
  return timer;
}) as typeof setInterval;
globalThis.clearTimeout = ((timer?: NodeJS.Timeout | string | number) => {
  if (timer && typeof timer === 'object') pending.delete(timer);
  realClearTimeout(timer);
}) as typeof clearTimeout;
globalThis.clearInterval = ((timer?: NodeJS.Timeout | string | number) => {
  if (timer && typeof timer === 'object') pending.delete(timer);
  realClearInterval(timer);
}) as typeof clearInterval;

/**
 * Timers known to end by themselves that nothing can clear: Agenda's job processor leaves two
 * kinds behind when it is stopped, the check of a finished job's lock (a delay of
 * lockLifetime / 2, 30 s) and the wake-up for a job due later (a chore due within the minute).
 * Either keeps the process up to a minute after the queue stopped and is a no-op when it fires.
 * Not a leak of ours: set from agenda/dist/JobProcessor.js, they are let go.
 */
const BENIGN = [/^setTimeout \d+ ms\n\s+at [^\n]*agenda\/dist\/JobProcessor\.js/];

export const mochaHooks = {
  afterAll(): void {
    for (const [timer, place] of pending) {
      if (BENIGN.some((pattern) => pattern.test(place))) {
        timer.unref();
        pending.delete(timer);
      }
    }
    const timer = realSetTimeout(() => {
      const timers = [...pending].filter(([t]) => t.hasRef()).map(([, place]) => place);
      process.stderr.write(
        `\nThe tests are done but the process is still running ${GRACE_MS / 1000} s later; open: ${process.getActiveResourcesInfo().join(', ')}\n` +
          (timers.length ? `Timers still pending, set at:\n${timers.join('\n\n')}\n` : ''),
      );
      // Mocha sets the exit code from the failures in an 'exit' listener; this one comes later.
      process.on('exit', () => {
        process.exitCode = 1;
      });
      process.exit(1);
    }, GRACE_MS);
    // Only a leak keeps the process alive long enough for this to fire.
    timer.unref();
  },
};
