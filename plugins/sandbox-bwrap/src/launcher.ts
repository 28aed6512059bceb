// The launchers (helpers/rlimit-exec.c) of runs and sessions: started by the long-lived spawner
// (spawner.ts), or, when it cannot start, forked from the judge with child_process.spawn. One
// spare waits for the next run, started once a run is over, so even the spawner's round trip is
// off the run's critical path.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, constants as fsConstants, openSync, readFileSync } from 'node:fs';
import type { Duplex, Readable, Writable } from 'node:stream';
import { CONTROL_FD, PROGRAM_STDIO_FDS } from './bwrap-args.ts';
import type { SandboxEnvironment } from './environment.ts';
import { SpawnerStartError, type FdSpec, type LauncherSpawner, type ProcessExit, type SpawnedProcess } from './spawner.ts';

export type { ProcessExit } from './spawner.ts';

export interface Launcher {
  /** The launcher's host pid (known once it is started). */
  pid: number;
  control: Duplex;
  /** Our ends of its pipes, by its fd: 2 (bwrap's errors), 5 (control), 6-8 (the program's stdio). */
  stdio: (Readable | Writable | null)[];
  /** Resolves once the launcher has exited (it reaps every process of its run first). */
  exited: Promise<ProcessExit>;
  /** How it ended, or null while it runs. */
  readonly exit: ProcessExit | null;
  kill(signal: NodeJS.Signals): void;
  /** A waiting spare must not keep the judge process alive. */
  setIdle(idle: boolean): void;
  /** Started by the spawner with copies of our ends kept there for a connected launcher. */
  keptBy?: number;
}

const spareLaunchers = new WeakMap<SandboxEnvironment, Promise<Launcher>>();

/**
 * Starts a launcher; it waits for its request on the control socket. `connectedTo`: another
 * launcher whose program's stdout and stdin (our ends of its pipes) become this program's stdin
 * and stdout (an interactive run, interactive.ts); that one must have been started with `keep`.
 */
export async function startLauncher(env: SandboxEnvironment, opts: { connectedTo?: Launcher; keep?: boolean } = {}): Promise<Launcher> {
  const { spawner } = env.spawner;
  const connectedTo = opts.connectedTo;
  if (spawner && (!connectedTo || connectedTo.keptBy !== undefined)) {
    try {
      return await spawnedLauncher(env, spawner, opts);
    } catch (err) {
      if (!(err instanceof SpawnerStartError)) throw err;
      env.spawner.spawner = null;
      env.spawner.problem = (err as Error).message;
    }
  }
  warnOnce(env);
  return forkedLauncher(env, connectedTo);
}

function warnOnce(env: SandboxEnvironment): void {
  if (env.spawner.warned || !env.spawner.problem) return;
  env.spawner.warned = true;
  process.emitWarning(`${env.spawner.problem}; sandbox launchers are forked from the judge process instead (slower)`, 'VerdictSandboxWarning');
}

/** fds 0-8 of a launcher (see bwrap-args.ts); 3 the seccomp filter, 4 the exec gate. */
async function spawnedLauncher(env: SandboxEnvironment, spawner: LauncherSpawner, opts: { connectedTo?: Launcher; keep?: boolean }): Promise<Launcher> {
  const from = opts.connectedTo?.keptBy;
  const programIn: FdSpec = from === undefined ? 'pipe' : { kept: { from, fd: PROGRAM_STDIO_FDS[1] } };
  const programOut: FdSpec = from === undefined ? 'pipe' : { kept: { from, fd: PROGRAM_STDIO_FDS[0] } };
  const proc = await spawner.spawn({
    argv: [env.rlimitExec],
    env: {},
    cwd: '/',
    fds: ['null', 'null', 'pipe', env.seccompBpf ? { file: env.seccompBpf } : 'null', { file: env.execGate }, 'pipe', programIn, programOut, 'pipe'],
    keep: opts.keep,
  });
  // The program reads and writes those pipes now: ours must not take its bytes (a net.Socket
  // reads from the start). child_process.spawn does the same to a stream it passes on.
  if (opts.connectedTo) for (const fd of PROGRAM_STDIO_FDS.slice(0, 2)) stopReading(opts.connectedTo.stdio[fd]);
  return new SpawnedLauncher(proc, spawner, opts.keep ? proc.id : undefined);
}

type ReadableSocket = Readable & { _handle?: { reading?: boolean; readStop?(): number } | null };

function stopReading(stream: Readable | Writable | null): void {
  const socket = stream as ReadableSocket | null;
  if (!socket || socket.destroyed) return;
  if (socket._handle) {
    socket._handle.reading = false;
    socket._handle.readStop?.();
  }
  socket.pause();
  (socket as unknown as { _readableState: { reading: boolean } })._readableState.reading = false;
}

class SpawnedLauncher implements Launcher {
  readonly control: Duplex;
  readonly stdio: (Readable | Writable | null)[];
  readonly exited: Promise<ProcessExit>;

  constructor(
    private readonly proc: SpawnedProcess,
    private readonly spawner: LauncherSpawner,
    readonly keptBy: number | undefined,
  ) {
    this.stdio = proc.ends;
    this.control = proc.ends[CONTROL_FD]!;
    this.control.on('error', () => undefined);
    this.exited = proc.exited;
  }

  get pid(): number {
    return this.proc.pid;
  }

  get exit(): ProcessExit | null {
    return this.proc.exit;
  }

  kill(signal: NodeJS.Signals): void {
    this.proc.kill(signal);
  }

  setIdle(idle: boolean): void {
    this.spawner.setIdle(this.proc, idle);
    refHandles(this.stdio, idle);
  }
}

/** The fallback: the judge is forked (the costliest step of a spawn from a big Node process). */
function forkedLauncher(env: SandboxEnvironment, connectedTo?: Launcher): Launcher {
  const fds: number[] = [];
  try {
    const seccompFd = env.seccompBpf ? openSync(env.seccompBpf, fsConstants.O_RDONLY) : null;
    if (seccompFd !== null) fds.push(seccompFd);
    const gateFd = openSync(env.execGate, fsConstants.O_RDONLY);
    fds.push(gateFd);
    const proc = spawn(env.rlimitExec, [], {
      // A new session without a controlling terminal (the program cannot reach the judge's tty);
      // cheaper here than bwrap's own --new-session.
      detached: true,
      cwd: '/',
      env: {},
      stdio: ['ignore', 'ignore', 'pipe', seccompFd ?? 'ignore', gateFd, 'pipe', ...programPipes(connectedTo), 'pipe'],
    });
    return new ForkedLauncher(proc);
  } finally {
    for (const fd of fds) closeSync(fd);
  }
}

class ForkedLauncher implements Launcher {
  readonly control: Duplex;
  readonly stdio: (Readable | Writable | null)[];
  readonly exited: Promise<ProcessExit>;
  exit: ProcessExit | null = null;

  constructor(private readonly proc: ChildProcess) {
    this.stdio = proc.stdio as unknown as (Readable | Writable | null)[];
    this.control = this.stdio[CONTROL_FD] as Duplex;
    this.control.on('error', () => undefined);
    this.exited = new Promise((resolve) => {
      proc.once('error', () => resolve((this.exit ??= { code: null, signal: null, lost: 'the launcher did not start' })));
      proc.once('exit', (code, signal) => resolve((this.exit ??= { code, signal })));
    });
  }

  get pid(): number {
    return this.proc.pid ?? 0;
  }

  kill(signal: NodeJS.Signals): void {
    if (!this.exit) this.proc.kill(signal);
  }

  setIdle(idle: boolean): void {
    refHandles([this.proc, ...this.stdio], idle);
  }
}

function refHandles(handles: unknown[], idle: boolean): void {
  for (const h of handles as ({ ref?(): void; unref?(): void } | null)[]) {
    if (idle) h?.unref?.();
    else h?.ref?.();
  }
}

/** fds 6 and 7 of a forked launcher: pipes of ours, or the ends of another launcher's program pipes. */
function programPipes(connectedTo: Launcher | undefined): ['pipe', 'pipe'] | [Readable, Writable] {
  if (!connectedTo) return ['pipe', 'pipe'];
  const [stdin, stdout] = PROGRAM_STDIO_FDS.map((fd) => connectedTo.stdio[fd]);
  return [stdout as Readable, stdin as Writable];
}

/** The spare launcher if it is still waiting, else a new one; a new spare follows the run. */
export async function takeLauncher(env: SandboxEnvironment): Promise<Launcher> {
  const waiting = spareLaunchers.get(env);
  spareLaunchers.delete(env); // before the await: a spare serves one run
  const spare = await waiting?.catch(() => undefined);
  if (spare && !spare.exit) {
    spare.setIdle(false);
    return spare;
  }
  return startLauncher(env);
}

/** After a run or a session: the launcher of the next one is started once this tick is over. */
export function scheduleNextLauncher(env: SandboxEnvironment): void {
  env.nextLauncher ??= new Promise<void>((resolve) =>
    setImmediate(() => {
      env.nextLauncher = undefined;
      prepareNextLauncher(env).finally(resolve);
    }),
  );
}

async function prepareNextLauncher(env: SandboxEnvironment): Promise<void> {
  if (spareLaunchers.has(env) || env.closed) return;
  const launcher = startLauncher(env).then((started) => {
    started.setIdle(true);
    return started;
  });
  spareLaunchers.set(env, launcher);
  // A spare that failed to start is skipped: the next run starts its own and reports the problem.
  await launcher.catch(() => undefined);
}

/** Ends the spare launcher (it would exit by itself when the judge exits: EOF on its socket). */
export async function stopSpareLauncher(env: SandboxEnvironment): Promise<void> {
  const spare = spareLaunchers.get(env);
  spareLaunchers.delete(env);
  (await spare?.catch(() => undefined))?.kill('SIGKILL');
}

/** The launcher's request (format in helpers/rlimit-exec.c). */
export function launcherRequest(
  env: SandboxEnvironment,
  r: { uid: number; cpuSeconds: number; fileBytes: number; stackBytes: number | 'unlimited'; stdinMode: string; pid1: string; env?: Record<string, string>; args: string[] },
): Buffer {
  const { config } = env;
  const programEnv = Object.entries(r.env ? { ...PROGRAM_ENV, ...r.env } : PROGRAM_ENV).map(([k, v]) => `${k}=${v}`);
  const fields = [r.uid, config.gid, r.cpuSeconds, r.fileBytes, r.stackBytes, r.stdinMode, r.pid1, programEnv.length, ...programEnv, config.bwrapPath, ...r.args];
  return Buffer.from(fields.map((field) => `${field}\0`).join(''));
}

const PROGRAM_ENV: Readonly<Record<string, string>> = Object.freeze({ PATH: '/usr/local/bin:/usr/bin:/bin', HOME: '/tmp', LANG: 'C.UTF-8' });

/**
 * Waits for the gate's 'r' and returns the host pid of the gate's process (the only child of
 * bwrap, itself the only child of the launcher), or 0 when bwrap ends or fails first.
 */
export function gateReady(control: Duplex, launcher: Launcher): Promise<number> {
  return new Promise((resolve) => {
    let done = (pid: number) => {
      done = () => undefined;
      control.off('data', onData);
      control.off('end', onEnd);
      control.off('close', onEnd);
      resolve(pid);
    };
    const onData = (chunk: Buffer) => done(chunk[0] === 0x72 /* 'r' */ ? gatePidOf(launcher.pid) : 0);
    const onEnd = () => done(0);
    control.on('data', onData);
    control.once('end', onEnd);
    control.once('close', onEnd);
    void launcher.exited.then(onEnd);
  });
}

function gatePidOf(launcherPid: number): number {
  const bwrap = onlyChild(launcherPid);
  return bwrap ? onlyChild(bwrap) : 0;
}

function onlyChild(pid: number): number {
  if (!pid) return 0;
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ');
    return children.length === 1 && /^\d+$/.test(children[0]) ? Number(children[0]) : 0;
  } catch {
    return 0;
  }
}
