// The verdict order of SANDBOX.md: system error → TLE → MLE → OLE → RE → checker verdict.
import type { RunResult } from './plugin-api.ts';
import type { Language, TimeLimitKind, Verdict } from './types.ts';

/** The verdict a run earns before its output is checked, or null when the checker decides. */
export function runVerdict(result: RunResult, language: Language, cpuLimitMs: number): Exclude<Verdict, 'AC' | 'WA' | 'PE' | 'CE'> | null {
  if (result.status !== 'SE' && result.cpuMs > cpuLimitMs) return 'TLE';
  switch (result.status) {
    case 'SE':
      return 'SE';
    case 'TLE':
      return 'TLE';
    case 'MLE':
      return 'MLE';
    case 'OLE':
      return 'OLE';
    case 'RE':
      // Runtimes with their own heap cap (Java -Xmx, Node --max-old-space-size) die with an error, not an OOM kill.
      return language.runtimeMemoryErrors?.some((pattern) => result.stderr.includes(pattern)) ? 'MLE' : 'RE';
    case 'OK':
      return null;
  }
}

/**
 * The limit that made a run TLE: CPU time over the limit, else the wall clock (the backend's CPU
 * limit has headroom over the time limit, so a run it stopped for CPU is over it).
 */
export function tleBy(result: RunResult, cpuLimitMs: number): TimeLimitKind {
  return result.cpuMs > cpuLimitMs ? 'cpu' : 'wall';
}

/** The submission's verdict: the first test that is not AC decides. */
export function overallVerdict(tests: { verdict: Verdict }[]): Verdict {
  return tests.find((t) => t.verdict !== 'AC')?.verdict ?? 'AC';
}

/**
 * Whether a test's run is repeated before its verdict counts: the backend gets headroom over the
 * time limit (judge-submission.ts, RERUN_FACTOR), and a run that ends over the limit within it, or
 * that hits the wall-clock limit without using its CPU time (starved, or sleeping), is run again.
 */
export function worthAnotherRun(result: RunResult, cpuLimitMs: number): boolean {
  if (result.status === 'SE') return false;
  if (result.status === 'TLE') return result.cpuMs <= cpuLimitMs;
  return result.cpuMs > cpuLimitMs;
}
