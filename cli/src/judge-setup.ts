// Turning CLI flags into a judge and a problem, with usage errors as CliError.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createJudge, JudgeSetupError, PackageError, UNSAFE_LABEL, loadProblemPackage, type Judge, type Problem, type TestResult } from '@verdict/judge';
import { CliError } from './errors.ts';
import { warn } from './output.ts';

export async function openJudge(backend: string | undefined): Promise<Judge> {
  try {
    const judge = await createJudge({ backend });
    if (judge.backend.unsafe) warn(`warning: judge backend "${judge.backend.name}" — ${UNSAFE_LABEL}`);
    return judge;
  } catch (err) {
    if (err instanceof JudgeSetupError) throw new CliError(err.message);
    throw err;
  }
}

export function parseLimit(value: string | undefined, what: string, scale: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new CliError(`${what} must be a positive number, got "${value}"`);
  return Math.round(n * scale);
}

/**
 * Loads a folder or zip; a zip (or a folder with symbolic links, copied with its links followed)
 * is unpacked into a temp folder that `cleanup` removes.
 */
export async function openProblem(
  location: string,
  limits: { timeLimitMs?: number; memoryLimitMb?: number } = {},
): Promise<{ problem: Problem; cleanup: () => Promise<void> }> {
  const info = await stat(location).catch(() => null);
  if (!info) throw new CliError(`problem ${location}: no such file or folder`);
  const extractTo = await mkdtemp(path.join(os.tmpdir(), 'verdict-problem-'));
  const cleanup = () => rm(extractTo, { recursive: true, force: true });
  try {
    return { problem: await loadProblemPackage(location, { ...limits, extractTo }), cleanup };
  } catch (err) {
    await cleanup();
    if (err instanceof PackageError) throw new CliError(`problem ${location}: ${err.message}`);
    throw err;
  }
}

/** 0 for AC, 2 for a system error, 1 for any other verdict. */
export function exitCodeFor(verdict: string): number {
  return verdict === 'AC' ? 0 : verdict === 'SE' ? 2 : 1;
}

/** A test as the JSON of `judge` and `problem validate` show it (docs/judge.md): wall time always, the deciding limit of a TLE. */
export function publicTest(t: TestResult) {
  return { name: t.name, verdict: t.verdict, timeMs: t.timeMs, wallMs: t.wallMs ?? 0, memoryKb: t.memoryKb, ...(t.tleBy ? { tleBy: t.tleBy } : {}) };
}
