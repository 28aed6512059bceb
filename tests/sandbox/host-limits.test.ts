// Issue 27, the sandbox's third round: what a run can take from the host's shared kernel limits
// and from the session runner (pid 1), and what it can leave in the namespaces for the next test.
// Each attack is followed by a look at the host (processes of the sandbox uid, run cgroups, the
// host's file table) and a victim run that must get its verdict.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
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
  /**
   * A 56 MB table compiled into the binary (.data, in the file) read in full: its sum. Under a
   * 32 MB limit it was AC at 0.6 MB: the judge copied the binary, so its pages were the judge's.
   */
  bigTable: `#include <stdio.h>
static unsigned char table[56 << 20] = {1, 2, 3};
int main(void) {
  unsigned long sum = 0;
  for (unsigned long i = 0; i < sizeof table; i += 64) sum += table[i];
  printf("%lu\\n", sum);
  return 0;
}`,
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

  describe('namespace state written by test k, read by test k+1', function () {
    // The IPC namespace's sysctls (owned by the sandbox's user namespace), the hostname.
    const sysctls = ['kernel/shmmax', 'kernel/shmall', 'kernel/shmmni', 'kernel/msgmax', 'kernel/msgmnb', 'kernel/msgmni', 'kernel/sem', 'kernel/shm_rmid_forced', 'kernel/msg_next_id', 'fs/mqueue/queues_max', 'fs/mqueue/msg_max'];
    const read = `for f in ${sysctls.join(' ')}; do echo "$f $(cat /proc/sys/$f)"; done; hostname\n`;

    it('IPC sysctls and the hostname: test k cannot change them, test k+1 reads what test 1 read', async function () {
      await withSession(async (session) => {
        const before = ok(await session.run({ stdin: script(read) }));
        const write = `for f in ${sysctls.join(' ')}; do echo 42 > /proc/sys/$f 2>/dev/null && echo "wrote $f"; done; hostname x 2>/dev/null && echo "wrote hostname"; true\n`;
        const wrote = ok(await session.run({ stdin: script(write) }));
        assert.equal(wrote.stdout, '');
        const after = ok(await session.run({ stdin: script(read) }));
        assert.equal(after.stdout, before.stdout);
        assert.match(after.stdout, /\nsandbox\n$/);
      });
    });
  });

  describe("the program's own files charged to its run", function () {
    const small: RunLimits = { ...limits, memoryKb: 32 * 1024 };

    it('a 56 MB table in the binary under a 32 MB limit is MLE, in a single run and in a session', async function () {
      const binary = compileC('bigTable', PROGRAMS.bigTable);
      const single = await backend.run({ argv: ['./prog'], workDir: makeWorkDir(binary), limits: small, chargeWorkDir: true });
      assert.equal(single.status, 'MLE', JSON.stringify(single));
      assert.ok(single.memoryKb >= 56 * 1024, JSON.stringify(single));
      const session = await backend.openSession({ argv: ['./prog'], workDir: makeWorkDir(binary), inputDir, limits: small });
      try {
        for (let test = 0; test < 2; test++) {
          const r = await session.run({ stdin: script('') });
          assert.equal(r.status, 'MLE', JSON.stringify(r));
          assert.ok(r.memoryKb >= 56 * 1024, JSON.stringify(r));
        }
      } finally {
        await session.close();
      }
    });

    it('the same table under a 128 MB limit is OK and its files are counted; a checker (no chargeWorkDir) is charged only what it touches', async function () {
      const binary = compileC('bigTable', PROGRAMS.bigTable);
      const roomy: RunLimits = { ...limits, memoryKb: 128 * 1024 };
      const program = ok(await backend.run({ argv: ['./prog'], workDir: makeWorkDir(binary), limits: roomy, chargeWorkDir: true }));
      assert.equal(program.stdout, '1\n');
      assert.ok(program.memoryKb >= 56 * 1024 && program.memoryKb < 64 * 1024, JSON.stringify(program));
      const checker = ok(await backend.run({ argv: ['/bin/true'], workDir: makeWorkDir(binary), limits: small }));
      assert.ok(checker.memoryKb < 8 * 1024, JSON.stringify(checker));
    });
  });

  describe('per-user kernel limits (the uid pool)', function () {
    // Counted per uid for the whole host: with every run as uid 65534, a run holding 128 inotify
    // instances made inotify_init fail in every other run, and 96,364 queued signals made
    // timer_create fail (a Ruby compile: "timer_create failed").
    const hog = `python3 - <<'PY'
import ctypes, os, signal, time
libc = ctypes.CDLL(None, use_errno=True)
instances = 0
while libc.inotify_init() >= 0: instances += 1
inotify_errno = ctypes.get_errno()
# sigqueue, not kill: a real-time signal from kill() past the limit is still sent, without its queue entry.
signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGRTMIN])
queued = 0
while libc.sigqueue(os.getpid(), signal.SIGRTMIN, ctypes.c_void_p(0)) == 0: queued += 1
signals_errno = ctypes.get_errno()
print('inotify', instances, inotify_errno, 'signals', queued, signals_errno, flush=True)
time.sleep(5)
PY
`;
    const victim = `python3 - <<'PY'
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
fd = libc.inotify_init()
print('inotify_init', 'ok' if fd >= 0 else 'fails %d' % ctypes.get_errno())
timer = ctypes.c_void_p()
r = libc.timer_create(1, None, ctypes.byref(timer))
print('timer_create', 'ok' if r == 0 else 'fails %d' % ctypes.get_errno())
PY
`;

    it("a run holding 128 inotify instances and every pending signal it may queue leaves another run's inotify_init and timer_create working", async function () {
      const holding = { ...limits, cpuMs: 4000, wallMs: 12_000 };
      const attacker = backend.run({ argv: ['/bin/sh', '-c', hog], workDir: makeWorkDir(), limits: holding });
      await new Promise((resolve) => setTimeout(resolve, 2500)); // the attacker holds them for 5 s
      const single = ok(await backend.run({ argv: ['/bin/sh', '-c', victim], workDir: makeWorkDir(), limits }));
      const session = await withSession(async (s) => ok(await s.run({ stdin: script(victim) })));
      const a = ok(await attacker);
      // It took what a uid may have: EMFILE after the instances, EAGAIN after the signals.
      const [, instances, inotifyErrno, queued, signalsErrno] = /^inotify (\d+) (\d+) signals (\d+) (\d+)$/.exec(a.stdout.trim()) ?? [];
      assert.ok(Number(instances) >= 100 && Number(inotifyErrno) === 24, a.stdout);
      assert.ok(Number(queued) >= 1000 && Number(signalsErrno) === 11, a.stdout);
      for (const r of [single, session]) assert.equal(r.stdout, 'inotify_init ok\ntimer_create ok\n');
    });
  });

  describe('no pseudo-terminals (devpts)', function () {
    // bwrap's --dev mounts a devpts: 500 ptys cost the host 20 MB with 2 MB charged, and the pty
    // count (kernel.pty.nr) is the host's. Opening /dev/ptmx, posix_openpt, grantpt and openpty
    // must all fail; /dev/pts holds nothing.
    const ptys = `python3 - <<'PY'
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
def attempt(name, f):
    try:
        f()
        print(name, 'works')
    except OSError:
        print(name, 'fails')
attempt('open /dev/ptmx', lambda: os.close(os.open('/dev/ptmx', os.O_RDWR | os.O_NOCTTY)))
attempt('open /dev/pts/ptmx', lambda: os.close(os.open('/dev/pts/ptmx', os.O_RDWR | os.O_NOCTTY)))
def openpt():
    fd = libc.posix_openpt(os.O_RDWR | os.O_NOCTTY)
    if fd < 0: raise OSError(ctypes.get_errno(), 'posix_openpt')
    try:
        if libc.grantpt(fd) != 0 or libc.unlockpt(fd) != 0: raise OSError(ctypes.get_errno(), 'grantpt')
    finally:
        os.close(fd)
attempt('posix_openpt+grantpt', openpt)
attempt('openpty', lambda: [os.close(fd) for fd in os.openpty()])
print('pts', sorted(os.listdir('/dev/pts')) if os.path.isdir('/dev/pts') else 'none')
PY
`;
    const acceptable = (out: string) => {
      const lines = out.trim().split('\n');
      assert.deepEqual(lines.slice(0, 4), ['open /dev/ptmx fails', 'open /dev/pts/ptmx fails', 'posix_openpt+grantpt fails', 'openpty fails'], out);
      assert.match(lines[4] ?? '', /^pts (\[\]|none)$/, out);
    };

    it('a run cannot open a pty: /dev/ptmx, posix_openpt, grantpt and openpty fail', async function () {
      const r = ok(await backend.run({ argv: ['/bin/sh', '-c', ptys], workDir: makeWorkDir(), limits }));
      acceptable(r.stdout);
    });

    it('nor can a test of a session', async function () {
      await withSession(async (session) => acceptable(ok(await session.run({ stdin: script(ptys) })).stdout));
    });
  });

  it('memfd_secret is denied (EPERM)', async function () {
    const call = 'import ctypes; libc = ctypes.CDLL(None, use_errno=True); r = libc.syscall(447, 0); print(r, ctypes.get_errno())';
    const r = ok(await backend.run({ argv: ['python3', '-c', call], workDir: makeWorkDir(), limits }));
    assert.equal(r.stdout, '-1 1\n');
  });

  describe("the judge's event loop", function () {
    it('a test leaving ~200 MB of negative dentries charged to the session does not stall the loop at the next test', async function () {
      // Looking up missing names under /usr leaves negative dentries charged to the cgroup: the
      // reclaim before the next test (v1 memory.force_empty) took 0.75–1.65 s, done with writeSync.
      // Generous limits: 1.2 M lookups took 16 s of wall time at a load of 22 on 2 CPUs.
      const dentries = 'python3 -c "\nimport os\nfor i in range(1200000):\n    try: os.stat(\'/usr/nx%d\' % i)\n    except OSError: pass\n"\n';
      const session = await backend.openSession({ argv: ['/bin/sh'], workDir: makeWorkDir(), inputDir, limits: { ...limits, cpuMs: 30_000, wallMs: 80_000, memoryKb: 512 * 1024 } });
      try {
        ok(await session.run({ stdin: script(dentries) }));
        const lag = monitorEventLoopDelay({ resolution: 10 });
        lag.enable();
        const ticker = setInterval(() => undefined, 5); // keeps the loop turning while the run waits
        try {
          ok(await session.run({ stdin: script('echo ok\n') }));
        } finally {
          clearInterval(ticker);
          lag.disable();
        }
        const maxMs = lag.max / 1e6;
        assert.ok(maxMs < 300, `the event loop stalled ${maxMs.toFixed(0)} ms`);
      } finally {
        await session.close();
      }
    });
  });

  describe("the session runner (pid 1) out of the program's reach", function () {
    /** Each call on pid 1 (the runner), then on itself (0): "allowed" or "denied". */
    const onRunner = `python3 - <<'PY'
import ctypes, os, resource
libc = ctypes.CDLL(None, use_errno=True)
def ioprio(pid):
    if libc.syscall(251, 1, pid, 3 << 13) != 0: raise OSError(ctypes.get_errno(), 'ioprio_set')
calls = {
    'prlimit': lambda pid: resource.prlimit(pid, resource.RLIMIT_NPROC, (1, 1) if pid else resource.getrlimit(resource.RLIMIT_NPROC)),
    'setpriority': lambda pid: os.setpriority(os.PRIO_PROCESS, pid, 19),
    'sched_setscheduler': lambda pid: os.sched_setscheduler(pid, os.SCHED_IDLE if pid else os.SCHED_OTHER, os.sched_param(0)),
    'sched_setaffinity': lambda pid: os.sched_setaffinity(pid, os.sched_getaffinity(pid)),
    'ioprio_set': ioprio,
}
for name, call in calls.items():
    for pid in (1, 0):
        try:
            call(pid)
            print(name, pid, 'allowed')
        except OSError:
            print(name, pid, 'denied')
PY
`;

    it('prlimit, setpriority, sched_set* and ioprio_set are refused on pid 1 (allowed on itself); the next test is unharmed', async function () {
      await withSession(async (session) => {
        const r = ok(await session.run({ stdin: script(onRunner) }));
        const expected = ['prlimit', 'setpriority', 'sched_setscheduler', 'sched_setaffinity', 'ioprio_set'].flatMap((name) => [`${name} 1 denied`, `${name} 0 allowed`]);
        assert.equal(r.stdout, `${expected.join('\n')}\n`);
        const look = 'python3 -c "import os; print(os.getpriority(os.PRIO_PROCESS, 1), os.sched_getscheduler(1))"; grep -c "Max processes *unlimited\\|Max processes *[0-9][0-9]" /proc/1/limits\n';
        const next = ok(await session.run({ stdin: script(look) }));
        // The runner's nice value is the judge's (tests run under `nice -n 5`): unchanged, policy SCHED_OTHER.
        assert.equal(next.stdout, `${os.getPriority()} 0\n1\n`);
        assert.ok(next.wallMs >= 0 && next.wallMs < 2000, JSON.stringify(next));
      });
    });

    it('a test that starves the runner (nice, SCHED_IDLE, burners on its core) is TLE at its limit, and the session goes on', async function () {
      const starve = `python3 -c "
import os
for f in (lambda: os.setpriority(os.PRIO_PROCESS, 1, 19), lambda: os.sched_setscheduler(1, os.SCHED_IDLE, os.sched_param(0))):
    try: f()
    except OSError: pass
"
for i in $(seq 20); do (while :; do :; done) & done
wait
`;
      await withSession(async (session) => {
        const started = Date.now();
        const r = await session.run({ stdin: script(starve) });
        const took = Date.now() - started;
        assert.equal(r.status, 'TLE', JSON.stringify(r));
        assert.ok(took < limits.wallMs! + 3000, `judging the test took ${took} ms`);
        const next = ok(await session.run({ stdin: script('echo ok\n') }));
        assert.equal(next.stdout, 'ok\n');
      });
    });
  });
});
