// One sandbox for every test of a submission (backend.openSession): the tests share a sandbox,
// so the wipe between them is what keeps them independent. Each attack is planted by test k and
// looked for by test k+1: files in /work, /tmp and /dev/shm, SysV shared memory, POSIX message
// queues, processes (double-forked, setsid, writing to stdout, burning CPU), memory held in tmpfs,
// the program replaced or its folder locked, a chain deeper than PATH_MAX, an xattr on /work. The
// host is checked after every test (only the runner in the session's cgroup) and after the
// session (no process of the sandbox user, no cgroup).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RunLimits, RunSession } from '@verdict/plugin-api';
import { createSandboxBackend, parseSandboxConfig, type SandboxBackend } from '@verdict/sandbox-bwrap';
import { cleanupPrograms, cleanupWorkDirs, compileC, makeWorkDir } from '@verdict/plugin-api/conformance';
import { assertRunsLeftNothing, assertSlotsBounded, processesOfUid } from './leftovers.ts';

const PROGRAM = `#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <mqueue.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <sys/socket.h>
#include <sys/statfs.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>
static void daemonize(const char *what) {
  if (fork() != 0) return;
  setsid();
  if (fork() != 0) _exit(0);
  if (!strcmp(what, "burn")) for (volatile unsigned long i = 0;; i++);
  for (;;) { printf("STRAY\\n"); fflush(stdout); usleep(1000); }
}
static int exists(const char *p) { struct stat st; return lstat(p, &st) == 0; }
int main(void) {
  char mode[32] = "";
  if (scanf("%31s", mode) != 1) return 3;
  if (!strcmp(mode, "plant")) {
    FILE *f = fopen("/work/planted", "w"); fputs("x", f); fclose(f);
    f = fopen("/tmp/planted", "w"); fputs("x", f); fclose(f);
    // 40 MB held in /dev/shm: memory charged to the cgroup until it is removed.
    int fd = open("/dev/shm/planted", O_CREAT | O_WRONLY, 0600);
    static char block[1 << 20];
    memset(block, 7, sizeof block);
    for (int i = 0; i < 40; i++) if (write(fd, block, sizeof block) < 0) return 4;
    close(fd);
    int shm = shmget(4242, 4096, IPC_CREAT | 0600);
    if (shm >= 0) { char *p = shmat(shm, NULL, 0); strcpy(p, "state"); shmdt(p); printf("made: sysv\\n"); }
    // The runner asks the IPC tables how many objects each holds before reading /proc: every kind.
    if (semget(4243, 1, IPC_CREAT | 0600) >= 0) printf("made: sem\\n");
    int queue = msgget(4244, IPC_CREAT | 0600);
    struct { long type; char text[8]; } message = {1, "state"};
    if (queue >= 0 && msgsnd(queue, &message, sizeof message.text, 0) == 0) printf("made: msg\\n");
    printf("mq_open: %s\\n", mq_open("/state", O_CREAT | O_RDWR, 0600, NULL) < 0 ? strerror(errno) : "ALLOWED");
    // A chain deeper than PATH_MAX, its top folder locked.
    if (mkdir("deep", 0755) == 0 && chdir("deep") == 0) {
      char name[201]; memset(name, 'd', 200); name[200] = 0;
      int depth = 0;
      for (int i = 0; i < 60; i++, depth++) if (mkdir(name, 0755) != 0 || chdir(name) != 0) break;
      if (depth == 60) printf("made: deep\\n");
      chdir("/work");
      chmod("deep", 0);
    }
    // The program replaced: the next test would print HACKED.
    unlink("prog");
    f = fopen("prog", "w"); fputs("#!/bin/sh\\necho HACKED\\n", f); fclose(f); chmod("prog", 0755);
    if (setxattr("/work", "user.state", "x", 1, 0) == 0) printf("made: xattr\\n");
    daemonize("write");
    daemonize("burn");
    usleep(20000);
    if (chmod("/work", 0) == 0) printf("made: locked\\n");
    printf("planted\\n");
    return 0;
  }
  if (!strcmp(mode, "probe")) {
    printf("work/planted %d tmp/planted %d shm/planted %d deep %d\\n", exists("/work/planted"), exists("/tmp/planted"), exists("/dev/shm/planted"), exists("/work/deep"));
    printf("sysv %s\\n", shmget(4242, 0, 0) >= 0 ? "FOUND" : "gone");
    printf("sem %s msg %s\\n", semget(4243, 0, 0) >= 0 ? "FOUND" : "gone", msgget(4244, 0) >= 0 ? "FOUND" : "gone");
    char value[8] = "";
    printf("xattr %s\\n", getxattr("/work", "user.state", value, sizeof value) > 0 ? "FOUND" : "gone");
    int processes = 0;
    DIR *d = opendir("/proc");
    struct dirent *e;
    while ((e = readdir(d))) if (e->d_name[0] >= '0' && e->d_name[0] <= '9') processes++;
    printf("processes %d\\n", processes);
    d = opendir("/work");
    while ((e = readdir(d))) if (e->d_name[0] != '.') printf("work: %s\\n", e->d_name);
    d = opendir("/in");
    printf("list /in: %s\\n", d ? "ALLOWED" : strerror(errno));
    printf("open /in/plant: %s\\n", open("/in/plant", O_RDONLY) >= 0 ? "ALLOWED" : strerror(errno));
    return 0;
  }
  if (!strcmp(mode, "park")) {
    // What a hostile review found: times on the roots, a read-only folder inside a folder, and a
    // 4 MB /tmp file and the program's own stdout parked in flight in a unix socket cycle.
    struct timespec t[2] = {{4000000000, 0}, {4000000000, 0}};
    utimensat(AT_FDCWD, "/work", t, 0);
    utimensat(AT_FDCWD, "/tmp", t, 0);
    mkdir("a", 0755); mkdir("a/b", 0755); close(open("a/b/f", O_CREAT | O_WRONLY, 0644)); chmod("a/b", 0555);
    int big = open("/tmp/big", O_CREAT | O_RDWR, 0600);
    static char block[1 << 20];
    for (int i = 0; i < 4; i++) if (write(big, block, sizeof block) < 0) return 4;
    unlink("/tmp/big");
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) return 5;
    int fds[5] = {1, 2, sv[0], sv[1], big};
    char byte = 0, control[CMSG_SPACE(sizeof fds)];
    struct iovec iov = {&byte, 1};
    struct msghdr msg = {0};
    msg.msg_iov = &iov; msg.msg_iovlen = 1; msg.msg_control = control; msg.msg_controllen = sizeof control;
    struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
    c->cmsg_level = SOL_SOCKET; c->cmsg_type = SCM_RIGHTS; c->cmsg_len = CMSG_LEN(sizeof fds);
    memcpy(CMSG_DATA(c), fds, sizeof fds);
    if (sendmsg(sv[0], &msg, 0) != 1) return 6;
    printf("parked\\n");
    return 0;
  }
  if (!strcmp(mode, "look")) {
    struct stat st;
    stat("/work", &st); printf("work atime %s\\n", st.st_atime >= 3999999999 ? "FOUND" : "new");
    stat("/tmp", &st); printf("tmp atime %s\\n", st.st_atime >= 3999999999 ? "FOUND" : "new");
    struct statfs fs;
    statfs("/tmp", &fs); printf("tmp blocks %ld\\n", (long)(fs.f_blocks - fs.f_bfree));
    printf("a %d\\n", exists("/work/a"));
    return 0;
  }
  if (!strcmp(mode, "cpus")) {
    char line[256];
    FILE *f = fopen("/proc/self/status", "r");
    while (fgets(line, sizeof line, f)) if (!strncmp(line, "Cpus_allowed_list:", 18)) fputs(line, stdout);
    return 0;
  }
  if (!strcmp(mode, "exit")) { int code; scanf("%d", &code); return code; }
  if (!strcmp(mode, "spin")) for (volatile unsigned long i = 0;; i++);
  if (!strcmp(mode, "sleep")) { sleep(30); return 0; }
  if (!strcmp(mode, "flood")) { for (;;) fputs("yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\\n", stdout); }
  if (!strcmp(mode, "abort")) abort();
  if (!strcmp(mode, "litter")) {
    // 20000 files for the runner to wipe; then this process's own CPU time, as it measures it.
    char name[32];
    for (int i = 0; i < 20000; i++) { snprintf(name, sizeof name, "/tmp/%d", i); close(open(name, O_CREAT | O_WRONLY, 0600)); }
    struct timespec cpu;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu);
    printf("self %.3f\\n", cpu.tv_sec * 1e3 + cpu.tv_nsec / 1e6);
    return 0;
  }
  if (!strcmp(mode, "forge")) {
    // The runner's report carries its own CPU time, which the judge takes off the test's: a
    // forged report (the runner's CPU a billion seconds) would hide this test's CPU. Every way
    // to the runner's control socket (fd 5 of pid 1) or its memory, then 300 ms of CPU.
    unsigned char fake[41] = {'S'};
    unsigned int ended = 16;
    unsigned long long huge = 1000000000000000000ULL;
    memcpy(fake + 5, &ended, 4);
    memcpy(fake + 33, &huge, 8);
    for (int fd = 3; fd < 1024; fd++) if (write(fd, fake, sizeof fake) > 0) printf("REACHED: fd %d\\n", fd);
    int viaProc = open("/proc/1/fd/5", O_WRONLY);
    if (viaProc >= 0 && write(viaProc, fake, sizeof fake) > 0) printf("REACHED: /proc/1/fd/5\\n");
    int pidfd = (int)syscall(SYS_pidfd_open, 1, 0);
    if (pidfd >= 0 && syscall(SYS_pidfd_getfd, pidfd, 5, 0) >= 0) printf("REACHED: pidfd_getfd\\n");
    if (ptrace(PTRACE_ATTACH, 1, 0, 0) == 0) printf("REACHED: ptrace\\n");
    char byte = 0;
    struct iovec local = {&byte, 1}, remote = {(void *)0x400000, 1};
    if (process_vm_writev(1, &local, 1, &remote, 1, 0) >= 0) printf("REACHED: process_vm_writev\\n");
    int mem = open("/proc/1/mem", O_RDWR);
    if (mem >= 0) printf("REACHED: /proc/1/mem\\n");
    kill(1, SIGSTOP);
    kill(1, SIGKILL);
    struct timespec cpu;
    do clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu); while (cpu.tv_sec * 1000 + cpu.tv_nsec / 1000000 < 300);
    printf("forged\\n");
    return 0;
  }
  if (!strcmp(mode, "bytes")) { for (int k = 0; k < 512; k++) putchar(k & 255); return 0; }
  if (!strcmp(mode, "echo")) { char w[64]; while (scanf("%63s", w) == 1) printf("%s ", w); printf("\\n"); fprintf(stderr, "to stderr\\n"); return 0; }
  return 2;
}
`;

describe('sandbox sessions: one sandbox, many tests @slow', function () {
  this.timeout(120_000);
  const cgroupParent = 'verdict-sandbox-test';
  const slotRoot = '/run/verdict-sandbox-session-test';
  let backend: SandboxBackend;
  let existing: Set<number>;
  let inputDir: string;
  const limits: RunLimits = { cpuMs: 1000, wallMs: 2000, memoryKb: 256 * 1024, pids: 32, outputBytes: 1 << 20 };
  const inputs = { cpus: 'cpus\n', park: 'park\n', look: 'look\n', plant: 'plant\n', probe: 'probe\n', exit7: 'exit 7\n', spin: 'spin\n', sleep: 'sleep\n', flood: 'flood\n', abort: 'abort\n', echo: 'echo 1 2 3\n', bytes: 'bytes\n', litter: 'litter\n', forge: 'forge\n' };
  // As the judge makes them: unguessable names in a folder that cannot be listed.
  const suffix = randomBytes(16).toString('hex');
  const input = (name: keyof typeof inputs) => ({ file: path.join(inputDir, `${name}-${suffix}`) });

  before(async function () {
    backend = createSandboxBackend({ cgroupParent, slotRoot });
    const report = await backend.check();
    if (!report.ok) throw new Error(`sandbox unusable: ${report.problems.join('; ')}`);
    inputDir = mkdtempSync(path.join(os.tmpdir(), 'verdict-session-in-'));
    for (const [name, text] of Object.entries(inputs)) writeFileSync(path.join(inputDir, `${name}-${suffix}`), text);
    chmodSync(inputDir, 0o711);
    // An answer beside the inputs' package would be here; the session shows only inputDir.
  });
  beforeEach(function () {
    existing = new Set(processesOfUid());
  });
  afterEach(async function () {
    // The host after each session: no process of the sandbox user, no cgroup, no slot holding
    // the program's files or piling up (the sandbox's own mounts die with its namespace).
    await assertRunsLeftNothing(backend, existing, cgroupParent, 2000);
    assertSlotsBounded(slotRoot);
  });
  after(async function () {
    await backend?.close();
    rmSync(inputDir, { recursive: true, force: true });
    cleanupWorkDirs();
    cleanupPrograms();
  });

  async function withSession<T>(use: (session: RunSession) => Promise<T>): Promise<T> {
    const session = await backend.openSession({ argv: ['./prog'], workDir: makeWorkDir(compileC('session', PROGRAM, ['-lrt'])), inputDir, limits });
    try {
      return await use(session);
    } finally {
      await session.close();
    }
  }

  /** Processes of this session's sandbox on the host that are inside its cgroup. */
  function sessionProcessesInCgroups(): number[] {
    return processesOfUid().filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cgroup`, 'utf8').includes(`/${cgroupParent}/run-${process.pid}-`);
      } catch {
        return false;
      }
    });
  }

  it('test k+1 finds nothing test k left: files, SysV memory, xattrs, processes, its stdout, a replaced program', async function () {
    await withSession(async (session) => {
      const planted = await session.run({ stdin: input('plant') });
      assert.equal(planted.status, 'OK', planted.message ?? planted.stderr);
      assert.match(planted.stdout, /planted/);
      for (const made of ['sysv', 'sem', 'msg', 'deep', 'xattr', 'locked']) assert.match(planted.stdout, new RegExp(`made: ${made}\n`));
      assert.match(planted.stdout, /mq_open: Operation not permitted/, 'POSIX message queues outlive processes: refused');
      // On the host, between tests: only the runner is left in the session's cgroups.
      assert.equal(sessionProcessesInCgroups().length, 1, 'strays of test k still alive after its report');
      const probe = await session.run({ stdin: input('probe') });
      assert.equal(probe.status, 'OK', probe.message ?? probe.stderr);
      assert.match(probe.stdout, /work\/planted 0 tmp\/planted 0 shm\/planted 0 deep 0/);
      assert.match(probe.stdout, /sysv gone/);
      assert.match(probe.stdout, /sem gone msg gone/);
      assert.match(probe.stdout, /xattr gone/);
      // pid 1 (the runner) and the probe itself.
      assert.match(probe.stdout, /processes 2\n/);
      assert.doesNotMatch(probe.stdout, /STRAY|HACKED/);
      assert.deepEqual(
        probe.stdout.split('\n').filter((l) => l.startsWith('work: ')),
        ['work: prog'],
      );
      // Another test's input cannot be found: /in cannot be listed, and names are unguessable.
      assert.match(probe.stdout, /list \/in: Permission denied/);
      assert.match(probe.stdout, /open \/in\/plant: No such file or directory/);
      // Figures are the test's own: the strays' CPU and the 40 MB in /dev/shm belong to test k.
      assert.ok(planted.memoryKb > 40 * 1024, `planted test's peak ${planted.memoryKb} KiB holds its 40 MB`);
      assert.ok(probe.memoryKb < 8 * 1024, `probe's peak ${probe.memoryKb} KiB includes test k's memory`);
      assert.ok(probe.cpuMs < 50, `probe charged ${probe.cpuMs} ms of CPU`);
    });
  });

  it('times on /work and /tmp, a read-only folder in a folder, and files and pipes parked in flight do not survive or hang the session', async function () {
    await withSession(async (session) => {
      const parked = await session.run({ stdin: input('park') });
      assert.equal(parked.status, 'OK', parked.message ?? parked.stderr);
      assert.match(parked.stdout, /parked/);
      assert.ok(parked.wallMs < 1000, `the runner waited ${parked.wallMs} ms for a pipe parked in flight`);
      const look = await session.run({ stdin: input('look') });
      assert.equal(look.status, 'OK', look.message ?? look.stderr);
      assert.match(look.stdout, /work atime new\ntmp atime new\ntmp blocks 0\na 0\n/);
      assert.ok(look.memoryKb < 8 * 1024, `the parked 4 MB are charged to the next test: ${look.memoryKb} KiB`);
    });
  });

  it('a CPU burner left by test k is not charged to test k+1', async function () {
    await withSession(async (session) => {
      // The burner is double-forked, then the program waits 20 ms and exits: killed at its end.
      await session.run({ stdin: input('plant') });
      for (let i = 0; i < 3; i++) {
        const r = await session.run({ stdin: input('exit7') });
        assert.equal(r.status, 'RE');
        assert.equal(r.exitCode, 7);
        assert.ok(r.cpuMs < 20, `a trivial test charged ${r.cpuMs} ms`);
      }
    });
  });

  it("charges a test its own processes' CPU only: not the runner's wipe of what it left", async function () {
    await withSession(async (session) => {
      for (let i = 0; i < 2; i++) {
        const started = performance.now();
        const litter = await session.run({ stdin: input('litter') });
        const elapsed = performance.now() - started;
        assert.equal(litter.status, 'OK', litter.message ?? litter.stderr);
        const self = Number(/self ([\d.]+)/.exec(litter.stdout)?.[1]);
        // The wipe of 20000 files happens before the report: it is in the call's time...
        assert.ok(elapsed - litter.wallMs > 10, `the wipe took ${elapsed - litter.wallMs} ms`);
        // ...and not in the test's CPU, which is what the program itself used (exec included).
        // (The wipe costs ~100 ms of the runner's CPU here; the program's exit a little of its own.)
        assert.ok(Math.abs(litter.cpuMs - self) < 10, `charged ${litter.cpuMs} ms, the program used ${self} ms`);
      }
      const echo = await session.run({ stdin: input('echo') });
      assert.ok(echo.cpuMs < 20, `the test after the litter charged ${echo.cpuMs} ms`);
    });
  });

  it("cannot forge the runner's report to hide its CPU: no way to the control socket, the runner's fds or memory; the session goes on", async function () {
    await withSession(async (session) => {
      const forge = await session.run({ stdin: input('forge') });
      assert.equal(forge.status, 'OK', forge.message ?? forge.stderr);
      assert.match(forge.stdout, /forged\n/);
      assert.doesNotMatch(forge.stdout, /REACHED/);
      assert.ok(forge.cpuMs >= 280, `charged ${forge.cpuMs} ms for 300 ms of CPU`);
      // The runner survived the signals and its stream of reports is intact.
      const echo = await session.run({ stdin: input('echo') });
      assert.equal(echo.status, 'OK', echo.message ?? echo.stderr);
      assert.match(echo.stdout, /^1 2 3 /);
      assert.ok(echo.cpuMs < 20, `the next test charged ${echo.cpuMs} ms`);
    });
  });

  it('limits and verdicts hold per test: TLE by CPU and by wall clock, OLE, signals, exit codes, stderr', async function () {
    await withSession(async (session) => {
      const spin = await session.run({ stdin: input('spin') });
      assert.equal(spin.status, 'TLE');
      assert.ok(spin.cpuMs >= 1000 && spin.cpuMs < 1500, `spin ${spin.cpuMs} ms`);
      const sleep = await session.run({ stdin: input('sleep') });
      assert.equal(sleep.status, 'TLE');
      assert.match(sleep.message ?? '', /wall-clock/);
      const flood = await session.run({ stdin: input('flood') });
      assert.equal(flood.status, 'OLE');
      const aborted = await session.run({ stdin: input('abort') });
      assert.equal(aborted.status, 'RE');
      assert.equal(aborted.signal, 'SIGABRT');
      const echo = await session.run({ stdin: input('echo') });
      assert.equal(echo.status, 'OK');
      assert.equal(echo.stdout, '1 2 3 \n');
      assert.equal(echo.stderr, 'to stderr\n');
      assert.ok(echo.cpuMs < 20 && echo.wallMs < 200, `echo: ${echo.cpuMs} ms CPU, ${echo.wallMs} ms wall`);
    });
  });

  it('pins each session to a core of its own; a session waits for a free core', async function () {
    const cores = String((await backend.check()).capabilities.cpus);
    if (!cores.startsWith('one session per core')) this.skip();
    const count = cores.split(': ')[1].split(',').length;
    const open = () => backend.openSession({ argv: ['./prog'], workDir: makeWorkDir(compileC('session', PROGRAM, ['-lrt'])), inputDir, limits });
    const sessions = await Promise.all(Array.from({ length: count }, open));
    let extraOpened = false;
    const extra = open().then((s) => ((extraOpened = true), s));
    try {
      const seen = [];
      for (const session of sessions) {
        const r = await session.run({ stdin: input('cpus') });
        seen.push(/Cpus_allowed_list:\s*(\S+)/.exec(r.stdout)?.[1]);
      }
      assert.ok(seen.every((c) => /^\d+$/.test(c ?? '')), `each session on one core: ${seen.join(' ')}`);
      assert.equal(new Set(seen).size, count, `sessions share a core: ${seen.join(' ')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(extraOpened, false, 'a session got a core while every core had one');
      await sessions.pop()!.close();
      const late = await extra;
      const r = await late.run({ stdin: input('cpus') });
      assert.match(r.stdout, /Cpus_allowed_list:\s*\d+\n/);
      await late.close();
    } finally {
      for (const session of sessions) await session.close();
      await (await extra).close(); // idempotent
    }
  });

  it('the cpus option takes auto, off or a CPU list', function () {
    assert.equal(parseSandboxConfig({}).cpus, 'auto');
    assert.equal(parseSandboxConfig({ cpus: '0-1,3' }).cpus, '0-1,3');
    assert.throws(() => parseSandboxConfig({ cpus: 'all' }), /option 'cpus' must be 'auto', 'off' or a CPU list/);
  });

  it('stdout comes back as bytes when asked (stdoutBuffer): exact, capped, no file, nothing carried over; not with stdoutFile', async function () {
    const cgroupFds = () => readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`).startsWith('/sys/fs/cgroup');
      } catch {
        return false;
      }
    }).length;
    const before = cgroupFds();
    await withSession(async (session) => {
      const bytes = await session.run({ stdin: input('bytes'), stdoutBuffer: true });
      assert.equal(bytes.status, 'OK', bytes.message ?? bytes.stderr);
      const expected = Buffer.alloc(512);
      for (let k = 0; k < 512; k++) expected[k] = k & 255;
      assert.deepEqual(bytes.stdoutBuffer, expected, 'every byte as written, invalid UTF-8 and NUL included');
      assert.equal(bytes.stdout, '');
      const flood = await session.run({ stdin: input('flood'), stdoutBuffer: true });
      assert.equal(flood.status, 'OLE');
      assert.ok(flood.stdoutBuffer && flood.stdoutBuffer.length <= limits.outputBytes!, `kept ${flood.stdoutBuffer?.length} bytes over the cap`);
      const echo = await session.run({ stdin: input('echo'), stdoutBuffer: true });
      assert.equal(echo.status, 'OK');
      assert.equal(echo.stdoutBuffer?.toString('latin1'), '1 2 3 \n', 'the flood of the test before reached this one');
      const both = await session.run({ stdin: input('echo'), stdoutBuffer: true, stdoutFile: path.join(os.tmpdir(), `never-${suffix}`) });
      assert.equal(both.status, 'SE');
      assert.match(both.message ?? '', /stdoutFile or stdoutBuffer, not both/);
      assert.equal(existsSync(path.join(os.tmpdir(), `never-${suffix}`)), false);
      // The session reads its cgroup's counters through descriptors it keeps open...
      assert.ok(cgroupFds() > before, 'no cgroup file held open during the session');
    });
    // ...and closes them with it.
    assert.equal(cgroupFds(), before, 'cgroup files left open after the session');
  });

  it('stdout goes to the test file given, capped; stdin only from the session inputs', async function () {
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'verdict-session-out-')), 'out');
    await withSession(async (session) => {
      const echo = await session.run({ stdin: input('echo'), stdoutFile: out });
      assert.equal(echo.status, 'OK');
      assert.equal(readFileSync(out, 'utf8'), '1 2 3 \n');
      const outside = await session.run({ stdin: { file: '/etc/passwd' } });
      assert.equal(outside.status, 'SE');
      assert.match(outside.message ?? '', /inputDir/);
    });
    rmSync(path.dirname(out), { recursive: true, force: true });
  });
});
