// The judging flow: ICPC stop versus run-all, progress, max time/memory, time factors and the
// re-run of a test that lands just over its time limit.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { compareExact, createJudge, DEFAULT_PLUGINS, type JudgeProgress, type JudgeTimings } from '@verdict/judge';
import type { JudgeBackend, RunResult, VerdictPlugin } from '@verdict/plugin-api';
import { worthAnotherRun } from '@verdict/judge';
import { removeTempDirs, TEST_BACKEND, testJudge, tinyProblem } from './helpers.ts';

// Prints a+b, except on input "5 5" where it prints nonsense.
const FAILS_ON_FIVE = 'a, b = map(int, input().split())\nprint("x" if a == 5 else a + b)\n';

/** Burns the CPU milliseconds given on stdin, then prints 0. */
const BURN_C = `#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <time.h>
int main(void) {
  double ms; if (scanf("%lf", &ms) != 1) return 1;
  struct timespec t; volatile unsigned long n = 0;
  do { for (int i = 0; i < 100000; i++) n++; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); }
  while (t.tv_sec * 1000.0 + t.tv_nsec / 1e6 < ms);
  puts("0");
  return 0;
}
`;

describe(`judging flow (${TEST_BACKEND} backend) @slow`, function () {
  this.timeout(120_000);
  after(removeTempDirs);
  const tests: [string, string][] = [
    ['1 2\n', '3\n'],
    ['5 5\n', '10\n'],
    ['2 2\n', '4\n'],
  ];

  it('stops at the first failing test by default (ICPC) and reports progress per test', async function () {
    const problem = await tinyProblem({ tests });
    const progress: JudgeProgress[] = [];
    const result = await (await testJudge()).judgeSubmission({ problem, language: 'python3', source: FAILS_ON_FIVE, onProgress: (p) => progress.push(p) });
    assert.equal(result.verdict, 'WA');
    assert.deepEqual(
      result.tests.map((t) => [t.name, t.verdict]),
      [
        ['secret/1', 'AC'],
        ['secret/2', 'WA'],
      ],
    );
    // Compiled (the first test about to run: index 0), then each test as it finishes.
    assert.deepEqual(
      progress.map((p) => [p.phase, p.index]),
      [
        ['compiling', undefined],
        ['running', 0],
        ['running', 1],
        ['running', 2],
        ['done', undefined],
      ],
    );
    assert.equal(progress[1].total, 3);
    assert.equal(progress[1].test, undefined);
    assert.equal(progress[3].test?.verdict, 'WA');
  });

  it('runs every test on request; the record keeps max time and max memory', async function () {
    const problem = await tinyProblem({ tests });
    const result = await (await testJudge()).judgeSubmission({ problem, language: 'python3', source: FAILS_ON_FIVE, options: { runAll: true } });
    assert.deepEqual(
      result.tests.map((t) => t.verdict),
      ['AC', 'WA', 'AC'],
    );
    assert.equal(result.verdict, 'WA');
    assert.equal(result.timeMs, Math.max(...result.tests.map((t) => t.timeMs)));
    assert.equal(result.memoryKb, Math.max(...result.tests.map((t) => t.memoryKb)));
  });

  it('multiplies the time limit by the language time factor where the problem applies factors, never for a Kattis package', async function () {
    // 1.2 s of CPU: over the 1 s limit in C (factor 1), but the same limit with factor 2 passes.
    const kattis = await tinyProblem({ tests: [['1200\n', '0\n']], yaml: 'name: Burn\nlimits:\n  time_limit: 1\n  memory: 64\n' });
    assert.equal(kattis.languageFactors, false, 'the Kattis format scales no limit per language');
    const problem = { ...kattis, languageFactors: true };
    const judge = await testJudge();
    const c = judge.allLanguages.find((l) => l.id === 'c')!;
    assert.equal((await judge.judgeSubmission({ problem, language: c, source: BURN_C })).verdict, 'TLE');
    assert.equal((await judge.judgeSubmission({ problem, language: { ...c, timeFactor: 2 }, source: BURN_C })).verdict, 'AC');
    assert.equal((await judge.judgeSubmission({ problem: kattis, language: { ...c, timeFactor: 2 }, source: BURN_C })).verdict, 'TLE');
  });

  it('runs a test again once when it ends just over the limit', async function () {
    const runs: string[] = [];
    const counting: VerdictPlugin = {
      name: 'counting',
      apiVersion: 1,
      async setup(ctx) {
        const real = (await testJudge()).backend;
        const backend: JudgeBackend = {
          name: 'counting',
          unsafe: real.unsafe,
          check: () => real.check(),
          run: (req) => {
            if (req.stdin && typeof req.stdin === 'object' && 'file' in req.stdin) runs.push(req.stdin.file);
            return real.run(req);
          },
        };
        ctx.registerBackend(backend);
      },
    };
    const judge = await createJudge({ plugins: [{ plugin: counting }], backend: 'counting' });
    const near = await tinyProblem({ tests: [['1200\n', '0\n']] });
    const result = await judge.judgeSubmission({ problem: near, language: 'c', source: BURN_C });
    assert.equal(result.verdict, 'TLE');
    assert.equal(runs.length, 2, 'a run over the limit but within the headroom is repeated');
  });

  it('runs a test again from the compiled program alone: what the first run left does not make the second fast', async function () {
    // One test: no session (nothing of a session's test survives it); each run is a run() of its
    // own, whose work folder came back to the host with the program's files, and the second run
    // read the table the first one had spent its time on (AC; found by a hostile review).
    const caching = `#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <time.h>
int main(void) {
  long x, y;
  if (scanf("%ld", &x) != 1) return 1;
  FILE *table = fopen("table", "r");
  if (table && fscanf(table, "%ld", &y) == 1) { printf("%ld\\n", y); return 0; }
  struct timespec t; volatile unsigned long n = 0;
  do { for (int i = 0; i < 100000; i++) n++; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); }
  while (t.tv_sec * 1000.0 + t.tv_nsec / 1e6 < 1200);
  table = fopen("table", "w");
  if (table) fprintf(table, "%ld\\n", x * x), fclose(table);
  printf("%ld\\n", x * x);
  return 0;
}
`;
    const one = await tinyProblem({ tests: [['7\n', '49\n']] });
    const result = await (await testJudge()).judgeSubmission({ problem: one, language: 'c', source: caching });
    assert.equal(result.verdict, 'TLE', JSON.stringify(result));
  });

  it('counts a table compiled into the program in its memory: MLE under 32 MB, in a session and alone (issue 27)', async function () {
    // It was AC at 0.6 MB: the judge copies the compiled program into the sandbox, so the
    // binary's pages were charged to the judge, not to the run.
    if (TEST_BACKEND !== 'sandbox') this.skip();
    const table = `#include <stdio.h>
static unsigned char table[56 << 20] = {7};
int main(void) {
  long a, b;
  if (scanf("%ld %ld", &a, &b) != 2) return 1;
  unsigned long sum = 0;
  for (unsigned long i = 0; i < sizeof table; i += 4096) sum += table[i];
  printf("%ld\\n", a + b + (long)sum - 7);
  return 0;
}
`;
    const judge = await testJudge();
    const yaml = (memory: number) => `name: Table\nlimits:\n  time_limit: 2\n  memory: ${memory}\n`;
    const two: [string, string][] = [['1 2\n', '3\n'], ['2 2\n', '4\n']];
    for (const tests of [two, two.slice(0, 1)]) {
      const small = await judge.judgeSubmission({ problem: await tinyProblem({ tests, yaml: yaml(32) }), language: 'c', source: table });
      assert.equal(small.verdict, 'MLE', JSON.stringify(small));
      assert.ok(small.memoryKb >= 56 * 1024, JSON.stringify(small));
    }
    const roomy = await judge.judgeSubmission({ problem: await tinyProblem({ tests: two, yaml: yaml(128) }), language: 'c', source: table });
    assert.equal(roomy.verdict, 'AC', JSON.stringify(roomy));
    assert.ok(roomy.memoryKb >= 56 * 1024 && roomy.memoryKb < 64 * 1024, JSON.stringify(roomy));
  });

  it('decides which runs are repeated: near the limit or starved, never a runaway or a system error', function () {
    const run = (status: RunResult['status'], cpuMs: number): RunResult => ({ status, cpuMs, wallMs: 0, memoryKb: 0, exitCode: 0, signal: null, stdout: '', stderr: '' });
    assert.equal(worthAnotherRun(run('OK', 1200), 1000), true, 'finished within the headroom');
    assert.equal(worthAnotherRun(run('RE', 1100), 1000), true, 'crashed within the headroom');
    assert.equal(worthAnotherRun(run('TLE', 300), 1000), true, 'wall clock with little CPU: starved or sleeping');
    assert.equal(worthAnotherRun(run('TLE', 1500), 1000), false, 'killed at the headroom');
    assert.equal(worthAnotherRun(run('OK', 900), 1000), false);
    assert.equal(worthAnotherRun(run('SE', 0), 1000), false);
  });

  it('records where the wall time went: compile, runs and checks, together at most the total', async function () {
    // A backend that waits 30 ms after each test run and a checker that waits 20 ms: the
    // phases must at least hold those waits, whatever the machine's load.
    const RUN_PAUSE_MS = 30;
    const CHECK_PAUSE_MS = 20;
    // Node's timers keep whole milliseconds on their own clock: a 20 ms pause can measure 19.96 ms
    // on performance.now(), so each pause is counted with 1 ms less.
    const measured = (pauses: number, ms: number) => pauses * (ms - 1);
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const paused: VerdictPlugin = {
      name: 'paused',
      apiVersion: 1,
      async setup(ctx) {
        const real = (await testJudge()).backend;
        ctx.registerBackend({
          name: 'paused',
          unsafe: real.unsafe,
          check: () => real.check(),
          run: async (req) => {
            const result = await real.run(req);
            if (req.stdoutFile) await pause(RUN_PAUSE_MS); // a test run, not the compiler
            return result;
          },
        });
        ctx.registerChecker({
          name: 'paused-exact',
          async check(c) {
            await pause(CHECK_PAUSE_MS);
            return compareExact(await readFile(c.output, 'utf8'), await readFile(c.answer, 'utf8'));
          },
        });
      },
    };
    const judge = await createJudge({ plugins: [{ plugin: paused }], backend: 'paused' });
    const problem = { ...(await tinyProblem({ tests })), checker: { kind: 'plugin', name: 'paused-exact', options: {} } as const };
    const sum = 'a, b = map(int, input().split())\nprint(a + b)\n';
    const within = (t: JudgeTimings) => {
      for (const [phase, ms] of Object.entries(t)) assert.ok(Number.isFinite(ms) && ms >= 0, `${phase} ${ms}`);
      assert.ok(t.compileMs + t.runMs + t.checkMs <= t.totalMs, JSON.stringify(t));
    };

    const accepted = await judge.judgeSubmission({ problem, language: 'python3', source: sum });
    assert.equal(accepted.verdict, 'AC');
    const t = accepted.timings!;
    within(t);
    assert.ok(t.compileMs > 0, 'python3 has a compile step (py_compile)');
    assert.ok(t.runMs >= measured(3, RUN_PAUSE_MS), `three runs, runMs ${t.runMs}`);
    assert.ok(t.checkMs >= measured(3, CHECK_PAUSE_MS), `three checks, checkMs ${t.checkMs}`);

    const wrong = await judge.judgeSubmission({ problem, language: 'python3', source: FAILS_ON_FIVE });
    assert.equal(wrong.verdict, 'WA');
    within(wrong.timings!);
    assert.ok(wrong.timings!.checkMs >= measured(2, CHECK_PAUSE_MS), `two checks before the stop, checkMs ${wrong.timings!.checkMs}`);

    const broken = await judge.judgeSubmission({ problem, language: 'python3', source: 'def broken(:\n' });
    assert.equal(broken.verdict, 'CE');
    within(broken.timings!);
    assert.ok(broken.timings!.compileMs > 0);
    assert.equal(broken.timings!.runMs, 0, 'nothing runs after a compile error');
    assert.equal(broken.timings!.checkMs, 0);
  });

  it("hands a plugin's checker the output in its file, though the tests ran in one sandbox with their output kept in memory", async function () {
    if (TEST_BACKEND !== 'sandbox') this.skip();
    const seen: string[] = [];
    const reading: VerdictPlugin = {
      name: 'reading',
      apiVersion: 1,
      setup(ctx) {
        ctx.registerChecker({
          name: 'file-exact',
          async check(c) {
            const output = await readFile(c.output, 'latin1');
            seen.push(output);
            return compareExact(output, await readFile(c.answer, 'latin1'));
          },
        });
      },
    };
    const judge = await createJudge({ plugins: [...DEFAULT_PLUGINS, { plugin: reading }], backend: 'sandbox' });
    try {
      const problem = { ...(await tinyProblem({ tests })), checker: { kind: 'plugin', name: 'file-exact', options: {} } as const };
      const accepted = await judge.judgeSubmission({ problem, language: 'python3', source: 'a, b = map(int, input().split())\nprint(a + b)\n' });
      assert.equal(accepted.verdict, 'AC', JSON.stringify(accepted.tests));
      assert.deepEqual(seen, tests.map(([, answer]) => answer));
      seen.length = 0;
      const wrong = await judge.judgeSubmission({ problem, language: 'python3', source: FAILS_ON_FIVE });
      assert.equal(wrong.verdict, 'WA');
      assert.equal(seen.at(-1), 'x\n', 'the failing test\'s own output, not an earlier one');
    } finally {
      await judge.close();
    }
  });

  it("gives CE without running a test when the compiled program is bigger than a run's files may be", async function () {
    // `mb` MiB of zeros in the binary. (Initialised data in C would fail to compile: its object
    // file passes through the sandbox's 64 MiB /tmp.) Declared @nobits they take no room in the
    // object file, but the linker puts them in .data, which the binary stores.
    const withZeros = (mb: number) =>
      `#include <stdio.h>\n__asm__(".section .gnu.linkonce.d.zeros, \\"aw\\", @nobits\\n.zero ${mb} << 20\\n.previous");\n` +
      'int main(void) { int a, b; if (scanf("%d %d", &a, &b) != 2) return 1; printf("%d\\n", a + b); return 0; }\n';
    const problem = await tinyProblem({ tests });
    const judge = await testJudge();
    const progress: JudgeProgress[] = [];
    const over = await judge.judgeSubmission({ problem, language: 'c', source: withZeros(80), onProgress: (p) => progress.push(p) });
    assert.equal(over.verdict, 'CE');
    assert.equal(over.compileMessage, "the compiled program takes 80.0 MB, over the limit of 64 MB for a run's files");
    assert.deepEqual(over.tests, []);
    assert.deepEqual(
      progress.map((p) => p.phase),
      ['compiling', 'done'],
    );
    const within = await judge.judgeSubmission({ problem, language: 'c', source: withZeros(40) });
    assert.equal(within.verdict, 'AC', JSON.stringify(within));
    assert.equal(within.tests.length, 3);
  });

  it('refuses an unknown or unavailable language clearly', async function () {
    const problem = await tinyProblem({ tests });
    const judge = await testJudge();
    await assert.rejects(judge.judgeSubmission({ problem, language: 'intercal', source: '' }), /unknown language "intercal"/);
  });
});
