// Kattis 2025-09 export (issue 34, item 2): a package Verdict loads, written by the 2025-09 spec (problem.yaml's keys,
// test_group.yaml's, output_validator/, submissions/), loaded back by Verdict's own loader with the same tests, limits,
// validator flags, scores and promised verdicts; a testlib checker wrapped in the format's build/run scripts judges as
// before; what 2025-09 cannot say is refused by name. The problems/ examples and packages of our own making.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { exportProblem, loadProblemPackage, PackageError, type Problem } from '@verdict/judge';
import { judgeScored } from '../../packages/judge/src/scoring.ts';
import { REPO_ROOT, removeTempDirs, tempDir, TEST_BACKEND, writeTree } from './helpers.ts';

/** problem.yaml's keys in 2025-09 (spec/2025-09.md, "Problem metadata"): any other is an error there. */
const PROBLEM_KEYS = ['problem_format_version', 'type', 'name', 'uuid', 'version', 'credits', 'source', 'license', 'rights_owner', 'embargo_until', 'limits', 'keywords', 'languages', 'allow_file_writing', 'constants'];
const LIMIT_KEYS = ['time_limit', 'time_multipliers', 'time_resolution', 'memory', 'output', 'code', 'compilation_time', 'compilation_memory', 'validation_time', 'validation_memory', 'validation_output', 'validation_passes'];
const GROUP_KEYS = ['max_score', 'score_aggregation', 'static_validation_score', 'require_pass', 'args', 'input_validator_args', 'static_validator_args', 'output_validator_args', 'input_visualizer_args', 'output_visualizer_args', 'full_feedback'];

function files(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((f) => (statSync(path.join(dir, f)).isDirectory() ? files(path.join(dir, f), base) : [path.relative(base, path.join(dir, f))]));
}

/** What judging depends on, for comparing a package with its export. */
async function essentials(problem: Problem) {
  const flags = (i: number) => problem.tests[i].validatorFlags ?? (problem.checker.kind === 'tokens' || problem.checker.kind === 'kattis' ? problem.checker.flags : []);
  const patterns = [() => 'AC', (i: number) => (i % 2 ? 'WA' : 'AC'), (i: number) => (i === problem.tests.length - 1 ? 'TLE' : 'AC')] as const;
  const scores = problem.scoring
    ? await Promise.all(patterns.map((p) => judgeScored(problem.scoring!.root, async (i) => ({ name: problem.tests[i].name, verdict: p(i) as 'AC', timeMs: 1, memoryKb: 1 })).then((r) => [r.verdict, r.score, r.maxScore])))
    : undefined;
  return {
    limits: [problem.timeLimitMs, problem.timeLimitFrom, problem.memoryLimitMb, problem.timeMultiplier, problem.timeSafetyMargin, problem.resourceLimits, problem.languages, problem.keywords, problem.interaction],
    tests: problem.tests.map((t, i) => [t.name, t.sample, readFileSync(t.input, 'utf8'), readFileSync(t.answer, 'utf8'), flags(i)]),
    scores,
    submissions: problem.submissions.map((s) => [s.folder, path.basename(s.path), s.expected, [...s.accepts].sort(), s.partialScore ?? false, s.entryPoint, s.score, s.tests]),
  };
}

function verdict(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('node', [path.join(REPO_ROOT, 'cli/bin/verdict.js'), ...args], { cwd: REPO_ROOT, maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** A 2023-07 scoring package of our own: groups with scores, flags per group, a Kattis validator, include/, submissions.yaml. */
const OWN = {
  'problem.yaml': 'problem_format_version: 2023-07\nname: {en: Echo, nl: Echo}\ntype: scoring\nuuid: 0b7a2f57-1f0c-4b8e-9e3b-5c1f9f1d2a11\nauthor: Ada\nsource: Own Contest\nsource_url: https://example.org\nkeywords: [echo]\nlanguages: [python3, cpp]\nlimits:\n  time_limit: 2.5\n  memory: 128\n  output: 16\n',
  'statement/problem.en.md': 'Echo.\n', 'statement/problem.nl.md': 'Echo.\n',
  'data/sample/1.in': 'a\n', 'data/sample/1.ans': 'a\n',
  'data/secret/g1/test_group.yaml': 'scoring: {score: 30, aggregation: min}\noutput_validator_args: [case_sensitive]\n',
  'data/secret/g1/1.in': 'b\n', 'data/secret/g1/1.ans': 'b\n', 'data/secret/g1/2.in': 'c\n', 'data/secret/g1/2.ans': 'c\n',
  'data/secret/g2/test_group.yaml': 'scoring: {score: 70, aggregation: sum}\n',
  'data/secret/g2/1.in': 'd\n', 'data/secret/g2/1.ans': 'd\n', 'data/secret/g2/2.in': 'e\n', 'data/secret/g2/2.ans': 'e\n',
  'include/python3/helper.py': 'X = 1\n',
  'attachments/notes.txt': 'notes\n',
  'submissions/accepted/echo.py': 'print(input())\n',
  'submissions/accepted/multi/main.py': 'print(input())\n', 'submissions/accepted/multi/other.py': '\n',
  'submissions/wrong_answer/upper.py': 'print(input().upper())\n',
  'submissions/submissions.yaml': 'wrong_answer/upper.py:\n  score: [0, 70]\n',
};

describe('Kattis 2025-09 export', function () {
  after(removeTempDirs);

  for (const slug of ['aplusb', 'circle', 'derangement', 'squares']) {
    it(`round-trips problems/${slug}: same tests, limits, flags, scores and promised verdicts, by the 2025-09 spec`, async function () {
      const source = path.join(REPO_ROOT, 'problems', slug);
      const out = path.join(tempDir(), slug);
      const result = await exportProblem(source, out);
      assert.equal(result.format, 'kattis');
      const [before, after] = [await loadProblemPackage(source), await loadProblemPackage(out)];
      assert.equal(after.formatVersion, '2025-09');
      assert.deepEqual(await essentials(after), await essentials(before));
      const yaml = load(readFileSync(path.join(out, 'problem.yaml'), 'utf8')) as Record<string, unknown>;
      assert.deepEqual(Object.keys(yaml).filter((k) => !PROBLEM_KEYS.includes(k)), [], 'only 2025-09 keys');
      assert.equal(yaml.problem_format_version, '2025-09');
      assert.match(String(yaml.uuid), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      assert.deepEqual(Object.keys(yaml.limits as object).filter((k) => !LIMIT_KEYS.includes(k)), []);
      for (const f of files(path.join(out, 'data')).filter((x) => x.endsWith('test_group.yaml'))) {
        const g = load(readFileSync(path.join(out, 'data', f), 'utf8')) as Record<string, unknown>;
        assert.deepEqual(Object.keys(g).filter((k) => !GROUP_KEYS.includes(k)), [], f);
        if (f.startsWith('sample')) assert.ok(g.max_score === undefined && g.score_aggregation === undefined, `${f}: not permitted in sample`);
      }
      assert.ok(existsSync(path.join(out, 'statement')) && !existsSync(path.join(out, 'output_validators')));
      const again = path.join(tempDir(), `${slug}-again`);
      await exportProblem(source, again);
      assert.equal(load(readFileSync(path.join(again, 'problem.yaml'), 'utf8')) && (load(readFileSync(path.join(again, 'problem.yaml'), 'utf8')) as { uuid: string }).uuid, yaml.uuid, 'the same package exports the same uuid');
    });
  }

  for (const slug of ['aplusb', 'circle', 'derangement']) {
    it(`exports problems/${slug} as legacy on request (--legacy): the same tests, limits, flags and promised verdicts`, async function () {
      const source = path.join(REPO_ROOT, 'problems', slug);
      const out = path.join(tempDir(), `${slug}-legacy`);
      const result = await exportProblem(source, out, 'kattis', 'legacy');
      assert.equal(result.version, 'legacy');
      const [before, after] = [await loadProblemPackage(source), await loadProblemPackage(out)];
      assert.equal(after.formatVersion, 'legacy');
      assert.deepEqual(await essentials(after), await essentials(before));
      const yaml = load(readFileSync(path.join(out, 'problem.yaml'), 'utf8')) as Record<string, unknown>;
      assert.equal(yaml.problem_format_version, undefined);
      assert.ok(existsSync(path.join(out, 'problem_statement')) && !existsSync(path.join(out, 'output_validator')));
    });
  }

  it('refuses a scoring problem as legacy, by name', async function () {
    await assert.rejects(exportProblem(path.join(REPO_ROOT, 'problems/squares'), path.join(tempDir(), 'sq-legacy'), 'kattis', 'legacy'), /a scoring problem cannot be exported as legacy yet/);
  });

  it('round-trips a 2023-07 package of its own: a name per language, groups with scores and flags, include/, attachments, folder submissions, submissions.yaml; legacy metadata as 2025-09 keys', async function () {
    const source = writeTree(OWN);
    const out = path.join(tempDir(), 'own');
    await exportProblem(source, out);
    const [before, after] = [await loadProblemPackage(source), await loadProblemPackage(out)];
    assert.deepEqual(await essentials(after), await essentials(before));
    const yaml = load(readFileSync(path.join(out, 'problem.yaml'), 'utf8')) as Record<string, unknown>;
    assert.deepEqual([yaml.name, yaml.uuid, yaml.credits, yaml.source, yaml.type], [{ en: 'Echo', nl: 'Echo' }, '0b7a2f57-1f0c-4b8e-9e3b-5c1f9f1d2a11', 'Ada', { name: 'Own Contest', url: 'https://example.org' }, 'scoring']);
    assert.deepEqual(load(readFileSync(path.join(out, 'data/secret/g1/test_group.yaml'), 'utf8')), { output_validator_args: ['case_sensitive'], max_score: 30, score_aggregation: 'min' });
    for (const f of ['include/python3/helper.py', 'attachments/notes.txt', 'submissions/accepted/multi/other.py', 'submissions/submissions.yaml']) assert.ok(existsSync(path.join(out, f)), f);
  });

  it('refuses what 2025-09 cannot say, by name, and leaves no folder behind', async function () {
    const refused = async (extra: Record<string, string>, message: RegExp) => {
      const out = path.join(tempDir(), 'refused');
      await assert.rejects(exportProblem(writeTree({ ...OWN, ...extra }), out), (err: Error) => err instanceof PackageError && message.test(err.message));
      assert.ok(!existsSync(out));
    };
    await refused({ 'data/secret/g2/test_group.yaml': 'grader_flags: max\n' }, /data\/secret\/g2: aggregation max has no 2025-09 equivalent/);
    await refused({ 'data/secret/g2/test_group.yaml': 'accept_score: 5\n' }, /accept_score 5 .* no 2025-09 equivalent/);
    const notEmpty = writeTree({ 'x.txt': '' });
    await assert.rejects(exportProblem(writeTree(OWN), notEmpty), /is not empty/);
    assert.ok(existsSync(path.join(notEmpty, 'x.txt')), "a folder that was not empty is not the export's to remove");
  });

  it('verdict problem export writes the package, and problem validate passes on it: the testlib checker wrapped in build/run @slow', async function () {
    this.timeout(300_000);
    const out = path.join(tempDir(), 'derangement-kattis');
    const exported = await verdict('problem', 'export', path.join(REPO_ROOT, 'problems/derangement'), '-o', out, '--json');
    assert.equal(exported.code, 0, exported.stderr);
    assert.deepEqual([JSON.parse(exported.stdout).format, JSON.parse(exported.stdout).tests], ['kattis', 10]);
    assert.ok(existsSync(path.join(out, 'output_validator/build')) && existsSync(path.join(out, 'output_validator/run')));
    const validated = await verdict('problem', 'validate', out, '--json', '--backend', TEST_BACKEND);
    assert.equal(validated.code, 0, validated.stdout + validated.stderr);
    const unknown = await verdict('problem', 'export', path.join(REPO_ROOT, 'problems/aplusb'), '--format', 'polygon');
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /--format must be one of kattis/);
  });
});
