// The long-lived launcher spawner (helpers/launcher-spawner.c): a small static process, one per
// backend, started at the first run and again at the next one if it dies, that forks and execs
// the launchers on request. child_process.spawn forks the whole judge (~100 MB of Node: 3-4 ms
// of the event loop each time); the spawner forks itself (a few hundred KB). Requests go on its
// stdin; it answers on Node's IPC channel, passing the judge's ends of each launcher's pipes the
// way child.send() passes a socket, so they arrive as ordinary net.Sockets.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import os from 'node:os';

/** What a started process gets as one of its fds 0-8. */
export type FdSpec = 'null' | 'pipe' | { file: string } | { kept: { from: number; fd: number } };

export interface SpawnRequest {
  argv: string[];
  env: Record<string, string>;
  cwd: string;
  /** Exactly nine: the process's fds 0-8. */
  fds: FdSpec[];
  /** Keep copies of our ends of its pipes for one later start ({ kept }); see interactive.ts. */
  keep?: boolean;
}

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the spawner died first: nobody is left to tell how the process ended. */
  lost?: string;
}

/** A process started by the spawner: its pid, our ends of its pipes (by fd), its exit. */
export class SpawnedProcess {
  pid = 0;
  exit: ProcessExit | null = null;
  readonly ends: (Socket | null)[] = Array<Socket | null>(9).fill(null);
  readonly exited: Promise<ProcessExit>;
  private settle!: (exit: ProcessExit) => void;

  constructor(
    readonly id: number,
    private readonly spawner: LauncherSpawner,
    /** The spawner process that started it: only that one can signal it or report its end. */
    readonly owner: ChildProcess,
  ) {
    this.exited = new Promise((resolve) => (this.settle = resolve));
  }

  /** Signals the process through the spawner, which never signals a reaped (reusable) pid. */
  kill(signal: NodeJS.Signals): void {
    if (!this.exit) this.spawner.signal(this, signal);
  }

  ended(exit: ProcessExit): void {
    if (this.exit) return;
    this.exit = exit;
    this.settle(exit);
  }
}

interface Pending {
  proc: SpawnedProcess;
  pipes: number;
  received: number;
  started: boolean;
  resolve(proc: SpawnedProcess): void;
  reject(err: Error): void;
}

/** The spawner itself could not be started (the backend then forks launchers from the judge). */
export class SpawnerStartError extends Error {}

type SpawnerMessage = { ready?: number; spawn?: number; fd?: number; pid?: number; status?: number; error?: string };

const signalNames = new Map<number, NodeJS.Signals>();
for (const [name, no] of Object.entries(os.constants.signals)) if (!signalNames.has(no)) signalNames.set(no, name as NodeJS.Signals);

export class LauncherSpawner {
  private child: ChildProcess | null = null;
  private starting: Promise<ChildProcess> | null = null;
  private readonly pending = new Map<number, Pending>();
  private readonly running = new Map<number, SpawnedProcess>();
  private nextId = 1;
  /** Holds the event loop while a run waits for a launcher's pid or exit (the channel never does). */
  private readonly keepAlive = setInterval(() => undefined, 1 << 30);
  private readonly idle = new Set<number>();
  /** Processes started since this spawner object was made (for tests and benchmarks). */
  spawned = 0;

  constructor(private readonly binary: string) {
    this.keepAlive.unref();
  }

  /** The spawner's own pid, or 0 when it is not running. */
  get pid(): number {
    return this.child?.pid ?? 0;
  }

  async spawn(req: SpawnRequest): Promise<SpawnedProcess> {
    if (req.fds.length !== 9) throw new Error('a spawn request names fds 0-8');
    const env = Object.entries(req.env).map(([k, v]) => `${k}=${v}`);
    // Fields are NUL-separated: a NUL inside one would shift every later field (an argument
    // turned into the environment count and entries). child_process.spawn refuses them too.
    const strings = [req.cwd, ...req.fds.map(fdSpec), ...req.argv, ...env];
    if (strings.some((f) => typeof f !== 'string' || f.includes('\0'))) throw new Error('a spawn request field holds a NUL byte (or is not a string)');
    const child = await this.start();
    // Closed while we waited, and ended already: a new one starts.
    if (child.stdin?.writableEnded) return this.spawn(req);
    const id = this.nextId++;
    const fields = ['S', id, req.keep ? 1 : 0, req.cwd, ...req.fds.map(fdSpec), req.argv.length, ...req.argv, env.length, ...env];
    const proc = new SpawnedProcess(id, this, child);
    const started = new Promise<SpawnedProcess>((resolve, reject) => {
      const pipes = req.fds.filter((fd) => fd === 'pipe').length;
      this.pending.set(id, { proc, pipes, received: 0, started: false, resolve, reject });
    });
    this.updateRef();
    this.send(child, fields);
    this.spawned++;
    return started;
  }

  /** Sent to the spawner that started it, not to whichever runs now (ids are per spawner object, pids per spawner). */
  signal(proc: SpawnedProcess, signal: NodeJS.Signals): void {
    if (this.running.get(proc.id) === proc && proc.owner.exitCode === null && proc.owner.signalCode === null) {
      this.send(proc.owner, ['K', proc.id, os.constants.signals[signal]]);
    }
  }

  /** A waiting spare launcher must not keep the judge process alive. */
  setIdle(proc: SpawnedProcess, idle: boolean): void {
    if (idle) this.idle.add(proc.id);
    else this.idle.delete(proc.id);
    this.updateRef();
  }

  /**
   * Ends the spawner (EOF on its stdin) once every process it started has been reaped by it; a
   * later spawn starts a new one. Waiting spares are killed. Ended at once, it left its processes
   * for pid 1 to reap (zombies for ever under a pid 1 that does not reap: node in a container)
   * and killed the runs in progress with their launchers (SE), which forked launchers had finished.
   */
  close(): void {
    const child = this.child;
    this.child = null;
    if (!child) return;
    this.closing.add(child);
    for (const proc of this.running.values()) if (proc.owner === child && this.idle.has(proc.id)) proc.kill('SIGKILL');
    this.endIfDone(child);
  }

  private readonly closing = new Set<ChildProcess>();

  private endIfDone(child: ChildProcess): void {
    if (!this.closing.has(child)) return;
    for (const p of this.pending.values()) if (p.proc.owner === child) return;
    for (const p of this.running.values()) if (p.owner === child) return;
    this.closing.delete(child);
    child.stdin?.end();
  }

  private start(): Promise<ChildProcess> {
    if (this.child) return Promise.resolve(this.child);
    this.starting ??= new Promise<ChildProcess>((resolve, reject) => {
      // Detached: its own session and process group. In the judge's, a Ctrl-C (SIGINT to the
      // terminal's foreground group), which the judge process ignores to stop in its own time,
      // killed the spawner and with it every run in progress (SE: "the run's launcher was lost").
      // It still dies with the judge (parent-death signal, EOF).
      const child = spawn(this.binary, [String(process.pid)], { stdio: ['pipe', 'ignore', 'ignore', 'ipc'], env: {}, cwd: '/', detached: true });
      let settled = false;
      const failed = (why: string) => {
        if (settled) return;
        // Only while this one starts: a spawner that ended later must not drop a newer start.
        settled = true;
        this.starting = null;
        this.updateRef();
        reject(new SpawnerStartError(`the launcher spawner did not start: ${why}`));
      };
      child.once('error', (err) => failed(err.message));
      child.once('exit', (code, signal) => {
        if (this.child === child) this.child = null;
        this.closing.delete(child);
        this.lost(child);
        failed(`exit ${code ?? signal}`);
      });
      child.stdin!.on('error', () => undefined);
      child.on('message', (msg: SpawnerMessage, handle?: Socket) => {
        if (msg.ready) {
          if (settled) return;
          settled = true;
          this.child = child;
          this.starting = null;
          this.updateRef();
          resolve(child);
        } else {
          this.received(child, msg, handle);
        }
      });
      child.unref();
      child.channel?.unref();
      this.keepAlive.ref();
      (child.stdin as unknown as { unref?(): void }).unref?.();
    });
    return this.starting;
  }

  private send(child: ChildProcess, fields: (string | number)[]): void {
    const body = Buffer.from(fields.map((f) => `${f}\0`).join(''));
    child.stdin!.write(`${body.length}\n`);
    child.stdin!.write(body);
  }

  private received(child: ChildProcess, msg: SpawnerMessage, handle: Socket | undefined): void {
    const id = msg.spawn ?? 0;
    const pending = this.pending.get(id)?.proc.owner === child ? this.pending.get(id) : undefined;
    const running = this.running.get(id);
    const proc = pending?.proc ?? (running?.owner === child ? running : undefined);
    if (handle && (!pending || msg.fd === undefined)) {
      handle.destroy();
      return;
    }
    if (!proc) return;
    if (pending && handle) {
      proc.ends[msg.fd!] = handle;
      pending.received++;
    } else if (pending && msg.pid) {
      proc.pid = msg.pid;
      pending.started = true;
      this.running.set(id, proc);
    } else if (pending && msg.error !== undefined) {
      this.pending.delete(id);
      for (const end of proc.ends) end?.destroy();
      pending.reject(new Error(`the launcher spawner could not start the launcher: ${msg.error}`));
    } else if (msg.status !== undefined) {
      this.running.delete(id);
      this.idle.delete(id);
      proc.ended(decodeStatus(msg.status));
    }
    // Our ends travel apart from the pid: Node hands each over a tick later than plain messages.
    if (pending && pending.started && pending.received === pending.pipes) {
      this.pending.delete(id);
      pending.resolve(proc);
    }
    if (!this.pending.has(id) && !this.running.has(id)) this.endIfDone(child);
    this.updateRef();
  }

  /**
   * A spawner died: what it was starting fails, what it ran is lost (it dies too). Only its own:
   * after close() and a new start, the old one's exit may come after the new one's first runs,
   * which it had marked lost (never killed, their sandboxes left running) (found by a hostile review).
   */
  private lost(child: ChildProcess): void {
    const why = 'the launcher spawner died';
    for (const [id, pending] of this.pending) {
      if (pending.proc.owner !== child) continue;
      this.pending.delete(id);
      for (const end of pending.proc.ends) end?.destroy();
      pending.reject(new Error(why));
    }
    for (const [id, proc] of this.running) {
      if (proc.owner !== child) continue;
      this.running.delete(id);
      this.idle.delete(id);
      proc.ended({ code: null, signal: null, lost: why });
    }
    this.updateRef();
  }

  private updateRef(): void {
    if (this.starting || this.pending.size + this.running.size > this.idle.size) this.keepAlive.ref();
    else this.keepAlive.unref();
  }
}

function fdSpec(fd: FdSpec): string {
  if (fd === 'null') return 'n';
  if (fd === 'pipe') return 'p';
  if ('file' in fd) return `f${fd.file}`;
  return `k${fd.kept.from}.${fd.kept.fd}`;
}

function decodeStatus(status: number): ProcessExit {
  const signo = status & 0x7f;
  if (signo === 0) return { code: (status >> 8) & 0xff, signal: null };
  return { code: null, signal: signalNames.get(signo) ?? null };
}
