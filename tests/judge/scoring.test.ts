// Scoring problems: the test data group tree read from a package, and its scores computed from
// the tests' verdicts by the format's rules (aggregation, on_reject, accept/reject scores, range).
import assert from 'node:assert/strict';
import { loadProblemPackage, PackageError, type Problem, type Verdict } from '@verdict/judge';
import { judgeScored } from '../../packages/judge/src/scoring.ts';
import { removeTempDirs, testJudge, TEST_BACKEND, writeTree } from './helpers.ts';

const rejects = (p: Promise<unknown>, message: RegExp) => assert.rejects(p, (err: Error) => err instanceof PackageError && message.test(err.message));

/** Judges the problem's tree with the given verdict per test name; returns what ran too. */
async function score(problem: Problem, verdicts: Record<string, Verdict>) {
  const ran: string[] = [];
  const result = await judgeScored(problem.scoring!.root, async (index) => {
    const name = problem.tests[index].name;
    ran.push(name);
    return { name, verdict: verdicts[name] ?? 'AC', timeMs: 1, memoryKb: 1 };
  });
  return { ...result, ran };
}

function subtasks(yaml: string, groups: Record<string, string>) {
  const files: Record<string, string> = { 'problem.yaml': yaml, 'data/sample/1.in': '', 'data/sample/1.ans': '' };
  for (const [group, testdata] of Object.entries(groups)) {
    if (testdata) files[`data/secret/${group}/testdata.yaml`] = testdata;
    for (const t of ['1', '2']) {
      files[`data/secret/${group}/${t}.in`] = '';
      files[`data/secret/${group}/${t}.ans`] = '';
    }
  }
  return writeTree(files);
}

describe('scoring problems', function () {
  after(removeTempDirs);

  it('scores IOI-style subtasks: each group worth its points when all its tests pass (2023-07 scoring.score, aggregation min)', async function () {
    const dir = subtasks('problem_format_version: 2023-07\nname: S\ntype: scoring\n', {
      g1: 'scoring:\n  score: 30\n  aggregation: min\n',
      g2: 'scoring:\n  score: 70\n  aggregation: min\n',
    });
    const problem = await loadProblemPackage(dir);
    assert.equal(problem.scoring!.maxScore, 100);
    assert.equal(problem.scoring!.root.settings.ignoreSample, true, '2023-07 does not count the samples');
    const all = await score(problem, {});
    assert.deepEqual([all.verdict, all.score], ['AC', 100]);
    const half = await score(problem, { 'secret/g2/2': 'WA', 'sample/1': 'WA' });
    assert.equal(half.verdict, 'WA');
    assert.equal(half.score, 30, 'g1 scores, g2 does not; the failed sample counts for nothing');
    assert.deepEqual(half.groups.map((g) => [g.name, g.score, g.maxScore]), [
      ['sample', 0, 1],
      ['secret/g1', 30, 30],
      ['secret/g2', 0, 70],
      ['secret', 30, 100],
      ['data', 30, 100],
    ]);
  });

  it('scores 2025-09 test groups: secret sums its groups up to 100, each group pass-fail by default, sum and min by score_aggregation', async function () {
    const files: Record<string, string> = {
      'problem.yaml': 'problem_format_version: 2025-09\nname: T\nuuid: 0d6e7e38-0f6c-4a47-9f3c-9f1b7f3a0c11\ntype: scoring\n',
      'data/sample/1.in': '',
      'data/sample/1.ans': '',
      'data/secret/1-easy/test_group.yaml': 'max_score: 20\n',
      'data/secret/2-more/test_group.yaml': 'max_score: 30\nscore_aggregation: sum\n',
      'data/secret/3-hard/test_group.yaml': 'max_score: 50\nscore_aggregation: min\n',
    };
    for (const g of ['1-easy', '2-more', '3-hard']) for (const t of ['a', 'b', 'c']) Object.assign(files, { [`data/secret/${g}/${t}.in`]: '', [`data/secret/${g}/${t}.ans`]: '' });
    const problem = await loadProblemPackage(writeTree(files));
    assert.equal(problem.scoring!.maxScore, 100);
    assert.deepEqual([(await score(problem, {})).score], [100]);
    const some = await score(problem, { 'secret/1-easy/b': 'WA', 'secret/2-more/c': 'TLE', 'sample/1': 'WA' });
    assert.deepEqual(some.groups.map((g) => [g.name, g.score, g.maxScore]), [
      ['sample', 0, 1],
      ['secret/1-easy', 0, 20],
      ['secret/2-more', 20, 30],
      ['secret/3-hard', 50, 50],
      ['secret', 70, 100],
      ['data', 70, 100],
    ]);
    assert.ok(some.ran.includes('secret/1-easy/c'), 'every group runs all its tests');
    await rejects(
      loadProblemPackage(writeTree({ ...files, 'data/secret/3-hard/test_group.yaml': 'max_score: 50\nrequire_pass: secret/1-easy\n' })),
      /data\/secret\/3-hard\/test_group.yaml: require_pass \(secret\/1-easy\) is not supported/,
    );
    await rejects(loadProblemPackage(writeTree({ ...files, 'data/secret/2-more/test_group.yaml': 'max_score: 30\nscore_aggregation: avg\n' })), /score_aggregation must be pass-fail, sum or min/);
  });

  it('follows the legacy grader: accept_score, sum, on_reject break and continue, range', async function () {
    const dir = subtasks('name: L\ntype: scoring\n', { g1: 'accept_score: 5\n', g2: 'accept_score: 10\non_reject: break\n' });
    writeTree({ 'data/testdata.yaml': 'on_reject: continue\nrange: 0 25\n', 'data/sample/testdata.yaml': 'accept_score: 0\n' }, dir);
    const problem = await loadProblemPackage(dir);
    assert.equal(problem.scoring!.maxScore, 25, 'sum of 0 + 2×5 + 2×10 = 30, clamped to the range');
    const r = await score(problem, { 'secret/g1/1': 'WA', 'secret/g2/1': 'TLE' });
    assert.equal(r.score, 5, 'g1: one of two at 5 (continue, inherited from data/); g2: broke at its first test');
    assert.ok(r.ran.includes('secret/g1/2'), 'continue runs the rest of g1');
    assert.ok(!r.ran.includes('secret/g2/2'), 'break stops g2');
    assert.equal(r.verdict, 'WA', 'the first error');
  });

  it('is a pass-fail judging when nothing says otherwise: the default on_reject is break', async function () {
    const problem = await loadProblemPackage(subtasks('name: D\ntype: scoring\n', { g1: '', g2: '' }));
    const r = await score(problem, { 'secret/g1/1': 'WA' });
    assert.equal(r.ran.length, 2, 'the sample, then the failing test: nothing after it');
    assert.equal(r.score, 1, 'the sample scored');
  });

  it('reads grader flags and refuses what it does not support, by name', async function () {
    const problem = await loadProblemPackage(subtasks('name: F\ntype: scoring\n', { g1: 'grader_flags: min worst_error\non_reject: continue\naccept_score: 3\n' }));
    const g1 = problem.scoring!.root.children.map((c) => c).find((c) => typeof c !== 'number' && c.name === 'secret');
    assert.ok(g1);
    const r = await score(problem, { 'secret/g1/1': 'WA', 'secret/g1/2': 'TLE' });
    const group = r.groups.find((g) => g.name === 'secret/g1')!;
    assert.deepEqual([group.verdict, group.score, group.maxScore], ['TLE', 0, 3]);
    await rejects(loadProblemPackage(subtasks('name: F\ntype: scoring\n', { g1: 'grading: custom\n' })), /grading "custom" is not supported/);
    await rejects(loadProblemPackage(subtasks('name: F\ntype: scoring\n', { g1: 'grader_flags: magic\n' })), /grader flag "magic" is not supported/);
    await rejects(loadProblemPackage(subtasks('name: F\ntype: scoring\n', { g1: 'range: 5 1\n' })), /range must be/);
    await rejects(loadProblemPackage(subtasks('name: F\ntype: scoring\n', { g1: 'on_reject: sometimes\n' })), /on_reject must be break or continue/);
  });

  it('ignores scoring settings in a pass-fail problem, as the format does', async function () {
    const problem = await loadProblemPackage(subtasks('name: P\n', { g1: 'accept_score: 5\n' }));
    assert.equal(problem.scoring, undefined);
  });

  describe(`judged for real (${TEST_BACKEND} backend) @slow`, function () {
    this.timeout(120_000);
    // Solves small inputs only: n <= 10 gets n*n, bigger ones a wrong answer.
    const SMALL_ONLY = 'n = int(input())\nprint(n * n if n <= 10 else 0)\n';

    it('scores subtasks: the small group only', async function () {
      const problem = await loadProblemPackage(
        writeTree({
          'problem.yaml': 'problem_format_version: 2023-07\nname: Squares\ntype: scoring\nlimits:\n  time_limit: 2\n  memory: 256\n',
          'data/sample/1.in': '3\n',
          'data/sample/1.ans': '9\n',
          'data/secret/small/test_group.yaml': 'scoring:\n  score: 40\n  aggregation: min\n',
          'data/secret/small/1.in': '4\n',
          'data/secret/small/1.ans': '16\n',
          'data/secret/small/2.in': '10\n',
          'data/secret/small/2.ans': '100\n',
          'data/secret/big/test_group.yaml': 'scoring:\n  score: 60\n  aggregation: min\n',
          'data/secret/big/1.in': '1000\n',
          'data/secret/big/1.ans': '1000000\n',
        }),
      );
      const judge = await testJudge();
      const result = await judge.judgeSubmission({ problem, language: 'python3', source: SMALL_ONLY });
      assert.equal(result.verdict, 'WA');
      assert.equal(result.score, 40);
      assert.equal(result.maxScore, 100);
      assert.deepEqual(result.groups!.map((g) => [g.name, g.score]), [['sample', 1], ['secret/big', 0], ['secret/small', 40], ['secret', 40], ['data', 40]]);
      const full = await judge.judgeSubmission({ problem, language: 'python3', source: 'n = int(input())\nprint(n * n)\n' });
      assert.deepEqual([full.verdict, full.score], ['AC', 100]);
    });

    it("takes a scoring validator's score.txt for each accepted test", async function () {
      // The validator gives as many points as the answer's value, capped at 10.
      const validator = 'import sys\nout = sys.stdin.read().split()\nv = int(out[0]) if out and out[0].isdigit() else -1\nif v < 0:\n    sys.exit(43)\nopen(sys.argv[3] + "/score.txt", "w").write(str(min(v, 10)))\nsys.exit(42)\n';
      const problem = await loadProblemPackage(
        writeTree({
          'problem.yaml': 'name: Points\ntype: scoring\nvalidation: custom score\nlimits:\n  time_limit: 2\n  memory: 256\n',
          'data/testdata.yaml': 'on_reject: continue\n',
          'data/sample/testdata.yaml': 'accept_score: 0\n',
          'data/sample/1.in': '1\n',
          'data/sample/1.ans': '1\n',
          'data/secret/1.in': '4\n',
          'data/secret/1.ans': '\n',
          'data/secret/2.in': '30\n',
          'data/secret/2.ans': '\n',
          'output_validators/points/validate.py': validator,
        }),
      );
      const judge = await testJudge();
      const result = await judge.judgeSubmission({ problem, language: 'python3', source: 'print(int(input()))\n' });
      assert.equal(result.verdict, 'AC', JSON.stringify(result.tests));
      assert.equal(result.score, 1 + 4 + 10, 'the sample scores what its validator says, the secret tests 4 and 10');
    });
  });
});
