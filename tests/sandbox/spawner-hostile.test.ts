// Hostile review of the launcher spawner (helpers/launcher-spawner.c, spawner.ts): requests that
// wrapped its counts (a heap overflow), fds it leaked when fork failed, a spawner's exit that
// settled the runs of another spawner (or none), and a Ctrl-C to the judge's process group that
// killed it with every run in progress. Each test checks the host afterwards (processes, fds).
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readlinkSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defaultSandboxConfig } from '@verdict/sandbox-bwrap';
import { loadHelpers } from '../../plugins/sandbox-bwrap/src/helpers.ts';
import { LauncherSpawner, type FdSpec, type SpawnedProcess } from '../../plugins/sandbox-bwrap/src/spawner.ts';

type Message = { ready?: number; spawn?: number; pid?: number; status?: number; error?: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const alive = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1][0] !== 'Z';
  } catch {
    return false;
  }
};
const NULLS: FdSpec[] = Array<FdSpec>(9).fill('null');

/** The spawner binary driven by hand: raw requests on its stdin, its messages as they come. */
class RawSpawner {
  readonly child: ChildProcess;
  readonly messages: Message[] = [];
  private waiters: (() => void)[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(binary: string) {
    this.child = spawn(binary, [String(process.pid)], { stdio: ['pipe', 'ignore', 'ignore', 'ipc'], env: {}, cwd: '/' });
    this.child.stdin!.on('error', () => undefined);
    this.child.on('message', (msg: Message) => {
      this.messages.push(msg);
      for (const w of this.waiters.splice(0)) w();
    });
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })));
    void this.exited.then(() => {
      for (const w of this.waiters.splice(0)) w();
    });
  }

  get pid(): number {
    return this.child.pid!;
  }

  request(fields: string[]): void {
    const body = Buffer.from(fields.map((f) => `${f}\0`).join(''));
    this.child.stdin!.write(`${body.length}\n`);
    this.child.stdin!.write(body);
  }

  /** Resolves with the first message matching, or null once the spawner is gone or after `ms`. */
  async until(match: (m: Message) => boolean, ms = 20_000): Promise<Message | null> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.messages.find(match);
      if (found) return found;
      if (this.child.exitCode !== null || this.child.signalCode !== null || Date.now() > deadline) return null;
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  close(): void {
    this.child.stdin!.end();
    if (this.child.connected) this.child.disconnect();
  }
}

function startFields(id: number, argv: string[], opts: { argc?: string; envc?: string } = {}): string[] {
  return ['S', String(id), '0', '/', ...Array<string>(9).fill('n'), opts.argc ?? String(argv.length), ...argv, opts.envc ?? '0'];
}

describe('the launcher spawner, hostile @slow', function () {
  this.timeout(120_000);
  let binary: string;
  before(async function () {
    const helpers = await loadHelpers(defaultSandboxConfig.cacheDir);
    if (!helpers.launcherSpawner) this.skip();
    binary = helpers.launcherSpawner!;
  });

  it('survives argument and environment counts that wrap (no heap overflow), and still starts processes', async function () {
    const raw = new RawSpawner(binary);
    try {
      assert.ok(await raw.until((m) => m.ready === 1), 'the spawner did not start');
      // "-1" and 2^64-1 parse as SIZE_MAX: at + argc wrapped below the field count, calloc(0)
      // succeeded and the argv copy ran over the heap (SIGSEGV: every run of the judge lost).
      raw.request(startFields(1, ['/bin/true'], { argc: '18446744073709551615', envc: '18446744073709551615' }));
      raw.request(startFields(2, ['/bin/true'], { argc: '-1', envc: '-1' }));
      raw.request(startFields(3, ['/bin/true'], { envc: '18446744073709551615' }));
      raw.request(startFields(4, ['/bin/true'], { envc: '-2' }));
      raw.request(['S', '5', '0', '/', 'k1.6', ...Array<string>(8).fill('n'), '1', '/bin/true', '0']);
      raw.request(['S', '6', '0', '/', 'k1.99999999999999999999', ...Array<string>(8).fill('n'), '1', '/bin/true', '0']);
      raw.request(startFields(7, ['/bin/true']));
      const done = await raw.until((m) => m.spawn === 7 && m.status !== undefined);
      assert.ok(done, `the spawner did not start /bin/true after the bad requests: ${JSON.stringify(raw.messages)}, ${raw.child.signalCode ?? raw.child.exitCode}`);
      assert.equal(done.status, 0);
      for (const id of [1, 2, 3, 4, 5, 6]) {
        const answer = raw.messages.find((m) => m.spawn === id);
        assert.ok(answer?.error, `request ${id}: ${JSON.stringify(answer)}`);
        assert.ok(!raw.messages.some((m) => m.spawn === id && m.pid), `request ${id} started a process`);
      }
      assert.ok(alive(raw.pid), 'the spawner died');
    } finally {
      raw.close();
      await raw.exited;
    }
  });

  it('refuses a NUL byte inside a field (it would shift every later field)', async function () {
    const spawner = new LauncherSpawner(binary);
    try {
      // The NUL turns '0' and 'X=1' into the environment count and an entry.
      await assert.rejects(spawner.spawn({ argv: ['/usr/bin/env', '\0' + '1\0X=1'], env: {}, cwd: '/', fds: NULLS }), /NUL/);
      await assert.rejects(spawner.spawn({ argv: ['/bin/true'], env: { A: 'b\0c' }, cwd: '/', fds: NULLS }), /NUL/);
      await assert.rejects(spawner.spawn({ argv: ['/bin/true'], env: {}, cwd: '/', fds: [{ file: '/etc/hostname\0x' }, ...NULLS.slice(1)] }), /NUL/);
      const ok = await spawner.spawn({ argv: ['/bin/true'], env: {}, cwd: '/', fds: NULLS });
      assert.deepEqual(await ok.exited, { code: 0, signal: null });
    } finally {
      spawner.close();
    }
  });

  it('leaks no fd when fork fails', async function () {
    // A pids cgroup of one process (the spawner): every fork fails with EAGAIN.
    const root = '/sys/fs/cgroup/pids';
    if (!existsSync(path.join(root, 'cgroup.procs')) || existsSync('/sys/fs/cgroup/cgroup.controllers')) this.skip();
    const dir = path.join(root, `verdict-spawner-hostile-${process.pid}`);
    const raw = new RawSpawner(binary);
    try {
      assert.ok(await raw.until((m) => m.ready === 1));
      const fds = () => readdirSync(`/proc/${raw.pid}/fd`).length;
      const before = fds();
      mkdirSync(dir);
      writeFileSync(path.join(dir, 'pids.max'), '1');
      writeFileSync(path.join(dir, 'cgroup.procs'), String(raw.pid));
      for (let id = 1; id <= 40; id++) raw.request(startFields(id, ['/bin/true']));
      const last = await raw.until((m) => m.spawn === 40);
      assert.match(last?.error ?? '', /fork/, JSON.stringify(last));
      // The answer goes out before that start's own fds (/dev/null here) are closed: let it finish.
      for (let i = 0; i < 40 && fds() !== before; i++) await sleep(50);
      const open = readdirSync(`/proc/${raw.pid}/fd`).map((fd) => `${fd}: ${readlinkSync(`/proc/${raw.pid}/fd/${fd}`)}`);
      assert.equal(open.length, before, `the spawner holds ${open.length} fds after 40 failed forks, ${before} before: ${open.join(', ')}`);
    } finally {
      if (alive(raw.pid)) writeFileSync(path.join(root, 'cgroup.procs'), String(raw.pid));
      raw.close();
      await raw.exited;
      if (existsSync(dir)) rmdirSync(dir);
    }
  });

  it('a spawner ending after a new one started settles its own runs, and only those', async function () {
    const spawner = new LauncherSpawner(binary);
    const sleeper = (): Promise<SpawnedProcess> => spawner.spawn({ argv: ['/bin/sleep', '97.5'], env: {}, cwd: '/', fds: NULLS });
    const pids: number[] = [];
    try {
      const first = await sleeper();
      pids.push(first.pid);
      const old = spawner.pid;
      // A slow exit (the host is loaded): the old spawner ends after the new one has started runs.
      process.kill(old, 'SIGSTOP');
      spawner.close();
      const second = await sleeper();
      pids.push(second.pid);
      assert.notEqual(spawner.pid, old);
      process.kill(old, 'SIGKILL');
      // The first run must end (lost): before, a non-current spawner's exit was ignored and its
      // runs waited for ever; while a new one was starting, that one's runs were taken as lost.
      const firstExit = await Promise.race([first.exited, sleep(10_000).then(() => null)]);
      assert.ok(firstExit?.lost, `the first run did not end: ${JSON.stringify(firstExit)}`);
      await sleep(200);
      assert.equal(second.exit, null, 'the second run was taken as ended');
      second.kill('SIGKILL');
      const secondExit = await Promise.race([second.exited, sleep(10_000).then(() => null)]);
      assert.deepEqual(secondExit, { code: null, signal: 'SIGKILL' });
      assert.ok(!alive(second.pid), 'the second run outlived its kill');
    } finally {
      for (const pid of pids) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone
        }
      }
      spawner.close();
    }
  });

  it('a Ctrl-C to the judge’s process group (which the judge ignores) does not kill the spawner or the runs', async function () {
    // As server/src/modules/judging/judge-process-main.ts: SIGINT ignored, the server decides.
    const script = `
      import { createSandboxBackend } from '@verdict/sandbox-bwrap';
      import { mkdtempSync, chmodSync, rmSync } from 'node:fs';
      process.on('SIGINT', () => {});
      const backend = createSandboxBackend({ workDirMode: 'bind' });
      const workDir = mkdtempSync('/tmp/verdict-spawner-sigint-');
      chmodSync(workDir, 0o755);
      const limits = { cpuMs: 10000, wallMs: 30000, memoryKb: 65536 };
      await backend.run({ argv: ['/bin/true'], workDir, limits });
      const { pid } = await backend.launcherSpawner();
      console.log(JSON.stringify({ spawner: pid }));
      const run = await backend.run({ argv: ['/bin/sh', '-c', 'sleep 1.75; echo done'], workDir, limits });
      console.log(JSON.stringify({ status: run.status, stdout: run.stdout, error: run.error ?? null, spawner: (await backend.launcherSpawner()).pid }));
      await backend.close();
      rmSync(workDir, { recursive: true, force: true });`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true, // its own process group, as a judge started from a shell
    });
    const lines: string[] = [];
    let out = '';
    const waitLine = async (n: number) => {
      for (let i = 0; i < 1200 && lines.length < n && child.exitCode === null; i++) await sleep(50);
      return lines[n - 1];
    };
    child.stdout.on('data', (d: Buffer) => {
      out += d;
      while (out.includes('\n')) {
        lines.push(out.slice(0, out.indexOf('\n')));
        out = out.slice(out.indexOf('\n') + 1);
      }
    });
    try {
      const { spawner } = JSON.parse((await waitLine(1)) ?? 'null') as { spawner: number };
      assert.ok(spawner > 0);
      for (let i = 0; i < 200 && !/sleep 1.75/.test(execFileSync('ps', ['-e', '-o', 'args']).toString()); i++) await sleep(50);
      process.kill(-child.pid!, 'SIGINT');
      await sleep(300);
      assert.ok(alive(spawner), 'a Ctrl-C killed the spawner');
      const result = JSON.parse((await waitLine(2)) ?? 'null') as { status: string; stdout: string; error: string | null; spawner: number } | null;
      assert.ok(result, 'the judge did not report the run');
      assert.equal(result.status, 'OK', JSON.stringify(result));
      assert.equal(result.stdout, 'done\n');
      assert.equal(result.spawner, spawner);
    } finally {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // gone
      }
    }
  });

  it('close() lets the runs in progress finish and leaves no launcher for pid 1 to reap (node as pid 1 of a container)', async function () {
    const out = execFileSync('unshare', ['--pid', '--fork', '--mount-proc', process.execPath, '--import', 'tsx', path.join(import.meta.dirname, 'spawner-pid1-close.ts')], {
      encoding: 'utf8',
      timeout: 90_000,
    });
    const report = JSON.parse(out.trim().split('\n').at(-1)!) as { pid: number; status: string; stdout: string; zombies: string[] };
    assert.equal(report.pid, 1);
    // Before: the spawner ended at once; the run's launcher died with it (SE) and it and the
    // spare were left as zombies of pid 1.
    assert.equal(report.status, 'OK', JSON.stringify(report));
    assert.equal(report.stdout, 'done\n');
    assert.deepEqual(report.zombies, []);
  });
});
