// Polygon packages imported as Verdict packages (issue 34, item 1): limits, tests stored or made
// by the package's generators, validator and main solution in the sandbox, groups with points and
// dependencies, the checker, solutions by tag, statements, and what is refused by name. Packages
// of our own making; the runs that make tests or judge need the shared lock.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { importProblem, loadProblemPackage, PackageError } from '@verdict/judge';
import { judgeScored } from '../../packages/judge/src/scoring.ts';
import { parseXml } from '../../packages/judge/src/import/xml.ts';
import { removeTempDirs, tempDir, testJudge, writeTree } from './helpers.ts';

/** A checker of the testlib protocol (input output answer; exit 0 OK, 1 WA) without testlib.h. */
const CHECKER = '#include <cstdio>\nint main(int c, char **v) { FILE *o = fopen(v[2], "r"), *a = fopen(v[3], "r"); long long x, y; if (fscanf(a, "%lld", &y) != 1) return 3; return fscanf(o, "%lld", &x) == 1 && x == y ? 0 : 1; }\n';

function problemXml(tests: string, extra = '', judging = 'input-file="" output-file="" run-count="1"'): string {
  return `<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="3" short-name="a-plus-b">
  <names><name language="english" value="A &amp; B"/><name language="russian" value="А и Б"/></names>
  <statements><statement charset="UTF-8" language="english" path="statements/english/problem.tex" type="application/x-tex"/></statements>
  <judging ${judging}>
    <testset name="tests">
      <time-limit>2000</time-limit>
      <memory-limit>268435456</memory-limit>
      <test-count>4</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      ${tests}
    </testset>
    <testset name="pretests"><time-limit>2000</time-limit><memory-limit>268435456</memory-limit><test-count>0</test-count></testset>
  </judging>
  <files>
    <resources><file path="files/olymp.sty"/></resources>
    <executables><executable><source path="files/gen.py" type="python.3"/></executable><executable><source path="files/val.py" type="python.3"/></executable></executables>
  </files>
  <assets>
    <checker name="check.cpp" type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker>
    <validators><validator><source path="files/val.py" type="python.3"/></validator></validators>
    <solutions>
      <solution tag="main"><source path="solutions/sol.py" type="python.3"/></solution>
      <solution tag="wrong-answer"><source path="solutions/wa.py" type="python.3"/></solution>
      <solution tag="time-limit-exceeded-or-memory-limit-exceeded"><source path="solutions/slow.py" type="python.3"/></solution>
      <solution tag="do-not-run"><source path="solutions/draft.py" type="python.3"/></solution>
    </solutions>
    ${extra}
  </assets>
</problem>
`;
}

const GROUPED = `<tests>
        <test method="manual" sample="true" group="samples" points="0"/>
        <test method="generated" cmd="gen 5 6" group="small" points="40"/>
        <test method="generated" cmd="gen 100 200" group="big" points="60"/>
        <test method="generated" cmd="gen 7 8" group="big"/>
      </tests>
      <groups>
        <group name="samples" points="0" points-policy="complete-group"/>
        <group name="small" points="40" points-policy="complete-group"/>
        <group name="big" points="60" points-policy="complete-group"><dependencies><dependency group="small"/></dependencies></group>
      </groups>`;

const FILES = {
  'files/gen.py': 'import sys\nprint(sys.argv[1], sys.argv[2])\n',
  'files/val.py': 'import sys\na, b = map(int, sys.stdin.readline().split())\nassert 0 <= a <= 1000 and 0 <= b <= 1000\nassert "--group" in sys.argv\n',
  'files/check.cpp': CHECKER,
  'files/olymp.sty': '% style\n',
  'solutions/sol.py': 'a, b = map(int, input().split())\nprint(a + b)\n',
  'solutions/wa.py': 'a, b = map(int, input().split())\nprint(a + b + (a > 50))\n',
  'solutions/slow.py': 'while True: pass\n',
  'solutions/draft.py': 'print(0)\n',
  'statement-sections/english/legend.tex': 'Add $a$ and $b$.\n',
  'statement-sections/english/input.tex': 'Two integers.\n',
  'statement-sections/english/output.tex': 'Their sum.\n',
  'statement-sections/english/pic.png': 'PNG',
  'statement-sections/russian/legend.tex': 'Сложите $a$ и $b$.\n',
};

/** A guessing game: the interactor (testlib's argv: input output) answers <, > or = and writes the number of guesses. */
const INTERACTOR = `#include <cstdio>
int main(int c, char **v) {
  FILE *in = fopen(v[1], "r"), *out = fopen(v[2], "w");
  int n, secret; if (fscanf(in, "%d %d", &n, &secret) != 2) return 3;
  printf("%d\\n", n); fflush(stdout);
  for (int guesses = 1; guesses <= n; guesses++) {
    int g; if (scanf("%d", &g) != 1 || g < 1 || g > n) { fprintf(stderr, "bad guess\\n"); return 1; }
    if (g == secret) { printf("=\\n"); fflush(stdout); fprintf(out, "%d\\n", guesses); return 0; }
    printf(g < secret ? "<\\n" : ">\\n"); fflush(stdout);
  }
  return 1;
}
`;
/** The checker (testlib's argv: input output answer) reads the interactor's count; the answer is the most allowed. */
const INTERACTIVE_CHECKER = `#include <cstdio>
int main(int c, char **v) {
  FILE *out = fopen(v[2], "r"), *ans = fopen(v[3], "r"); int used, most;
  if (fscanf(ans, "%d", &most) != 1) return 3;
  if (fscanf(out, "%d", &used) != 1) return 3;
  if (used > most) { fprintf(stderr, "too many guesses: %d > %d\\n", used, most); return 1; }
  return 0;
}
`;
const INTERACTIVE = {
  'problem.xml': `<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="1" short-name="guess">
  <names><name language="english" value="Guess"/></names>
  <judging input-file="" output-file="">
    <testset name="tests">
      <time-limit>2000</time-limit><memory-limit>268435456</memory-limit><test-count>2</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern><answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests><test method="manual" sample="true"/><test method="manual"/></tests>
    </testset>
  </judging>
  <assets>
    <checker name="check.cpp" type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker>
    <interactor><source path="files/interactor.cpp" type="cpp.g++17"/></interactor>
    <solutions>
      <solution tag="main"><source path="solutions/binary.py" type="python.3"/></solution>
      <solution tag="wrong-answer"><source path="solutions/linear.py" type="python.3"/></solution>
      <solution tag="wrong-answer"><source path="solutions/zero.py" type="python.3"/></solution>
    </solutions>
  </assets>
</problem>
`,
  'files/interactor.cpp': INTERACTOR,
  'files/check.cpp': INTERACTIVE_CHECKER,
  'files/testlib.h': '// testlib.h would be here\n',
  'tests/01': '100 37\n', 'tests/01.a': '7\n', 'tests/02': '100 100\n', 'tests/02.a': '7\n',
  'solutions/binary.py': 'n = int(input())\nlo, hi = 1, n\nwhile True:\n    m = (lo + hi) // 2\n    print(m, flush=True)\n    r = input().strip()\n    if r == "=":\n        break\n    if r == "<":\n        lo = m + 1\n    else:\n        hi = m - 1\n',
  'solutions/linear.py': 'n = int(input())\nfor g in range(1, n + 1):\n    print(g, flush=True)\n    if input().strip() == "=":\n        break\n',
  'solutions/zero.py': 'n = int(input())\nprint(0, flush=True)\n',
};

describe('Polygon import', function () {
  this.timeout(300_000);
  after(removeTempDirs);

  it('reads XML: attributes, entities, CDATA, comments; refuses what is not XML by line', function () {
    const root = parseXml('<?xml version="1.0"?>\n<!-- c --><a x="1 &lt; 2"><b>t&#233;<![CDATA[<raw>]]></b><c/></a>', 'x.xml');
    assert.equal(root.attributes.x, '1 < 2');
    assert.equal(root.children[0].text, 'té<raw>');
    assert.equal(root.children[1].name, 'c');
    assert.throws(() => parseXml('<a>\n<b></a>', 'p.xml'), (err: Error) => err instanceof PackageError && /p\.xml is not valid XML \(line 2\): <\/a> closes <b>/.test(err.message));
  });

  it('writes a full package (tests stored, CRLF made LF): limits, groups with points and dependencies, samples, checker, solutions by tag, statements', async function () {
    const source = writeTree({
      'problem.xml': problemXml(GROUPED),
      ...FILES,
      'tests/01': '1 2\r\n',
      'tests/01.a': '3\r\n',
      'tests/02': '5 6\n',
      'tests/02.a': '11\n',
      'tests/03': '100 200\n',
      'tests/03.a': '300\n',
      'tests/04': '7 8\n',
      'tests/04.a': '15\n',
    });
    const out = path.join(tempDir(), 'imported');
    const result = await importProblem(source, out);
    assert.deepEqual([result.format, result.name, result.tests, result.submissions], ['polygon', 'A & B', 5, 3]);
    const problem = await loadProblemPackage(out);
    assert.deepEqual(problem.name, 'A & B');
    assert.deepEqual([problem.timeLimitMs, problem.memoryLimitMb], [2000, 256]);
    assert.deepEqual(
      problem.tests.map((t) => t.name),
      ['sample/01', 'secret/big/03', 'secret/big/04', 'secret/big/dep-02', 'secret/small/02'],
      'the sample, each group in its folder, big holding the test of small it depends on',
    );
    assert.equal(readFileSync(path.join(out, 'data/sample/01.in'), 'utf8'), '1 2\n');
    assert.equal(problem.checker.kind, 'testlib');
    assert.equal(problem.scoring?.maxScore, 100);
    // big scores only when small passes too.
    const failSmall = await judgeScored(problem.scoring!.root, async (i) => ({ name: problem.tests[i].name, verdict: problem.tests[i].name.endsWith('02') ? 'WA' : 'AC', timeMs: 1, memoryKb: 1 }));
    assert.equal(failSmall.score, 0);
    assert.deepEqual(
      problem.submissions.map((s) => [path.relative(out, s.path), s.accepts.join(',')]),
      [
        ['submissions/accepted/sol.py', 'AC'],
        ['submissions/time_limit_exceeded/slow.py', 'TLE,OLE,RE,MLE'],
        ['submissions/wrong_answer/wa.py', 'WA,PE,OLE'],
      ],
    );
    assert.ok(result.notes.some((n) => /draft\.py: tag "do-not-run"/.test(n)));
    assert.ok(result.notes.some((n) => /testset "pretests" is left out/.test(n)));
    assert.match(readFileSync(path.join(out, 'problem_statement/problem.en.tex'), 'utf8'), /\\problemname\{A & B\}[\s\S]*Add \$a\$[\s\S]*\\section\*\{Input\}/);
    assert.match(readFileSync(path.join(out, 'problem_statement/problem.ru.tex'), 'utf8'), /\\problemname\{А и Б\}/);
    assert.ok(existsSync(path.join(out, 'problem_statement/pic.png')));
    assert.match(problem.statement.markdown ?? '', /Add/);
  });

  it('makes the tests a standard package leaves to its script: generators, the validator with its group, answers by the main solution; then the solutions get their tags', async function () {
    const source = writeTree({ 'problem.xml': problemXml(GROUPED), ...FILES, 'tests/01': '1 2\n' });
    const judge = await testJudge();
    const out = path.join(tempDir(), 'made');
    const lines: string[] = [];
    const result = await importProblem(source, out, { programs: judge.programs, log: (l) => lines.push(l) });
    assert.equal(result.tests, 5);
    assert.equal(readFileSync(path.join(out, 'data/secret/big/03.in'), 'utf8'), '100 200\n');
    assert.equal(readFileSync(path.join(out, 'data/secret/big/03.ans'), 'utf8'), '300\n');
    assert.equal(readFileSync(path.join(out, 'data/sample/01.ans'), 'utf8'), '3\n');
    assert.ok(lines.some((l) => l === 'test 3: gen 100 200'));
    assert.ok(!existsSync(path.join(source, 'tests/03')), "the author's folder is not written");
    const problem = await loadProblemPackage(out);
    const python = judge.allLanguages.find((l) => l.id === 'python3')!;
    for (const s of problem.submissions.filter((x) => x.folder !== 'time_limit_exceeded')) {
      const content = readFileSync(s.files[0], 'utf8');
      const judged = await judge.judgeSubmission({ problem, language: python, source: content, files: [{ name: path.basename(s.path), content }], options: { runAll: true } });
      assert.ok(s.accepts.includes(judged.verdict), `${s.path}: ${judged.verdict}`);
    }
  });

  it('imports an interactive problem: the interactor beside the solution, then the checker on what the interactor wrote, as Polygon judges @slow', async function () {
    this.timeout(180_000);
    const source = writeTree(INTERACTIVE);
    const out = path.join(tempDir(), 'interactive');
    const result = await importProblem(source, out);
    assert.equal(result.tests, 2);
    const yaml = readFileSync(path.join(out, 'problem.yaml'), 'utf8');
    assert.match(yaml, /type: interactive/);
    assert.match(yaml, /testlib_checker: testlib_checker/);
    assert.ok(existsSync(path.join(out, 'output_validator/interactor.cpp')) && existsSync(path.join(out, 'testlib_checker/check.cpp')));
    const problem = await loadProblemPackage(out);
    assert.deepEqual([problem.interaction?.interactive, problem.interaction?.checker?.kind, problem.checker.kind], [true, 'testlib', 'testlib']);
    const judge = await testJudge();
    const python = judge.allLanguages.find((l) => l.id === 'python3')!;
    const verdicts: Record<string, [string, string | undefined]> = {};
    for (const s of problem.submissions) {
      const content = readFileSync(s.files[0], 'utf8');
      const judged = await judge.judgeSubmission({ problem, language: python, source: content, files: [{ name: path.basename(s.path), content }], options: { runAll: true } });
      verdicts[path.basename(s.path)] = [judged.verdict, judged.tests.find((t) => t.verdict !== 'AC')?.message];
      assert.ok(s.accepts.includes(judged.verdict), `${s.path}: ${judged.verdict}`);
    }
    assert.deepEqual(verdicts['binary.py'], ['AC', undefined]);
    assert.equal(verdicts['linear.py'][0], 'WA', 'the interactor accepts a linear search; the checker, reading its count, does not');
    assert.match(verdicts['linear.py'][1] ?? '', /too many guesses/);
    assert.equal(verdicts['zero.py'][0], 'WA', 'a guess out of range: the interactor rejects');
  });

  it('refuses what Verdict cannot judge, by name, and leaves no folder behind', async function () {
    const stored = { 'tests/01': '1 2\n', 'tests/01.a': '3\n', 'tests/02': '1 2\n', 'tests/02.a': '3\n', 'tests/03': '1 2\n', 'tests/03.a': '3\n', 'tests/04': '1 2\n', 'tests/04.a': '3\n' };
    const refused = async (files: Record<string, string>, message: RegExp) => {
      const out = path.join(tempDir(), 'refused');
      await assert.rejects(importProblem(writeTree(files), out), (err: Error) => err instanceof PackageError && message.test(err.message));
      assert.ok(!existsSync(out));
    };
    await refused({ 'problem.xml': problemXml(GROUPED, '<interactor><source path="files/i.cpp" type="cpp.g++17"/></interactor>'), ...FILES, 'tests/01': '1 2\n' }, /an interactive problem's answer the package does not hold .* import the full package/);
    await refused({ 'problem.xml': problemXml(GROUPED, '', 'input-file="input.txt" output-file=""'), ...FILES, ...stored }, /input-file "input\.txt" \(file input and output\) is not supported/);
    await refused({ 'problem.xml': problemXml(GROUPED, '', 'run-count="2"'), ...FILES, ...stored }, /run-count 2 .* is not supported/);
    await refused({ 'problem.xml': problemXml(GROUPED), ...FILES, 'tests/01': '1 2\n' }, /tests\/01\.a: not in the package \(made by its script\): import the full package, or import with a judge/);
    await refused({ 'problem.xml': problemXml(GROUPED.replace('points-policy="complete-group"><dependencies>', 'points-policy="each-test"><dependencies>')), ...FILES, ...stored }, /group "big" has dependencies and points per test/);
    await refused({ 'task.yaml': 'name: x\n' }, /infile "input\.txt" .* not supported/);
    await refused({ 'x.txt': '' }, /not a package of a format Verdict imports/);
  });
});
