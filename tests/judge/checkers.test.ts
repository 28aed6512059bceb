// Checkers: the default rules (AC/PE/WA), float tolerance, testlib exit codes and Kattis 42/43,
// the special judges compiled and run on the real backend.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compareExact, compareFloats, defaultChecker, type Problem } from '@verdict/judge';
import { removeTempDirs, testJudge, tinyProblem } from './helpers.ts';

const ECHO_PY = 'import sys\nsys.stdout.write(sys.stdin.read())\n';

describe('default checker rules', function () {
  it('accepts output equal up to trailing spaces, CRLF and trailing blank lines', function () {
    assert.equal(compareExact('1 2\n3\n', '1 2\n3\n').verdict, 'AC');
    assert.equal(compareExact('1 2   \r\n3\t\n\n\n', '1 2\n3').verdict, 'AC');
    assert.equal(compareExact('3', '3\n').verdict, 'AC');
  });

  it('gives PE when only whitespace inside or before lines differs', function () {
    assert.equal(compareExact(' 3\n', '3\n').verdict, 'PE');
    assert.equal(compareExact('1  2\n', '1 2\n').verdict, 'PE');
    assert.equal(compareExact('1\n2\n', '1 2\n').verdict, 'PE');
    assert.equal(compareExact('\n3\n', '3\n').verdict, 'PE');
  });

  it('gives WA for different tokens, naming the first differing line', function () {
    const r = compareExact('1\n4\n', '1\n3\n');
    assert.equal(r.verdict, 'WA');
    assert.match(r.message!, /line 2/);
    assert.equal(compareExact('', '3\n').verdict, 'WA');
    assert.equal(compareExact('3\n4\n', '3\n').verdict, 'WA');
  });
});

describe('default checker on files', function () {
  it('reads files over 1 MiB (through the thread pool) and under it (at once) alike, byte for byte', async function () {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'verdict-checker-files-'));
    try {
      const big = `${'7 '.repeat(600_000)}\n`; // 1.2 MB
      const files = { answer: path.join(dir, 'answer'), same: path.join(dir, 'same'), last: path.join(dir, 'last'), small: path.join(dir, 'small') };
      writeFileSync(files.answer, `${big}\xe9\n`, 'latin1');
      writeFileSync(files.same, `${big}\xe9\n`, 'latin1');
      writeFileSync(files.last, `${big}\xe8\n`, 'latin1');
      writeFileSync(files.small, '7\n', 'latin1');
      const check = (output: string) => defaultChecker.check({ input: files.answer, answer: files.answer, output, workDir: dir }, {});
      assert.equal((await check(files.same)).verdict, 'AC');
      const last = await check(files.last);
      assert.equal(last.verdict, 'WA');
      assert.match(last.message!, /^line 2 differs/);
      assert.equal((await check(files.small)).verdict, 'WA');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('float tolerance', function () {
  it('accepts numbers within the absolute or the relative tolerance', function () {
    assert.equal(compareFloats('3.1415927\n', '3.14159265358979\n', 1e-6, 1e-6).verdict, 'AC');
    assert.equal(compareFloats('1000000.5', '1000000.0', 1e-6, 1e-6).verdict, 'AC');
    assert.equal(compareFloats('1e-7', '0', 1e-6, 0).verdict, 'AC');
    assert.equal(compareFloats('  2.0   3.0 ', '2 3', 1e-9, 0).verdict, 'AC');
  });

  it('rejects numbers outside both tolerances, non-numbers and a wrong token count', function () {
    assert.equal(compareFloats('3.14', '3.14159265', 1e-6, 1e-6).verdict, 'WA');
    assert.equal(compareFloats('1000010', '1000000', 1e-6, 1e-6).verdict, 'WA');
    assert.equal(compareFloats('nan', '1.0', 1e-6, 1e-6).verdict, 'WA');
    assert.equal(compareFloats('1.0 2.0', '1.0', 1e-6, 1e-6).verdict, 'WA');
    assert.equal(compareFloats('1.0', '1.0 2.0', 1e-6, 1e-6).verdict, 'WA');
  });

  it('compares words exactly', function () {
    assert.equal(compareFloats('YES 1.0', 'YES 1.0000001', 1e-6, 0).verdict, 'AC');
    assert.equal(compareFloats('yes 1.0', 'YES 1.0', 1e-6, 0).verdict, 'WA');
  });
});

// A testlib-protocol checker that exits with the code the contestant printed.
const TESTLIB_EXIT_CHECKER = `#include <cstdio>
int main(int argc, char **argv) {
  if (argc < 4) return 3;
  std::FILE *out = std::fopen(argv[2], "r"), *ans = std::fopen(argv[3], "r"), *in = std::fopen(argv[1], "r");
  if (!out || !ans || !in) return 3;
  int code = 3;
  if (std::fscanf(out, "%d", &code) != 1) return 2;
  std::fprintf(stderr, "exit %d", code);
  return code;
}
`;

// A Kattis output validator: AC when the team output (stdin) equals the answer file's first token.
const KATTIS_VALIDATOR = `#include <cstdio>
#include <cstring>
#include <string>
int main(int argc, char **argv) {
  if (argc < 4) return 1;
  std::FILE *ans = std::fopen(argv[2], "r");
  char want[64] = {0}, got[64] = {0};
  if (!ans || std::fscanf(ans, "%63s", want) != 1) return 1;
  if (std::string(want) == "broken") return 1;  // the validator's own failure
  std::string feedback = std::string(argv[3]) + "/judgemessage.txt";
  std::FILE *msg = std::fopen(feedback.c_str(), "w");
  bool ok = std::scanf("%63s", got) == 1 && std::strcmp(want, got) == 0;
  if (msg) { std::fprintf(msg, ok ? "fine" : "expected %s", want); std::fclose(msg); }
  return ok ? 42 : 43;
}
`;

describe('special judges on the real backend @slow', function () {
  this.timeout(120_000);
  after(removeTempDirs);

  async function judgeEcho(problem: Problem) {
    return (await testJudge()).judgeSubmission({ problem, language: 'python3', source: ECHO_PY });
  }

  describe('testlib checker protocol', function () {
    const testlibYaml = 'name: T\nlimits:\n  time_limit: 1\n  memory: 64\nvalidation: custom\nvalidator_protocol: testlib\n';
    const cases: [string, string][] = [
      ['0', 'AC'],
      ['1', 'WA'],
      ['2', 'PE'],
      ['3', 'SE'],
      ['7', 'SE'],
    ];
    for (const [code, verdict] of cases) {
      it(`maps exit ${code} to ${verdict}`, async function () {
        const problem = await tinyProblem({
          tests: [[`${code}\n`, 'whatever\n']],
          yaml: testlibYaml,
          extra: { 'output_validators/checker/checker.cpp': TESTLIB_EXIT_CHECKER },
        });
        const result = await judgeEcho(problem);
        assert.equal(result.verdict, verdict, JSON.stringify(result));
      });
    }

    it('reports a checker that does not compile as SE, not as the contestant’s fault', async function () {
      const problem = await tinyProblem({
        tests: [['0\n', 'x\n']],
        yaml: testlibYaml,
        extra: { 'output_validators/checker/checker.cpp': 'int main( {' },
      });
      const result = await judgeEcho(problem);
      assert.equal(result.verdict, 'SE');
      assert.match(result.compileMessage, /checker/);
    });
  });

  describe('Kattis output validator protocol', function () {
    const kattisYaml = 'name: K\nlimits:\n  time_limit: 1\n  memory: 64\nvalidation: custom\n';
    const extra = { 'output_validators/equal/validate.cpp': KATTIS_VALIDATOR };

    it('exit 42 is AC and exit 43 is WA with the judge message', async function () {
      const problem = await tinyProblem({ tests: [['hello\n', 'hello\n'], ['bye\n', 'ciao\n']], yaml: kattisYaml, extra });
      const result = await (await testJudge()).judgeSubmission({ problem, language: 'python3', source: ECHO_PY, options: { runAll: true } });
      assert.deepEqual(
        result.tests.map((t) => t.verdict),
        ['AC', 'WA'],
      );
      assert.equal(result.tests[1].message, 'expected ciao');
      assert.equal(result.verdict, 'WA');
    });

    it('any other exit is a system error', async function () {
      const problem = await tinyProblem({ tests: [['x\n', 'broken\n']], yaml: kattisYaml, extra });
      assert.equal((await judgeEcho(problem)).verdict, 'SE');
    });
  });

  it('uses the float tolerance from validator_flags', async function () {
    const yaml = 'name: F\nlimits:\n  time_limit: 1\n  memory: 64\nvalidator_flags: float_tolerance 1e-3\n';
    const near = await tinyProblem({ tests: [['1.0004\n', '1.0\n']], yaml });
    assert.equal(near.checker.kind, 'tokens');
    assert.equal((await judgeEcho(near)).verdict, 'AC');
    const far = await tinyProblem({ tests: [['1.01\n', '1.0\n']], yaml });
    assert.equal((await judgeEcho(far)).verdict, 'WA');
  });
});
