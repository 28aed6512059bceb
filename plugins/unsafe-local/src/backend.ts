// A judge backend with no isolation: spawn + rlimits (through runner.c), CPU and peak memory from
// the child's resource usage, wall limit and output cap enforced here in the parent.
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import os from 'node:os';
import type { Readable, Writable } from 'node:stream';
import type { InteractiveRunRequest, InteractiveRunResult, JudgeBackend, PipedRunRequest, RunRequest, RunResult, RunStatus } from '@verdict/plugin-api';
import { runnerBinary } from './runner-binary.ts';

export interface UnsafeLocalOptions {
  /** Where the compiled runner is kept (default: $TMPDIR/verdict-unsafe-local). */
  cacheDir?: string;
}

const DEFAULT_OUTPUT_BYTES = 64 << 20;
const DEFAULT_STDERR_BYTES = 64 << 10;
const STACK_KB = 256 * 1024;

interface RunnerReport {
  kind: 'exit' | 'signal' | 'execfail';
  code: number;
  cpuMs: number;
  maxRssKb: number;
  /** A limit the runner enforced by killing the program. */
  limitHit: 'none' | 'memory' | 'cpu' | 'wall';
  /** When the runner saw the program end (CLOCK_MONOTONIC, as process.hrtime.bigint() reads it). */
  endedAt: bigint;
  detail: string;
}

export function createUnsafeLocalBackend(options: UnsafeLocalOptions = {}): JudgeBackend {
  return {
    name: 'unsafe-local',
    unsafe: true,
    async check() {
      const problems: string[] = [];
      if (os.platform() !== 'linux') problems.push('unsafe-local reads /proc and needs Linux');
      try {
        await runnerBinary(options.cacheDir);
      } catch (err) {
        problems.push((err as Error).message);
      }
      return {
        ok: problems.length === 0,
        problems,
        capabilities: { isolation: 'UNSAFE: no isolation', memory: 'peak RSS polling', cpu: 'rusage', rlimits: true },
      };
    },
    async run(req) {
      let runner: string;
      try {
        runner = await runnerBinary(options.cacheDir);
      } catch (err) {
        return systemError((err as Error).message);
      }
      return startRunner(runner, req).finished.then((run) => run.result);
    },
    async runInteractive(req) {
      let runner: string;
      try {
        runner = await runnerBinary(options.cacheDir);
      } catch (err) {
        const failed = systemError((err as Error).message);
        return { program: failed, validator: failed, firstToEnd: 'program' };
      }
      return runInteractive(runner, req);
    },
  };
}

/**
 * The validator's runner is started holding back its program; the program's runner gets our ends
 * of the validator's stdin and stdout as its stdout and stdin (libuv makes fds 0-2 blocking in
 * the child). Once ours are closed, both are let go: no byte passes through the judge, and no
 * byte can be read by us before the other side has its pipe.
 */
async function runInteractive(runner: string, req: InteractiveRunRequest): Promise<InteractiveRunResult> {
  const given = [req.program, req.validator] as (PipedRunRequest & { stdin?: unknown; stdoutFile?: unknown })[];
  if (given.some((r) => r.stdin !== undefined || r.stdoutFile !== undefined)) {
    const failed = systemError('invalid interactive run request: stdin and stdout are the pipes, stdin and stdoutFile cannot be given');
    return { program: failed, validator: failed, firstToEnd: 'program' };
  }
  const validator = startRunner(runner, req.validator, 'held');
  const program = startRunner(runner, req.program, validator.child);
  // Ours of the validator's stdin goes at once (or it would never read EOF); ours of its stdout,
  // the program's stdin, never read, stays until the validator ends: a validator writing after
  // the program ended is not killed by SIGPIPE (problemtools keeps that pipe open too).
  validator.child.stdin?.destroy();
  validator.child.once('exit', () => validator.child.stdout?.destroy());
  // Never read, ours would fill up once the program is gone, and a validator writing more than
  // the socket holds blocked until its wall-clock limit (SE for a program that merely crashed
  // early; found by a hostile review): once the program's runner has ended, it is drained.
  program.child.once('exit', () => discardFrom(validator.child.stdout));
  program.start();
  validator.start();
  const [p, v] = await Promise.all([program.finished, validator.finished]);
  return { program: p.result, validator: v.result, firstToEnd: p.endedAt <= v.endedAt ? 'program' : 'validator' };
}

/**
 * Reads and drops what arrives on `stream`. libuv cleared O_NONBLOCK on it in the program's
 * runner (its stdin: the open file is shared), so it is set again first, or one of libuv's
 * reads could block the judge's event loop; without the means to, nothing is read.
 */
function discardFrom(stream: Readable | null): void {
  const handle = (stream as (Readable & { _handle?: { setBlocking?(blocking: boolean): number } | null }) | null)?._handle;
  if (!stream || stream.destroyed || typeof handle?.setBlocking !== 'function' || handle.setBlocking(false) !== 0) return;
  stream.on('data', () => undefined);
  stream.resume();
}

interface RunnerRun {
  child: ChildProcess;
  /** Lets a held program start (an interactive run); nothing for the others. */
  start(): void;
  /** The result, and when the program ended (monotonic ns: the runner's report or exit). */
  finished: Promise<{ result: RunResult; endedAt: bigint }>;
}

/**
 * `link`: absent for a plain run; 'held' for the validator of an interactive run (its stdin and
 * stdout are handed to the program's runner, and it starts at start()); the held runner for the
 * program, whose stdin and stdout are then the validator's stdout and stdin.
 */
// Without namespaces there is nothing to mount: the program runs in req.workDir and sees the
// host's files as they are, so req.readOnlyBinds has no meaning here and is ignored.
function startRunner(runner: string, req: RunRequest, link?: 'held' | ChildProcess): RunnerRun {
  const { limits } = req;
  const wallMs = limits.wallMs ?? 3 * limits.cpuMs;
  const outputCap = limits.outputBytes ?? DEFAULT_OUTPUT_BYTES;
  const stderrCap = limits.stderrBytes ?? DEFAULT_STDERR_BYTES;
  const fileCap = limits.diskKb ? limits.diskKb * 1024 : outputCap;
  const held = link !== undefined;
  const args = [String(limits.cpuMs), String(wallMs), String(limits.memoryKb), String(fileCap), String(STACK_KB), ...(held ? ['--wait'] : []), '--', ...req.argv];
  const env = { PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', LANG: 'C.UTF-8', ...req.env };
  const stdio: StdioOptions =
    link === undefined ? ['pipe', 'pipe', 'pipe', 'pipe'] : link === 'held' ? ['pipe', 'pipe', 'pipe', 'pipe', 'pipe'] : [link.stdout as Readable, link.stdin as Writable, 'pipe', 'pipe', 'pipe'];
  // Taken before the spawn: the runner's own wall clock (which ends a run at the limit) starts
  // inside it, so a wall measured from after it could read a hair under the limit it was cut at.
  const started = process.hrtime.bigint();
  const child = spawn(runner, args, { cwd: req.workDir, env, stdio, detached: true });
  const start = () => (child.stdio[4] as Writable | null)?.end('g');
  (child.stdio[4] as Writable | null)?.on('error', () => undefined);
  let endedAt: bigint | undefined;

  const finished = new Promise<{ result: RunResult; endedAt: bigint }>((resolveRun) => {
    const resolve = (result: RunResult) => resolveRun({ result, endedAt: endedAt ?? process.hrtime.bigint() });
    let wallExceeded = false;
    let outputExceeded = false;
    let stdoutBytes = 0;
    const stdoutChunks: Buffer[] = [];
    const stderrChunks: Buffer[] = [];
    let stderrBytes = 0;
    let report = '';
    const sink: WriteStream | null = req.stdoutFile ? createWriteStream(req.stdoutFile) : null;

    const killGroup = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    };
    const timer = setTimeout(() => {
      wallExceeded = true;
      killGroup();
    }, wallMs + 1000); // a backstop: the runner enforces the wall limit itself

    if (!held) child.stdout!.on('data', (chunk: Buffer) => {
      if (outputExceeded) return;
      stdoutBytes += chunk.length;
      if (stdoutBytes > outputCap) {
        outputExceeded = true;
        killGroup();
        return;
      }
      if (sink) sink.write(chunk);
      else stdoutChunks.push(chunk);
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      if (stderrBytes >= stderrCap) return;
      stderrChunks.push(chunk.subarray(0, stderrCap - stderrBytes));
      stderrBytes += Math.min(chunk.length, stderrCap - stderrBytes);
    });
    (child.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => {
      endedAt ??= process.hrtime.bigint();
      report += chunk.toString();
    });
    child.once('exit', () => (endedAt ??= process.hrtime.bigint()));

    if (!held) feedStdin(child.stdin!, req.stdin);

    child.on('error', (err) => {
      clearTimeout(timer);
      resolve(systemError(`cannot start the runner: ${err.message}`));
    });
    child.on('close', async (runnerCode) => {
      clearTimeout(timer);
      killGroup(); // descendants the program left behind
      if (sink) await new Promise<void>((done) => sink.end(done));
      const wall = Number(process.hrtime.bigint() - started) / 1e6;
      const stdout = Buffer.concat(stdoutChunks).toString('utf8');
      const stderr = Buffer.concat(stderrChunks).toString('utf8');
      const parsed = parseReport(report);
      if (!parsed) {
        if (wallExceeded) {
          resolve(result('TLE', { wallMs: wall, cpuMs: 0, stdout, stderr, message: 'wall-clock limit exceeded' }));
        } else if (outputExceeded) {
          resolve(result('OLE', { wallMs: wall, stdout, stderr, message: 'output limit exceeded' }));
        } else {
          resolve(systemError(`runner failed (exit ${runnerCode}): ${stderr.trim()}`));
        }
        return;
      }
      // The end order of an interactive run's two sides, from the runners' own clock: which
      // report Node happens to read first says nothing when both came in one turn of the loop.
      endedAt = parsed.endedAt;
      if (parsed.kind === 'execfail') {
        resolve(systemError(`cannot execute ${req.argv[0]}: ${parsed.detail}`));
        return;
      }
      const signal = parsed.kind === 'signal' ? (os.constants.signals as Record<string, number>) : null;
      const signalName = signal ? (Object.keys(signal).find((k) => signal[k] === parsed.code) ?? `SIG${parsed.code}`) : null;
      const base = {
        exitCode: parsed.kind === 'exit' ? parsed.code : null,
        signal: signalName,
        cpuMs: parsed.cpuMs,
        wallMs: wall,
        memoryKb: parsed.maxRssKb,
        stdout,
        stderr,
      };
      let status: RunStatus = 'OK';
      let message: string | undefined;
      const cpuExceeded = parsed.cpuMs > limits.cpuMs || parsed.limitHit === 'cpu' || signalName === 'SIGXCPU';
      if (cpuExceeded || wallExceeded || parsed.limitHit === 'wall') {
        status = 'TLE';
        message = cpuExceeded ? 'CPU time limit exceeded' : 'wall-clock limit exceeded';
      } else if (parsed.limitHit === 'memory' || parsed.maxRssKb >= limits.memoryKb) {
        status = 'MLE';
        message = 'memory limit exceeded';
      } else if (outputExceeded || signalName === 'SIGXFSZ') {
        status = 'OLE';
        message = 'output limit exceeded';
      } else if (signalName || parsed.code !== 0) {
        status = 'RE';
        message = signalName ? `killed by ${signalName}` : `exit code ${parsed.code}`;
      }
      resolve({ status, ...base, message });
    });
  });
  return { child, start, finished };
}

function feedStdin(stdin: Writable, input: RunRequest['stdin']): void {
  stdin.on('error', () => {}); // the program may exit without reading its input
  if (input === undefined) stdin.end();
  else if (typeof input === 'string' || Buffer.isBuffer(input)) stdin.end(input);
  else {
    const file = createReadStream(input.file);
    file.on('error', () => stdin.end());
    file.pipe(stdin);
  }
}

function parseReport(text: string): RunnerReport | null {
  const m = /^(exit|signal|execfail) (-?\d+) (\d+) (\d+) ([0-3]) (\d+)(?: (.*))?$/m.exec(text);
  if (!m) return null;
  return {
    kind: m[1] as RunnerReport['kind'],
    code: Number(m[2]),
    cpuMs: Number(m[3]),
    maxRssKb: Number(m[4]),
    limitHit: (['none', 'memory', 'cpu', 'wall'] as const)[Number(m[5])] ?? 'none',
    endedAt: BigInt(m[6]),
    detail: m[7] ?? '',
  };
}

function result(status: RunStatus, fields: Partial<RunResult>): RunResult {
  return { status, exitCode: null, signal: null, cpuMs: 0, wallMs: 0, memoryKb: 0, stdout: '', stderr: '', ...fields };
}

function systemError(message: string): RunResult {
  return result('SE', { message });
}
