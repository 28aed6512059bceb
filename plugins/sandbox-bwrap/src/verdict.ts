// Turns what was observed about a finished run into its RunResult, in the verdict order of
// SANDBOX.md: TLE → MLE → OLE → RE → OK (SE, our own failures, are decided before).
import os from 'node:os';
import type { RunResult, RunStatus } from '@verdict/plugin-api';
import type { CgroupFigures } from './cgroups.ts';

export interface ResolvedLimits {
  cpuMs: number;
  wallMs: number;
  memoryBytes: number;
  pids: number;
  outputBytes: number;
  stderrBytes: number;
  diskBytes: number;
}

export type StopReason = 'wall' | 'cpu' | 'output' | 'setup' | null;

export interface Outcome {
  /** bwrap's (the launcher's) exit: the program's as 128 + N for signal N, unless reported. */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The program's raw wait status reported by the gate, when it could report it. */
  waitStatus?: number | null;
  wallMs: number;
  figures: CgroupFigures;
  stopReason: StopReason;
  limits: ResolvedLimits;
  stdout: string;
  stderr: string;
}

// The first name of each number: SIGABRT, not its alias SIGIOT.
const signalNames = new Map<number, string>();
for (const [name, no] of Object.entries(os.constants.signals)) if (!signalNames.has(no)) signalNames.set(no, name);

export function classify(o: Outcome): RunResult {
  let exitCode = o.code;
  let signal: string | null = o.signal;
  if (o.waitStatus !== undefined && o.waitStatus !== null) {
    // What the gate saw: an exit code of 152 stays 152, not SIGXCPU.
    const termSignal = o.waitStatus & 0x7f;
    exitCode = termSignal === 0 ? (o.waitStatus >> 8) & 0xff : null;
    signal = termSignal === 0 ? null : (signalNames.get(termSignal) ?? `signal ${termSignal}`);
  } else if (exitCode !== null && exitCode > 128 && signalNames.has(exitCode - 128)) {
    // The gate did not report (it was killed with the sandbox): 128 + N is signal N.
    signal = signalNames.get(exitCode - 128)!;
    exitCode = null;
  }
  const { cpuMs, memoryKb, oomKilled } = o.figures;
  const base = { exitCode, signal, cpuMs: round(cpuMs), wallMs: round(o.wallMs), memoryKb, stdout: o.stdout, stderr: o.stderr };
  const result = (status: RunStatus, message?: string): RunResult => ({ status, ...base, ...(message ? { message } : {}) });

  if (o.stopReason === 'wall') return result('TLE', `wall-clock limit of ${o.limits.wallMs} ms exceeded`);
  if (cpuMs > o.limits.cpuMs || signal === 'SIGXCPU') return result('TLE', `CPU limit of ${o.limits.cpuMs} ms exceeded`);
  if (oomKilled || memoryKb * 1024 >= o.limits.memoryBytes) {
    return result('MLE', `memory limit of ${o.limits.memoryBytes / 1024} KiB reached`);
  }
  if (o.stopReason === 'output') return result('OLE', `output limit of ${o.limits.outputBytes} bytes exceeded`);
  if (signal === 'SIGXFSZ') return result('OLE', `file size limit of ${o.limits.diskBytes} bytes exceeded`);
  if (signal === 'SIGSYS') return result('RE', 'forbidden system call (SIGSYS)');
  if (signal !== null) return result('RE', `killed by ${signal}`);
  if (exitCode !== 0) return result('RE', `exit code ${exitCode}`);
  return result('OK');
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

export function systemError(message: string, extra: Partial<RunResult> = {}): RunResult {
  return { status: 'SE', exitCode: null, signal: null, cpuMs: 0, wallMs: 0, memoryKb: 0, stdout: '', stderr: '', message, ...extra };
}
