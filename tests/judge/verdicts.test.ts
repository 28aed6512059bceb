// Every verdict in the languages that have a program for each (tests/judge/programs/<language>/
// <verdict>.*), judged on the real backend when available here. Every other language is judged
// AC, WA, RE and CE by languages.test.ts.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Problem, Verdict } from '@verdict/judge';
import { REPO_ROOT, TEST_BACKEND, removeTempDirs, testJudge, tinyProblem } from './helpers.ts';

const PROGRAMS = path.join(REPO_ROOT, 'tests/judge/programs');
const VERDICTS: Verdict[] = ['AC', 'WA', 'PE', 'TLE', 'MLE', 'RE', 'OLE', 'CE'];
const LANGUAGE_IDS = ['c', 'cpp', 'go', 'java', 'javascript', 'pascal', 'pypy3', 'python3', 'rust'];
/** Languages that share another's programs. */
const PROGRAM_DIR: Record<string, string> = { pypy3: 'python3' };

function programFor(languageId: string, verdict: Verdict): string | undefined {
  const dir = path.join(PROGRAMS, PROGRAM_DIR[languageId] ?? languageId);
  let files: string[] = [];
  try {
    files = readdirSync(dir);
  } catch {
    return undefined;
  }
  const file = files.find((f) => f.startsWith(`${verdict.toLowerCase()}.`));
  return file && path.join(dir, file);
}

describe(`every verdict in each language with a program for each (${TEST_BACKEND} backend) @slow`, function () {
  this.timeout(120_000);
  let problem: Problem;
  let roomy: Problem;

  before(async function () {
    // Verdict's own line checker (PE exists only there) rather than the Kattis default validator.
    problem = { ...(await tinyProblem({ tests: [['1 2\n', '3\n']] })), checker: { kind: 'default' } };
    // An output flood is about output, not memory: PyPy's heap grows to ~87 MB while it floods,
    // which is MLE under 64 MB before the 64 MB output cap is reached.
    roomy = { ...problem, memoryLimitMb: 256 };
  });
  after(removeTempDirs);

  for (const id of LANGUAGE_IDS) {
    describe(id, function () {
      before(async function () {
        const status = (await (await testJudge()).languageStatus()).find((s) => s.language.id === id);
        if (!status?.available) {
          console.log(`      (${id} is not available here: ${status?.reason})`);
          this.skip();
        }
      });

      for (const verdict of VERDICTS) {
        it(`${verdict}`, async function () {
          const file = programFor(id, verdict);
          assert.ok(file, `no test program for ${id} ${verdict} under tests/judge/programs`);
          const judge = await testJudge();
          const result = await judge.judgeSubmission({ problem: verdict === 'OLE' ? roomy : problem, language: id, source: readFileSync(file, 'utf8') });
          const detail = JSON.stringify({ ...result, compileMessage: result.compileMessage.slice(0, 300) });
          assert.equal(result.verdict, verdict, detail);
          if (verdict === 'CE') {
            assert.ok(result.compileMessage.length > 0, 'a compile error comes with the compiler message');
            assert.equal(result.tests.length, 0);
          } else {
            assert.equal(result.tests.length, 1);
            assert.equal(result.tests[0].verdict, verdict);
            assert.equal(result.timeMs, result.tests[0].timeMs);
            assert.equal(result.memoryKb, result.tests[0].memoryKb);
          }
          if (verdict === 'AC') assert.ok(result.memoryKb > 0, 'memory is measured');
        });
      }
    });
  }
});
