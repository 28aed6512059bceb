// Hostile programs against the real sandbox: each gets its verdict, the host stays unharmed, and
// after every run no process and no cgroup of the run remain.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RunLimits, RunRequest, RunResult } from '@verdict/plugin-api';
import { createSandboxBackend, defaultSandboxConfig, type SandboxBackend } from '@verdict/sandbox-bwrap';
import { C_PROGRAMS, cleanupPrograms, cleanupWorkDirs, compileC, makeWorkDir } from '@verdict/plugin-api/conformance';
import { assertRunsLeftNothing, processesOfUid } from './leftovers.ts';

const HOSTILE = {
  forkBomb: '#include <unistd.h>\nint main(void) { for (;;) fork(); }',
  ignoresSignals: `#include <signal.h>
int main(void) {
  for (int s = 1; s < 32; s++) signal(s, SIG_IGN);
  volatile unsigned long n = 0;
  for (;;) n++;
}`,
  daemon: `#include <unistd.h>
int main(void) {
  if (fork() == 0) { setsid(); if (fork() == 0) { for (;;) pause(); } }
  return 0;
}`,
  network: `#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
int main(void) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) { printf("socket: %s\\n", strerror(errno)); return 0; }
  struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons(53) };
  inet_pton(AF_INET, "1.1.1.1", &a.sin_addr);
  if (connect(fd, (struct sockaddr *)&a, sizeof a) < 0) { printf("connect: %s\\n", strerror(errno)); return 0; }
  printf("connected\\n");
  return 1;
}`,
  killAll: `#include <signal.h>
#include <stdio.h>
int main(void) { int r = kill(-1, SIGKILL); printf("kill(-1) = %d\\n", r); return 0; }`,
  threads: `#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
static void *idle(void *arg) { (void)arg; sleep(2); return NULL; }
int main(int argc, char **argv) {
  int want = atoi(argv[1]), made = 0;
  pthread_t t;
  for (; made < want; made++) if (pthread_create(&t, NULL, idle, NULL) != 0) break;
  printf("%d\\n", made);
  return made == want ? 0 : 1;
}`,
  recursion: `#include <stdio.h>
#include <stdlib.h>
static long depth(long n) { volatile char pad[64]; pad[0] = 1; if (n == 0) return 0; return depth(n - 1) + pad[0]; }
int main(int argc, char **argv) { printf("%ld\\n", depth(atol(argv[1]))); return 0; }`,
  forbidden: `#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <unistd.h>
static int denied(const char *what, long r) {
  printf("%s: %s\\n", what, r < 0 ? (errno == EPERM ? "EPERM" : "other error") : "ALLOWED");
  return r < 0;
}
int main(void) {
  int ok = denied("unshare", unshare(CLONE_NEWUSER));
  ok &= denied("mount", mount("none", "/tmp", "tmpfs", 0, NULL));
  ok &= denied("ptrace", ptrace(PTRACE_TRACEME, 0, NULL, NULL));
  ok &= denied("clone-newnet", syscall(SYS_clone, CLONE_NEWNET | SIGCHLD, NULL, NULL, NULL, 0));
  ok &= denied("tiocsti", ioctl(0, TIOCSTI, "x"));
  return ok ? 0 : 1;
}`,
  fillFiles: `#include <errno.h>
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv) {
  static char buf[1 << 16];
  char name[256];
  for (int i = 0;; i++) {
    snprintf(name, sizeof name, "%s/fill-%d", argv[1], i);
    FILE *f = fopen(name, "w");
    if (!f) { printf("open: %s\\n", strerror(errno)); return 1; }
    for (int k = 0; k < 16 * 16; k++)
      if (fwrite(buf, 1, sizeof buf, f) != sizeof buf || fflush(f)) { printf("write: %s\\n", strerror(errno)); return 1; }
    fclose(f);
  }
}`,
};

describe('sandbox against hostile programs @slow', function () {
  this.timeout(60_000);
  // Shared by test processes; run cgroups carry their owner's pid, so a killed test process's
  // leftovers are swept by the next one.
  const cgroupParent = 'verdict-sandbox-test';
  let backend: SandboxBackend;
  let existing: Set<number>;
  const limits: RunLimits = { cpuMs: 1000, wallMs: 3000, memoryKb: 128 * 1024, pids: 32 };

  before(async function () {
    backend = createSandboxBackend({ cgroupParent });
    const report = await backend.check();
    if (!report.ok) throw new Error(`sandbox unusable: ${report.problems.join('; ')}`);
  });
  beforeEach(function () {
    existing = new Set(processesOfUid());
  });
  afterEach(async function () {
    await assertRunsLeftNothing(backend, existing, cgroupParent);
  });
  after(async function () {
    await backend.close();
    cleanupWorkDirs();
    cleanupPrograms();
  });

  const hostile = (name: keyof typeof HOSTILE, args: string[] = [], req: Partial<RunRequest> = {}): Promise<RunResult> =>
    backend.run({
      argv: ['./prog', ...args],
      workDir: makeWorkDir(compileC(name, HOSTILE[name], name === 'threads' ? ['-pthread'] : [])),
      limits,
      ...req,
    });

  it('a fork bomb hits the pids limit and ends in TLE', async function () {
    const r = await hostile('forkBomb');
    assert.equal(r.status, 'TLE', JSON.stringify(r));
  });

  it('a memory bomb ends in MLE with the peak at the limit', async function () {
    const r = await backend.run({
      argv: ['./prog', '1000'],
      workDir: makeWorkDir(compileC('touchMemory', C_PROGRAMS.touchMemory)),
      limits: { cpuMs: 5000, memoryKb: 64 * 1024 },
    });
    assert.equal(r.status, 'MLE');
    assert.ok(r.memoryKb >= 60 * 1024 && r.memoryKb <= 64 * 1024, `peak ${r.memoryKb} KiB`);
  });

  it('an infinite loop that ignores every signal ends in TLE', async function () {
    // A generous wall limit: the CPU watch must stop it, however loaded the machine is.
    const r = await hostile('ignoresSignals', [], { limits: { ...limits, wallMs: 30_000 } });
    assert.equal(r.status, 'TLE');
    assert.match(r.message ?? '', /CPU limit/);
    assert.ok(r.cpuMs >= 1000, `cpu ${r.cpuMs}`);
  });

  it('a sleeping program ends in TLE by wall clock', async function () {
    const r = await backend.run({ argv: ['/bin/sleep', '60'], workDir: makeWorkDir(), limits: { ...limits, wallMs: 500 } });
    assert.equal(r.status, 'TLE');
    assert.match(r.message ?? '', /wall-clock/);
  });

  it('a daemon left running by the program is killed when the program exits', async function () {
    const r = await hostile('daemon');
    assert.equal(r.status, 'OK');
    // Waiting for the daemon would end in TLE at the 3 s wall limit; a loaded machine may take
    // a second or so to start and reap the run itself.
    assert.ok(r.wallMs < 2000, `the run waited for the daemon: ${r.wallMs} ms`);
  });

  it('cannot open a network socket', async function () {
    const r = await hostile('network');
    assert.equal(r.status, 'OK', r.stdout);
    assert.equal(r.stdout, 'socket: Operation not permitted\n');
  });

  it('has no network even without the seccomp filter', async function () {
    const unfiltered = createSandboxBackend({ cgroupParent, seccomp: 'off' });
    const r = await unfiltered.run({
      argv: ['./prog'],
      workDir: makeWorkDir(compileC('network', HOSTILE.network)),
      limits,
    });
    assert.equal(r.status, 'OK', r.stdout);
    assert.match(r.stdout, /^connect: Network is unreachable/);
  });

  it("cannot see secrets or the judge's own files", async function () {
    const paths = ['/etc/shadow', '/etc/passwd', '/work/main/package.json', '/root', '/home', '/proc/1/environ', '/sys/fs/cgroup'];
    const script = paths.map((p) => `[ -e ${p} ] && echo visible:${p}`).join('; ');
    const r = await backend.run({ argv: ['/bin/sh', '-c', `${script}; exit 0`], workDir: makeWorkDir(), limits });
    assert.equal(r.status, 'OK');
    // /proc/1 is the sandbox's own pid 1 (the exec gate, non-dumpable), never the host's.
    assert.equal(r.stdout.replace('visible:/proc/1/environ\n', ''), '');
    const host = await backend.run({ argv: ['/bin/cat', '/proc/1/cmdline'], workDir: makeWorkDir(), limits });
    assert.equal(host.stdout, '/proc/self/fd/4\0/bin/cat\0/proc/1/cmdline\0');
  });

  it('cannot write outside its work dir and /tmp, and its /tmp is private', async function () {
    const marker = `verdict-sandbox-marker-${process.pid}`;
    const targets = ['/x', '/usr/x', '/etc/x', '/bin/x', '/proc/x', '/dev/x'];
    const script = `${targets.map((p) => `touch ${p} 2>/dev/null && echo wrote:${p}`).join('; ')}; touch /tmp/${marker} /dev/shm/x && echo tmp-ok`;
    const r = await backend.run({ argv: ['/bin/sh', '-c', script], workDir: makeWorkDir(), limits });
    assert.equal(r.stdout, 'tmp-ok\n');
    assert.equal(existsSync(`/tmp/${marker}`), false);
  });

  it('sees every system path it is given read-only (the toolchains\' /etc and /var/lib folders too)', async function () {
    const r = await backend.run({ argv: ['/bin/cat', '/proc/self/mountinfo'], workDir: makeWorkDir(), limits });
    assert.equal(r.status, 'OK', r.stderr);
    // mountinfo: id parent major:minor root mount-point options ...
    const options = new Map(r.stdout.split('\n').filter(Boolean).map((line) => [line.split(' ')[4], line.split(' ')[5]] as const));
    const bound = defaultSandboxConfig.systemBinds.filter((p) => existsSync(p) && !lstatSync(p).isSymbolicLink());
    assert.ok(bound.includes('/usr'));
    for (const p of bound) assert.match(options.get(p) ?? 'not mounted', /^ro\b/, p);
  });

  it('symlinks planted in the work dir are not copied back to the host', async function () {
    const workDir = makeWorkDir();
    const r = await backend.run({
      argv: ['/bin/sh', '-c', 'ln -s /etc/shadow stolen && mkdir d && ln -s / d/root && echo data > real'],
      workDir,
      limits,
    });
    assert.equal(r.status, 'OK', r.stderr);
    assert.deepEqual(readdirSync(workDir).sort(), ['d', 'real']);
    assert.deepEqual(readdirSync(path.join(workDir, 'd')), []);
  });

  it('1 GB of output ends in OLE quickly', async function () {
    const r = await backend.run({
      argv: ['./prog', '1024'],
      workDir: makeWorkDir(compileC('bigOutput', C_PROGRAMS.bigOutput)),
      limits: { ...limits, outputBytes: 16 << 20 },
    });
    assert.equal(r.status, 'OLE');
    assert.equal(r.stdout.length, 16 << 20);
    assert.ok(r.wallMs < 3000, `wall ${r.wallMs}`);
  });

  it('kill(-1, SIGKILL) harms nothing outside the sandbox', async function () {
    // A host process of the very same uid must survive: runs one after another get the same uid
    // of the pool, its first (the uid released last is handed out first; docs/sandbox.md).
    const bystander = spawn('/bin/sleep', ['30'], { uid: backend.config.uid, gid: backend.config.gid, stdio: 'ignore' });
    try {
      const r = await hostile('killAll');
      assert.ok(['OK', 'RE'].includes(r.status), JSON.stringify(r));
      assert.equal(bystander.exitCode, null);
      assert.doesNotThrow(() => process.kill(bystander.pid!, 0), 'the bystander was killed');
    } finally {
      bystander.kill('SIGKILL');
    }
    existing.add(bystander.pid!);
  });

  it('threads count against the pids limit', async function () {
    const few = await hostile('threads', ['10']);
    assert.equal(few.status, 'OK', few.stdout);
    const many = await hostile('threads', ['500']);
    assert.equal(many.status, 'RE');
    assert.ok(Number(many.stdout) < 32, `created ${many.stdout}`);
  });

  it('deep recursion works within the memory limit', async function () {
    const r = await hostile('recursion', ['1000000'], { limits: { ...limits, memoryKb: 256 * 1024 } });
    assert.equal(r.status, 'OK', JSON.stringify(r));
    assert.equal(r.stdout, '1000000\n');
  });

  it('unbounded recursion ends in MLE or RE, never OK', async function () {
    const r = await hostile('recursion', ['1000000000000']);
    assert.ok(['MLE', 'RE'].includes(r.status), JSON.stringify(r));
  });

  it('forbidden system calls fail with EPERM', async function () {
    const r = await hostile('forbidden');
    assert.equal(r.status, 'OK', r.stdout);
    assert.equal(r.stdout, 'unshare: EPERM\nmount: EPERM\nptrace: EPERM\nclone-newnet: EPERM\ntiocsti: EPERM\n');
  });

  it('filling the work dir stops at limits.diskKb with ENOSPC, not MLE, and the host gets at most that', async function () {
    const workDir = makeWorkDir(compileC('fillFiles', HOSTILE.fillFiles));
    const r = await backend.run({ argv: ['./prog', '/work'], workDir, limits: { ...limits, diskKb: 8 * 1024 } });
    assert.equal(r.status, 'RE', JSON.stringify(r));
    assert.match(r.stdout, /No space left on device/);
    const copiedBack = readdirSync(workDir)
      .filter((f) => f.startsWith('fill-'))
      .reduce((sum, f) => sum + statSync(path.join(workDir, f)).size, 0);
    assert.ok(copiedBack > 0 && copiedBack <= 8 << 20, `copied back ${copiedBack} bytes`);
  });

  it('in bind mode a file larger than limits.diskKb ends in OLE (file size limit)', async function () {
    const bound = createSandboxBackend({ cgroupParent, workDirMode: 'bind' });
    const workDir = makeWorkDir(compileC('fillFiles', HOSTILE.fillFiles));
    const r = await bound.run({ argv: ['./prog', '/work'], workDir, limits: { ...limits, diskKb: 8 * 1024 } });
    assert.equal(r.status, 'OLE', JSON.stringify(r));
    assert.equal(r.signal, 'SIGXFSZ');
    assert.ok(statSync(path.join(workDir, 'fill-0')).size <= 8 << 20);
  });

  it('filling /tmp ends with ENOSPC, not MLE', async function () {
    const r = await hostile('fillFiles', ['/tmp'], { limits: { ...limits, memoryKb: 256 * 1024 } });
    assert.equal(r.status, 'RE', JSON.stringify(r));
    assert.match(r.stdout, /No space left on device/);
  });

  it('16 concurrent hostile runs each get their own verdict and leave nothing behind', async function () {
    const kinds = [
      () => hostile('forkBomb'),
      () => backend.run({ argv: ['./prog', '1000'], workDir: makeWorkDir(compileC('touchMemory', C_PROGRAMS.touchMemory)), limits: { ...limits, memoryKb: 32 * 1024 } }),
      () => backend.run({ argv: ['./prog', '64'], workDir: makeWorkDir(compileC('bigOutput', C_PROGRAMS.bigOutput)), limits: { ...limits, outputBytes: 1 << 20 } }),
      () => backend.run({ argv: ['/bin/sh', '-c', 'echo ok'], workDir: makeWorkDir(), limits }),
    ];
    const expected = ['TLE', 'MLE', 'OLE', 'OK'];
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => kinds[i % 4]()));
    assert.deepEqual(
      results.map((r) => r.status),
      Array.from({ length: 16 }, (_, i) => expected[i % 4]),
    );
  });
});
