// `verdict serve` and `verdict worker` as real child processes, for tests that kill, stall and
// restart them: each is started on a data folder (and a PostgreSQL database when given) and
// resolves once it announced itself; its output is kept for the failure message.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@verdict/server/internal/server';
import { ADMIN_PASSWORD } from './server.ts';

export interface VerdictProcess {
  child: ChildProcess;
  /** The server's address (serve only). */
  url: string;
  output(): string;
  /** Sends the signal and waits for the exit (SIGKILL, SIGTERM). */
  kill(signal: NodeJS.Signals): Promise<void>;
}

export interface ClusterData {
  dataDir: string;
  /** A PostgreSQL database; without it, the server's embedded PGlite in dataDir. */
  databaseUrl?: string;
}

const READY: Record<'serve' | 'worker', RegExp> = {
  serve: /Verdict is running at (http:\/\/\S+)/,
  worker: /Verdict judge worker:/,
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts `verdict serve` or `verdict worker` on `data` with these settings (environment variables). */
export async function spawnVerdict(command: 'serve' | 'worker', data: ClusterData, env: Record<string, string> = {}): Promise<VerdictProcess> {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'cli/bin/verdict.js'), command], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: data.dataDir,
      DATABASE_URL: data.databaseUrl ?? '',
      ADMIN_PASSWORD,
      LOAD_SAMPLES: 'off',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d;
      const m = READY[command].exec(output);
      if (m) resolve(m[1] ?? '');
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) => reject(new Error(`verdict ${command} exited (${code ?? signal}) before it was ready:\n${output}`)));
  });
  const url = await ready;
  return {
    child,
    url,
    output: () => output,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Polls `probe` until it returns a value; fails with `what` and the last value seen after `timeoutMs`. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number, everyMs = 150): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** The pids of `pid`'s children (every thread's list; none when the process is gone). */
export function childrenOf(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
  } catch {
    return [];
  }
}

/** Every process below `pid`. */
export function descendantsOf(pid: number): number[] {
  const found: number[] = [];
  for (let todo = childrenOf(pid); todo.length; ) {
    const next = todo.pop()!;
    found.push(next);
    todo.push(...childrenOf(next));
  }
  return found;
}

/** The process's command name ('' when it is gone). */
export function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/** Running (not gone, not a zombie waiting to be reaped). */
export function isAlive(pid: number): boolean {
  try {
    return !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
}

/** The running processes whose command line contains `text`. */
export function processesNaming(text: string): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text) && isAlive(pid);
      } catch {
        return false;
      }
    });
}
