// Issue 27, the sandbox's third round: what a run can take from the host's shared kernel limits
// and from the session runner (pid 1), and what it can leave in the namespaces for the next test.
// Each attack is followed by a look at the host (processes of the sandbox uid, run cgroups, the
// host's file table) and a victim run that must get its verdict.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RunLimits, RunResult, RunSession } from '@verdict/plugin-api';
import { createSandboxBackend, type SandboxBackend } from '@verdict/sandbox-bwrap';
import { cleanupPrograms, cleanupWorkDirs, compileC, makeWorkDir } from '@verdict/plugin-api/conformance';
import { assertRunsLeftNothing, processesOfUid } from './leftovers.ts';

const PROGRAMS = {
  /**
   * Forks `children` processes; each raises its soft RLIMIT_NOFILE to the hard one, opens
   * /dev/null until it fails, holds the files a while and reports how many it got. Prints the
   * hard limit and the largest count.
   */
  fileHog: `#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
int main(int argc, char **argv) {
  int children = argc > 1 ? atoi(argv[1]) : 8;
  struct rlimit rl;
  getrlimit(RLIMIT_NOFILE, &rl);
  rl.rlim_cur = rl.rlim_max;
  setrlimit(RLIMIT_NOFILE, &rl);
  int p[2];
  if (pipe(p)) return 2;
  for (int i = 0; i < children; i++) {
    if (fork() == 0) {
      int n = 0;
      while (open("/dev/null", O_RDONLY) >= 0) n++;
      if (write(p[1], &n, sizeof n) != sizeof n) _exit(3);
      usleep(400000);
      _exit(0);
    }
  }
  close(p[1]);
  int most = 0, n;
  while (read(p[0], &n, sizeof n) == sizeof n) if (n > most) most = n;
  while (wait(NULL) > 0) {}
  printf("hard %llu most %d\\n", (unsigned long long)rl.rlim_max, most);
  return 0;
}`,
};

/** Open files on the whole host (the first field of /proc/sys/fs/file-nr). */
function hostOpenFiles(): number {
  return Number(readFileSync('/proc/sys/fs/file-nr', 'utf8').split(/\s+/)[0]);
}

/** The largest rise of the host's open files while `work` runs, sampled every 20 ms. */
async function peakOpenFilesDuring<T>(work: Promise<T>): Promise<{ value: T; rise: number }> {
  const base = hostOpenFiles();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, hostOpenFiles())), 20);
  try {
    return { value: await work, rise: peak - base };
  } finally {
    clearInterval(timer);
  }
}

describe('sandbox: host-wide kernel limits and the session runner (issue 27) @slow', function () {
  this.timeout(120_000);
  const cgroupParent = 'verdict-sandbox-test';
  const slotRoot = '/run/verdict-sandbox-host-limits-test';
  let backend: SandboxBackend;
  let existing: Set<number>;
  let inputDir: string;
  const limits: RunLimits = { cpuMs: 2000, wallMs: 4000, memoryKb: 256 * 1024, pids: 32 };
  const suffix = randomBytes(16).toString('hex');
  const inputs: Record<string, string> = {};
  /** A session test's input: a shell script, the session's program being /bin/sh. */
  const script = (text: string): { file: string } => {
    const name = `s${Object.keys(inputs).length}-${suffix}`;
    inputs[name] = text;
    writeFileSync(path.join(inputDir, name), text);
    return { file: path.join(inputDir, name) };
  };

  before(async function () {
    backend = createSandboxBackend({ cgroupParent, slotRoot });
    const report = await backend.check();
    if (!report.ok) throw new Error(`sandbox unusable: ${report.problems.join('; ')}`);
    inputDir = mkdtempSync(path.join(os.tmpdir(), 'verdict-host-limits-in-'));
    chmodSync(inputDir, 0o711);
  });
  beforeEach(function () {
    existing = new Set(processesOfUid());
  });
  afterEach(async function () {
    await assertRunsLeftNothing(backend, existing, cgroupParent, 2000);
    await victimIsUnharmed();
  });
  after(async function () {
    await backend?.close();
    if (inputDir) rmSync(inputDir, { recursive: true, force: true });
    cleanupWorkDirs();
    cleanupPrograms();
  });

  async function victimIsUnharmed(): Promise<void> {
    const r = await backend.run({ argv: ['/bin/sh', '-c', 'echo ok'], workDir: makeWorkDir(), limits });
    assert.equal(r.status, 'OK', JSON.stringify(r));
    assert.equal(r.stdout, 'ok\n');
  }

  async function withSession<T>(use: (session: RunSession) => Promise<T>): Promise<T> {
    const session = await backend.openSession({ argv: ['/bin/sh'], workDir: makeWorkDir(), inputDir, limits });
    try {
      return await use(session);
    } finally {
      await session.close();
    }
  }

  const ok = (r: RunResult): RunResult => {
    assert.equal(r.status, 'OK', JSON.stringify(r));
    return r;
  };

  describe("the host's file table (fs.file-max)", function () {
    it('a run holds at most 1024 files a process, whatever it raises its soft limit to', async function () {
      const { value: r, rise } = await peakOpenFilesDuring(backend.run({ argv: ['./prog', '8'], workDir: makeWorkDir(compileC('fileHog', PROGRAMS.fileHog)), limits }));
      ok(r);
      const [, hard, most] = /^hard (\d+) most (\d+)$/.exec(r.stdout.trim()) ?? [];
      assert.ok(Number(hard) <= 1024, r.stdout);
      assert.ok(Number(most) <= 1024, r.stdout);
      // 8 processes of 1024 files and the host's own churn; 160,000 with the old limit of 20,000.
      assert.ok(rise < 40_000, `the host's open files rose by ${rise}`);
    });

    it("compile-time code (perl -c running BEGIN) under the compile limits holds at most 1024 files a process", async function () {
      const hog = 'BEGIN { my @f; while (open(my $f, "<", "/dev/null")) { push @f, $f } print scalar(@f), "\\n" }';
      const compileLimits: RunLimits = { cpuMs: 10_000, wallMs: 20_000, memoryKb: 1024 * 1024, pids: 128 };
      const { value: r, rise } = await peakOpenFilesDuring(backend.run({ argv: ['perl', '-c', '-e', hog], workDir: makeWorkDir(), limits: compileLimits }));
      ok(r);
      assert.ok(Number(r.stdout.split('\n')[0]) <= 1024, r.stdout);
      assert.ok(rise < 20_000, `the host's open files rose by ${rise}`);
    });

    it('as do the tests of a session', async function () {
      await withSession(async (session) => {
        const r = ok(await session.run({ stdin: script('ulimit -Hn; (ulimit -n 4096) 2>/dev/null && echo raised; true\n') }));
        assert.ok(Number(r.stdout.split('\n')[0]) <= 1024, r.stdout);
        assert.doesNotMatch(r.stdout, /raised/);
      });
    });
  });
});
