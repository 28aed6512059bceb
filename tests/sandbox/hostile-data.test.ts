// Hostile data and hostile output through the real sandbox and the real judge: a run spying on
// a concurrent run, problem packages whose files are links out of the package, a submission
// hunting for the expected answer, very long lines, NUL bytes and output that is not UTF-8.
// Every case gets a verdict or a clear error; nothing crashes, hangs or reaches the database broken.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadProblemPackage, PackageError, type Language, type Problem } from '@verdict/judge';
import { createSandboxBackend, type SandboxBackend } from '@verdict/sandbox-bwrap';
import { removeTempDirs, tempDir, testJudge, writeTree } from '../judge/helpers.ts';
import { writeZip } from '../judge/zip-builder.ts';
import { cleanupWorkDirs, makeWorkDir } from '@verdict/plugin-api/conformance';
import { waitFor } from '../helpers/processes.ts';

const YAML = 'name: Hostile\nlimits:\n  time_limit: 2\n  memory: 256\n';

/** A Kattis package whose tests are the given byte strings, loaded like any upload. */
async function bytesProblem(tests: [input: string | Buffer, answer: string | Buffer][], yaml = YAML): Promise<Problem> {
  const files: Record<string, string | Buffer> = { 'problem.yaml': yaml };
  tests.forEach(([input, answer], i) => {
    files[`data/secret/${i + 1}.in`] = input;
    files[`data/secret/${i + 1}.ans`] = answer;
  });
  return loadProblemPackage(writeTree(files));
}

const bytes = (text: string) => Buffer.from(text, 'latin1');

const ECHO_C = `#include <unistd.h>
int main(void) {
  static char buf[1 << 16];
  ssize_t n;
  while ((n = read(0, buf, sizeof buf)) > 0) if (write(1, buf, n) != n) return 1;
  return 0;
}
`;

describe('hostile data and output (sandbox backend, real judge) @slow', function () {
  this.timeout(120_000);
  after(async function () {
    cleanupWorkDirs();
    await removeTempDirs();
  });

  describe('a run spying on a concurrent run', function () {
    const cgroupParent = 'verdict-sandbox-test';
    const limits = { cpuMs: 5000, wallMs: 20_000, memoryKb: 128 * 1024, pids: 64 };
    let backends: SandboxBackend[] = [];
    after(async function () {
      await Promise.all(backends.map((b) => b.close()));
      backends = [];
    });

    for (const workDirMode of ['tmpfs', 'bind'] as const) {
      it(`sees nothing of the other run: not its files, /tmp, /dev/shm, processes, environment or host paths (${workDirMode} work dirs)`, async function () {
        const backend = createSandboxBackend({ cgroupParent, workDirMode });
        backends.push(backend);
        const secret = randomBytes(8).toString('hex');
        const victimDir = makeWorkDir();
        writeFileSync(path.join(victimDir, `secret-${secret}`), secret, { mode: 0o644 });
        // The victim plants its secret everywhere it can write, says so, and waits for "stop".
        const victim = backend.run({
          argv: [
            '/bin/sh',
            '-c',
            'for d in /work /tmp /dev/shm; do echo "$SECRET" > "$d/secret-$SECRET"; done; touch "/work/ready-$SECRET"; while [ ! -e /work/stop ]; do sleep 0.05; done',
            `victim-${secret}`,
          ],
          workDir: victimDir,
          env: { SECRET: secret },
          // The victim waits for the whole spy run (a find over the sandbox's root included):
          // its wall limit must not end it first on a slow machine.
          limits: { ...limits, wallMs: 90_000 },
        });
        // Where the victim's /work really is on the host (its tmpfs slot, or the bound dir itself)
        // and its host pid: the best guesses a spy could make, handed to it for free.
        const victimWork = await waitFor('the victim to be ready', async () => findVictimWork(backend, victimDir, `ready-${secret}`), 15_000, 20);
        const victimPid = findPidByArgv(`victim-${secret}`);
        assert.ok(victimPid, 'the victim is running');

        const spy = await backend.run({
          argv: ['/bin/sh', '-c', SPY_SCRIPT, 'spy', victimDir, victimWork, String(victimPid)],
          workDir: makeWorkDir(),
          // Its find over the sandbox's root charges the kernel's directory caches to the run's
          // cgroup when they are cold: CI once saw it reach 128 MiB. Memory is not what is tested.
          limits: { ...limits, memoryKb: 1024 * 1024 },
        });
        writeFileSync(path.join(victimWork, 'stop'), '');
        const victimResult = await victim;
        const both = JSON.stringify({ victim: victimResult, spy: { ...spy, stdout: spy.stdout.slice(-2000) } });
        assert.equal(victimResult.status, 'OK', both);
        assert.equal(spy.status, 'OK', both);
        // The search works (it finds the spy's own files) ...
        assert.match(spy.stdout, /^\/work\/secret-mine$/m, spy.stdout);
        assert.match(spy.stdout, /^\/tmp\/secret-mine$/m, spy.stdout);
        // ... and finds nothing of the victim.
        assert.equal(spy.stdout.includes(secret), false, spy.stdout);
        assert.doesNotMatch(spy.stdout, /victim-|^OPENED /m, spy.stdout);
        const pids = [...spy.stdout.matchAll(/^PID (\d+)$/gm)].map((m) => Number(m[1]));
        assert.ok(pids.includes(1) && !pids.includes(victimPid), `pids seen: ${pids.join(' ')}`);
        await backend.idle();
        assert.deepEqual((await backend.listRunCgroups()).filter((name) => name.startsWith(`run-${process.pid}-`)), [], 'run cgroups left behind');
        assert.equal(findPidByArgv(`victim-${secret}`), undefined, 'the victim outlived its run');
      });
    }
  });

  describe('problem packages with links', function () {
    /** A valid flat package in a new folder, plus `extra` applied to it. */
    function folderPackage(extra: (dir: string) => void): string {
      const dir = writeTree({ 'problem.yaml': YAML, 'data/secret/1.in': '1 2\n', 'data/secret/1.ans': '3\n' });
      extra(dir);
      return dir;
    }
    const other = () => writeTree({ 'data/secret/1.in': 'other problem\n', 'data/secret/1.ans': 'other answer\n' });
    const refused = async (dir: string, message: RegExp) => {
      await assert.rejects(loadProblemPackage(dir), (err: Error) => {
        assert.ok(err instanceof PackageError, `${err.name}: ${err.message}`);
        assert.match(err.message, message);
        return true;
      });
    };
    const link = (target: string, dir: string, rel: string) => {
      mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      symlinkSync(target, path.join(dir, rel));
    };

    it('refuses test files that are symbolic links out of the package: to /etc/passwd, the judge secrets, another problem, ../..', async function () {
      const otherDir = other();
      const cases: [target: string, rel: string][] = [
        ['/etc/passwd', 'data/secret/2.in'],
        ['/etc/shadow', 'data/secret/2.ans'],
        [path.join(otherDir, 'data/secret/1.ans'), 'data/secret/2.ans'],
        ['../../../../../../../etc/passwd', 'data/sample/1.ans'],
      ];
      const pairOf = (rel: string) => (rel.endsWith('.in') ? rel.replace(/\.in$/, '.ans') : rel.replace(/\.ans$/, '.in'));
      for (const [target, rel] of cases) {
        const dir = folderPackage((d) => {
          link(target, d, rel);
          writeFileSync(path.join(d, pairOf(rel)), '0\n');
        });
        await refused(dir, new RegExp(`^${rel.replaceAll('.', '\\.')} is a symbolic link \\(to ${target.replaceAll('.', '\\.')}\\) that (leaves the package|points to nothing)`));
      }
      // A link inside the package is followed: the judge reads a plain copy, never the link.
      const inside = folderPackage((d) => {
        link('1.in', d, 'data/secret/2.in');
        writeFileSync(path.join(d, 'data/secret/2.ans'), '0\n');
      });
      const problem = await loadProblemPackage(inside, { extractTo: path.join(tempDir(), 'copy') });
      const second = problem.tests.find((t) => t.name === 'secret/2')!;
      assert.ok(!lstatSync(second.input).isSymbolicLink() && second.input.startsWith(problem.dir), second.input);
      assert.notEqual(problem.dir, inside, 'a copy of the package, with its links followed, is loaded');
    });

    it('refuses symlinked folders (data, data/secret, validators) and symlinked problem.yaml or .timelimit', async function () {
      const otherDir = other();
      await refused(folderPackage((d) => link(path.join(otherDir, 'data/secret'), d, 'data/sample')), /^data\/sample is a symbolic link/);
      await refused(
        writeTree({ 'problem.yaml': YAML }, (() => {
          const d = tempDir();
          link('../..', d, 'data');
          return d;
        })()),
        /^data is a symbolic link \(to \.\.\/\.\.\)/,
      );
      await refused(folderPackage((d) => link(otherDir, d, 'output_validators/checker')), /^output_validators\/checker is a symbolic link/);
      // Before, these were read through the link, and a parse error quoted the file they point to.
      const yamlLinked = writeTree({ 'data/secret/1.in': '1\n', 'data/secret/1.ans': '1\n' });
      link('/etc/passwd', yamlLinked, 'problem.yaml');
      await refused(yamlLinked, /^problem\.yaml is a symbolic link/);
      await refused(folderPackage((d) => link('/etc/hostname', d, '.timelimit')), /^\.timelimit is a symbolic link/);
    });

    it('refuses a named pipe as test data instead of hanging on it', async function () {
      const dir = folderPackage((d) => execFileSync('mkfifo', [path.join(d, 'data/secret/2.in')]));
      writeFileSync(path.join(dir, 'data/secret/2.ans'), '0\n');
      await refused(dir, /^data\/secret\/2\.in is a named pipe/);
    });

    it('reads a hard link as the plain file it is: its content, and only it, is in the package', async function () {
      const outside = path.join(tempDir(), 'answer');
      writeFileSync(outside, '3\n');
      const dir = folderPackage((d) => {
        writeFileSync(path.join(d, 'data/secret/2.in'), '1 2\n');
        linkSync(outside, path.join(d, 'data/secret/2.ans'));
      });
      const problem = await loadProblemPackage(dir);
      assert.deepEqual(
        problem.tests.map((t) => [t.name, path.relative(dir, t.answer)]),
        [
          ['secret/1', 'data/secret/1.ans'],
          ['secret/2', 'data/secret/2.ans'],
        ],
      );
    });

    it('refuses zips holding a symlinked test file or folder, leaving nothing behind', async function () {
      for (const [name, mode] of [
        ['p/data/secret/1.ans', 0o120777],
        ['p/data/secret/', 0o120777],
      ] as const) {
        const zipDir = tempDir();
        const zip = writeZip(path.join(zipDir, 'p.zip'), [
          { name: 'p/data/secret/1.in', data: '1 2\n' },
          { name, data: '/etc/passwd', mode },
        ]);
        const extractTo = path.join(zipDir, 'out');
        await assert.rejects(loadProblemPackage(zip, { extractTo }), /is a symbolic link \(to "\/etc\/passwd"\) that leaves the package/);
        assert.equal(existsSync(extractTo), false);
      }
    });
  });

  describe('package text stored in the database', function () {
    const pkg = (files: Record<string, string | Buffer>) =>
      loadProblemPackage(writeTree({ 'data/secret/1.in': '1\n', 'data/secret/1.ans': '1\n', ...files }));

    it('refuses a NUL in the name or the statement (PostgreSQL text cannot hold it); invalid UTF-8 becomes U+FFFD', async function () {
      await assert.rejects(pkg({ 'problem.yaml': 'name: "A\\0B"\n' }), (err: Error) => err instanceof PackageError && err.message === 'problem.yaml: the name holds a NUL character');
      await assert.rejects(pkg({ 'problem.yaml': 'name:\n  en: "A\\0B"\n' }), /^PackageError: problem\.yaml: the name holds a NUL character$/);
      const statement = 'problem_statement/problem.en.md';
      await assert.rejects(pkg({ [statement]: bytes('# A\0B\n') }), /^PackageError: problem\.en\.md holds NUL bytes; it must be a text file$/);
      await assert.rejects(pkg({ 'problem.yaml': bytes('name: A\0\n') }), /^PackageError: problem\.yaml holds NUL bytes/);
      const latin1 = await pkg({ 'problem.yaml': bytes('name: caf\xe9\n'), [statement]: bytes('# caf\xe9\n') });
      assert.equal(latin1.name, 'caf\ufffd');
      assert.equal(latin1.statement.markdown, '# caf\ufffd\n');
    });
  });

  describe('a submission hunting for the expected answer', function () {
    // Reads the host path of its input (/proc/self/fd/0), guesses the answer's path from it and
    // tries every way in; prints the answer if one works, else the path it guessed.
    const HUNTER_C = `#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <unistd.h>
static int dump(const char *p) {
  FILE *f = fopen(p, "r");
  if (!f) return 0;
  int c, any = 0;
  while ((c = fgetc(f)) != EOF) { putchar(c); any = 1; }
  fclose(f);
  return any;
}
int main(void) {
  char in[2048] = {0}, ans[2048], tries[8][4200];
  if (readlink("/proc/self/fd/0", in, sizeof in - 1) <= 0) { puts("no path"); return 0; }
  strcpy(ans, in);
  char *dot = strrchr(ans, '.');
  if (dot) strcpy(dot, ".ans");
  const char *base = strrchr(ans, '/') ? strrchr(ans, '/') + 1 : ans;
  snprintf(tries[0], sizeof tries[0], "%s", ans);
  snprintf(tries[1], sizeof tries[1], "/proc/1/root%s", ans);
  snprintf(tries[2], sizeof tries[2], "/proc/self/root%s", ans);
  snprintf(tries[3], sizeof tries[3], "/proc/self/fd/0/../%s", base);
  snprintf(tries[4], sizeof tries[4], "/data/secret/%s", base);
  snprintf(tries[5], sizeof tries[5], "../%s", base);
  snprintf(tries[6], sizeof tries[6], "/proc/self/cwd/../data/secret/%s", base);
  snprintf(tries[7], sizeof tries[7], "%s", base);
  for (int i = 0; i < 8; i++) if (dump(tries[i])) return 0;
  puts(ans);
  return 0;
}
`;

    it("cannot open the answer file: its stdin is the input's copy in /in, the package is not there; what it prints is WA", async function () {
      const problem = await bytesProblem([
        ['1 2\n', '3\n'],
        ['3 4\n', '7\n'],
      ]);
      const result = await (await testJudge()).judgeSubmission({ problem, language: 'c', source: HUNTER_C, options: { runAll: true } });
      assert.deepEqual(
        result.tests.map((t) => t.verdict),
        ['WA', 'WA'],
        JSON.stringify(result),
      );
      // Tests share one sandbox, where stdin is the input's copy in /in (no host path shown): the
      // hunter read that input back, and found nothing of the package.
      assert.match(result.tests[0].message ?? '', /expected "3", got "1"/, result.tests[0].message);
    });
  });

  describe('long lines, NUL bytes and output that is not UTF-8', function () {
    const judgeEcho = async (tests: [string | Buffer, string | Buffer][], yaml?: string) => {
      const problem = await bytesProblem(tests, yaml);
      const result = await (await testJudge()).judgeSubmission({ problem, language: 'c', source: ECHO_C, options: { runAll: true } });
      return result.tests;
    };

    it('compares bytes exactly: NUL, invalid UTF-8, lone surrogates and latin-1 never collapse into equal text', async function () {
      const cases: [output: Buffer, answer: Buffer, verdict: string][] = [
        [bytes('3\0\n'), bytes('3\n'), 'WA'],
        [bytes('a\0b\n'), bytes('a\0b\n'), 'AC'],
        [bytes('ab\n'), bytes('a\0b\n'), 'WA'],
        [bytes('\xff\n'), bytes('\xfe\n'), 'WA'], // both were U+FFFD once: AC
        [bytes('\xff\n'), Buffer.from('\ufffd\n'), 'WA'],
        [bytes('\xed\xa0\x80\n'), Buffer.from('\ufffd\n'), 'WA'], // a lone surrogate, CESU-8 encoded
        [bytes('\xed\xa0\x80\n'), bytes('\xed\xa0\x80\n'), 'AC'],
        [bytes('caf\xe9\n'), bytes('caf\xe9\n'), 'AC'], // latin-1
        [bytes('caf\xe9\n'), Buffer.from('café\n'), 'WA'],
        [Buffer.from('3\u00a0\n'), bytes('3\n'), 'WA'], // a no-break space is not ASCII whitespace
        [bytes('3 \r\n\n'), bytes('3\n'), 'AC'],
        [bytes('\x003\n'), bytes('3\n'), 'WA'],
      ];
      const tests = await judgeEcho(cases.map(([output, answer]) => [output, answer]));
      assert.deepEqual(
        tests.map((t) => t.verdict),
        cases.map((c) => c[2]),
      );
      assert.equal(tests[0].message, 'token 1: expected "3", got "3\\u0000"');
      assert.equal(tests[8].message, 'token 1: expected "café", got "caf\ufffd"');
    });

    it('checks a hostile long line in linear time: a million spaces before a letter, an almost-number of a million digits', async function () {
      const spaces = `1${' '.repeat(1 << 20)}x\n`;
      const digits = `${'1'.repeat(1 << 20)}.${'1'.repeat(1 << 20)}e\n`;
      // Each took hours with the old backtracking expressions (/\s+$/, /\d+\.?\d*/).
      const exact = await judgeEcho([
        [spaces, '1\n'],
        [digits, '1\n'],
      ]);
      assert.deepEqual(
        exact.map((t) => t.verdict),
        ['WA', 'WA'],
      );
      const floats = await judgeEcho(
        [
          [digits, '1\n'],
          [bytes('1.0000001 \xff\n'), bytes('1 \xff\n')],
          [bytes('1 \xff\n'), bytes('1 \xfe\n')],
        ],
        `${YAML}validator_flags: float_tolerance 1e-6\n`,
      );
      assert.deepEqual(
        floats.map((t) => t.verdict),
        ['WA', 'AC', 'WA'],
      );
      assert.match(floats[0].message ?? '', /^token 1: expected a number, got "1{40}…"$/);
    });

    it('reads a 16 MB input line and judges a 64 MB output line', async function () {
      const judge = await testJudge();
      const line = 'x'.repeat(16 << 20);
      const lengths = await bytesProblem([[`${line}\n`, `${line.length}\n`]]);
      const countLine = 'import sys\nprint(len(sys.stdin.buffer.readline().rstrip(b"\\n")))\n';
      const counted = await judge.judgeSubmission({ problem: lengths, language: 'python3', source: countLine });
      assert.equal(counted.verdict, 'AC', JSON.stringify(counted));

      const size = 64_000_000; // under the 64 MiB output cap
      const big = await bytesProblem([[`${size}\n`, Buffer.concat([Buffer.alloc(size, 'y'), bytes('\n')])]]);
      const printer = '#include <stdio.h>\n#include <stdlib.h>\nint main(void){long n;if(scanf("%ld",&n)!=1)return 1;char*b=malloc(n);for(long i=0;i<n;i++)b[i]=\'y\';fwrite(b,1,n,stdout);putchar(10);return 0;}\n';
      const printed = await judge.judgeSubmission({ problem: big, language: 'c', source: printer });
      assert.equal(printed.verdict, 'AC', JSON.stringify(printed));
      const wrong = await judge.judgeSubmission({ problem: big, language: 'c', source: printer.replace("'y'", "'z'") });
      assert.equal(wrong.verdict, 'WA');
      assert.match(wrong.tests[0].message ?? '', /^token 1: expected "y{40}…", got "z{40}…"$/);
    });

    it('keeps NUL bytes out of compile messages (PostgreSQL text refuses them) and shows bad UTF-8 as U+FFFD', async function () {
      const judge = await testJudge();
      const c = judge.allLanguages.find((l) => l.id === 'c')!;
      const noisy: Language = { ...c, id: 'noisy-c', compile: ['/bin/sh', '-c', "printf 'bad\\000byte \\377\\376 here' >&2; exit 1"] };
      const problem = await bytesProblem([['1\n', '1\n']]);
      const result = await judge.judgeSubmission({ problem, language: noisy, source: ECHO_C });
      assert.equal(result.verdict, 'CE');
      assert.equal(result.compileMessage, 'bad\ufffdbyte \ufffd\ufffd here');
    });
  });
});

const SPY_SCRIPT = `
VDIR=$1; VWORK=$2; VPID=$3
echo mine > /work/secret-mine; echo mine > /tmp/secret-mine
for p in "$VDIR" "$VWORK" "/proc/$VPID/root/work" "/proc/$VPID/root/tmp" "/proc/$VPID/cwd" /run/verdict-sandbox; do
  ls -a "$p" >/dev/null 2>&1 && echo "OPENED $p"
done
cat "/proc/$VPID/environ" 2>/dev/null && echo "OPENED /proc/$VPID/environ"
for d in /proc/[0-9]*; do
  echo "PID \${d#/proc/}"
  tr '\\0' ' ' < "$d/cmdline" 2>/dev/null; echo
  tr '\\0' '\\n' < "$d/environ" 2>/dev/null
  ls -a "$d/cwd/" "$d/root/tmp/" "$d/root/dev/shm/" 2>/dev/null
done
ls -a /tmp /dev/shm /work /run /var/tmp 2>/dev/null
find / -path /proc -prune -o -name 'secret-*' -print 2>/dev/null
exit 0
`;

function findVictimWork(backend: SandboxBackend, hostDir: string, marker: string): string | undefined {
  if (backend.config.workDirMode === 'bind') return existsSync(path.join(hostDir, marker)) ? hostDir : undefined;
  const root = backend.config.slotRoot;
  // A slot's run directory, bound at /work.
  return readdirSync(root)
    .map((slot) => path.join(root, slot, 'work'))
    .find((work) => existsSync(path.join(work, marker)));
}

function findPidByArgv(word: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').includes(word)) return Number(entry);
    } catch {
      // exited while we looked
    }
  }
  return undefined;
}
