// Hydro problem exports imported as Verdict packages (issue 34, item 1): limits in Hydro's units,
// subtasks with scores and dependencies, tests found by name when config.yaml lists none, the
// comparison, statements, and what is refused by name. Exports of our own making.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { importProblem, loadProblemPackage, PackageError } from '@verdict/judge';
import { judgeScored } from '../../packages/judge/src/scoring.ts';
import { removeTempDirs, tempDir, writeTree } from './helpers.ts';
import { writeZip } from './zip-builder.ts';

const CASES = { 'testdata/1.in': '1 2\n', 'testdata/1.out': '3\n', 'testdata/2.in': '5 6\n', 'testdata/2.ans': '11\n', 'testdata/10.in': '7 8\n', 'testdata/10.out': '15\n' };
const META = { 'problem.yaml': 'pid: P1000\ntitle: A + B\ntag: [math]\nowner: 1\nnSubmit: 0\nnAccept: 0\n', 'problem_zh.md': '计算 $a+b$。\n', 'problem.md': 'Compute $a+b$.\n' };

describe('Hydro import', function () {
  after(removeTempDirs);

  it('reads subtasks with their scores and dependencies, Hydro limits and comparison, statements per language', async function () {
    const config = 'time: 1500ms\nmemory: 512m\nsubtasks:\n  - id: 1\n    score: 30\n    cases: [{input: 1.in, output: 1.out}]\n  - id: 2\n    score: 70\n    type: min\n    if: [1]\n    cases:\n      - {input: 2.in, output: 2.ans}\n      - {input: 10.in, output: 10.out}\n';
    const zip = path.join(tempDir(), 'P1000.zip');
    writeZip(zip, Object.entries({ ...META, ...CASES, 'testdata/config.yaml': config }).map(([name, data]) => ({ name: `P1000/${name}`, data })));
    const out = path.join(tempDir(), 'hydro');
    const result = await importProblem(zip, out);
    assert.deepEqual([result.format, result.name, result.tests], ['hydro', 'A + B', 4]);
    const problem = await loadProblemPackage(out);
    assert.deepEqual([problem.timeLimitMs, problem.memoryLimitMb, problem.keywords], [1500, 512, ['math']]);
    assert.deepEqual(problem.checker, { kind: 'tokens', flags: ['case_sensitive'] });
    assert.deepEqual(problem.tests.map((t) => t.name), ['secret/subtask1/001', 'secret/subtask2/001', 'secret/subtask2/002', 'secret/subtask2/dep-001']);
    assert.equal(problem.scoring?.maxScore, 100);
    const failFirst = await judgeScored(problem.scoring!.root, async (i) => ({ name: problem.tests[i].name, verdict: problem.tests[i].input.endsWith('1.in') ? 'WA' : 'AC', timeMs: 1, memoryKb: 1 }));
    assert.equal(failFirst.score, 0, 'subtask 2 scores only when subtask 1 passes');
    assert.ok(existsSync(path.join(out, 'problem_statement/problem.zh.md')) && existsSync(path.join(out, 'problem_statement/problem.en.md')));
  });

  it('finds the tests by name when config.yaml lists none, each an equal share of 100', async function () {
    const out = path.join(tempDir(), 'plain');
    await importProblem(writeTree({ ...META, ...CASES }), out);
    const problem = await loadProblemPackage(out);
    assert.deepEqual(problem.tests.map((t) => path.basename(t.input)), ['001.in', '002.in', '003.in']);
    const oneWrong = await judgeScored(problem.scoring!.root, async (i) => ({ name: problem.tests[i].name, verdict: i === 0 ? 'WA' : 'AC', timeMs: 1, memoryKb: 1 }));
    assert.ok(Math.abs(oneWrong.score! - 200 / 3) < 1e-6);
  });

  it('refuses what Verdict cannot judge, by name', async function () {
    const refused = async (config: string, message: RegExp) => {
      const out = path.join(tempDir(), 'refused');
      await assert.rejects(importProblem(writeTree({ ...META, ...CASES, 'testdata/config.yaml': config }), out), (err: Error) => err instanceof PackageError && message.test(err.message));
      assert.ok(!existsSync(out));
    };
    await refused('type: interactive\n', /type "interactive" is not supported yet/);
    await refused('type: submit_answer\n', /type "submit_answer" is not supported yet/);
    await refused('checker_type: lemon\nchecker: chk.cc\n', /checker_type "lemon" is not supported/);
    await refused('filename: foo\n', /filename "foo" \(file input and output\) is not supported/);
    await refused('time: soon\n', /time must be a duration/);
    await refused('subtasks:\n  - score: 10\n    time: 3s\n    cases: [{input: 1.in, output: 1.out}]\n', /a time of its own .* is not supported/);
  });
});
