// The `verdict` CLI as a user runs it: a child process, its stdout, stderr and exit code.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, readdirSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, removeTempDirs, tempDir, TEST_BACKEND, writeTree } from './helpers.ts';
import { GUESS_VALIDATOR, PROGRAMS, TWO_PASS_VALIDATOR } from './interactive-programs.ts';
import { writeZip } from './zip-builder.ts';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function verdict(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile('node', [path.join(REPO_ROOT, 'cli/bin/verdict.js'), ...args], { cwd: REPO_ROOT, maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

const APLUSB = path.join(REPO_ROOT, 'problems/aplusb');
const submission = (rel: string) => path.join(APLUSB, 'submissions', rel);
const backend = ['--backend', TEST_BACKEND];

describe(`verdict CLI (${TEST_BACKEND} backend) @slow`, function () {
  this.timeout(180_000);
  after(removeTempDirs);

  describe('verdict judge', function () {
    it('--json prints exactly one JSON object of the documented shape and exits 0 on AC', async function () {
      const r = await verdict('judge', APLUSB, submission('accepted/sum.cpp'), '--json', ...backend);
      assert.equal(r.code, 0, r.stderr);
      const result = JSON.parse(r.stdout);
      assert.deepEqual(Object.keys(result), ['verdict', 'timeMs', 'memoryKb', 'compileMessage', 'tests']);
      assert.equal(result.verdict, 'AC');
      assert.equal(result.tests.length, 14);
      assert.deepEqual(Object.keys(result.tests[0]), ['name', 'verdict', 'timeMs', 'wallMs', 'memoryKb']);
      assert.equal(result.tests[0].name, 'sample/1');
    });

    // A program that sleeps and one that computes both end in TLE; a setter must tell them apart.
    const timing = () =>
      writeTree({
        'problem.yaml': 'name: Timing\nlimits:\n  time_limit: 1\n  memory: 256\n',
        'data/secret/1.in': '1 2\n',
        'data/secret/1.ans': '3\n',
        'submissions/accepted/sum.py': 'a, b = map(int, input().split())\nprint(a + b)\n',
        'submissions/time_limit_exceeded/sleepy.py': 'import time\ntime.sleep(30)\n',
        'submissions/time_limit_exceeded/busy.py': 'while True:\n    pass\n',
      });
    type JsonTest = { verdict: string; timeMs: number; wallMs: number; tleBy?: string };

    it('--json gives each test its wall time, and the limit that decided a TLE: cpu or wall', async function () {
      const dir = timing();
      const run = async (file: string) => {
        const r = await verdict('judge', dir, path.join(dir, 'submissions', file), '--json', ...backend);
        return JSON.parse(r.stdout).tests[0] as JsonTest;
      };
      const sleepy = await run('time_limit_exceeded/sleepy.py');
      assert.equal(sleepy.verdict, 'TLE');
      assert.equal(sleepy.tleBy, 'wall', JSON.stringify(sleepy));
      assert.ok(sleepy.wallMs >= 2000 && sleepy.timeMs < 1000, JSON.stringify(sleepy));
      const busy = await run('time_limit_exceeded/busy.py');
      assert.equal(busy.verdict, 'TLE');
      // Over its CPU time it is 'cpu'; on a host so loaded that it got under 1 s of CPU before the
      // wall-clock limit (twice, with the re-run), the wall clock decided, and says so.
      assert.equal(busy.tleBy, busy.timeMs > 1000 ? 'cpu' : 'wall', JSON.stringify(busy));
      assert.ok(busy.wallMs >= busy.timeMs * 0.9, JSON.stringify(busy));
      const ok = await run('accepted/sum.py');
      assert.equal(ok.verdict, 'AC');
      assert.equal(ok.tleBy, undefined);
      assert.ok(ok.wallMs > 0, JSON.stringify(ok));

      // problem validate --json: every submission's tests, with the same fields.
      const report = JSON.parse((await verdict('problem', 'validate', dir, '--json', ...backend)).stdout);
      const testsOf = (file: string) => report.submissions.find((s: { file: string }) => s.file === `submissions/${file}`).tests as JsonTest[];
      assert.equal(testsOf('time_limit_exceeded/sleepy.py')[0].tleBy, 'wall');
      const busyTest = testsOf('time_limit_exceeded/busy.py')[0];
      assert.equal(busyTest.tleBy, busyTest.timeMs > 1000 ? 'cpu' : 'wall', JSON.stringify(busyTest));
      assert.ok(testsOf('accepted/sum.py')[0].wallMs > 0);
    });

    it('exits 1 on another verdict; --all runs every test', async function () {
      const first = await verdict('judge', APLUSB, submission('wrong_answer/difference.py'), '--json', ...backend);
      assert.equal(first.code, 1);
      assert.equal(JSON.parse(first.stdout).tests.length, 1);
      const all = await verdict('judge', APLUSB, submission('wrong_answer/difference.py'), '--json', '--all', ...backend);
      assert.equal(JSON.parse(all.stdout).tests.length, 14);
    });

    it('reports a compile error with the compiler message', async function () {
      const dir = writeTree({ 'broken.c': 'int main(void) { return x; }\n' });
      const r = await verdict('judge', APLUSB, path.join(dir, 'broken.c'), '--json', ...backend);
      assert.equal(r.code, 1);
      const result = JSON.parse(r.stdout);
      assert.equal(result.verdict, 'CE');
      assert.match(result.compileMessage, /x. undeclared/);
    });

    it('prints a results table and the final verdict without --json', async function () {
      const r = await verdict('judge', APLUSB, submission('accepted/sum.py'), ...backend);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /secret\/12/);
      assert.match(r.stdout, /A plus B · Python 3: AC/);
    });

    it('judges a flat zip with limits from the command line, and --lang overrides the extension', async function () {
      const zip = writeZip(path.join(tempDir(), 'flat.zip'), [
        { name: '1.in', data: '2 3\n' },
        { name: '1.out', data: '5\n' },
      ]);
      const source = writeTree({ 'solution.txt': 'print(sum(map(int, input().split())))\n' });
      const r = await verdict('judge', zip, path.join(source, 'solution.txt'), '--lang', 'python3', '--time-limit', '2', '--memory-limit', '128', '--json', ...backend);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(JSON.parse(r.stdout).verdict, 'AC');
    });

    it('exits 2 with a clear message on usage errors', async function () {
      const source = writeTree({ 'solution.txt': 'x' });
      const cases: [string[], RegExp][] = [
        [['judge', APLUSB, path.join(source, 'solution.txt')], /cannot tell the language of .*solution\.txt.*--lang/],
        [['judge', APLUSB, submission('accepted/sum.py'), '--lang', 'intercal'], /unknown language "intercal"/],
        [['judge', path.join(source, 'nope'), submission('accepted/sum.py')], /no such file or folder/],
        [['judge', APLUSB, submission('accepted/sum.py'), '--time-limit', 'soon'], /--time-limit must be a positive number/],
        [['judge', APLUSB, submission('accepted/sum.py'), '--backend', 'docker'], /judge backend "docker" is not available/],
      ];
      for (const [args, message] of cases) {
        const r = await verdict(...args, ...(args.includes('--backend') ? [] : backend));
        assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
        assert.match(r.stderr, message);
        assert.equal(r.stdout, '');
      }
    });

    it('labels the unsafe backend on stderr, keeping stdout pure JSON', async function () {
      const r = await verdict('judge', APLUSB, submission('accepted/sum.c'), '--json', '--backend', 'unsafe-local');
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stderr, /UNSAFE: no isolation/);
      assert.equal(JSON.parse(r.stdout).verdict, 'AC');
    });
  });

  describe('verdict problem validate', function () {
    for (const slug of ['aplusb', 'circle', 'derangement']) {
      it(`passes on problems/${slug}`, async function () {
        const r = await verdict('problem', 'validate', path.join(REPO_ROOT, 'problems', slug), '--json', ...backend);
        const report = JSON.parse(r.stdout);
        const wrong = report.submissions.filter((s: { ok: boolean }) => !s.ok);
        assert.deepEqual(wrong, []);
        assert.equal(r.code, 0, r.stderr);
        assert.ok(report.submissions.length >= 8);
        const languages = new Set(report.submissions.map((s: { language: string }) => s.language));
        assert.ok(languages.size >= 3, [...languages].join(','));
      });
    }

    it('passes on problems/squares, a scoring problem: scores per submission, partially_accepted in between', async function () {
      const r = await verdict('problem', 'validate', path.join(REPO_ROOT, 'problems', 'squares'), '--json', ...backend);
      const report = JSON.parse(r.stdout);
      assert.equal(r.code, 0, r.stdout + r.stderr);
      const scores = Object.fromEntries(report.submissions.map((s: { file: string; score: number }) => [path.basename(s.file), s.score]));
      assert.deepEqual(scores, { 'formula.py': 100, 'loop.cpp': 100, 'overflow.c': 30, 'slow.py': 30, 'cubes.py': 0 });
    });

    it('fails with exit 1 and a table row when a submission gets another verdict than its folder', async function () {
      const copy = path.join(tempDir(), 'aplusb');
      cpSync(APLUSB, copy, { recursive: true, filter: (src) => !src.includes(`${path.sep}submissions${path.sep}`) || src.endsWith('difference.py') || /submissions$|wrong_answer$/.test(src) });
      cpSync(path.join(APLUSB, 'submissions/wrong_answer/difference.py'), path.join(copy, 'submissions/accepted/difference.py'));
      const r = await verdict('problem', 'validate', copy, ...backend);
      assert.equal(r.code, 1, r.stdout + r.stderr);
      assert.match(r.stdout, /accepted\/difference\.py.*AC.*WA.*MISMATCH/);
      assert.match(r.stdout, /1 of 2 submissions did not get their expected verdict/);
    });
  });

  describe('packages as their authors publish them', function () {
    const SUM_CPP = '#include "sum.h"\n#include <cstdio>\nint main() { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", sum(a, b)); }\n';
    const SUM_H = 'inline long long sum(long long a, long long b) { return a + b; }\n';

    it('judges a folder of several files, and Java whose class with main is not Main', async function () {
      const folder = writeTree({ 'main.cpp': SUM_CPP, 'sum.h': SUM_H, '.main.cpp.swp': 'x' });
      const r = await verdict('judge', APLUSB, folder, '--json', ...backend);
      assert.equal(r.code, 0, r.stdout + r.stderr);
      assert.equal(JSON.parse(r.stdout).verdict, 'AC');
      const files = writeTree({ 'solve.py': 'from helper import add\nprint(add(*map(int, input().split())))\n', 'helper.py': 'def add(a, b):\n    return a + b\n' });
      const py = await verdict('judge', APLUSB, path.join(files, 'solve.py'), path.join(files, 'helper.py'), '--json', ...backend);
      assert.equal(JSON.parse(py.stdout).verdict, 'AC', py.stderr);
      const java = writeTree({ 'Different.java': 'import java.util.*;\npublic class Different {\n  static class Pair { long a, b; }\n  public static void main(String[] x) {\n    Scanner s = new Scanner(System.in);\n    System.out.println(s.nextLong() + s.nextLong());\n  }\n}\n' });
      const j = await verdict('judge', APLUSB, path.join(java, 'Different.java'), '--json', ...backend);
      assert.equal(JSON.parse(j.stdout).verdict, 'AC', j.stdout + j.stderr);
    });

    it('validates a Kattis package: links, folders of files, format defaults, verdict conventions, a time limit from the accepted submissions', async function () {
      const dir = writeTree({
        'problem.yaml': 'name: Conventions\nvalidation: default\nlimits:\n  memory: 256\n',
        'data/sample/1.in': '1 2\n',
        'data/sample/1.ans': '3\n',
        'data/secret/1.in': '20 22\n',
        'data/secret/1.ans': '42\n',
        'submissions/accepted/sum.c': '#include <stdio.h>\nint main(void) { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a + b); return 0; }\n',
        'submissions/accepted/multi/main.cpp': SUM_CPP,
        'submissions/accepted/multi/sum.h': SUM_H,
        'submissions/accepted/shout.py': 'a, b = map(int, input().split())\nprint(f"  {a + b}  ")\n',
        'submissions/accepted/.gitkeep': '',
        'submissions/accepted/old.py.disabled': 'syntax error (\n',
        'submissions/run_time_error/hog.c': '#include <stdlib.h>\n#include <string.h>\nint main(void) { for (;;) { char *p = malloc(1 << 26); if (!p) return 1; memset(p, 1, 1 << 26); } }\n',
        'submissions/wrong_answer/flood.c': '#include <stdio.h>\nint main(void) { for (;;) puts("0000000000000000000000000000000000000000000000000000000"); }\n',
        'submissions/time_limit_exceeded/sleepy.py': 'import time\ntime.sleep(30)\nprint(3)\n',
        'submissions/experimental/x.c': 'int main(void) { return 0; }\n',
      });
      symlinkSync('../sample/1.in', path.join(dir, 'data/secret/2.in'));
      symlinkSync('../sample/1.ans', path.join(dir, 'data/secret/2.ans'));
      const before = readdirSync(os.tmpdir()).filter((n) => n.startsWith('verdict-problem-')).length;
      const r = await verdict('problem', 'validate', dir, '--json', ...backend);
      const report = JSON.parse(r.stdout);
      const rows = Object.fromEntries(report.submissions.map((s: { file: string; verdict: string; ok: boolean }) => [s.file, [s.verdict, s.ok]]));
      assert.deepEqual(rows, {
        'submissions/accepted/multi': ['AC', true],
        'submissions/accepted/shout.py': ['AC', true],
        'submissions/accepted/sum.c': ['AC', true],
        'submissions/run_time_error/hog.c': ['MLE', true],
        'submissions/time_limit_exceeded/sleepy.py': ['TLE', true],
        'submissions/wrong_answer/flood.c': ['OLE', true],
      });
      assert.equal(r.code, 0, r.stderr);
      assert.equal(report.timeLimitMs, 1000, 'the slowest accepted time × 5, at least 1 s');
      assert.match(report.timeLimit, /slowest accepted submission/);
      assert.deepEqual(report.notes, ['submissions/experimental/ is not judged: not a folder name of the Kattis or DOMjudge formats, and no @EXPECTED_RESULTS@ tag, submissions.yaml or expectations.yaml entry says what to expect']);
      assert.equal(readdirSync(os.tmpdir()).filter((n) => n.startsWith('verdict-problem-')).length, before, 'the copy with links followed is removed');
    });
  });

  describe('the time limit a modern package leaves to its submissions', function () {
    it('is bounded below by the wrong_answer and run_time_error submissions too (2023-07, 2025-09), not only the accepted ones', async function () {
      const dir = writeTree({
        'problem.yaml': 'problem_format_version: 2023-07\nname: Bound\nlimits:\n  memory: 256\n',
        'data/secret/1.in': '1 2\n',
        'data/secret/1.ans': '3\n',
        'submissions/accepted/fast.py': 'a, b = map(int, input().split())\nprint(a + b)\n',
        'submissions/wrong_answer/slow.py': 'import time\nt = time.process_time()\nwhile time.process_time() - t < 1.2:\n    pass\nprint(0)\n',
      });
      const r = await verdict('problem', 'validate', dir, '--json', ...backend);
      const report = JSON.parse(r.stdout);
      assert.equal(r.code, 0, r.stdout + r.stderr);
      assert.ok(report.timeLimitMs >= 2000, `the slow wrong answer's ~1.2 s × 2: ${report.timeLimit}`);
      assert.match(report.timeLimit, /slowest accepted, wrong_answer and run_time_error submissions/);
    });

    it('is rounded up to limits.time_resolution (2023-07), where a legacy package rounds to whole seconds', async function () {
      // A fast A+B: its time × 2 is a few hundredths of a second, one step of each resolution.
      const tree = (yaml: string) =>
        writeTree({
          'problem.yaml': yaml,
          'data/secret/1.in': '1 2\n',
          'data/secret/1.ans': '3\n',
          'submissions/accepted/fast.py': 'a, b = map(int, input().split())\nprint(a + b)\n',
        });
      const modern = JSON.parse((await verdict('problem', 'validate', tree('problem_format_version: 2023-07\nname: Steps\nlimits:\n  memory: 256\n  time_resolution: 0.25\n'), '--json', ...backend)).stdout);
      assert.equal(modern.timeLimitMs, 250, modern.timeLimit);
      assert.match(modern.timeLimit, /rounded up to limits\.time_resolution 0\.25 s/);
      const byDefault = JSON.parse((await verdict('problem', 'validate', tree('problem_format_version: 2023-07\nname: Steps\nlimits:\n  memory: 256\n'), '--json', ...backend)).stdout);
      assert.equal(byDefault.timeLimitMs, 1000, `the default resolution is 1 s: ${byDefault.timeLimit}`);
      const legacy = JSON.parse((await verdict('problem', 'validate', tree('name: Steps\nlimits:\n  memory: 256\n'), '--json', ...backend)).stdout);
      assert.equal(legacy.timeLimitMs, 1000, legacy.timeLimit);
      assert.match(legacy.timeLimit, /in whole seconds/);
      const refused = await verdict('problem', 'validate', tree('problem_format_version: 2023-07\nname: Steps\nlimits:\n  time_resolution: 0\n'), '--json', ...backend);
      assert.notEqual(refused.code, 0);
      assert.match(refused.stdout + refused.stderr, /limits\.time_resolution/);
    });
  });

  describe('the time safety margin (legacy time_safety_margin, 2023-07 time_multipliers.time_limit_to_tle)', function () {
    // ~1.5 s of CPU time: over a 1 s limit, but within 1 s × 2 (the legacy default), not within 1 s × 1.2.
    const SLOW = 'import time\nt = time.process_time()\nwhile time.process_time() - t < 1.5:\n    pass\nprint(3)\n';
    const pkg = (yaml: string) =>
      writeTree({
        'problem.yaml': `name: Margin\n${yaml}`,
        'data/secret/1.in': '1 2\n',
        'data/secret/1.ans': '3\n',
        'submissions/accepted/sum.py': 'a, b = map(int, input().split())\nprint(a + b)\n',
        'submissions/time_limit_exceeded/slow.py': SLOW,
        'submissions/time_limit_exceeded/forever.py': 'while True:\n    pass\n',
      });

    it('reports a time_limit_exceeded submission that finishes within the time limit × the margin, naming the field', async function () {
      const r = await verdict('problem', 'validate', pkg('limits:\n  time_limit: 1\n  memory: 256\n'), '--json', ...backend);
      assert.equal(r.code, 1, r.stdout + r.stderr);
      const report = JSON.parse(r.stdout);
      const row = (file: string) => report.submissions.find((s: { file: string }) => s.file === file);
      assert.equal(row('submissions/accepted/sum.py').ok, true);
      assert.equal(row('submissions/time_limit_exceeded/forever.py').verdict, 'TLE');
      assert.equal(row('submissions/time_limit_exceeded/forever.py').ok, true);
      const slow = row('submissions/time_limit_exceeded/slow.py');
      assert.equal(slow.ok, false);
      assert.equal(slow.verdict, 'TLE', 'over the time limit itself');
      assert.match(slow.detail, /sensitive to the time limit: AC in 1\.\d+ s with 2 s \(the time limit × limits\.time_safety_margin 2\)/);
      assert.match(report.timeLimit, /time_limit_exceeded submissions must exceed it × limits\.time_safety_margin 2: 2 s/);
      assert.ok(report.notes.some((n: string) => n.startsWith('submissions/time_limit_exceeded/slow.py: sensitive to the time limit')), report.notes.join('\n'));
    });

    it("passes when the package's margin is small enough: 2023-07 time_limit_to_tle 1.2", async function () {
      const yaml = 'problem_format_version: 2023-07\nlimits:\n  time_limit: 1\n  memory: 256\n  time_multipliers:\n    time_limit_to_tle: 1.2\n';
      const r = await verdict('problem', 'validate', pkg(yaml), '--json', ...backend);
      assert.equal(r.code, 0, r.stdout + r.stderr);
      assert.match(JSON.parse(r.stdout).timeLimit, /× limits\.time_multipliers\.time_limit_to_tle 1\.2: 1\.20 s/);
    });

    it('refuses a margin below 1 with a message naming the field', async function () {
      const r = await verdict('problem', 'validate', pkg('limits:\n  time_limit: 1\n  time_safety_margin: 0.5\n'), '--json', ...backend);
      assert.equal(r.code, 2, r.stdout + r.stderr);
      assert.match(r.stderr, /limits\.time_safety_margin must be a number between 1 and 100, got 0\.5/);
    });
  });

  describe('problem.yaml languages', function () {
    const pkg = () =>
      writeTree({
        'problem.yaml': 'name: Only C++\nlanguages: cpp\nlimits:\n  time_limit: 1\n  memory: 256\n',
        'data/secret/1.in': '1 2\n',
        'data/secret/1.ans': '3\n',
        'submissions/accepted/sum.py': 'a, b = map(int, input().split())\nprint(a + b)\n',
      });

    it('verdict judge refuses a submission in another language, naming the field', async function () {
      const dir = pkg();
      const r = await verdict('judge', dir, path.join(dir, 'submissions/accepted/sum.py'), '--json', ...backend);
      assert.equal(r.code, 2, r.stdout + r.stderr);
      assert.match(r.stderr, /not judged: Python 3 is not among the languages this problem allows \(problem\.yaml languages: cpp\)/);
      assert.equal(r.stdout, '');
    });

    it('verdict problem validate reports such a submission instead of judging it', async function () {
      const r = await verdict('problem', 'validate', pkg(), '--json', ...backend);
      assert.equal(r.code, 1, r.stdout + r.stderr);
      const [row] = JSON.parse(r.stdout).submissions;
      assert.equal(row.verdict, null);
      assert.equal(row.ok, false);
      assert.match(row.detail, /problem\.yaml languages: cpp/);
    });
  });

  describe("a package's included files (include/<language>/, include/default/)", function () {
    it('adds the driver to every submission in its language, replacing files of the same name; C++20 takes include/cpp/', async function () {
      const dir = writeTree({
        'problem.yaml': 'name: Driven\nlimits:\n  time_limit: 1\n  memory: 256\n',
        'data/secret/1.in': '1 2\n',
        'data/secret/1.ans': '3\n',
        'include/c/main.c': '#include <stdio.h>\n#include "solve.h"\nint main(void) { int a, b; scanf("%d %d", &a, &b); printf("%d\\n", solve(a, b)); return 0; }\n',
        'include/c/solve.h': 'int solve(int a, int b);\n',
        'include/cpp/main.cpp': '#include <cstdio>\nint solve(int a, int b);\nint main() { int a, b; std::scanf("%d %d", &a, &b); std::printf("%d\\n", solve(a, b)); }\n',
        'include/validator.h': '// a header validators link to: not included code\n',
        'submissions/accepted/sum.c': '#include "solve.h"\nint solve(int a, int b) { return a + b; }\n',
        'submissions/wrong_answer/difference.c': 'int solve(int a, int b) { return a - b; }\n',
        'submissions/accepted/sum.cpp': 'int solve(int a, int b) { return a + b; }\n',
      });
      const r = await verdict('problem', 'validate', dir, '--json', ...backend);
      const report = JSON.parse(r.stdout);
      const rows = Object.fromEntries(report.submissions.map((s: { file: string; verdict: string; ok: boolean }) => [s.file, [s.verdict, s.ok]]));
      assert.deepEqual(rows, {
        'submissions/accepted/sum.c': ['AC', true],
        'submissions/accepted/sum.cpp': ['AC', true],
        'submissions/wrong_answer/difference.c': ['WA', true],
      });
      // A source without a name of its own (as from the web) is renamed, not replaced, by a driver of the language's name.
      const sources = writeTree({ 'main.cpp': 'int solve(int a, int b) { return a + b; }\n' });
      const judged = await verdict('judge', dir, path.join(sources, 'main.cpp'), '--lang', 'cpp20', '--json', ...backend);
      assert.equal(JSON.parse(judged.stdout).verdict, 'AC', judged.stdout + judged.stderr);
    });
  });

  describe('expectations of the submissions (BAPCtools: expectations.yaml, submissions.yaml)', function () {
    // Python that adds, and gets the test with a = 13 wrong; tests named as BAPCtools names them.
    const BUT_THIRTEEN = 'a, b = map(int, input().split())\nprint(a + b + (a == 13))\n';
    const SUM_PY = 'a, b = map(int, input().split())\nprint(a + b)\n';
    const data = {
      'data/sample/1.in': '1 2\n',
      'data/sample/1.ans': '3\n',
      'data/secret/01-small.in': '3 4\n',
      'data/secret/01-small.ans': '7\n',
      'data/secret/thirteen.in': '13 1\n',
      'data/secret/thirteen.ans': '14\n',
      'data/secret/03-big.in': '100 200\n',
      'data/secret/03-big.ans': '300\n',
    };

    it('checks expectations.yaml: shorthands, folders by prefix, parts of the test data by regular expression, each test judged', async function () {
      const dir = writeTree({
        'problem.yaml': 'name: Expectations\nlimits:\n  time_limit: 1\n  memory: 256\n',
        ...data,
        'submissions/expectations.yaml': [
          'accepted/: accepted',
          'wa_sample_ac/:',
          '  sample: accepted',
          '  secret: wrong answer',
          'mixed/superstitious.py:',
          '  secret/thirteen:',
          '    permitted: [WA]',
          '  secret/(?!thirteen): accepted',
          'mixed/wrong-about-it.py:',
          '  secret/\\d+-small:',
          '    permitted: [WA]',
          'mixed/scored.py: 60',
          'mixed/said.py:',
          '  secret/thirteen:',
          '    message: EXPECTED "14"',
          'mixed/unsaid.py:',
          '  message: expected 7',
          'mixed/allowed.py:',
          '  allowed: [AC, WA]',
          '  reviewer: Alice',
          '',
        ].join('\n'),
        'submissions/accepted/sum.py': SUM_PY,
        'submissions/wa_sample_ac/thirteen.py': BUT_THIRTEEN,
        'submissions/mixed/superstitious.py': BUT_THIRTEEN,
        'submissions/mixed/wrong-about-it.py': BUT_THIRTEEN,
        'submissions/mixed/scored.py': SUM_PY,
        'submissions/mixed/said.py': BUT_THIRTEEN,
        'submissions/mixed/unsaid.py': BUT_THIRTEEN,
        'submissions/mixed/allowed.py': BUT_THIRTEEN,
      });
      const r = await verdict('problem', 'validate', dir, '--json', ...backend);
      const report = JSON.parse(r.stdout);
      const rows = Object.fromEntries(report.submissions.map((s: { file: string; verdict: string; ok: boolean; detail: string }) => [s.file, [s.verdict, s.ok, s.detail]]));
      assert.deepEqual(rows, {
        'submissions/accepted/sum.py': ['AC', true, ''],
        'submissions/mixed/superstitious.py': ['WA', true, rows['submissions/mixed/superstitious.py'][2]],
        'submissions/mixed/allowed.py': ['WA', true, rows['submissions/mixed/allowed.py'][2]],
        'submissions/mixed/said.py': ['WA', true, rows['submissions/mixed/said.py'][2]],
        'submissions/mixed/scored.py': ['AC', false, 'the submission: no score (the problem is not scored), where a score is expected'],
        'submissions/mixed/unsaid.py': ['WA', false, 'no test\'s validator message holds "expected 7"'],
        'submissions/mixed/wrong-about-it.py': ['WA', false, 'secret/01-small: AC, where secret/\\d+-small permits WA/PE/OLE'],
        'submissions/wa_sample_ac/thirteen.py': ['WA', true, rows['submissions/wa_sample_ac/thirteen.py'][2]],
      });
      assert.equal(r.code, 1, 'three submissions break their expectations');
      assert.deepEqual(report.notes, ['submissions/expectations.yaml: mixed/allowed.py: reviewer is not a key Verdict knows (nor part of the test data): not checked']);
    });

    it("checks score expectations of a scoring problem: the submission's, a range, a fraction, and each group's", async function () {
      const dir = writeTree({
        'problem.yaml': 'problem_format_version: 2025-09\nname: Scored\nuuid: 0d6e7e38-0f6c-4a47-9f3c-9f1b7f3a0c12\ntype: scoring\nlimits:\n  time_limit: 1\n  memory: 256\n',
        'data/secret/1-small/test_group.yaml': 'max_score: 40\n',
        'data/secret/1-small/1.in': '3 4\n',
        'data/secret/1-small/1.ans': '7\n',
        'data/secret/2-thirteen/test_group.yaml': 'max_score: 60\n',
        'data/secret/2-thirteen/1.in': '13 1\n',
        'data/secret/2-thirteen/1.ans': '14\n',
        'submissions/submissions.yaml': [
          'accepted/sum.py:',
          '  score: 100',
          'partial/exact.py:',
          '  secret/1-small: {score: 40}',
          '  secret/2-thirteen: {score: 0}',
          'partial/range.py:',
          '  score: [30, 50]',
          'partial/fraction.py:',
          '  fractional_score: [0.5, 1]',
          '',
        ].join('\n'),
        'submissions/accepted/sum.py': SUM_PY,
        'submissions/partial/exact.py': BUT_THIRTEEN,
        'submissions/partial/range.py': BUT_THIRTEEN,
        'submissions/partial/fraction.py': BUT_THIRTEEN,
      });
      const r = await verdict('problem', 'validate', dir, '--json', ...backend);
      const report = JSON.parse(r.stdout);
      const rows = Object.fromEntries(report.submissions.map((s: { file: string; score: number; ok: boolean; detail: string }) => [s.file, [s.score, s.ok, s.ok ? '' : s.detail]]));
      assert.deepEqual(rows, {
        'submissions/accepted/sum.py': [100, true, ''],
        'submissions/partial/exact.py': [40, true, ''],
        'submissions/partial/fraction.py': [40, false, 'the submission: scored 40% of the most, where 0.5–1 of the most is expected'],
        'submissions/partial/range.py': [40, true, ''],
      });
    });

    it('checks submissions.yaml: globs with braces, per-test globs; reports an unknown shorthand by name and leaves it out', async function () {
      const dir = writeTree({
        'problem.yaml': 'name: Globs\nlimits:\n  time_limit: 1\n  memory: 256\n',
        ...data,
        'submissions/submissions.yaml': ['expansion/ac.{py,c}:', '  permitted: [AC]', 'wa/odd.py:', '  sample:', '    permitted: [AC]', '  secret/*{small,big}:', '    permitted: [AC]', ''].join('\n'),
        'submissions/expansion/ac.py': SUM_PY,
        'submissions/expansion/ac.c': '#include <stdio.h>\nint main(void) { long a, b; scanf("%ld %ld", &a, &b); printf("%ld\\n", a + b); return 0; }\n',
        'submissions/wa/odd.py': BUT_THIRTEEN,
      });
      const r = await verdict('problem', 'validate', dir, '--json', ...backend);
      const report = JSON.parse(r.stdout);
      const rows = Object.fromEntries(report.submissions.map((s: { file: string; verdict: string; ok: boolean }) => [s.file, [s.verdict, s.ok]]));
      assert.deepEqual(rows, {
        'submissions/expansion/ac.c': ['AC', true],
        'submissions/expansion/ac.py': ['AC', true],
        'submissions/wa/odd.py': ['WA', true],
      });
      assert.equal(r.code, 0, r.stdout + r.stderr);

      const bad = writeTree({ 'problem.yaml': 'name: Bad\n', ...data, 'submissions/expectations.yaml': 'accepted/: mostly fine\n', 'submissions/accepted/sum.py': SUM_PY });
      const reported = await verdict('problem', 'validate', bad, '--json', ...backend);
      assert.equal(reported.code, 0, 'the folder still says what to expect');
      assert.deepEqual(JSON.parse(reported.stdout).notes, [
        'submissions/expectations.yaml: accepted/: "mostly fine" is not an expectation (accepted, wrong answer, time limit exceeded, runtime exception, does not terminate, not accepted, full score, or permitted/required lists); the entry is not used',
      ]);
    });
  });

  describe('interactive and multi-pass packages', function () {
    it('verdict judge: an interactive problem, its validator the interactor (legacy validation: custom interactive)', async function () {
      const guess = writeTree({
        'problem.yaml': 'name: Guess\nvalidation: custom interactive\nlimits:\n  time_limit: 1\n  memory: 256\n',
        'output_validators/guess/validator.cpp': GUESS_VALIDATOR,
        'data/sample/1.in': '100 1\n',
        'data/sample/1.ans': '1\n',
        'data/secret/1.in': '1000 337\n',
        'data/secret/1.ans': '337\n',
      });
      const sources = writeTree({ 'search.c': PROGRAMS.correct, 'ones.c': PROGRAMS.wrongGuesses });
      const right = await verdict('judge', guess, path.join(sources, 'search.c'), '--json', ...backend);
      assert.equal(right.code, 0, right.stdout + right.stderr);
      assert.deepEqual(
        JSON.parse(right.stdout).tests.map((t: { name: string; verdict: string }) => [t.name, t.verdict]),
        [
          ['sample/1', 'AC'],
          ['secret/1', 'AC'],
        ],
      );
      const wrong = await verdict('judge', guess, path.join(sources, 'ones.c'), '--json', ...backend);
      assert.equal(wrong.code, 1, wrong.stderr);
      assert.equal(JSON.parse(wrong.stdout).verdict, 'WA');
    });

    it('verdict problem validate: a multi-pass problem (2023-07 type: multi-pass, output_validator/)', async function () {
      const twice = writeTree({
        'problem.yaml': 'problem_format_version: 2023-07-draft\nname: Twice\ntype: multi-pass\nlimits:\n  time_limit: 1\n  memory: 256\n  validation_passes: 2\n',
        'output_validator/validator.cpp': TWO_PASS_VALIDATOR,
        'data/secret/1.in': '5\n',
        'data/secret/1.ans': 'two\n',
        'submissions/accepted/twice.c': PROGRAMS.twoPass,
        'submissions/wrong_answer/second.c': PROGRAMS.twoPassWrongSecond,
      });
      const r = await verdict('problem', 'validate', twice, '--json', ...backend);
      const report = JSON.parse(r.stdout);
      const rows = Object.fromEntries(report.submissions.map((s: { file: string; verdict: string; ok: boolean; detail: string }) => [s.file, [s.verdict, s.ok, s.detail]]));
      assert.deepEqual(rows, {
        'submissions/accepted/twice.c': ['AC', true, ''],
        'submissions/wrong_answer/second.c': ['WA', true, 'secret/1: pass 1 fine\npass 2: 12 is not 10 + 1'],
      });
      assert.equal(r.code, 0, r.stderr);
    });
  });

  describe('verdict doctor', function () {
    it('lists languages with versions and the sandbox capabilities', async function () {
      const r = await verdict('doctor', '--json');
      const report = JSON.parse(r.stdout);
      const find = (item: string) => report.findings.find((f: { item: string }) => f.item === item);
      assert.equal(find('language c').status, 'ok');
      assert.match(find('language c').detail, /gcc/);
      assert.ok(report.findings.some((f: { item: string }) => f.item.startsWith('sandbox: ')));
      type Finding = { item: string; status: string; fix?: string };
      for (const f of (report.findings as Finding[]).filter((x) => x.status === 'warn' && x.item.startsWith('language'))) assert.ok(f.fix, f.item);
    });
  });
});
