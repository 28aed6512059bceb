// Interactive and multi-pass problems judged end to end: a guessing game with a C++ Kattis
// validator (and the same as a testlib interactor), the verdict rules of problemtools, a deadlock,
// a two-pass problem, a program hunting for what only the validator may see, and a backend
// without runInteractive. On the sandbox and on unsafe-local (the hostile test on the sandbox only).
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { createJudge, type Interaction, type Judge, type JudgeResult, type Problem } from '@verdict/judge';
import type { JudgeBackend } from '@verdict/plugin-api';
import type { SandboxBackend } from '@verdict/sandbox-bwrap';
import unsafeLocal from '@verdict/unsafe-local';
import { assertRunsLeftNothing, processesOfUid } from '../sandbox/leftovers.ts';
import { GUESS_INTERACTOR, GUESS_VALIDATOR, HOSTILE_VALIDATOR, hostileProgram, PROGRAMS, SILENT_VALIDATOR, TWO_PASS_VALIDATOR } from './interactive-programs.ts';
import { removeTempDirs, TEST_BACKEND, testJudge, tinyProblem, writeTree } from './helpers.ts';

const INTERACTIVE: Interaction = { interactive: true, multiPass: false, maxPasses: 2 };
const MULTI_PASS: Interaction = { interactive: false, multiPass: true, maxPasses: 2 };
// 0.5 s: the wall-clock limit (2 × 0.5 s + 0.5 s) ends a waiting program in 1.5 s.
const TIME_LIMIT_S = 0.5;

/** A problem of the given tests judged by `validator` (C++) as its package would say. */
async function problemWith(tests: [string, string][], validator: string, interaction: Interaction, protocol: 'kattis' | 'testlib' = 'kattis'): Promise<Problem> {
  const base = await tinyProblem({ tests, yaml: `name: Interactive\nlimits:\n  time_limit: ${TIME_LIMIT_S}\n  memory: 256\n` });
  const source = path.join(writeTree({ 'validator.cpp': validator }), 'validator.cpp');
  return { ...base, interaction, checker: protocol === 'kattis' ? { kind: 'kattis', source, flags: [] } : { kind: 'testlib', source } };
}

async function unsafeLocalBackend(): Promise<JudgeBackend> {
  const backends: JudgeBackend[] = [];
  await unsafeLocal.setup({ registerBackend: (b) => backends.push(b), registerLanguage() {}, registerChecker() {}, log() {} }, unsafeLocal.parseConfig!({}));
  return backends[0];
}

const BACKENDS = TEST_BACKEND === 'sandbox' ? ['sandbox', 'unsafe-local'] : [TEST_BACKEND];
const ownJudges: Judge[] = [];
after(async function () {
  await Promise.all(ownJudges.splice(0).map((j) => j.close()));
});

function judgeOn(backend: string): () => Promise<Judge> {
  let judge: Promise<Judge> | undefined;
  return () => {
    if (backend === 'sandbox') return testJudge();
    judge ??= createJudge({ backend }).then((j) => (ownJudges.push(j), j));
    return judge;
  };
}

for (const backend of BACKENDS) {
  describe(`interactive and multi-pass problems (${backend}) @slow`, function () {
    this.timeout(120_000);
    after(removeTempDirs);
    const judge = judgeOn(backend);
    const submit = async (problem: Problem, source: string, runAll = false): Promise<JudgeResult> =>
      (await judge()).judgeSubmission({ problem, language: 'c', source, options: { runAll } });

    describe('a guessing game with a Kattis validator', function () {
      let guess: Problem;
      before(async function () {
        guess = await problemWith(
          [
            ['1000 337\n', '337\n'],
            ['1000 1000\n', '1000\n'],
          ],
          GUESS_VALIDATOR,
          INTERACTIVE,
        );
      });

      it('a correct program is AC on every test, with the validator’s message', async function () {
        const result = await submit(guess, PROGRAMS.correct, true);
        assert.equal(result.verdict, 'AC', JSON.stringify(result));
        // Binary search over 1..1000 finds 337 at the 9th guess, 1000 at the 10th.
        assert.deepEqual(
          result.tests.map((t) => [t.verdict, t.message]),
          [
            ['AC', 'found in 9 guesses'],
            ['AC', 'found in 10 guesses'],
          ],
        );
      });

      it('wrong guesses are WA: the validator rejects first, and the program’s exit 1 after that does not count', async function () {
        const result = await submit(guess, PROGRAMS.wrongGuesses);
        assert.equal(result.verdict, 'WA', JSON.stringify(result));
        assert.equal(result.tests[0].message, 'too many guesses');
      });

      it('a program that waits for ever is TLE at the wall-clock limit', async function () {
        const started = Date.now();
        const result = await submit(guess, PROGRAMS.sleeper);
        assert.equal(result.verdict, 'TLE', JSON.stringify(result));
        assert.ok(Date.now() - started >= 1500, 'ended at the wall-clock limit');
      });

      it('a program that crashes before the validator decides is RE, although the validator then says WA', async function () {
        const result = await submit(guess, PROGRAMS.crash);
        assert.equal(result.verdict, 'RE', JSON.stringify(result));
      });

      it('a program that crashes after the validator accepted is RE', async function () {
        const result = await submit(guess, PROGRAMS.crashAfterAccept);
        assert.equal(result.verdict, 'RE', JSON.stringify(result));
      });

      it('a program flooding the validator is WA at once, not a limit', async function () {
        const started = Date.now();
        const result = await submit(guess, PROGRAMS.flood);
        assert.equal(result.verdict, 'WA', JSON.stringify(result));
        assert.equal(result.tests[0].message, 'too many guesses');
        assert.ok(Date.now() - started < 10_000);
      });
    });

    it('what a program learned in one run does not reach the next: a test judged again is TLE, not AC', async function () {
      // 12 guesses allowed, 20 needed: only a run that continues from the one before can win.
      const wide = await problemWith([['1000000 777777\n', '777777\n']], GUESS_VALIDATOR, INTERACTIVE);
      const result = await submit(wide, PROGRAMS.remembering);
      assert.equal(result.verdict, 'TLE', JSON.stringify(result));
    });

    it('a validator that waits for the program, which waits for it: TLE at the program’s wall-clock limit', async function () {
      const silent = await problemWith([['1000 5\n', '5\n']], SILENT_VALIDATOR, INTERACTIVE);
      const result = await submit(silent, PROGRAMS.correct);
      assert.equal(result.verdict, 'TLE', JSON.stringify(result));
      assert.match(result.tests[0].message ?? '', /wall-clock/);
    });

    it('a testlib interactor: exit 0 AC, 1 WA, its stderr the message', async function () {
      const game = await problemWith([['1000 337\n', '337\n']], GUESS_INTERACTOR, INTERACTIVE, 'testlib');
      const right = await submit(game, PROGRAMS.correct);
      assert.equal(right.verdict, 'AC', JSON.stringify(right));
      assert.equal(right.tests[0].message, 'ok 9 guesses');
      const wrong = await submit(game, PROGRAMS.wrongGuesses);
      assert.equal(wrong.verdict, 'WA', JSON.stringify(wrong));
    });

    describe('multi-pass (two passes, the feedback folder kept between them)', function () {
      let twoPass: Problem;
      before(async function () {
        twoPass = await problemWith(
          [
            ['5\n', 'two\n'],
            ['21\n', 'two\n'],
          ],
          TWO_PASS_VALIDATOR,
          MULTI_PASS,
        );
      });

      it('a program right in both passes is AC; the message gathers both passes', async function () {
        const result = await submit(twoPass, PROGRAMS.twoPass, true);
        assert.equal(result.verdict, 'AC', JSON.stringify(result));
        assert.equal(result.tests[1].message, 'pass 1 fine\npass 2 fine');
      });

      it('a program wrong in the second pass only is WA', async function () {
        const result = await submit(twoPass, PROGRAMS.twoPassWrongSecond);
        assert.equal(result.verdict, 'WA', JSON.stringify(result));
        assert.equal(result.tests[0].message, 'pass 1 fine\npass 2: 12 is not 10 + 1');
      });

      it('interactive and multi-pass at once: each pass a conversation', async function () {
        const both = { ...twoPass, interaction: { interactive: true, multiPass: true, maxPasses: 2 } };
        const result = await submit(both, PROGRAMS.twoPass, true);
        assert.equal(result.verdict, 'AC', JSON.stringify(result));
        assert.equal(result.tests[0].message, 'pass 1 fine\npass 2 fine');
      });

      it('each pass starts from the compiled program alone: a file pass 1 left is not there in pass 2', async function () {
        const result = await submit(twoPass, PROGRAMS.twoPassWithLeftovers);
        assert.equal(result.verdict, 'WA', JSON.stringify(result));
        assert.equal(result.tests[0].message, 'pass 1 fine\npass 2: 12 is not 10 + 1');
      });

      it('a validator asking for more passes than validation_passes is a judge error (SE)', async function () {
        const looping = await problemWith([['5\n', 'loop\n']], TWO_PASS_VALIDATOR, MULTI_PASS);
        const result = await submit(looping, PROGRAMS.twoPass);
        assert.equal(result.verdict, 'SE', JSON.stringify(result));
        assert.match(result.tests[0].message ?? '', /asked for pass 3.*validation_passes/);
      });
    });

    if (backend === 'sandbox') {
      it('the program reaches nothing of the validator: answer, input, its folder, feedback folder, processes; nothing of either side is left', async function () {
        const problem = await problemWith([['go\n', 'secret-answer\n']], HOSTILE_VALIDATOR, INTERACTIVE);
        const j = await judge();
        const sandbox = j.backend as SandboxBackend;
        const before = new Set(processesOfUid());
        const paths = { answer: problem.tests[0].answer, input: problem.tests[0].input, workRoot: path.join(os.tmpdir(), 'verdict-judge') };
        const result = await submit(problem, hostileProgram(paths, true));
        assert.equal(result.verdict, 'AC', JSON.stringify(result));
        assert.equal(result.tests[0].message, 'clean');
        await assertRunsLeftNothing(sandbox, before, sandbox.config.cgroupParent);
      });
    } else {
      it('(control: without isolation the same hunt finds the answer, so the sandbox test can fail)', async function () {
        const problem = await problemWith([['go\n', 'secret-answer\n']], HOSTILE_VALIDATOR, INTERACTIVE);
        const paths = { answer: problem.tests[0].answer, input: problem.tests[0].input, workRoot: path.join(os.tmpdir(), 'verdict-judge') };
        const result = await submit(problem, hostileProgram(paths, false));
        assert.equal(result.verdict, 'WA', JSON.stringify(result));
        assert.match(result.tests[0].message ?? '', /^found .*answer/);
      });
    }
  });
}

describe('an interactive problem on a backend without runInteractive @slow', function () {
  this.timeout(60_000);
  after(removeTempDirs);

  it('is SE naming the missing capability, never judged as a batch problem; multi-pass still works', async function () {
    const inner = await unsafeLocalBackend();
    const noPipes: JudgeBackend = { name: 'no-pipes', unsafe: true, check: () => inner.check(), run: (req) => inner.run(req) };
    const judge = await createJudge({ plugins: [{ plugin: { name: 'no-pipes', apiVersion: 1, setup: (ctx) => ctx.registerBackend(noPipes) } }], backend: 'no-pipes' });
    ownJudges.push(judge);
    const guess = await problemWith([['1000 337\n', '337\n']], GUESS_VALIDATOR, INTERACTIVE);
    const refused = await judge.judgeSubmission({ problem: guess, language: 'c', source: PROGRAMS.correct });
    assert.equal(refused.verdict, 'SE');
    assert.match(refused.compileMessage, /backend "no-pipes" cannot judge interactive problems: it has no runInteractive/);
    assert.deepEqual(refused.tests, []);
    const twoPass = await problemWith([['5\n', 'two\n']], TWO_PASS_VALIDATOR, MULTI_PASS);
    const passes = await judge.judgeSubmission({ problem: twoPass, language: 'c', source: PROGRAMS.twoPass });
    assert.equal(passes.verdict, 'AC', JSON.stringify(passes));
  });
});
