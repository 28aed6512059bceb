// Escapes and overloads tried as a hostile contestant would (issue: "a contestant's program must
// not outlive, escape or overload the judge"): taking over the sandbox's pid 1, reaching its
// file descriptors, making the copy-back of the work dir write gigabytes, a directory chain
// deeper than PATH_MAX, many empty files. After each attack the host is checked (no process of
// the sandbox user, no run cgroup, no slot left holding the attacker's files, the host disk
// untouched) and a victim run must see only its own files and get its verdict.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { RunLimits, RunRequest, RunResult } from '@verdict/plugin-api';
import { createSandboxBackend, type SandboxBackend } from '@verdict/sandbox-bwrap';
import { cleanupPrograms, cleanupWorkDirs, compileC, makeWorkDir } from '@verdict/plugin-api/conformance';
import { assertRunsLeftNothing, assertSlotsBounded, processesOfUid } from './leftovers.ts';

const ATTACKS = {
  /**
   * Plants code at the sandbox init's resume address through /proc/1/mem: it clears its
   * parent-death signal and pauses for ever, so it would outlive the run outside its cgroups.
   */
  takeOverPid1: `#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
int main(void) {
  char buf[512] = {0};
  int fd = open("/proc/1/syscall", O_RDONLY);
  if (fd < 0 || read(fd, buf, sizeof buf - 1) < 0) printf("syscall: %s\\n", strerror(errno));
  int mem = open("/proc/1/mem", O_RDWR);
  if (mem < 0) { printf("mem: %s\\n", strerror(errno)); return 0; }
  char *last = strrchr(buf, ' ');
  unsigned long pc = last ? strtoul(last + 1, NULL, 16) : 0;
  static const unsigned char code[] = {
    0x48, 0xc7, 0xc7, 0x01, 0, 0, 0,    /* mov rdi, PR_SET_PDEATHSIG */
    0x48, 0x31, 0xf6,                   /* xor rsi, rsi */
    0x48, 0xc7, 0xc0, 0x9d, 0, 0, 0,    /* mov rax, SYS_prctl */
    0x0f, 0x05,                         /* syscall */
    0x48, 0xc7, 0xc0, 0x22, 0, 0, 0,    /* mov rax, SYS_pause */
    0x0f, 0x05,                         /* syscall */
    0xeb, 0xf5,                         /* jmp back to pause */
  };
  if (!pc || pwrite(mem, code, sizeof code, pc) != sizeof code) { printf("write: %s\\n", strerror(errno)); return 0; }
  printf("planted\\n");
  return 0;
}`,
  /** Everything else a program could try on pid 1 and on processes through pidfds. */
  reachPid1: `#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>
static const char *err(long r) { return r < 0 ? (errno == EPERM ? "EPERM" : errno == EACCES ? "EACCES" : strerror(errno)) : "ALLOWED"; }
int main(void) {
  printf("environ: %s\\n", err(open("/proc/1/environ", O_RDONLY)));
  printf("fd dir: %s\\n", opendir("/proc/1/fd") ? "ALLOWED" : err(-1));
  long pidfd = syscall(SYS_pidfd_open, 1, 0);
  printf("pidfd_open: %s\\n", pidfd < 0 ? err(pidfd) : "ok");
  long got = -1;
  for (int fd = 0; fd < 64 && got < 0; fd++) got = syscall(SYS_pidfd_getfd, pidfd, fd, 0);
  printf("pidfd_getfd: %s\\n", err(got));
  long self = syscall(SYS_pidfd_open, getpid(), 0);
  static char page[4096] __attribute__((aligned(4096)));
  struct iovec v = { page, sizeof page };
  printf("process_madvise: %s\\n", err(syscall(SYS_process_madvise, self, &v, 1, MADV_COLD, 0)));
  printf("process_vm_readv: %s\\n", err(process_vm_readv(getpid(), &v, 1, &v, 1, 0)));
  kill(1, SIGKILL);
  kill(1, SIGSTOP);
  printf("still here\\n");
  return 0;
}`,
};

describe('sandbox escapes and overloads @slow', function () {
  this.timeout(120_000);
  const cgroupParent = 'verdict-sandbox-test';
  const slotRoot = '/run/verdict-sandbox-escape-test';
  let backend: SandboxBackend;
  let existing: Set<number>;
  const limits: RunLimits = { cpuMs: 2000, wallMs: 4000, memoryKb: 256 * 1024, pids: 32 };

  before(async function () {
    backend = createSandboxBackend({ cgroupParent, slotRoot });
    const report = await backend.check();
    if (!report.ok) throw new Error(`sandbox unusable: ${report.problems.join('; ')}`);
  });
  beforeEach(function () {
    existing = new Set(processesOfUid());
  });
  afterEach(async function () {
    await assertRunsLeftNothing(backend, existing, cgroupParent, 2000);
    assertSlotsBounded(slotRoot);
    await victimIsUnharmed();
  });
  after(async function () {
    await backend.close();
    cleanupWorkDirs();
    cleanupPrograms();
  });

  const run = (argv: string[], req: Partial<RunRequest> = {}): Promise<RunResult> =>
    backend.run({ argv, workDir: makeWorkDir(), limits, ...req });

  /** A victim after every attack: sees only its own files and gets its verdict. */
  async function victimIsUnharmed(): Promise<void> {
    const workDir = makeWorkDir();
    writeFileSync(path.join(workDir, 'secret.txt'), 'victim\n', { mode: 0o644 });
    const script = 'ls -A /work /tmp /dev/shm; cat secret.txt; umask 022; echo w > scratch && cat scratch && stat -c %a /work scratch';
    const r = await backend.run({ argv: ['/bin/sh', '-c', script], workDir, limits });
    assert.equal(r.status, 'OK', JSON.stringify(r));
    assert.equal(r.stdout, '/dev/shm:\n\n/tmp:\n\n/work:\nsecret.txt\nvictim\nw\n755\n644\n');
    assert.ok(r.wallMs < 2000, `the victim waited ${r.wallMs} ms`);
  }

  /** Apparent size of everything under dir (a hard link counted once per name). */
  function apparentBytes(dir: string): number {
    let sum = 0;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      sum += entry.isDirectory() ? apparentBytes(full) : statSync(full).size;
    }
    return sum;
  }

  it("cannot take over the sandbox's pid 1 through /proc/1/mem: nothing of the run outlives it", async function () {
    const r = await backend.run({ argv: ['./prog'], workDir: makeWorkDir(compileC('takeOverPid1', ATTACKS.takeOverPid1)), limits });
    assert.equal(r.status, 'OK', JSON.stringify(r));
    assert.doesNotMatch(r.stdout, /planted/);
    assert.match(r.stdout, /mem: Permission denied/);
  });

  it('cannot write /proc/1/mem from Python either', async function () {
    const r = await run(['python3', '-c', "open('/proc/1/mem', 'r+b')"]);
    assert.equal(r.status, 'RE', JSON.stringify(r));
    assert.match(r.stderr, /PermissionError/);
  });

  it('cannot reach pid 1 through /proc, pidfds or signals, and pidfd_getfd and process_madvise are denied', async function () {
    const r = await backend.run({ argv: ['./prog'], workDir: makeWorkDir(compileC('reachPid1', ATTACKS.reachPid1)), limits });
    assert.equal(r.status, 'OK', JSON.stringify(r));
    assert.equal(
      r.stdout,
      [
        'environ: EACCES',
        'fd dir: EACCES',
        'pidfd_open: ok',
        'pidfd_getfd: EPERM',
        'process_madvise: EPERM',
        'process_vm_readv: EPERM',
        'still here',
        '',
      ].join('\n'),
    );
  });

  it('the program keeps the usual signal semantics: abort() is SIGABRT, a signal to itself kills it', async function () {
    const abort = await run(['python3', '-c', 'import os; os.abort()']);
    assert.equal(abort.status, 'RE');
    assert.equal(abort.signal, 'SIGABRT');
    const killed = await run(['/bin/sh', '-c', 'kill -KILL $$; echo survived']);
    assert.equal(killed.signal, 'SIGKILL');
    assert.equal(killed.stdout, '');
  });

  it('an exit code above 128 is an exit code, not a forged signal (no TLE, no rerun)', async function () {
    for (const code of [137, 152, 153, 159]) {
      const r = await run(['/bin/sh', '-c', `exit ${code}`]);
      assert.equal(r.status, 'RE', JSON.stringify(r));
      assert.equal(r.exitCode, code);
      assert.equal(r.signal, null);
    }
  });

  it('30 hard links of a 60 MB file are OLE and nothing is copied back', async function () {
    const workDir = makeWorkDir();
    const r = await run(['/bin/sh', '-c', 'head -c 60000000 /dev/zero > big && for i in $(seq 30); do ln big l$i; done'], {
      workDir,
      limits: { ...limits, diskKb: 100 * 1024 },
    });
    assert.equal(r.status, 'OLE', JSON.stringify(r));
    assert.match(r.message ?? '', /files left in the work dir/);
    assert.ok(apparentBytes(workDir) <= 100 << 20, `the host got ${apparentBytes(workDir)} bytes`);
  });

  it('30 sparse files of 64 MB are OLE and nothing is copied back', async function () {
    const workDir = makeWorkDir();
    const r = await run(['/bin/sh', '-c', 'for i in $(seq 30); do truncate -s 64M s$i; done'], {
      workDir,
      limits: { ...limits, diskKb: 100 * 1024 },
    });
    assert.equal(r.status, 'OLE', JSON.stringify(r));
    assert.ok(apparentBytes(workDir) <= 100 << 20, `the host got ${apparentBytes(workDir)} bytes`);
  });

  /** A program making a chain of `levels` directories named `name` (a Python expression). */
  async function assertChainIsTooDeep(name: string, levels: number): Promise<void> {
    const script = `import os\nname = ${name}\nfor i in range(${levels}):\n    os.mkdir(name)\n    os.chdir(name)\nopen('x', 'w').write('x')\n`;
    const r = await run(['python3', '-c', script]);
    assert.equal(r.status, 'OLE', JSON.stringify(r));
    assert.match(r.message ?? '', /nested deeper than/);
  }

  it('a directory chain deeper than PATH_MAX is OLE and its slot is not reused', async function () {
    await assertChainIsTooDeep("'d' * 200", 60);
  });

  it('creating empty files for 2 s stops at the entry budget, ends quickly and does not stall other runs', async function () {
    const script = "import time\nt = time.time(); i = 0\nwhile time.time() - t < 2:\n    try: open(f'f{i}', 'w').close()\n    except OSError as e: print(e); break\n    i += 1\n";
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    const attack = run(['python3', '-c', script], { limits: { ...limits, wallMs: 10_000 } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await victimIsUnharmed();
    const r = await attack;
    const took = performance.now() - started;
    delay.disable();
    assert.ok(['OK', 'RE'].includes(r.status), JSON.stringify(r));
    assert.match(r.stdout, /No space left on device/);
    assert.ok(took < 8000, `the attack took ${took} ms`);
    assert.ok(delay.max / 1e6 < 500, `the judge's event loop stalled ${delay.max / 1e6} ms`);
  });

  it("a program's chmod, ACL and xattrs on /work do not reach the next run", async function () {
    // A default ACL giving nobody anything, a user xattr, then no permission at all.
    const script = [
      'import os',
      "os.setxattr('/work', 'user.x', b'1')",
      "os.setxattr('/work', 'system.posix_acl_default', bytes([2, 0, 0, 0, 1, 0, 0, 0, 255, 255, 255, 255, 4, 0, 0, 0, 255, 255, 255, 255, 32, 0, 0, 0, 255, 255, 255, 255]))",
      "os.chmod('/work', 0)",
    ].join('\n');
    const r = await run(['python3', '-c', script]);
    assert.equal(r.status, 'OK', JSON.stringify(r));
    // afterEach: the victim works in /work as usual
  });

  it('a file name that is not UTF-8 is a contestant\'s business: no SE, not copied back', async function () {
    const workDir = makeWorkDir();
    for (let i = 0; i < 2; i++) {
      const r = await run(['python3', '-c', "open(b'out\\xff', 'w').write('x'); import os; os.mkdir(b'dir\\xfe')"], { workDir });
      assert.equal(r.status, 'OK', JSON.stringify(r));
    }
    assert.deepEqual(readdirSync(workDir), []);
  });

  it('files left by one run do not pile up in the work dir until a later run cannot start', async function () {
    // Each run removes what the last one left and writes 700 KB more in a 1 MB work dir.
    const workDir = makeWorkDir();
    const script = "import glob, os, sys\nfor f in glob.glob('f*'): os.remove(f)\nopen(f'f{os.getpid()}', 'wb').write(b'x' * 700_000)\n";
    for (let i = 0; i < 4; i++) {
      const r = await run(['python3', '-c', script], { workDir, limits: { ...limits, diskKb: 1024 } });
      assert.equal(r.status, 'OK', `run ${i}: ${JSON.stringify(r)}`);
    }
    assert.equal(readdirSync(workDir).length, 1);
  });

  it('cannot change the files it was given: no state or memory carried from one run to the next', async function () {
    const workDir = makeWorkDir();
    writeFileSync(path.join(workDir, 'state'), 'initial\n', { mode: 0o644 });
    // Run 1 leaves a sparse 60 MB file; later runs try to write it and the given file through
    // shared mappings (which change neither mtime nor ctime on tmpfs) and print what they see.
    const script = [
      'import mmap, os',
      "print(open('state').read().strip())",
      "if not os.path.exists('big'): os.truncate(os.open('big', os.O_CREAT | os.O_WRONLY, 0o644), 60 << 20)",
      'for name in ("state", "big"):',
      '    try:',
      '        fd = os.open(name, os.O_RDWR)',
      '        m = mmap.mmap(fd, os.fstat(fd).st_size)',
      "        m[:7] = b'changed'",
      "        print(name, 'written')",
      '    except OSError as e:',
      "        print(name, e.strerror)",
    ].join('\n');
    const outputs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await run(['python3', '-c', script], { workDir, limits: { ...limits, memoryKb: 32 * 1024, diskKb: 64 * 1024 } });
      assert.equal(r.status, 'OK', JSON.stringify(r));
      outputs.push(r.stdout);
    }
    assert.deepEqual(outputs.slice(1), [
      'initial\nstate Permission denied\nbig Permission denied\n',
      'initial\nstate Permission denied\nbig Permission denied\n',
    ]);
    assert.equal(readFileSync(path.join(workDir, 'state'), 'utf8'), 'initial\n');
  });

  it('a long chain of CJK names (bytes past PATH_MAX, characters under it) is OLE, not SE', async function () {
    // 85 three-byte characters: a 255-byte name; 20 levels: 5120 bytes in 1720 characters.
    await assertChainIsTooDeep("'\\u4e2d' * 85", 20);
  });

  it("cannot signal bwrap's monitor through its process group: no verdict chosen by kill(0)", async function () {
    // SIGXCPU, SIGXFSZ and SIGTERM to the whole group once ended the run as TLE, OLE and RE
    // (bwrap's monitor, a host process of the same uid, shared the program's group).
    for (const signal of ['XCPU', 'XFSZ', 'TERM']) {
      const r = await run(['/bin/sh', '-c', `trap '' ${signal}; kill -${signal} 0; echo alive`]);
      assert.equal(r.status, 'OK', `${signal}: ${JSON.stringify(r)}`);
      assert.equal(r.stdout, 'alive\n');
    }
  });

  it('leaves no zombie for a pid 1 that does not reap (node as pid 1 of a container)', async function () {
    // Before the launcher reaped the run's processes, this left one bwrap zombie per run.
    const out = execFileSync('unshare', ['--pid', '--fork', '--mount-proc', process.execPath, '--import', 'tsx', path.join(import.meta.dirname, 'node-as-pid1.ts')], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    const report = JSON.parse(out.trim().split('\n').at(-1)!) as { pid: number; statuses: string[]; zombies: string[] };
    assert.equal(report.pid, 1);
    assert.deepEqual(report.statuses, ['OK', 'TLE', 'TLE', 'TLE', 'OK']);
    assert.deepEqual(report.zombies, []);
  });
});
