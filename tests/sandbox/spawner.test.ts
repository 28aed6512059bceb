// The launcher spawner (plugins/sandbox-bwrap/src/spawner.ts, helpers/launcher-spawner.c): the
// judge's special judges and interactive runs start their launchers through it, not by forking
// the judge (counted at child_process.spawn, which the fallback still uses: the control case
// shows the count would catch a fork); a sandboxed program cannot see or signal it and holds none
// of its fds; it dies with the judge.
import assert from 'node:assert/strict';
import { execFileSync, spawn as spawnChild } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createJudge, type Judge, type Problem } from '@verdict/judge';
import { createSandboxBackend, type SandboxBackend } from '@verdict/sandbox-bwrap';
import { GUESS_VALIDATOR, PROGRAMS } from '../judge/interactive-programs.ts';
import { removeTempDirs, tinyProblem, writeTree } from '../judge/helpers.ts';

const childProcess = createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process');

/** Counts the launchers this process forks itself (child_process.spawn of rlimit-exec) while `body` runs. */
async function launcherForks(body: () => Promise<void>): Promise<number> {
  const original = childProcess.spawn;
  let forks = 0;
  childProcess.spawn = ((file: string, ...rest: unknown[]) => {
    if (/rlimit-exec/.test(file)) forks++;
    return (original as (...a: unknown[]) => unknown)(file, ...rest);
  }) as typeof original;
  syncBuiltinESMExports();
  try {
    await body();
  } finally {
    childProcess.spawn = original;
    syncBuiltinESMExports();
  }
  return forks;
}

// A Kattis output validator: AC when the output equals the answer's first token.
const KATTIS_VALIDATOR = `#include <cstdio>
#include <cstring>
int main(int argc, char **argv) {
  if (argc < 4) return 1;
  std::FILE *ans = std::fopen(argv[2], "r");
  char want[64] = {0}, got[64] = {0};
  if (!ans || std::fscanf(ans, "%63s", want) != 1) return 1;
  return std::scanf("%63s", got) == 1 && std::strcmp(want, got) == 0 ? 42 : 43;
}
`;
const ECHO_C = '#include <stdio.h>\nint main(void) { char s[64]; if (scanf("%63s", s) == 1) puts(s); return 0; }\n';

async function judgeOn(backend: SandboxBackend): Promise<Judge> {
  return createJudge({ plugins: [{ plugin: { name: 'sandbox-under-test', apiVersion: 1, setup: (ctx) => ctx.registerBackend(backend) } }], backend: 'sandbox' });
}

describe('the launcher spawner @slow', function () {
  this.timeout(180_000);
  const cacheDirs: string[] = [];
  after(async function () {
    await removeTempDirs();
    for (const dir of cacheDirs) rmSync(dir, { recursive: true, force: true });
  });

  let special: Problem;
  let interactive: Problem;
  before(async function () {
    special = await tinyProblem({
      tests: [
        ['a\n', 'a\n'],
        ['b\n', 'b\n'],
        ['c\n', 'c\n'],
      ],
      yaml: 'name: K\nlimits:\n  time_limit: 1\n  memory: 64\nvalidation: custom\n',
      extra: { 'output_validators/equal/validate.cpp': KATTIS_VALIDATOR },
    });
    const base = await tinyProblem({ tests: [['1000 337\n', '337\n'], ['1000 1000\n', '1000\n']], yaml: 'name: I\nlimits:\n  time_limit: 1\n  memory: 256\n' });
    const source = path.join(writeTree({ 'validator.cpp': GUESS_VALIDATOR }), 'validator.cpp');
    interactive = { ...base, interaction: { interactive: true, multiPass: false, maxPasses: 2 }, checker: { kind: 'kattis', source, flags: [] } };
  });

  /** Judges both problems; returns the launchers this process forked and those the spawner started. */
  async function judgeBoth(backend: SandboxBackend): Promise<{ forks: number; spawned: number }> {
    const judge = await judgeOn(backend);
    try {
      // Compiles (and a first spare launcher) before counting: the runs per test are what matter.
      await judge.judgeSubmission({ problem: special, language: 'c', source: ECHO_C });
      const before = (await backend.launcherSpawner()).spawned;
      const forks = await launcherForks(async () => {
        const checked = await judge.judgeSubmission({ problem: special, language: 'c', source: ECHO_C, options: { runAll: true } });
        assert.deepEqual(checked.tests.map((t) => t.verdict), ['AC', 'AC', 'AC'], JSON.stringify(checked));
        const played = await judge.judgeSubmission({ problem: interactive, language: 'c', source: PROGRAMS.correct, options: { runAll: true } });
        assert.deepEqual(played.tests.map((t) => t.verdict), ['AC', 'AC'], JSON.stringify(played));
      });
      return { forks, spawned: (await backend.launcherSpawner()).spawned - before };
    } finally {
      await judge.close();
    }
  }

  it('starts the launchers of special judges and interactive runs, never forking the judge', async function () {
    const backend = createSandboxBackend();
    const { forks, spawned } = await judgeBoth(backend);
    assert.equal(forks, 0, 'launchers forked from the judge');
    // 3 special-judge runs + 2 × 2 interactive sides, plus the session and spares.
    assert.ok(spawned >= 7, `the spawner started ${spawned} launchers`);
    assert.equal((await backend.launcherSpawner()).problem, null);
  });

  it('control: when the spawner cannot start, launchers are forked (counted) and that is said once', async function () {
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'verdict-spawner-off-'));
    cacheDirs.push(cacheDir);
    const backend = createSandboxBackend({ cacheDir });
    await backend.check(); // builds the helpers (and starts the spawner, ended by close())
    await backend.close();
    const spawnerBinary = readdirSync(cacheDir).find((f) => /^launcher-spawner-[0-9a-f]+$/.test(f));
    assert.ok(spawnerBinary, 'the spawner was built');
    chmodSync(path.join(cacheDir, spawnerBinary), 0o644); // cannot be executed: EACCES
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    try {
      const { forks, spawned } = await judgeBoth(backend);
      assert.ok(forks >= 7, `launchers forked from the judge: ${forks}`);
      assert.equal(spawned, 0);
      assert.match((await backend.launcherSpawner()).problem ?? '', /did not start/);
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(warnings.filter((w) => /launcher spawner/.test(w)).length, 1, warnings.join('\n'));
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('is out of the sandbox’s reach: not visible, not signalable, none of its fds inherited', async function () {
    const backend = createSandboxBackend({ workDirMode: 'bind' });
    const workDir = mkdtempSync(path.join(os.tmpdir(), 'verdict-spawner-hostile-'));
    cacheDirs.push(workDir);
    chmodSync(workDir, 0o755);
    try {
      const limits = { cpuMs: 2000, memoryKb: 65536 };
      await backend.run({ argv: ['/bin/true'], workDir, limits });
      const spawner = (await backend.launcherSpawner()).pid;
      assert.ok(spawner > 0);
      const spawnerFds = readdirSync(`/proc/${spawner}/fd`).length;
      assert.ok(spawnerFds >= 4, `the spawner holds ${spawnerFds} fds`);
      const probe = [
        'echo $(ls /proc/self/fd)',
        `echo pids: $(ls -d /proc/[0-9]* | wc -l)`,
        `[ -e /proc/${spawner} ] && echo "sees ${spawner}"`,
        `kill -9 ${spawner} 2>/dev/null && echo "killed ${spawner}"`,
        `kill -9 -1 2>/dev/null`,
        'true',
      ].join('; ');
      const run = await backend.run({ argv: ['/bin/sh', '-c', probe], workDir, limits });
      assert.equal(run.status, 'OK', JSON.stringify(run));
      const [fdLine, ...rest] = run.stdout.trim().split('\n');
      // 0-2 and the fd ls opened to read the folder: nothing of the launcher, bwrap or spawner.
      assert.deepEqual(fdLine.split(/\s+/).map(Number).sort((a, b) => a - b).slice(0, 3), [0, 1, 2], run.stdout);
      assert.ok(fdLine.split(/\s+/).length <= 4, `fds in the sandbox: ${fdLine}`);
      assert.doesNotMatch(rest.join('\n'), /sees|killed/);
      // Still the same spawner, and it still starts launchers.
      assert.equal((await backend.launcherSpawner()).pid, spawner);
      const after = await backend.run({ argv: ['/bin/sh', '-c', 'echo still'], workDir, limits });
      assert.equal(after.stdout, 'still\n');
      assert.equal((await backend.launcherSpawner()).pid, spawner);
    } finally {
      await backend.close();
    }
  });

  it('dies with the judge: killing the Node process leaves no spawner and no launcher', async function () {
    const script = `
      import { createSandboxBackend } from '@verdict/sandbox-bwrap';
      import { mkdtempSync, chmodSync } from 'node:fs';
      const backend = createSandboxBackend({ workDirMode: 'bind' });
      const workDir = mkdtempSync('/tmp/verdict-spawner-orphan-');
      chmodSync(workDir, 0o755);
      const limits = { cpuMs: 20000, wallMs: 60000, memoryKb: 65536 };
      await backend.run({ argv: ['/bin/true'], workDir, limits });
      const { pid } = await backend.launcherSpawner();
      console.log(JSON.stringify({ spawner: pid, workDir }));
      await backend.run({ argv: ['/bin/sleep', '61.25'], workDir, limits });`;
    const child = spawnChild(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: path.resolve(import.meta.dirname, '../..'), stdio: ['ignore', 'pipe', 'inherit'] });
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d;
        if (out.includes('\n')) resolve(out.split('\n')[0]);
      });
      child.once('exit', (code) => reject(new Error(`the judge exited first (${code})`)));
    });
    const { spawner, workDir } = JSON.parse(line) as { spawner: number; workDir: string };
    try {
      assert.match(readlinkSync(`/proc/${spawner}/exe`), /launcher-spawner/);
      // The sleep's launcher is the spawner's child: wait until it runs, then kill the judge.
      const launcherOf = () => readFileSync(`/proc/${spawner}/task/${spawner}/children`, 'utf8').trim();
      for (let i = 0; i < 100 && !/sleep 61.25/.test(execFileSync('ps', ['-e', '-o', 'args']).toString()); i++) await new Promise((r) => setTimeout(r, 50));
      assert.ok(launcherOf() !== '', 'a launcher runs under the spawner');
      child.kill('SIGKILL');
      const gone = (pid: number) => {
        try {
          return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1][0] === 'Z';
        } catch {
          return true;
        }
      };
      for (let i = 0; i < 100 && !gone(spawner); i++) await new Promise((r) => setTimeout(r, 50));
      assert.ok(gone(spawner), 'the spawner outlived the judge');
      const sleepers = () => execFileSync('ps', ['-e', '-o', 'args']).toString().split('\n').filter((l) => l.startsWith('/bin/sleep 61.25'));
      for (let i = 0; i < 100 && sleepers().length > 0; i++) await new Promise((r) => setTimeout(r, 50));
      assert.deepEqual(sleepers(), [], 'the run outlived the judge');
    } finally {
      child.kill('SIGKILL');
      rmSync(workDir, { recursive: true, force: true });
    }
  });
});
