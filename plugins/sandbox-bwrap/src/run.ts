// One sandboxed run: spawn bwrap (through the rlimit launcher) as the unprivileged user, move
// the sandbox into its fresh cgroup once bwrap reports its pid, release it, watch CPU, wall
// and output, then kill whatever is left, read the cgroup's figures and classify the result.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, constants as fsConstants, existsSync, openSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { RunRequest, RunResult } from '@verdict/server/judge/plugin-api';
import { bwrapArgs, BLOCK_FD, INFO_FD, SANDBOX_WORK_DIR } from './bwrap-args.ts';
import type { CgroupDriver, RunCgroup } from './cgroups.ts';
import type { SandboxConfig } from './config.ts';
import { collectBounded, collectStdout, readAll } from './streams.ts';
import { classify, systemError, type ResolvedLimits, type StopReason } from './verdict.ts';
import type { WorkDirProvider } from './workdir.ts';

/** What the backend prepared once: helpers, cgroup driver, system mounts. */
export interface SandboxEnvironment {
  config: SandboxConfig;
  cgroups: CgroupDriver;
  rlimitExec: string;
  /** BPF file for `bwrap --seccomp`, or null to run without a filter. */
  seccompBpf: string | null;
  systemMounts: string[];
  workDirs: WorkDirProvider;
}

/** bwrap must report the sandbox's pid within this time, or the run is a system error. */
const SETUP_TIMEOUT_MS = 10_000;

let runCounter = 0;

export async function runInSandbox(env: SandboxEnvironment, req: RunRequest): Promise<RunResult> {
  const invalid = requestProblem(req);
  if (invalid) return systemError(`invalid run request: ${invalid}`);
  const limits = resolveLimits(env.config, req);
  const name = `run-${process.pid}-${++runCounter}-${randomBytes(3).toString('hex')}`;
  let cgroup: RunCgroup;
  try {
    env.cgroups.warmUpAttach();
    cgroup = env.cgroups.create(name, { memoryBytes: limits.memoryBytes, pids: limits.pids });
  } catch (err) {
    return systemError(`cannot create cgroup ${name}: ${(err as Error).message}`);
  }
  let result: RunResult;
  try {
    const mountPoints = (req.readOnlyBinds ?? [])
      .map((b) => path.posix.relative(SANDBOX_WORK_DIR, path.posix.normalize(b.sandbox)))
      .filter((rel) => rel !== '' && !rel.startsWith('..'));
    const work = await env.workDirs.prepare(req.workDir, limits.diskBytes, mountPoints).catch((err: Error) => {
      throw new Error(`cannot prepare the work dir: ${err.message}`);
    });
    try {
      result = await supervise(env, req, limits, cgroup, work.hostDir).catch((err: Error) => systemError(err.message));
    } finally {
      // Nothing of the run may write into the work dir while it is copied back.
      await cgroup.killAll().catch(() => undefined);
      await work.finish().catch((err: Error) => {
        result = systemError(`cannot copy the work dir back: ${err.message}`);
      });
    }
    return result;
  } catch (err) {
    return systemError((err as Error).message);
  } finally {
    // Every path ends here: nothing of the run may survive it, not even on our own errors.
    await cgroup.killAll().catch(() => undefined);
    await cgroup.remove().catch(() => undefined);
  }
}

function requestProblem(req: RunRequest): string | null {
  if (!Array.isArray(req.argv) || req.argv.length === 0 || !req.argv.every((a) => typeof a === 'string')) {
    return 'argv must be a non-empty list of strings';
  }
  if (!path.isAbsolute(req.workDir ?? '')) return `workDir must be an absolute path (got ${req.workDir})`;
  if (!existsSync(req.workDir) || !statSync(req.workDir).isDirectory()) return `workDir ${req.workDir} is not a directory`;
  for (const bind of req.readOnlyBinds ?? []) {
    if (!path.isAbsolute(bind.host) || !path.posix.isAbsolute(bind.sandbox)) {
      return `readOnlyBinds need absolute host and sandbox paths (got ${bind.host} → ${bind.sandbox})`;
    }
    if (path.posix.normalize(bind.sandbox) === SANDBOX_WORK_DIR) return `readOnlyBinds cannot replace ${SANDBOX_WORK_DIR}`;
  }
  const l = req.limits ?? ({} as RunRequest['limits']);
  for (const key of ['cpuMs', 'memoryKb'] as const) {
    if (!(Number(l[key]) > 0)) return `limits.${key} must be a positive number`;
  }
  for (const key of ['wallMs', 'pids', 'outputBytes', 'diskKb'] as const) {
    if (l[key] !== undefined && !(Number(l[key]) > 0)) return `limits.${key} must be a positive number`;
  }
  return null;
}

function resolveLimits(config: SandboxConfig, req: RunRequest): ResolvedLimits {
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
  workDir: string,
): Promise<RunResult> {
  const { config } = env;
  const fds: number[] = [];
  const openFd = (file: string, flags: number, mode?: number) => {
    const fd = openSync(file, flags, mode);
    fds.push(fd);
    return fd;
  };
  let child: ChildProcess | undefined;
  const timers: NodeJS.Timeout[] = [];
  let sandboxPid = 0;
  try {
    const stdinFd = typeof req.stdin === 'object' && !Buffer.isBuffer(req.stdin) ? openFd(req.stdin.file, fsConstants.O_RDONLY) : null;
    // Opened here by the host (no symlink following), so the program cannot redirect it.
    const stdoutFd = req.stdoutFile
      ? openFd(req.stdoutFile, fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_TRUNC | fsConstants.O_NOFOLLOW, 0o644)
      : null;
    const seccompFd = env.seccompBpf ? openFd(env.seccompBpf, fsConstants.O_RDONLY) : null;

    const args = bwrapArgs({
      systemMounts: env.systemMounts,
      workDir,
      readOnlyBinds: req.readOnlyBinds ?? [],
      tmpBytes: config.tmpSizeKb * 1024,
      seccomp: seccompFd !== null,
      argv: req.argv,
    });
    const cpuSeconds = Math.ceil(limits.cpuMs / 1000) + 1;
    // The launcher starts as root (it may live where the sandbox user cannot reach), sets the
    // rlimits, and drops to the sandbox user before it execs bwrap.
    const launcherArgs = [config.uid, config.gid, cpuSeconds, limits.diskBytes, limits.memoryBytes].map(String);
    child = spawn(
      env.rlimitExec,
      [...launcherArgs, config.bwrapPath, ...args],
      {
        // A new session without a controlling terminal (the program cannot reach the judge's tty);
        // cheaper here than bwrap's own --new-session.
        detached: true,
        cwd: '/',
        env: { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: '/tmp', LANG: 'C.UTF-8', ...req.env },
        stdio: [
          stdinFd ?? (req.stdin === undefined ? 'ignore' : 'pipe'),
          'pipe',
          'pipe',
          'pipe',
          'pipe',
          seccompFd ?? 'ignore',
        ],
      },
    );
    for (const fd of fds.splice(0)) if (fd !== stdoutFd) closeSync(fd);
    if (stdoutFd !== null) fds.push(stdoutFd);
    const proc = child;

    let stopReason: StopReason = null;
    const stop = (reason: StopReason) => {
      stopReason ??= reason;
      if (sandboxPid) cgroup.killAll().catch(() => undefined);
      proc.kill('SIGKILL');
    };
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
      proc.once('error', reject);
      proc.once('exit', (code, signal) => resolve({ code, signal }));
    });
    exited.catch(() => undefined);

    if (proc.stdin && req.stdin !== undefined) {
      proc.stdin.on('error', () => undefined); // the program may exit without reading its input
      proc.stdin.end(req.stdin as string | Buffer);
    }
    const stdout = collectStdout(proc.stdout!, stdoutFd, limits.outputBytes, () => stop('output'));
    const stderr = collectBounded(proc.stderr!, limits.stderrBytes);

    timers.push(setTimeout(() => stop('setup'), SETUP_TIMEOUT_MS));
    const info = await readAll(proc.stdio[INFO_FD] as Readable);
    sandboxPid = parseChildPid(info);
    if (sandboxPid) {
      cgroup.join(sandboxPid);
      clearTimeout(timers.pop());
    }
    const released = process.hrtime.bigint();
    const block = proc.stdio[BLOCK_FD] as Writable;
    block.on('error', () => undefined);
    block.end('1');
    if (sandboxPid) {
      timers.push(setTimeout(() => stop('wall'), limits.wallMs));
      const cpuLimit = limits.cpuMs;
      timers.push(
        setInterval(() => {
          if (cgroup.cpuMs() > cpuLimit) stop('cpu');
        }, Math.min(config.cpuPollMs, cpuLimit)),
      );
    }

    const { code, signal } = await exited;
    const wallMs = Number(process.hrtime.bigint() - released) / 1e6;
    for (const t of timers.splice(0)) clearTimeout(t);
    await cgroup.killAll();
    const [out, err] = await Promise.all([stdout, stderr]);
    (proc.stdio[INFO_FD] as Readable).destroy();
    block.destroy();

    if (!sandboxPid) {
      return systemError(`bwrap did not start the sandbox: ${err.trim() || `exit ${code ?? signal}`}`, { stderr: err });
    }
    const figures = cgroup.figures();
    return classify({ code, signal, wallMs, figures, stopReason, limits, stdout: out, stderr: err });
  } finally {
    for (const t of timers) clearTimeout(t);
    for (const fd of fds) closeSync(fd);
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

function parseChildPid(info: string): number {
  try {
    const pid = (JSON.parse(info) as { 'child-pid'?: unknown })['child-pid'];
    return typeof pid === 'number' && pid > 0 ? pid : 0;
  } catch {
    return 0;
  }
}
