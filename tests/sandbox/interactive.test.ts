// The sandbox's interactive runs (runInteractive) attacked from the program's side: it must reach
// nothing of the validator (its work dir, the answer and feedback folder in it, its processes),
// in both work-dir modes; daemons on either side die with their run and do not hold the other
// side's pipe open; the socket pairs that join them cannot be turned against the validator
// (shutdown, descriptors parked in the program's stdin); a side that never starts leaves the
// other its EOF. The host, and the judge's open fds, are checked after each test. The contract
// itself (pipes, EOF, deadlock, figures) is in the backend conformance suite
// (tests/sandbox/bwrap.test.ts).
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PipedRunRequest, RunLimits } from '@verdict/plugin-api';
import { createSandboxBackend, type SandboxBackend } from '@verdict/sandbox-bwrap';
import { cleanupPrograms, cleanupWorkDirs, compileC, makeWorkDir } from '@verdict/plugin-api/conformance';
import { assertRunsLeftNothing, assertSlotsBounded, processesOfUid } from './leftovers.ts';

/**
 * Looks for the validator by every way a program could, and prints what it found on stderr. The
 * name looked for ($NAME, answer.txt) is in its environment, not in its own command line.
 */
const HUNT = `
for f in "$VDIR/$NAME" "$VDIR/feedback" "$VDIR/feedback/judgemessage.txt" "$VDIR"; do
  [ -e "$f" ] && echo "found $f" >&2
done
for p in /proc/[0-9]*; do
  tr '\\0' ' ' < $p/cmdline 2>/dev/null | grep -q "$NAME" && echo "found cmdline $p" >&2
  [ -e "$p/cwd/$NAME" ] && echo "found cwd $p" >&2
  [ -e "$p/root$VDIR/$NAME" ] && echo "found root $p" >&2
done
ls -A /work /tmp >&2
echo hunted`;

/**
 * The program's stdin and stdout are the judge's ends of Unix stream socket pairs (libuv's
 * "pipes"), which do more than a pipe: these programs try it (found by a hostile review).
 */
const SOCKET_ATTACKS = {
  /** shutdown(SHUT_RD) on its stdin: the validator's next write would be EPIPE, SIGPIPE. */
  shutStdin: `#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
int main(void) {
  int r = shutdown(0, SHUT_RD);
  fprintf(stderr, "shutdown: %s\\n", r < 0 ? strerror(errno) : "done");
  return 0;
}`,
  /**
   * Writes into its stdin, into the queue of the validator's stdout, which nobody reads: a byte
   * carrying its own stdin and stdout (SCM_RIGHTS). Parked there, its stdout would stay open
   * after the program ended, and the validator would never read EOF.
   */
  parkOwnStdio: `#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
int main(void) {
  int fds[2] = {0, 1};
  char byte = 'x', control[CMSG_SPACE(sizeof fds)];
  memset(control, 0, sizeof control);
  struct iovec iov = {&byte, 1};
  struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = control, .msg_controllen = sizeof control};
  struct cmsghdr *c = CMSG_FIRSTHDR(&m);
  c->cmsg_level = SOL_SOCKET;
  c->cmsg_type = SCM_RIGHTS;
  c->cmsg_len = CMSG_LEN(sizeof fds);
  memcpy(CMSG_DATA(c), fds, sizeof fds);
  int r = sendmsg(0, &m, MSG_DONTWAIT | MSG_NOSIGNAL);
  fprintf(stderr, "sendmsg: %s\\n", r < 0 ? strerror(errno) : "sent");
  return 0;
}`,
};

/** Descriptors of this (the judge's) process. */
function openFds(): number {
  return readdirSync('/proc/self/fd').length;
}

for (const workDirMode of ['tmpfs', 'bind'] as const) {
  describe(`interactive runs in the sandbox, attacked by the program (${workDirMode} work dirs) @slow`, function () {
    this.timeout(60_000);
    const cgroupParent = 'verdict-sandbox-test';
    const slotRoot = '/run/verdict-sandbox-interactive-test';
    const limits: RunLimits = { cpuMs: 2000, wallMs: 4000, memoryKb: 256 * 1024, pids: 32 };
    let backend: SandboxBackend;
    let existing: Set<number>;
    let fdsAfterFirstTest: number | undefined;

    before(async function () {
      backend = createSandboxBackend({ cgroupParent, slotRoot, workDirMode });
      const report = await backend.check();
      if (!report.ok) throw new Error(`sandbox unusable: ${report.problems.join('; ')}`);
    });
    beforeEach(function () {
      existing = new Set(processesOfUid());
    });
    afterEach(async function () {
      await assertRunsLeftNothing(backend, existing, cgroupParent, 2000);
      if (workDirMode === 'tmpfs') assertSlotsBounded(slotRoot);
      // Our ends of each run's pipes are closed once it is over (a spare launcher's stay).
      fdsAfterFirstTest ??= openFds();
      assert.ok(openFds() <= fdsAfterFirstTest + 2, `the judge holds ${openFds()} fds, ${fdsAfterFirstTest} after the first test`);
    });
    after(async function () {
      await backend.close();
      cleanupWorkDirs();
      cleanupPrograms();
    });
    const attack = (name: keyof typeof SOCKET_ATTACKS) => ({ argv: ['./prog'], workDir: makeWorkDir(compileC(`interactive-${name}`, SOCKET_ATTACKS[name])), limits });

    const side = (script: string, more: Partial<PipedRunRequest> = {}): PipedRunRequest => ({ argv: ['/bin/sh', '-c', script], workDir: makeWorkDir(), limits, ...more });

    /** A validator's work dir as the judge makes one: the answer, a feedback folder with a message. */
    function validatorDir(): string {
      const dir = makeWorkDir();
      writeFileSync(path.join(dir, 'answer.txt'), 'the answer\n', { mode: 0o644 });
      mkdirSync(path.join(dir, 'feedback'), { mode: 0o777 });
      writeFileSync(path.join(dir, 'feedback', 'judgemessage.txt'), 'for the judges\n', { mode: 0o644 });
      return dir;
    }

    it('the program finds nothing of the validator: its folder, answer, feedback, processes', async function () {
      const vdir = validatorDir();
      const r = await backend.runInteractive({
        // Alive while the program hunts, its command line naming answer.txt, its cwd holding it.
        validator: side('cat answer.txt feedback/judgemessage.txt >/dev/null && read done && [ "$done" = hunted ] && exit 42; exit 43', { workDir: vdir }),
        program: side(HUNT, { env: { VDIR: vdir, NAME: 'answer.txt' } }),
      });
      assert.equal(r.validator.exitCode, 42, JSON.stringify(r));
      assert.equal(r.program.status, 'OK', JSON.stringify(r));
      assert.equal(r.program.stderr, '/tmp:\n\n/work:\n', 'found something, or saw the validator’s files');
    });

    it('daemons of either side die with it and do not keep the other side waiting', async function () {
      const r = await backend.runInteractive({
        validator: side('setsid sh -c "sleep 1000" & setsid sh -c "sleep 1000 <&0 >&1" & echo 7; read x; [ "$x" = 7 ] && exit 42; exit 43'),
        program: side('setsid sh -c "sleep 1000 <&0 >&1" & read n; echo $n; exit 0'),
      });
      assert.equal(r.validator.exitCode, 42, JSON.stringify(r));
      assert.equal(r.program.status, 'OK', JSON.stringify(r));
      assert.ok(r.program.wallMs < 2000 && r.validator.wallMs < 2000, `program ${r.program.wallMs} ms, validator ${r.validator.wallMs} ms`);
    });

    it('a program that shuts its stdin down does not kill a validator writing to it (no SIGPIPE)', async function () {
      const r = await backend.runInteractive({ validator: side('sleep 0.3; echo late; echo late; exit 42'), program: attack('shutStdin') });
      assert.equal(r.validator.signal, null, JSON.stringify(r));
      assert.equal(r.validator.exitCode, 42, JSON.stringify(r));
      assert.equal(r.program.status, 'OK', JSON.stringify(r));
      assert.equal(r.program.stderr, 'shutdown: Operation not permitted\n');
    });

    it('descriptors a program writes into its stdin do not keep the validator from its EOF', async function () {
      const r = await backend.runInteractive({ validator: side('cat >/dev/null; exit 43'), program: attack('parkOwnStdio') });
      assert.equal(r.validator.exitCode, 43, JSON.stringify(r));
      assert.ok(r.validator.wallMs < 2000, `the validator waited ${r.validator.wallMs} ms for EOF`);
      assert.equal(r.program.stderr, 'sendmsg: Broken pipe\n', 'its stdin takes no writes');
    });

    it('a program that cannot start leaves the validator its EOF at once', async function () {
      const started = Date.now();
      const r = await backend.runInteractive({
        validator: side('cat >/dev/null; exit 43'),
        program: side('exit 0', { workDir: '/nonexistent-verdict-dir' }),
      });
      assert.equal(r.program.status, 'SE');
      assert.equal(r.validator.exitCode, 43, JSON.stringify(r));
      assert.ok(Date.now() - started < 3000, `took ${Date.now() - started} ms`);
    });

    it('a validator that cannot start leaves the program its EOF at once', async function () {
      const started = Date.now();
      const r = await backend.runInteractive({
        validator: side('exit 42', { argv: [] }),
        program: side('cat >/dev/null; exit 0'),
      });
      assert.equal(r.validator.status, 'SE');
      assert.equal(r.program.status, 'OK', JSON.stringify(r));
      assert.ok(Date.now() - started < 3000, `took ${Date.now() - started} ms`);
    });
  });
}
