// One sandboxed run: spawn bwrap (through the rlimit launcher) as the unprivileged user, move
// the sandbox into its fresh cgroup once bwrap reports its pid, release it, watch CPU, wall
// and output, then kill whatever is left, read the cgroup's figures and classify the result.
import { closeSync, constants as fsConstants, existsSync, openSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Duplex, Readable, Writable } from 'node:stream';
import type { RunRequest, RunResult } from '@verdict/plugin-api';
import { bwrapArgs, PROGRAM_STDIO_FDS, SANDBOX_WORK_DIR } from './bwrap-args.ts';
import type { CgroupFigures, RunCgroup } from './cgroups.ts';
import type { SandboxConfig } from './config.ts';
import { collectBounded, collectStdout, readAll } from './streams.ts';
import { classify, systemError, type ResolvedLimits, type StopReason } from './verdict.ts';
import type { SandboxEnvironment } from './environment.ts';
import { gateReady, launcherRequest, scheduleNextLauncher, takeLauncher, type Launcher } from './launcher.ts';
import type { PreparedWorkDir } from './workdir.ts';

/** bwrap must report the sandbox's pid within this time, or the run is a system error. */
const SETUP_TIMEOUT_MS = 10_000;

export async function runInSandbox(env: SandboxEnvironment, req: RunRequest): Promise<RunResult> {
  return (await runSandboxed(env, req)).result;
}

/** A run and when its program ended (monotonic ns: the gate's clock at its waitpid, else our kill or the launcher's exit). */
export interface SandboxedRun {
  result: RunResult;
  endedAt: bigint;
}

/**
 * One run. `piped`: a launcher started with the pipes to the other side of an interactive run
 * (interactive.ts) as the program's stdin and stdout; it is ended here whatever happens, so
 * the other side reads EOF even when this one never starts.
 */
export async function runSandboxed(env: SandboxEnvironment, req: RunRequest, piped?: Launcher): Promise<SandboxedRun> {
  try {
    return await runChecked(env, req, piped);
  } finally {
    if (piped && !piped.exit) piped.kill('SIGKILL');
  }
}

async function runChecked(env: SandboxEnvironment, req: RunRequest, piped: Launcher | undefined): Promise<SandboxedRun> {
  const failed = (message: string): SandboxedRun => ({ result: systemError(message), endedAt: process.hrtime.bigint() });
  const invalid = requestProblem(req);
  if (invalid) return failed(`invalid run request: ${invalid}`);
  const limits = resolveLimits(env.config, req);
  env.closed = false;
  let cgroup: RunCgroup;
  try {
    env.cgroups.warmUpAttach();
    // One more process than the program's limit: the exec gate, the sandbox's pid 1, is in the
    // cgroups with it.
    cgroup = env.cgroups.take({ memoryBytes: limits.memoryBytes, pids: limits.pids + 1 });
  } catch (err) {
    return failed(`cannot create the run's cgroup: ${(err as Error).message}`);
  }
  let result = systemError('the run did not finish');
  let endedAt: bigint | undefined;
  // The run's uid (uids.ts), back to the pool once its launcher, which reaps every process of
  // the run, has exited.
  const uid = env.uids.acquire();
  const used: { launcher?: Launcher } = { launcher: piped };
  try {
    const mountPoints = (req.readOnlyBinds ?? [])
      .map((b) => path.posix.relative(SANDBOX_WORK_DIR, path.posix.normalize(b.sandbox)))
      .filter((rel) => rel !== '' && !rel.startsWith('..'));
    const work = await env.workDirs.prepare(req.workDir, limits.diskBytes, mountPoints, uid).catch((err: Error) => {
      throw new Error(`cannot prepare the work dir: ${err.message}`);
    });
    try {
      const supervised = await supervise(env, req, limits, cgroup, work, uid, used).catch((err: Error) => ({ result: systemError(err.message), endedAt: undefined }));
      ({ result, endedAt } = supervised);
    } finally {
      // Nothing of the run may write into the work dir while it is copied back.
      await cgroup.killAll().catch(() => undefined);
      // A run that ended in our own error leaves its slot in an unknown state: not reused.
      await work.finish(result.status === 'SE').then(
        (overBudget) => {
          // OLE ranks before RE and OK (TLE and MLE, found first, stay); nothing was copied back.
          if (overBudget && ['OK', 'RE', 'OLE'].includes(result.status)) result = { ...result, status: 'OLE', message: overBudget };
        },
        (err: Error) => {
          result = systemError(`cannot copy the work dir back: ${err.message}`);
        },
      );
    }
    return { result, endedAt: endedAt ?? process.hrtime.bigint() };
  } catch (err) {
    return failed((err as Error).message);
  } finally {
    // Every path ends here: nothing of the run may survive it, not even on our own errors. The
    // empty cgroup is removed in the background (the backend's idle() and close() wait for it).
    await cgroup.killAll().catch(() => undefined);
    cgroup.remove();
    const release = () => env.uids.release(uid);
    if (used.launcher) void used.launcher.exited.then(release, release);
    else release();
    scheduleNextLauncher(env);
  }
}

function requestProblem(req: RunRequest): string | null {
  if (!Array.isArray(req.argv) || req.argv.length === 0 || !req.argv.every((a) => typeof a === 'string')) {
    return 'argv must be a non-empty list of strings';
  }
  const dirProblem = directoryProblem('workDir', req.workDir);
  if (dirProblem) return dirProblem;
  for (const bind of req.readOnlyBinds ?? []) {
    if (!path.isAbsolute(bind.host) || !path.posix.isAbsolute(bind.sandbox)) {
      return `readOnlyBinds need absolute host and sandbox paths (got ${bind.host} → ${bind.sandbox})`;
    }
    if (path.posix.normalize(bind.sandbox) === SANDBOX_WORK_DIR) return `readOnlyBinds cannot replace ${SANDBOX_WORK_DIR}`;
  }
  return limitsProblem(req.limits);
}

export function directoryProblem(name: string, dir: string | undefined): string | null {
  if (!path.isAbsolute(dir ?? '')) return `${name} must be an absolute path (got ${dir})`;
  if (!existsSync(dir!) || !statSync(dir!).isDirectory()) return `${name} ${dir} is not a directory`;
  return null;
}

export function limitsProblem(limits: RunRequest['limits'] | undefined): string | null {
  const l = limits ?? ({} as RunRequest['limits']);
  for (const key of ['cpuMs', 'memoryKb'] as const) {
    if (!(Number(l[key]) > 0)) return `limits.${key} must be a positive number`;
  }
  for (const key of ['wallMs', 'pids', 'outputBytes', 'diskKb'] as const) {
    if (l[key] !== undefined && !(Number(l[key]) > 0)) return `limits.${key} must be a positive number`;
  }
  return null;
}

export function resolveLimits(config: SandboxConfig, req: Pick<RunRequest, 'limits'>): ResolvedLimits {
  const l = req.limits;
  return {
    cpuMs: l.cpuMs,
    wallMs: l.wallMs ?? 3 * l.cpuMs,
    memoryBytes: Math.floor(l.memoryKb * 1024),
    pids: Math.max(1, Math.floor(l.pids ?? config.defaultPids)),
    outputBytes: Math.floor(l.outputBytes ?? config.defaultOutputBytes),
    stderrBytes: Math.floor(l.stderrBytes ?? config.defaultStderrBytes),
    diskBytes: Math.floor((l.diskKb ?? config.defaultDiskKb) * 1024),
  };
}

async function supervise(
  env: SandboxEnvironment,
  req: RunRequest,
  limits: ResolvedLimits,
  cgroup: RunCgroup,
  work: PreparedWorkDir,
  uid: number,
  used: { launcher?: Launcher },
): Promise<SandboxedRun> {
  const piped = used.launcher;
  const workDir = work.hostDir;
  const { config } = env;
  const fds: number[] = [];
  const openFd = (file: string, flags: number, mode?: number) => {
    const fd = openSync(file, flags, mode);
    fds.push(fd);
    return fd;
  };
  let launcher: Launcher | undefined;
  const timers: NodeJS.Timeout[] = [];
  let joined = false;
  let endedAt: bigint | undefined;
  // The gate's own clock when it reported, which wins over ours (a timer of ours may fire after
  // the program ended, before we read the report).
  let reportedAt: bigint | undefined;
  const ended = (result: RunResult): SandboxedRun => ({ result, endedAt: reportedAt ?? endedAt ?? process.hrtime.bigint() });
  try {
    // Opened here by the host (no symlink following), so the program cannot redirect it.
    const stdoutFd = req.stdoutFile
      ? openFd(req.stdoutFile, fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_TRUNC | fsConstants.O_NOFOLLOW, 0o644)
      : null;
    const args = bwrapArgs({
      systemMounts: env.systemMounts,
      workDir,
      readOnlyBinds: req.readOnlyBinds ?? [],
      tmpBytes: config.tmpSizeKb * 1024,
      seccomp: env.seccompBpf !== null,
      argv: req.argv,
    });
    const cpuSeconds = Math.ceil(limits.cpuMs / 1000) + 1;
    // The launcher opens a stdin file itself ('F' + path), or puts /dev/null ('N') or the pipe it
    // was given ('P': ours, or the other side's of an interactive run) there.
    const stdinMode = piped ? 'P' : typeof req.stdin === 'object' && !Buffer.isBuffer(req.stdin) ? `F${req.stdin.file}` : req.stdin === undefined ? 'N' : 'P';
    const request = launcherRequest(env, { uid, cpuSeconds, fileBytes: limits.diskBytes, stackBytes: 'unlimited', stdinMode, pid1: '-', env: req.env, args });
    launcher = piped ?? (await takeLauncher(env));
    used.launcher = launcher;
    const started = launcher;
    const { control, stdio } = launcher;
    const bwrapErr = stdio[2] as Readable;
    const programErr = stdio[PROGRAM_STDIO_FDS[2]] as Readable;
    control.write(`${request.length}\n`);
    control.write(request);

    let stopReason: StopReason = null;
    const stop = (reason: StopReason) => {
      stopReason ??= reason;
      endedAt ??= process.hrtime.bigint();
      if (joined) cgroup.killAll().catch(() => undefined);
      // The launcher kills bwrap (the sandbox dies with it) and reaps everything before it exits.
      started.kill('SIGTERM');
    };

    // Piped: the program's stdin and stdout are the other side's, never ours.
    const stdout = piped ? Promise.resolve('') : ownStdio(stdio, req, stdinMode, stdoutFd, limits, () => stop('output'));
    const stderr = collectBounded(programErr, limits.stderrBytes);
    const bwrapErrors = collectBounded(bwrapErr, 64 << 10);

    // The launcher forks bwrap, which sets the sandbox up and execs the gate as its pid 1; the
    // gate reports 'r' and waits. Only then is it moved into the cgroups and let go (it forks
    // the program): bwrap's set-up is never charged to the run, and every process of the
    // sandbox is in the cgroups.
    timers.push(setTimeout(() => stop('setup'), SETUP_TIMEOUT_MS));
    const gatePid = await gateReady(control, launcher);
    clearTimeout(timers.pop());
    let released = process.hrtime.bigint();
    let reported: Promise<number | null> = Promise.resolve(null);
    if (gatePid) {
      cgroup.join(gatePid);
      joined = true;
      reported = reportedStatus(control).then((report) => {
        reportedAt = report?.endedAt;
        return report?.status ?? null;
      });
      released = process.hrtime.bigint();
      control.end('g');
      timers.push(setTimeout(() => stop('wall'), limits.wallMs));
      const cpuLimit = limits.cpuMs;
      timers.push(
        setInterval(() => {
          if (cgroup.cpuMs() > cpuLimit) stop('cpu');
        }, Math.min(config.cpuPollMs, cpuLimit)),
      );
    } else {
      control.destroy(); // the gate, if any, reads EOF and exits without starting the program
    }

    const { code, signal, lost } = await launcher.exited;
    endedAt ??= process.hrtime.bigint();
    const wallMs = Number(process.hrtime.bigint() - released) / 1e6;
    for (const t of timers.splice(0)) clearTimeout(t);
    if (!gatePid) {
      // bwrap's messages end at EOF, once it and the launcher are gone (a second at most here).
      const giveUp = setTimeout(() => bwrapErr.destroy(), 1000);
      const err = await bwrapErrors;
      clearTimeout(giveUp);
      return ended(systemError(`bwrap did not start the sandbox: ${err.trim() || `exit ${code ?? signal}`}`, { stderr: err }));
    }
    await cgroup.killAll();
    // The program's pipes are held by its own processes only: all gone now, EOF follows; the
    // control socket's too, once bwrap's monitor has gone with the gate.
    const [out, err, waitStatus] = await Promise.all([stdout, stderr, reported]);
    control.destroy();
    // bwrap's messages matter only when it fails to start the sandbox (above).
    bwrapErr.destroy();
    // The spawner died with the launcher (it kills its run): how the run ended is unknown.
    if (lost) return ended(systemError(`the run's launcher was lost: ${lost}`, { stderr: err }));
    const figures = chargeWorkDir(cgroup.figures(), req.chargeWorkDir ? work.chargedBytes : 0);
    // When the gate reported, its clock says when the program ended: the wall time is up to then,
    // and a wall timer of ours that ran after that (a busy event loop) made no TLE.
    const ranMs = reportedAt === undefined ? wallMs : Number(reportedAt - released) / 1e6;
    const reason = (stopReason as StopReason) === 'wall' && ranMs < limits.wallMs ? null : stopReason;
    return ended(classify({ code, signal, waitStatus, wallMs: ranMs, figures, stopReason: reason, limits, stdout: out, stderr: err }));
  } finally {
    for (const t of timers) clearTimeout(t);
    for (const fd of fds) closeSync(fd);
    if (launcher && !launcher.exit) launcher.kill('SIGTERM');
  }
}

/**
 * The run's figures with its own files counted: the pages of the work dir's copy were written by
 * the judge, so the kernel charged them to no run, and a 56 MB table in the binary read in full
 * under a 32 MB limit was AC at 0.6 MB (issue 27). The cgroup's limit stays the request's: the
 * verdict is MLE when the peak and the files together reach it.
 */
export function chargeWorkDir(figures: CgroupFigures, chargedBytes: number): CgroupFigures {
  return { ...figures, memoryKb: figures.memoryKb + Math.ceil(chargedBytes / 1024) };
}

/** Our pipes on the program's stdin (fed from the request) and stdout (counted against the cap). */
function ownStdio(
  stdio: Launcher['stdio'],
  req: RunRequest,
  stdinMode: string,
  stdoutFd: number | null,
  limits: ResolvedLimits,
  onOverflow: () => void,
): Promise<string> {
  const [programIn, programOut] = PROGRAM_STDIO_FDS.map((fd) => stdio[fd]) as [Writable, Readable];
  programIn.on('error', () => undefined); // the program may exit without reading its input
  if (stdinMode === 'P') programIn.end(req.stdin as string | Buffer);
  else programIn.destroy(); // the launcher put a file or /dev/null on the program's stdin
  return collectStdout(programOut, stdoutFd, limits.outputBytes, onOverflow);
}

/**
 * The program's raw wait status and when it ended (the gate's CLOCK_MONOTONIC at its waitpid, the
 * clock of process.hrtime) as the gate reports them on the control socket after 'g' (null when
 * the gate died first: killed at a limit, or with the whole sandbox).
 */
async function reportedStatus(control: Duplex): Promise<{ status: number; endedAt: bigint } | null> {
  const bytes = await readAll(control);
  return bytes.length === 12 ? { status: bytes.readInt32LE(0), endedAt: bytes.readBigInt64LE(4) } : null;
}
