// One sandbox for every test of a submission: bwrap, cgroups and seccomp are set up once, with the
// session runner (helpers/session-runner.c) as the sandbox's pid 1. Per test the judge resets
// the cgroup's counters, asks the runner for a run on one input, watches CPU, and reads the
// report; the runner forks the program, relays its output, kills every process left, and wipes
// the sandbox back to the pristine program before the next test. No fork of the Node process
// per test. See docs/sandbox.md, "One sandbox per submission".
import { closeSync, constants as fsConstants, openSync } from 'node:fs';
import path from 'node:path';
import type { Duplex, Readable } from 'node:stream';
import type { RunResult, RunSession, SessionRequest, SessionRun } from '@verdict/plugin-api';
import { bwrapArgs, PROGRAM_STDIO_FDS, SESSION_INPUT_DIR } from './bwrap-args.ts';
import type { PeakMeter, RunCgroup } from './cgroups.ts';
import type { PinnedCore } from './cpusets.ts';
import { gateReady, launcherRequest, scheduleNextLauncher, takeLauncher, type Launcher } from './launcher.ts';
import type { SandboxEnvironment } from './environment.ts';
import { chargeWorkDir, directoryProblem, limitsProblem, resolveLimits } from './run.ts';
import { ControlReader, type TestReport } from './session-protocol.ts';
import { OutputSink } from './streams.ts';
import { classify, systemError, type ResolvedLimits, type StopReason } from './verdict.ts';
import type { PreparedWorkDir } from './workdir.ts';

/** The sandbox must be ready within this time, or the session fails to open. */
const SETUP_TIMEOUT_MS = 10_000;
/** A test whose report is this late past its wall limit has a broken runner: the session ends. */
const REPORT_GRACE_MS = 5_000;
/**
 * The wipe after a test may take a while: emptying the most files a memory limit allows (260 MB
 * of empty files: 0.8 s here) and waiting for files held in flight to be freed (at most 1 s).
 */
const WIPE_GRACE_MS = 30_000;
/**
 * The judge's own wall-clock kill comes this long after the runner's (the runner's clock starts a
 * little later than ours): it needs nothing of the runner, which a program could starve.
 */
const HOST_WALL_KILL_AFTER_MS = 100;
/** The runner's own CPU limit (its children get the run's): a backstop, it uses ~0.1 ms a test. */
const RUNNER_CPU_SECONDS = 86_400;

export async function openSessionInSandbox(env: SandboxEnvironment, req: SessionRequest): Promise<RunSession> {
  const invalid = sessionProblem(req);
  if (invalid) throw new Error(`invalid session request: ${invalid}`);
  const limits = resolveLimits(env.config, req);
  // A core of its own (waiting for one when every core has a session), before anything is set up.
  const pinned = env.pinning.pool ? await env.pinning.pool.acquire() : undefined;
  env.closed = false;
  env.cgroups.warmUpAttach();
  let cgroup: RunCgroup;
  try {
    // No group OOM kill (v2): a program over its limit dies, not the runner with it.
    cgroup = env.cgroups.take({ memoryBytes: limits.memoryBytes, pids: limits.pids + 1, oomGroup: false });
  } catch (err) {
    pinned?.release();
    throw err;
  }
  // The session's uid (uids.ts) for all its tests, back to the pool once its launcher has exited.
  const held: Held = { cgroup, pinned, uid: env.uids.acquire() };
  try {
    held.peak = cgroup.peakMeter();
    held.work = await env.workDirs.prepare(req.workDir, limits.diskBytes, [], held.uid);
    const args = bwrapArgs({
      systemMounts: env.systemMounts,
      workDir: held.work.hostDir,
      readOnlyBinds: [{ host: req.inputDir, sandbox: SESSION_INPUT_DIR }],
      tmpBytes: env.config.tmpSizeKb * 1024,
      seccomp: env.seccompBpf !== null,
      session: { workBytes: limits.diskBytes },
      argv: [String(Math.ceil(limits.cpuMs / 1000) + 1), String(limits.diskBytes), String(limits.outputBytes), String(limits.stderrBytes), String(Math.ceil(limits.wallMs)), '--', ...req.argv],
    });
    const request = launcherRequest(env, {
      uid: held.uid,
      cpuSeconds: RUNNER_CPU_SECONDS,
      fileBytes: limits.diskBytes,
      stackBytes: 'unlimited',
      stdinMode: 'N',
      pid1: env.sessionRunner,
      env: req.env,
      args,
    });
    const launcher = await takeLauncher(env);
    held.launcher = launcher;
    const { control } = launcher;
    control.write(`${request.length}\n`);
    control.write(request);
    const setup = setTimeout(() => launcher.kill('SIGTERM'), SETUP_TIMEOUT_MS);
    const runnerPid = await gateReady(control, launcher);
    clearTimeout(setup);
    if (!runnerPid) throw new Error('bwrap did not start the session sandbox');
    cgroup.join(runnerPid);
    pinned?.join(runnerPid);
    const reader = new ControlReader(control);
    control.write('g');
    const runnerCpuNs = await reader.wiped(SETUP_TIMEOUT_MS);
    return new SandboxSession(env, req, limits, held as Required<Held>, reader, runnerCpuNs, runnerPid);
  } catch (err) {
    await release(env, held);
    throw err;
  }
}

function sessionProblem(req: SessionRequest): string | null {
  if (!Array.isArray(req.argv) || req.argv.length === 0 || !req.argv.every((a) => typeof a === 'string')) {
    return 'argv must be a non-empty list of strings';
  }
  return directoryProblem('workDir', req.workDir) ?? directoryProblem('inputDir', req.inputDir) ?? limitsProblem(req.limits);
}

interface Held {
  cgroup: RunCgroup;
  uid: number;
  pinned?: PinnedCore;
  peak?: PeakMeter;
  work?: PreparedWorkDir;
  launcher?: Launcher;
}

/** Ends the sandbox: the runner reads EOF, kills everything and exits; the cgroup is emptied. */
async function release(env: SandboxEnvironment, held: Held): Promise<void> {
  const { launcher, cgroup } = held;
  if (launcher) {
    launcher.control.destroy();
    const giveUp = setTimeout(() => launcher.kill('SIGTERM'), 2000);
    await cgroup.killAll().catch(() => undefined);
    await launcher.exited;
    clearTimeout(giveUp);
    for (const stream of launcher.stdio) stream?.destroy();
  }
  await cgroup.killAll().catch(() => undefined);
  held.peak?.close();
  cgroup.remove();
  // The program saw its copy read-only: nothing comes back; a failed session's slot is not reused.
  await held.work?.finish(false).catch(() => undefined);
  held.pinned?.release();
  // Every process of the session is gone with its launcher (awaited above).
  env.uids.release(held.uid);
  scheduleNextLauncher(env);
}

class SandboxSession implements RunSession {
  private closed: Promise<void> | null = null;
  private broken: string | null = null;
  private readonly stdout: Readable;
  private readonly stderr: Readable;
  private readonly out = new OutputSink();
  private readonly err = new OutputSink();
  /** Tests started: a kill of the judge's stops once its test is over (it must not reach the next). */
  private tests = 0;
  /** The cgroup's OOM kills after the last test. */
  private oomKills: number;

  constructor(
    private readonly env: SandboxEnvironment,
    private readonly req: SessionRequest,
    private readonly limits: ResolvedLimits,
    private readonly held: Required<Held>,
    private readonly reader: ControlReader,
    /** The runner's own CPU time as of its last message (it is idle between tests). */
    private runnerCpuNs: number,
    /** The runner's host pid: the one process of the cgroup the judge's own kill spares. */
    private readonly runnerPid: number,
  ) {
    this.oomKills = held.cgroup.oomKills();
    const stdio = held.launcher.stdio;
    this.stdout = stdio[PROGRAM_STDIO_FDS[1]] as Readable;
    this.stderr = stdio[PROGRAM_STDIO_FDS[2]] as Readable;
    this.stdout.on('data', (chunk: Buffer) => this.out.write(chunk));
    this.stderr.on('data', (chunk: Buffer) => this.err.write(chunk));
    (stdio[PROGRAM_STDIO_FDS[0]] as Duplex | null)?.destroy();
    void held.launcher.exited.then(() => this.fail('the session sandbox ended'));
  }

  async run(run: SessionRun): Promise<RunResult> {
    if (this.closed) return systemError('the session is closed');
    if (this.broken) return systemError(this.broken);
    if (run.stdoutFile !== undefined && run.stdoutBuffer) return systemError('a run asks for stdoutFile or stdoutBuffer, not both');
    const name = path.relative(this.req.inputDir, run.stdin?.file ?? '');
    if (!name || name.includes('/') || name.startsWith('..')) return systemError(`stdin must be a file directly inside the session's inputDir (${this.req.inputDir})`);
    try {
      return await this.runTest(name, run.stdoutFile, run.stdoutBuffer === true);
    } catch (err) {
      this.fail((err as Error).message);
      return systemError((err as Error).message);
    }
  }

  private async runTest(name: string, stdoutFile: string | undefined, stdoutBuffer: boolean): Promise<RunResult> {
    const { cgroup, peak } = this.held;
    const { limits } = this;
    // Nothing but the runner may be in the cgroup between tests. Processes the runner has just
    // reaped can stay listed a moment (many killed at once, on a loaded host).
    const procs = await this.settledProcs();
    if (procs.length !== 1) throw new Error(`the session's cgroup holds ${procs.length} processes between tests`);
    const fd = stdoutFile
      ? openSync(stdoutFile, fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_TRUNC | fsConstants.O_NOFOLLOW, 0o644)
      : null;
    let stopReason: StopReason = null;
    const timers: NodeJS.Timeout[] = [];
    const test = ++this.tests;
    try {
      this.out.start(fd, limits.outputBytes);
      this.err.start(null, limits.stderrBytes);
      await peak.reset();
      const cpuBefore = cgroup.cpuMs();
      // The report comes after the wipe that follows the test.
      const report = this.reader.report(limits.wallMs + REPORT_GRACE_MS + WIPE_GRACE_MS);
      this.held.launcher.control.write(`T${name}\n`);
      timers.push(
        setInterval(() => {
          if (stopReason === null && cgroup.cpuMs() - cpuBefore > limits.cpuMs) {
            stopReason = 'cpu';
            this.held.launcher.control.write('k');
            void this.killProgram(test);
          }
        }, Math.min(this.env.config.cpuPollMs, limits.cpuMs)),
        setTimeout(() => void this.killProgram(test), limits.wallMs + HOST_WALL_KILL_AFTER_MS),
      );
      const r: TestReport = await report;
      // The runner's share of the cgroup's CPU since the last test (relaying, reaping, wiping).
      const runnerMs = (r.runnerCpuNs - this.runnerCpuNs) / 1e6;
      this.runnerCpuNs = r.runnerCpuNs;
      // The test's figures stand; the session is not used again.
      if (r.wipeProblem !== undefined) this.fail(`the session runner cannot wipe the sandbox: ${r.wipeProblem}`);
      for (const t of timers.splice(0)) clearInterval(t);
      await Promise.all([this.out.until(r.stdoutBytes, this.stdout), this.err.until(r.stderrBytes, this.stderr)]);
      if (r.noInput) throw new Error(`the session runner cannot open the input ${name}`);
      // OOM kills only happen while a test runs (the runner alone cannot reach the limit).
      const oomKills = cgroup.oomKills();
      // The program's files (/prog, the slot's copy) are charged to every test, as to a single run.
      const figures = chargeWorkDir({ cpuMs: Math.max(0, cgroup.cpuMs() - cpuBefore - runnerMs), memoryKb: peak.readKb(), oomKilled: oomKills > this.oomKills }, this.held.work.chargedBytes);
      this.oomKills = oomKills;
      // Over the wall limit by the runner's measure of this run (its clock, from its fork to the
      // program's end), whoever killed it: never by which of our timers ran first.
      if (r.wall || r.wallNs >= limits.wallMs * 1e6) stopReason = 'wall';
      else if (r.output) stopReason = 'output';
      const result = classify({
        code: null,
        signal: null,
        waitStatus: r.waitStatus,
        wallMs: r.wallNs / 1e6,
        figures,
        stopReason,
        limits,
        stdout: stdoutBuffer ? '' : this.out.text(),
        stderr: this.err.text(),
      });
      return stdoutBuffer ? { ...result, stdoutBuffer: this.out.bytes() } : result;
    } finally {
      for (const t of timers) clearInterval(t);
      this.tests++;
      this.out.stop();
      this.err.stop();
      if (fd !== null) closeSync(fd);
    }
  }

  /** The cgroup's processes once only the runner is left, or after 200 ms. */
  private async settledProcs(): Promise<number[]> {
    const deadline = Date.now() + 200;
    for (let round = 0; ; round++) {
      const procs = this.held.cgroup.procs();
      if (procs.length <= 1 || Date.now() > deadline) return procs;
      await new Promise((resolve) => (round < 20 ? setImmediate(resolve) : setTimeout(resolve, 1)));
    }
  }

  /**
   * SIGKILLs every process of the cgroup but the runner until none is left: the judge's own kill
   * at the CPU or wall limit, beside the runner's. The runner then reaps them and reports.
   */
  private async killProgram(test: number): Promise<void> {
    const deadline = Date.now() + 2000;
    for (let round = 0; Date.now() < deadline && test === this.tests; round++) {
      let others: number[];
      try {
        others = this.held.cgroup.procs().filter((pid) => pid !== this.runnerPid);
      } catch {
        return; // the session has ended
      }
      if (others.length === 0) return;
      for (const pid of others) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      await new Promise((resolve) => (round < 20 ? setImmediate(resolve) : setTimeout(resolve, 1)));
    }
  }

  private fail(why: string): void {
    this.broken ??= why;
  }

  close(): Promise<void> {
    this.closed ??= release(this.env, this.held);
    return this.closed;
  }
}
