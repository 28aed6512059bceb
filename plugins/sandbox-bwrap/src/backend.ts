// The `sandbox` judge backend: bubblewrap namespaces + fresh cgroups + seccomp + rlimits.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { InteractiveRunRequest, InteractiveRunResult, JudgeBackend, RunRequest, RunResult, RunSession, SessionRequest } from '@verdict/plugin-api';
import { systemMountArgs } from './bwrap-args.ts';
import { detectCgroups } from './cgroups.ts';
import { parseSandboxConfig, type SandboxConfig } from './config.ts';
import { corePinning } from './cpusets.ts';
import { loadHelpers } from './helpers.ts';
import { runInteractiveInSandbox } from './interactive.ts';
import { stopSpareLauncher } from './launcher.ts';
import type { SandboxEnvironment } from './environment.ts';
import { runInSandbox } from './run.ts';
import { openSessionInSandbox } from './session.ts';
import { LauncherSpawner } from './spawner.ts';
import { parseUidList, uidPool } from './uids.ts';
import { systemError } from './verdict.ts';
import { bindWorkDirs, tmpfsWorkDirs, type SlotOptions } from './workdir.ts';

const execFileAsync = promisify(execFile);

export interface SandboxBackend extends JudgeBackend {
  readonly config: SandboxConfig;
  /** One sandbox for every test of a submission (docs/sandbox.md, "One sandbox per submission"). */
  openSession(req: SessionRequest): Promise<RunSession>;
  /** The program and the validator in two sandboxes joined by pipes (docs/sandbox.md, "Interactive runs"). */
  runInteractive(req: InteractiveRunRequest): Promise<InteractiveRunResult>;
  /** Run cgroups under this backend's cgroupParent right now (empty when no run is going on). */
  listRunCgroups(): Promise<string[]>;
  /**
   * Resolves when the background work after the last runs is done: their cgroups removed and
   * the launcher of the next run started.
   */
  idle(): Promise<void>;
  /**
   * The launcher spawner (docs/sandbox.md, "Launcher"): its pid (0 when not running), how many
   * launchers it started, and why launchers are forked from the judge instead, if they are.
   */
  launcherSpawner(): Promise<{ pid: number; spawned: number; problem: string | null }>;
  /**
   * What this host's shared kernel limits lack for `workers` submissions judged at once
   * (docs/sandbox.md, "The uid pool"): a uid pool smaller than the runs at once, an
   * `fs.file-max` under what those runs may hold. Shown as warnings by `verdict doctor`.
   */
  hostLimitWarnings(workers: number): string[];
  /**
   * Releases host resources kept between runs (idle tmpfs work dirs, spare cgroups, the launcher
   * spawner) once the background removals are done; runs may follow.
   */
  close(): Promise<void>;
}

export function createSandboxBackend(options: Partial<SandboxConfig> = {}): SandboxBackend {
  const config = parseSandboxConfig(options);
  let environment: Promise<SandboxEnvironment> | undefined;

  // Prepared on first use, not at import or construction; a failure is retried next time.
  const prepare = (): Promise<SandboxEnvironment> => {
    environment ??= prepareEnvironment(config).catch((err) => {
      environment = undefined;
      throw err;
    });
    return environment;
  };

  return {
    name: 'sandbox',
    unsafe: false,
    config,
    async check() {
      return checkHost(config, prepare);
    },
    async run(req: RunRequest): Promise<RunResult> {
      let env: SandboxEnvironment;
      try {
        env = await prepare();
      } catch (err) {
        return systemError(`sandbox unavailable: ${(err as Error).message}`);
      }
      return runInSandbox(env, req);
    },
    async runInteractive(req: InteractiveRunRequest): Promise<InteractiveRunResult> {
      let env: SandboxEnvironment;
      try {
        env = await prepare();
      } catch (err) {
        const failed = systemError(`sandbox unavailable: ${(err as Error).message}`);
        return { program: failed, validator: failed, firstToEnd: 'program' };
      }
      return runInteractiveInSandbox(env, req);
    },
    async openSession(req: SessionRequest) {
      return openSessionInSandbox(await prepare(), req);
    },
    async launcherSpawner() {
      const { spawner, problem } = (await prepare()).spawner;
      return { pid: spawner?.pid ?? 0, spawned: spawner?.spawned ?? 0, problem };
    },
    hostLimitWarnings(workers) {
      return hostLimitWarnings(config, workers);
    },
    async listRunCgroups() {
      return (await prepare()).cgroups.list();
    },
    async idle() {
      const env = environment && (await environment.catch(() => undefined));
      if (env) await Promise.all([env.cgroups.idle(), env.nextLauncher]);
    },
    async close() {
      const env = environment && (await environment.catch(() => undefined));
      if (env) {
        env.closed = true;
        await env.nextLauncher;
        await stopSpareLauncher(env);
        env.spawner.spawner?.close();
        await env.cgroups.close();
      }
      // The slot pool is shared by the backends of this process with the same root and user.
      if (config.workDirMode === 'tmpfs') await tmpfsWorkDirs(slotOptions(config)).close();
    },
  };
}

async function prepareEnvironment(config: SandboxConfig): Promise<SandboxEnvironment> {
  if (process.getuid?.() !== 0) {
    throw new Error('the sandbox needs root to manage cgroups (run the judge worker as root)');
  }
  const helpers = await loadHelpers(config.cacheDir);
  if (config.seccomp === 'required' && !helpers.seccompBpf) {
    throw new Error(`${helpers.seccompProblem}; or set seccomp: optional to run without the filter`);
  }
  let cgroups;
  try {
    cgroups = detectCgroups(config.cgroupParent, config.cgroupVersion);
  } catch (err) {
    throw new Error(`cgroups: ${(err as Error).message}`);
  }
  await cgroups.sweepStale();
  return {
    config,
    cgroups,
    rlimitExec: helpers.rlimitExec,
    execGate: helpers.execGate,
    sessionRunner: helpers.sessionRunner,
    spawner: { spawner: helpers.launcherSpawner ? new LauncherSpawner(helpers.launcherSpawner) : null, problem: helpers.spawnerProblem },
    seccompBpf: config.seccomp === 'off' ? null : helpers.seccompBpf,
    systemMounts: systemMountArgs(config.systemBinds),
    pinning: corePinning(config.cpus, config.cgroupParent),
    workDirs:
      config.workDirMode === 'tmpfs'
        ? tmpfsWorkDirs(slotOptions(config))
        : bindWorkDirs(config.gid),
    uids: uidPool(parseUidList(config.uids)!),
  };
}

function slotOptions(config: SandboxConfig): SlotOptions {
  const { slotRoot: root, gid, workDirEntries: entries, workDirDepth: depth } = config;
  return { root, gid, entries, depth };
}

type CheckReport = Awaited<ReturnType<JudgeBackend['check']>>;

async function checkHost(config: SandboxConfig, prepare: () => Promise<SandboxEnvironment>): Promise<CheckReport> {
  const problems: string[] = [];
  const capabilities: Record<string, string | boolean> = {};
  if (process.platform !== 'linux') problems.push('the sandbox backend needs Linux (namespaces, cgroups)');
  capabilities.root = process.getuid?.() === 0;
  if (!capabilities.root) problems.push('not running as root: cgroups need root (run the judge worker as root)');
  try {
    const { stdout } = await execFileAsync(config.bwrapPath, ['--version']);
    capabilities.bwrap = stdout.trim();
  } catch {
    capabilities.bwrap = false;
    problems.push(`bubblewrap not found at ${config.bwrapPath} (fix: apt-get install -y bubblewrap)`);
  }
  // The exec gate's host pid is found through /proc/<pid>/task/<pid>/children.
  if (!existsSync(`/proc/self/task/${process.pid}/children`)) {
    problems.push('the kernel lacks /proc/<pid>/task/<pid>/children (fix: a kernel built with CONFIG_PROC_CHILDREN)');
  }
  const userns = readSysctl('/proc/sys/user/max_user_namespaces');
  capabilities.userNamespaces = userns !== '0';
  if (userns === '0') problems.push('user namespaces are disabled (fix: sysctl -w user.max_user_namespaces=10000)');
  try {
    const cgroups = detectCgroups(config.cgroupParent, config.cgroupVersion);
    capabilities.cgroups = `${cgroups.version} (${Object.keys(cgroups.parents).join(', ')})`;
  } catch (err) {
    capabilities.cgroups = false;
    problems.push((err as Error).message);
  }
  try {
    const helpers = await loadHelpers(config.cacheDir);
    capabilities.seccomp = config.seccomp === 'off' ? 'off (configured)' : helpers.seccompBpf ? 'deny list (errno)' : false;
    if (helpers.seccompProblem && config.seccomp !== 'off') {
      if (config.seccomp === 'required') problems.push(`${helpers.seccompProblem}; or set seccomp: optional`);
      else capabilities.seccomp = `unavailable, running without it: ${helpers.seccompProblem}`;
    }
  } catch (err) {
    capabilities.seccomp = false;
    problems.push((err as Error).message);
  }
  if (problems.length === 0) {
    const smoke = await smokeTest(prepare);
    if (smoke) problems.push(smoke);
  }
  if (capabilities.root) {
    const pinning = corePinning(config.cpus, config.cgroupParent);
    capabilities.cpus = pinning.pool ? `one session per core: ${pinning.pool.cores.join(',')}` : pinning.problem;
    // Cores named in the configuration that cannot be used are a problem, not a quiet fallback.
    if (!pinning.pool && /^\d/.test(config.cpus)) problems.push(`cpus "${config.cpus}": ${pinning.problem}`);
  }
  capabilities.isolation = 'bubblewrap namespaces (no network), read-only system, private /tmp';
  capabilities.workDir = config.workDirMode === 'tmpfs' ? `tmpfs copies under ${config.slotRoot}` : 'host dir bound';
  return { ok: problems.length === 0, problems, capabilities };
}

/** Runs `true` in a sandbox end to end; returns a problem or null. */
async function smokeTest(prepare: () => Promise<SandboxEnvironment>): Promise<string | null> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'verdict-sandbox-check-'));
  try {
    const result = await runInSandbox(await prepare(), {
      argv: ['/bin/true'],
      workDir,
      limits: { cpuMs: 1000, memoryKb: 64 * 1024 },
    });
    return result.status === 'OK' ? null : `a test run of /bin/true failed: ${result.status} ${result.message ?? ''} ${result.stderr}`.trim();
  } catch (err) {
    return `a test run of /bin/true failed: ${(err as Error).message}`;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** Files a run may hold: RLIMIT_NOFILE (1024, set by the launcher) times its processes. */
const FILES_PER_PROCESS = 1024;
/** Runs of one worker at once: a session or single run, its special judge, or an interactive pair. */
const RUNS_PER_WORKER = 2;

export function hostLimitWarnings(config: SandboxConfig, workers: number): string[] {
  const warnings: string[] = [];
  const uids = parseUidList(config.uids)!.length;
  const runs = workers * RUNS_PER_WORKER;
  if (uids < runs) {
    warnings.push(
      `the uid pool (uids: ${config.uids}) has ${uids} uid${uids === 1 ? '' : 's'} for up to ${runs} runs at once (${workers} worker${workers === 1 ? '' : 's'} × ${RUNS_PER_WORKER}): runs sharing a uid share its kernel limits (inotify, pending signals, timers); give a range of unused uids, e.g. uids: "1900000000-1900000063"`,
    );
  }
  const fileMax = Number(readSysctl('/proc/sys/fs/file-max'));
  const bound = workers * FILES_PER_PROCESS * config.defaultPids;
  if (Number.isFinite(fileMax) && fileMax > 0 && fileMax < bound) {
    warnings.push(
      `fs.file-max is ${fileMax}, under ${bound} (${workers} worker${workers === 1 ? '' : 's'} × ${FILES_PER_PROCESS} files × ${config.defaultPids} processes): runs at their limits can exhaust the host's file table (ENFILE for every non-root process); raise it (sysctl -w fs.file-max=${bound * 2}) or lower defaultPids`,
    );
  }
  return warnings;
}

function readSysctl(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}
