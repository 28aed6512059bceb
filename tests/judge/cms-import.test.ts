// CMS Italian-format tasks and TPS tasks imported as Verdict packages (issue 34, item 1): limits, tests, subtasks
// scored as CMS scores them (GroupMin, Sum), checkers in CMS's protocol (argv input, answer, output; the outcome on
// stdout, the message on stderr), C++ graders compiled with the submission, TPS solutions by their verdicts, and the
// task types and features refused by name. Tasks of our own making; the judging runs need the shared lock.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { exportProblem, importProblem, loadProblemPackage, PackageError, type Problem } from '@verdict/judge';
import { cmsOutcome } from '../../packages/judge/src/checkers/special.ts';
import { judgeScored } from '../../packages/judge/src/scoring.ts';
import { REPO_ROOT, removeTempDirs, tempDir, TEST_BACKEND, testJudge, writeTree } from './helpers.ts';

/** A CMS checker without testlib: 1 when the sum is right, 0.5 when it is one off, else 0. */
const CHECKER = `#include <cstdio>
int main(int c, char **v) {
  FILE *in = fopen(v[1], "r"), *ans = fopen(v[2], "r"), *out = fopen(v[3], "r");
  long long a, b, want, got;
  if (fscanf(in, "%lld %lld", &a, &b) != 2 || fscanf(ans, "%lld", &want) != 1) return 1;
  if (fscanf(out, "%lld", &got) != 1) { printf("0.0\\n"); fprintf(stderr, "translate:wrong\\n"); return 0; }
  if (got == want) { printf("1.0\\n"); fprintf(stderr, "translate:success\\n"); }
  else if (got == want + 1 || got == want - 1) { printf("0.5\\n"); fprintf(stderr, "one off\\n"); }
  else { printf("0.0\\n"); fprintf(stderr, "translate:wrong\\n"); }
  return 0;
}
`;
const HEADER = 'long long add(long long a, long long b);\n';
const GRADER = '#include <cstdio>\n#include "add.h"\nint main() { long long a, b; if (scanf("%lld %lld", &a, &b) != 2) return 1; printf("%lld\\n", add(a, b)); }\n';
const RIGHT = '#include "add.h"\nlong long add(long long a, long long b) { return a + b; }\n';
const ONE_OFF = '#include "add.h"\nlong long add(long long a, long long b) { return a + b + 1; }\n';
/** Right unless a is 1000 (the second subtask's last test). */
const WRONG_ON_BIG = '#include "add.h"\nlong long add(long long a, long long b) { return a == 1000 ? 0 : a + b; }\n';

const INPUTS = ['1 2\n', '3 4\n', '10 20\n', '1000 2000\n'];
function cmsTask(taskYaml: string, extra: Record<string, string> = {}): string {
  const files: Record<string, string> = { 'task.yaml': taskYaml, 'gen/GEN': '# ST: 40\n1 2\n3 4\n# ST: 60\n10 20\n# COPY: big.txt\n', ...extra };
  INPUTS.forEach((input, i) => {
    files[`input/input${i}.txt`] = input;
    files[`output/output${i}.txt`] = `${input.split(' ').map(Number).reduce((x, y) => x + y)}\n`;
  });
  return writeTree(files);
}
const TASK_YAML = 'name: add\ntitle: Add two numbers\ntime_limit: 1.5\nmemory_limit: 128\ninfile: ""\noutfile: ""\npublic_testcases: all\n';
const CMS_FILES = { 'check/checker.cpp': CHECKER, 'check/Makefile': 'checker: checker.cpp\n', 'sol/grader.cpp': GRADER, 'sol/add.h': HEADER, 'sol/grader.py': 'import add\n', 'sol/soluzione.cpp': RIGHT, 'statement/statement.pdf': '%PDF-1.4\n', 'att/add.h': HEADER };

async function judged(problem: Problem, source: string, name = 'add.cpp') {
  const judge = await testJudge();
  const cpp = judge.allLanguages.find((l) => l.id === 'cpp')!;
  return judge.judgeSubmission({ problem, language: cpp, source, files: [{ name, content: source }], options: { runAll: true } });
}

function verdict(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('node', [path.join(REPO_ROOT, 'cli/bin/verdict.js'), ...args], { cwd: REPO_ROOT, maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('CMS and TPS import', function () {
  after(removeTempDirs);

  it("reads a CMS checker's outcome and message as CMS does", function () {
    assert.deepEqual(cmsOutcome(0, '1.0\n', 'translate:success\n'), { verdict: 'AC', message: 'Output is correct', score: 1 });
    assert.deepEqual(cmsOutcome(0, '0.25\nignored\n', 'close\nADMIN_MESSAGE: x\n'), { verdict: 'WA', message: 'close', score: 0.25 });
    assert.deepEqual(cmsOutcome(0, '0\n', 'translate:wrong\n'), { verdict: 'WA', message: "Output isn't correct", score: 0 });
    assert.equal(cmsOutcome(1, '1.0\n', 'crashed\n').verdict, 'SE', 'a checker exiting non-zero failed');
    assert.equal(cmsOutcome(0, 'yes\n', '').verdict, 'SE', 'an outcome that is not a number');
    assert.equal(cmsOutcome(0, '', '').verdict, 'SE');
  });

  it('writes a CMS task: limits, subtasks of gen/GEN as GroupMin, the checker in CMS protocol, the C++ grader, statement, attachments', async function () {
    const out = path.join(tempDir(), 'cms');
    const result = await importProblem(cmsTask(TASK_YAML, CMS_FILES), out);
    assert.deepEqual([result.format, result.name, result.tests, result.submissions], ['cms', 'Add two numbers', 4, 0]);
    assert.ok(result.notes.some((n) => /sol\/grader\.py/.test(n)) && result.notes.some((n) => /solutions are not imported/.test(n)));
    const problem = await loadProblemPackage(out);
    assert.deepEqual([problem.timeLimitMs, problem.memoryLimitMb], [1500, 128]);
    assert.equal(problem.checker.kind, 'cms');
    assert.deepEqual(problem.tests.map((t) => t.name), ['secret/subtask1/000', 'secret/subtask1/001', 'secret/subtask2/002', 'secret/subtask2/003']);
    assert.equal(problem.scoring?.maxScore, 100);
    assert.ok(existsSync(path.join(out, 'include/cpp/grader.cpp')) && existsSync(path.join(out, 'include/cpp/add.h')));
    assert.ok(!existsSync(path.join(out, 'output_validator/Makefile')));
    assert.ok(existsSync(path.join(out, 'problem_statement/problem.it.pdf')) && existsSync(path.join(out, 'attachments/add.h')));
    assert.match(readFileSync(path.join(out, 'problem.yaml'), 'utf8'), /languages:\n\s+- cpp/);
    // GroupMin: a subtask scores its worth × the lowest outcome of its tests.
    const half = await judgeScored(problem.scoring!.root, async (i) => ({ name: problem.tests[i].name, verdict: i === 3 ? 'WA' : 'AC', score: i === 0 ? 0.5 : undefined, timeMs: 1, memoryKb: 1 }));
    assert.equal(half.score, 20);
  });

  it('judges an imported CMS task: the grader compiled with the submission, partial outcomes scored per subtask @slow', async function () {
    this.timeout(180_000);
    const out = path.join(tempDir(), 'cms-judged');
    await importProblem(cmsTask(TASK_YAML, CMS_FILES), out);
    const problem = await loadProblemPackage(out);
    const right = await judged(problem, RIGHT);
    assert.deepEqual([right.verdict, right.score, right.maxScore], ['AC', 100, 100]);
    const oneOff = await judged(problem, ONE_OFF);
    assert.deepEqual([oneOff.verdict, oneOff.score], ['WA', 50], 'every outcome 0.5: half of each subtask');
    assert.equal(oneOff.tests[0].message, 'one off');
    const wrongOnBig = await judged(problem, WRONG_ON_BIG);
    assert.deepEqual([wrongOnBig.verdict, wrongOnBig.score], ['WA', 40]);
    // The web app's submission has no name of its own (main.cpp): the grader is compiled with it all the same.
    assert.equal((await judged(problem, RIGHT, 'main.cpp')).score, 100);
  });

  it('exports an imported CMS task as Kattis 2025-09 that judges to the same scores: the CMS checker wrapped in build/run, partial outcomes in score.txt @slow', async function () {
    this.timeout(180_000);
    const imported = path.join(tempDir(), 'cms-for-export');
    await importProblem(cmsTask(TASK_YAML, CMS_FILES), imported);
    const out = path.join(tempDir(), 'cms-kattis');
    await exportProblem(imported, out);
    const problem = await loadProblemPackage(out);
    assert.deepEqual([problem.formatVersion, problem.checker.kind, problem.scoring?.maxScore], ['2025-09', 'kattis', 100]);
    assert.deepEqual([(await judged(problem, RIGHT)).score, (await judged(problem, ONE_OFF)).score, (await judged(problem, WRONG_ON_BIG)).score], [100, 50, 40]);
  });

  it('reads Sum tasks (each test worth total_value / n_input) and score types named in task.yaml', async function () {
    const out = path.join(tempDir(), 'sum');
    await importProblem(cmsTask(`${TASK_YAML}total_value: 40\n`, { 'gen/GEN': '1\n2\n3\n4\n' }), out);
    const problem = await loadProblemPackage(out);
    assert.deepEqual(problem.checker, { kind: 'tokens', flags: ['case_sensitive'] }, 'white-diff without a checker');
    const three = await judgeScored(problem.scoring!.root, async (i) => ({ name: problem.tests[i].name, verdict: i === 0 ? 'WA' : 'AC', timeMs: 1, memoryKb: 1 }));
    assert.deepEqual([three.score, three.maxScore], [30, 40]);
    const regex = path.join(tempDir(), 'regex');
    await importProblem(cmsTask(`${TASK_YAML}n_input: 4\nscore_type: GroupMin\nscore_type_parameters: [[30, "00[01]"], [70, [ "002", "003", "000" ]]]\n`), regex);
    assert.deepEqual((await loadProblemPackage(regex)).tests.map((t) => t.name), ['secret/subtask1/000', 'secret/subtask1/001', 'secret/subtask2/000', 'secret/subtask2/002', 'secret/subtask2/003']);
  });

  const TPS = {
    'problem.json': JSON.stringify({ name: 'add', code: 'add', title: 'Add', memory_limit: 64, time_limit: 2, type: 'Batch' }),
    'subtasks.json': JSON.stringify({ global_validators: ['validator.cpp'], subtasks: { samples: { index: 0, score: 0, validators: [] }, small: { index: 1, score: 30, validators: [] }, full: { index: 2, score: 70, validators: [] } } }),
    'tests/0-01.in': '1 2\n', 'tests/0-01.out': '3\n', 'tests/1-01.in': '3 4\n', 'tests/1-01.out': '7\n', 'tests/2-01.in': '1000 2000\n', 'tests/2-01.out': '3000\n',
    'tests/mapping': 'samples 0-01\nsmall 1-01\nfull 1-01\nfull 2-01\n',
    'checker/checker.cpp': CHECKER, 'checker/testlib.h': '// testlib-cms.h would be here\n',
    'grader/cpp/grader.cpp': GRADER, 'grader/cpp/add.h': HEADER, 'grader/java/grader.java': 'class grader {}\n',
    'solution/model.cpp': RIGHT, 'solution/off.cpp': ONE_OFF, 'solution/big.cpp': WRONG_ON_BIG, 'solution/slow.java': 'class add {}\n',
    'solutions.json': JSON.stringify({ 'model.cpp': { verdict: 'model_solution' }, 'off.cpp': { verdict: 'partially_correct' }, 'big.cpp': { verdict: 'incorrect', except: { small: 'correct' } }, 'slow.java': { verdict: 'time_limit' } }),
    'validator/validator.cpp': 'int main() {}\n',
    'statement/index.md': '# Add\n\n![a picture](pic.png)\n', 'statement/pic.png': 'PNG', 'statement/index.html': '<p>made from index.md</p>',
  };

  it('writes a TPS task: tests by tests/mapping (one test in two subtasks), samples, the checker, the C++ grader, solutions by verdict; and judges them @slow', async function () {
    this.timeout(180_000);
    const out = path.join(tempDir(), 'tps');
    const result = await importProblem(writeTree(TPS), out);
    assert.deepEqual([result.format, result.name, result.tests, result.submissions], ['tps', 'Add', 4, 3]);
    assert.ok(result.notes.some((n) => /grader\/java/.test(n)) && result.notes.some((n) => /slow\.java/.test(n)));
    const problem = await loadProblemPackage(out);
    assert.deepEqual(problem.tests.map((t) => t.name), ['sample/0-01', 'secret/1-small/1-01', 'secret/2-full/1-01', 'secret/2-full/2-01']);
    assert.deepEqual([problem.timeLimitMs, problem.memoryLimitMb, problem.checker.kind, problem.scoring?.maxScore], [2000, 64, 'cms', 100]);
    assert.ok(existsSync(path.join(out, 'problem_statement/problem.en.md')) && existsSync(path.join(out, 'problem_statement/pic.png')));
    const byFile = Object.fromEntries(problem.submissions.map((s) => [path.basename(s.path), s]));
    assert.deepEqual([byFile['model.cpp'].folder, byFile['off.cpp'].folder, byFile['big.cpp'].folder], ['accepted', 'partially_accepted', 'wrong_answer']);
    const scores: Record<string, [string, number | undefined]> = {};
    for (const s of problem.submissions) {
      const r = await judged(problem, readFileSync(s.path, 'utf8'), path.basename(s.path));
      scores[path.basename(s.path)] = [r.verdict, r.score];
    }
    assert.deepEqual(scores, { 'model.cpp': ['AC', 100], 'off.cpp': ['WA', 50], 'big.cpp': ['WA', 30] });
  });

  it('verdict problem import writes a TPS task that verdict problem validate passes, its solutions getting their verdicts; a CMS task refused names the feature @slow', async function () {
    this.timeout(300_000);
    const out = path.join(tempDir(), 'tps-cli');
    const imported = await verdict('problem', 'import', writeTree(TPS), out, '--json', '--backend', TEST_BACKEND);
    assert.equal(imported.code, 0, imported.stderr);
    assert.deepEqual(JSON.parse(imported.stdout).format, 'tps');
    const validated = await verdict('problem', 'validate', out, '--json', '--backend', TEST_BACKEND);
    assert.equal(validated.code, 0, validated.stdout + validated.stderr);
    const refused = await verdict('problem', 'import', cmsTask(`${TASK_YAML}output_only: true\n`), path.join(tempDir(), 'no'), '--format', 'cms');
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /output_only \(an output-only task: the contestant submits output files\) is not supported yet/);
  });

  it('refuses what Verdict cannot judge, by name, and leaves no folder behind', async function () {
    const refused = async (source: string, message: RegExp) => {
      const out = path.join(tempDir(), 'refused');
      await assert.rejects(importProblem(source, out), (err: Error) => err instanceof PackageError && message.test(err.message));
      assert.ok(!existsSync(out));
    };
    await refused(cmsTask(`${TASK_YAML}output_only: true\n`), /output_only .* not supported yet/);
    await refused(cmsTask(TASK_YAML, { 'check/manager': 'binary', 'check/manager.cpp': 'int main() {}' }), /check\/manager: a Communication task/);
    await refused(cmsTask(TASK_YAML, { 'cor/manager.cpp': 'int main() {}' }), /cor\/manager\.cpp: a Communication task/);
    await refused(cmsTask('name: add\ntitle: Add\ntime_limit: 1\nmemory_limit: 64\n'), /infile "input\.txt" \(CMS's default when task\.yaml names none\): a program reading or writing files is not supported/);
    await refused(cmsTask(`${TASK_YAML}output_only_testcases: "1,2"\n`), /output_only_testcases \(a BatchAndOutput task/);
    await refused(cmsTask(`${TASK_YAML}n_input: 4\nscore_type: GroupMul\nscore_type_parameters: [[100, 4]]\n`), /score type "GroupMul" is not supported/);
    await refused(cmsTask(TASK_YAML, { 'cor/correttore': 'ELF' }), /cor\/correttore is a compiled program and cor\/ holds no single source/);
    await refused(cmsTask(TASK_YAML, { 'gen/GEN': '# ST: 50\n1\n2\n# ST: 40\n3\n4\n' }), /add up to 90, not 100/);
    await refused(cmsTask(TASK_YAML, { 'gen/GEN': '# ST: 40\n1\n2\n# ST: 60\n3\n4\n5\n' }), /input\/input4\.txt is missing \(5 tests\): generate the tests first/);
    const tps = (problem: object, extra: Record<string, string> = {}) => writeTree({ ...TPS, 'problem.json': JSON.stringify({ name: 'add', time_limit: 1, memory_limit: 64, ...problem }), ...extra });
    await refused(tps({ type: 'OutputOnly' }), /type "OutputOnly" .* not supported yet/);
    await refused(tps({ type: 'Communication' }), /type "Communication" .* not supported yet/);
    await refused(tps({ type: 'TwoSteps' }), /type "TwoSteps" .* not supported/);
    const noTests = writeTree(Object.fromEntries(Object.entries(TPS).filter(([k]) => !k.startsWith('tests/'))));
    await refused(noTests, /tests\/mapping is missing: the tests are made by TPS \(`tps gen`/);
    await refused(tps({ type: 'Batch' }, { 'tests/mapping': 'hard 1-01\n' }), /tests\/mapping names subtask "hard", which subtasks\.json does not have/);
  });
});
