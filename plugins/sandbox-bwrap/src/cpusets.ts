// Pinning: each session (every test of a submission) runs on a core of its own, so submissions
// judged at once do not share a core and each run's CPU time stays what it is alone. A pool of
// the pinnable cores per process; a session waits for a free core before its sandbox is set up
// (off its tests' clocks). Single runs (compiles, checkers, probes) are not pinned and never wait:
// a session's checker must not wait for a core that sessions waiting on their checkers hold.
// cgroup v1 only (the cpuset hierarchy): one cgroup per core under `cgroupParent`, reused (a
// cpuset accounts nothing). Several judge processes on one host share nothing: give each its own
// cores (`cpus: "0-1"`, `cpus: "2-3"`).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface PinnedCore {
  core: number;
  /** Moves a process (and its future children) onto the core. */
  join(pid: number): void;
  release(): void;
}

export interface CorePool {
  cores: number[];
  acquire(): Promise<PinnedCore>;
}

/** What `check()` shows: the pool, or why there is none. */
export type Pinning = { pool: CorePool; problem: null } | { pool: null; problem: string };

const pools = new Map<string, Pinning>();

/** `cpus`: 'off', 'auto' (the cores this process may use) or a list such as "0-3" or "1,3". */
export function corePinning(cpus: string, cgroupParent: string): Pinning {
  const key = `${cpus}:${cgroupParent}`;
  let pinning = pools.get(key);
  if (!pinning) {
    pinning = makePinning(cpus, cgroupParent);
    pools.set(key, pinning);
  }
  return pinning;
}

function makePinning(cpus: string, cgroupParent: string): Pinning {
  if (cpus === 'off') return { pool: null, problem: 'off (configured)' };
  const mount = readFileSync('/proc/self/mounts', 'utf8')
    .split('\n')
    .map((line) => line.split(' '))
    .find(([, , type, options]) => type === 'cgroup' && options?.split(',').includes('cpuset'));
  if (!mount) return { pool: null, problem: 'off: no cgroup v1 cpuset hierarchy (pinning is implemented for cgroup v1)' };
  try {
    const own = path.join(mount[1], ownCpusetPath());
    const allowed = parseCpuList(read(path.join(own, 'cpuset.effective_cpus')) || read(path.join(own, 'cpuset.cpus')));
    const cores = cpus === 'auto' ? allowed : parseCpuList(cpus);
    const outside = cores.filter((c) => !allowed.includes(c));
    if (outside.length) return { pool: null, problem: `off: cores ${outside.join(',')} are not in this process's cpuset (${allowed.join(',')})` };
    if (cores.length === 0) return { pool: null, problem: 'off: no core to pin to' };
    const mems = read(path.join(own, 'cpuset.effective_mems')) || read(path.join(own, 'cpuset.mems'));
    const parent = path.join(own, cgroupParent);
    mkdirSync(parent, { recursive: true });
    // A new v1 cpuset starts with no cores and no memory nodes: nothing could run in it.
    writeFileSync(path.join(parent, 'cpuset.cpus'), cores.join(','));
    writeFileSync(path.join(parent, 'cpuset.mems'), mems);
    const dirs = new Map<number, string>();
    for (const core of cores) {
      const dir = path.join(parent, `core-${core}`);
      if (!existsSync(dir)) mkdirSync(dir);
      writeFileSync(path.join(dir, 'cpuset.cpus'), String(core));
      writeFileSync(path.join(dir, 'cpuset.mems'), mems);
      dirs.set(core, dir);
    }
    return { pool: pool(cores, dirs), problem: null };
  } catch (err) {
    return { pool: null, problem: `off: ${(err as Error).message}` };
  }
}

function pool(cores: number[], dirs: Map<number, string>): CorePool {
  const free = [...cores];
  const waiting: ((core: number) => void)[] = [];
  const give = (core: number): PinnedCore => {
    let released = false;
    return {
      core,
      join: (pid) => writeFileSync(path.join(dirs.get(core)!, 'cgroup.procs'), String(pid)),
      release() {
        if (released) return;
        released = true;
        const next = waiting.shift();
        if (next) next(core);
        else free.push(core);
      },
    };
  };
  return {
    cores,
    acquire() {
      const core = free.shift();
      if (core !== undefined) return Promise.resolve(give(core));
      return new Promise((resolve) => waiting.push((c) => resolve(give(c))));
    },
  };
}

function read(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}

function ownCpusetPath(): string {
  for (const line of readFileSync('/proc/self/cgroup', 'utf8').split('\n')) {
    const [, controllers, cgroupPath] = line.split(':');
    if (cgroupPath !== undefined && controllers.split(',').includes('cpuset')) return cgroupPath;
  }
  return '/';
}

/** "0-2,5" → [0, 1, 2, 5]; throws on anything else. */
export function parseCpuList(list: string): number[] {
  const cores = new Set<number>();
  for (const part of list.split(',').map((p) => p.trim()).filter(Boolean)) {
    const match = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!match) throw new Error(`not a CPU list: ${JSON.stringify(list)}`);
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (to < from) throw new Error(`not a CPU list: ${JSON.stringify(list)}`);
    for (let c = from; c <= to; c++) cores.add(c);
  }
  return [...cores].sort((a, b) => a - b);
}
