// What a Kattis package's problem.yaml says about judging beyond time and memory, judged on the
// real backend: `languages`, `limits.output`, `limits.code`, `limits.compilation_*` and the
// output validator's `limits.validation_*`.
import assert from 'node:assert/strict';
import { loadProblemPackage, type Problem } from '@verdict/judge';
import { removeTempDirs, TEST_BACKEND, testJudge, writeTree } from './helpers.ts';

const TWO_MB = 2 << 20;

/** A legacy package of one test; `limits` are the lines under `limits:`. */
function kattisPackage(limits: string, more: { yaml?: string; files?: Record<string, string>; answer?: string } = {}): Promise<Problem> {
  return loadProblemPackage(
    writeTree({
      'problem.yaml': `name: Limits\n${more.yaml ?? ''}limits:\n  time_limit: 2\n  memory: 256\n${limits}`,
      'data/secret/1.in': '1 2\n',
      'data/secret/1.ans': more.answer ?? '3\n',
      ...more.files,
    }),
  );
}

const SUM = 'a, b = map(int, input().split())\nprint(a + b)\n';
const SUM_CPP = '#include <iostream>\nint main() { long a, b; std::cin >> a >> b; std::cout << a + b << "\\n"; }\n';

/** A Kattis validator in Python that accepts after doing `work` (Python lines). */
const validator = (work: string) => ({ 'output_validators/v/v.py': `import sys\n${work}\nsys.exit(42)\n` });

describe(`problem.yaml limits and languages, judged (${TEST_BACKEND} backend) @slow`, function () {
  this.timeout(120_000);
  after(removeTempDirs);

  it('languages: a submission in a language the package does not allow is refused, naming the field; cpp allows C++20', async function () {
    const judge = await testJudge();
    const problem = await kattisPackage('', { yaml: 'languages: [cpp]\n' });
    const refused = await judge.judgeSubmission({ problem, language: 'python3', source: SUM });
    assert.equal(refused.verdict, 'CE');
    assert.match(refused.compileMessage, /Python 3 is not among the languages this problem allows \(problem\.yaml languages: cpp\)/);
    assert.equal(refused.tests.length, 0, 'nothing ran');
    assert.equal((await judge.judgeSubmission({ problem, language: 'cpp20', source: SUM_CPP })).verdict, 'AC');
    assert.equal((await judge.judgeSubmission({ problem: await kattisPackage(''), language: 'python3', source: SUM })).verdict, 'AC', 'without languages, every language');
  });

  it('limits.output: the output cap, in MB, instead of the judge’s 64 MB', async function () {
    const judge = await testJudge();
    const flood = `import sys\nsys.stdout.write('x' * ${TWO_MB})\n`;
    const answer = 'x'.repeat(TWO_MB);
    const capped = await judge.judgeSubmission({ problem: await kattisPackage('  output: 1\n', { answer }), language: 'python3', source: flood });
    assert.equal(capped.verdict, 'OLE', JSON.stringify(capped.tests));
    const roomy = await judge.judgeSubmission({ problem: await kattisPackage('  output: 3\n', { answer }), language: 'python3', source: flood });
    assert.equal(roomy.verdict, 'AC', JSON.stringify(roomy.tests));
  });

  it('limits.code: sources over it are refused before compiling, naming the field', async function () {
    const judge = await testJudge();
    const problem = await kattisPackage('  code: 1\n');
    const padded = `${SUM}${'# padding\n'.repeat(120)}`;
    const refused = await judge.judgeSubmission({ problem, language: 'python3', source: padded });
    assert.equal(refused.verdict, 'CE');
    assert.match(refused.compileMessage, /the source takes 1\.\d KiB, over the problem's 1 KiB \(problem\.yaml limits\.code\)/);
    assert.equal((await judge.judgeSubmission({ problem, language: 'python3', source: SUM })).verdict, 'AC');
  });

  it('limits.compilation_time: a compile over it is a compile error saying so', async function () {
    const judge = await testJudge();
    // Constant evaluation that keeps the compiler busy for ~11 s here, each call under g++'s
    // limits (262144 iterations a loop, 2^25 operations an evaluation): one loop of 400 million
    // iterations hit the loop limit and failed at once on a fast host, with a different message.
    const spins = Array.from({ length: 8 }, (_, k) => `static_assert(spin(${k}) != 1);\n`).join('');
    const slow = `${SUM_CPP}constexpr long spin(long k) { long s = 0; for (long i = 0; i < 4; i++) for (long j = 0; j < 200000; j++) s += (j ^ k) % 7; return s; }\n${spins}`;
    const result = await judge.judgeSubmission({ problem: await kattisPackage('  compilation_time: 1\n'), language: 'cpp', source: slow });
    assert.equal(result.verdict, 'CE', result.compileMessage);
    assert.match(result.compileMessage, /compilation exceeded 1 s/);
  });

  it('limits.compilation_memory: a compile over it is a compile error', async function () {
    const judge = await testJudge();
    const result = await judge.judgeSubmission({ problem: await kattisPackage('  compilation_memory: 8\n'), language: 'cpp', source: `#include <bits/stdc++.h>\n${SUM_CPP}` });
    assert.equal(result.verdict, 'CE', result.compileMessage);
    assert.equal((await judge.judgeSubmission({ problem: await kattisPackage('  compilation_memory: 1024\n'), language: 'cpp', source: `#include <bits/stdc++.h>\n${SUM_CPP}` })).verdict, 'AC');
  });

  it("limits.validation_time, validation_memory, validation_output: the output validator's limits", async function () {
    const judge = await testJudge();
    const busy = validator('import time\nt = time.process_time()\nwhile time.process_time() - t < 2:\n    pass');
    const slow = await judge.judgeSubmission({ problem: await kattisPackage('  validation_time: 1\n', { yaml: 'validation: custom\n', files: busy }), language: 'python3', source: SUM });
    assert.equal(slow.verdict, 'SE', 'a validator over its time is the judge’s failure, not the submission’s');
    assert.match(slow.tests[0].message ?? '', /TLE/);
    assert.equal((await judge.judgeSubmission({ problem: await kattisPackage('  validation_time: 5\n', { yaml: 'validation: custom\n', files: busy }), language: 'python3', source: SUM })).verdict, 'AC');

    const hungry = validator(`block = b'x' * (200 << 20)`);
    assert.equal((await judge.judgeSubmission({ problem: await kattisPackage('  validation_memory: 64\n', { yaml: 'validation: custom\n', files: hungry }), language: 'python3', source: SUM })).verdict, 'SE');
    assert.equal((await judge.judgeSubmission({ problem: await kattisPackage('  validation_memory: 512\n', { yaml: 'validation: custom\n', files: hungry }), language: 'python3', source: SUM })).verdict, 'AC');

    // A validator's output is capped at the format's default, 8 MiB: a package may give it less or more.
    const talkative = validator(`sys.stdout.write('y' * ${TWO_MB})`);
    assert.equal((await judge.judgeSubmission({ problem: await kattisPackage('', { yaml: 'validation: custom\n', files: talkative }), language: 'python3', source: SUM })).verdict, 'AC');
    assert.equal((await judge.judgeSubmission({ problem: await kattisPackage('  validation_output: 1\n', { yaml: 'validation: custom\n', files: talkative }), language: 'python3', source: SUM })).verdict, 'SE');
    assert.equal((await judge.judgeSubmission({ problem: await kattisPackage('  validation_output: 4\n', { yaml: 'validation: custom\n', files: talkative }), language: 'python3', source: SUM })).verdict, 'AC');
  });
});
