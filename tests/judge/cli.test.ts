// The `verdict` CLI as a user runs it: a child process, its stdout, stderr and exit code.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, removeTempDirs, tempDir, TEST_BACKEND, writeTree } from './helpers.ts';
import { writeZip } from './zip-builder.ts';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function verdict(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile('node', [path.join(REPO_ROOT, 'cli/bin/verdict.js'), ...args], { cwd: REPO_ROOT, maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

const APLUSB = path.join(REPO_ROOT, 'problems/aplusb');
const submission = (rel: string) => path.join(APLUSB, 'submissions', rel);
const backend = ['--backend', TEST_BACKEND];

describe(`verdict CLI (${TEST_BACKEND} backend) @slow`, function () {
  this.timeout(180_000);
  after(removeTempDirs);

  describe('verdict judge', function () {
    it('--json prints exactly one JSON object of the documented shape and exits 0 on AC', async function () {
      const r = await verdict('judge', APLUSB, submission('accepted/sum.cpp'), '--json', ...backend);
      assert.equal(r.code, 0, r.stderr);
      const result = JSON.parse(r.stdout);
      assert.deepEqual(Object.keys(result), ['verdict', 'timeMs', 'memoryKb', 'compileMessage', 'tests']);
      assert.equal(result.verdict, 'AC');
      assert.equal(result.tests.length, 14);
      assert.deepEqual(Object.keys(result.tests[0]), ['name', 'verdict', 'timeMs', 'memoryKb']);
      assert.equal(result.tests[0].name, 'sample/1');
    });

    it('exits 1 on another verdict; --all runs every test', async function () {
      const first = await verdict('judge', APLUSB, submission('wrong_answer/difference.py'), '--json', ...backend);
      assert.equal(first.code, 1);
      assert.equal(JSON.parse(first.stdout).tests.length, 1);
      const all = await verdict('judge', APLUSB, submission('wrong_answer/difference.py'), '--json', '--all', ...backend);
      assert.equal(JSON.parse(all.stdout).tests.length, 14);
    });

    it('reports a compile error with the compiler message', async function () {
      const dir = writeTree({ 'broken.c': 'int main(void) { return x; }\n' });
      const r = await verdict('judge', APLUSB, path.join(dir, 'broken.c'), '--json', ...backend);
      assert.equal(r.code, 1);
      const result = JSON.parse(r.stdout);
      assert.equal(result.verdict, 'CE');
      assert.match(result.compileMessage, /x. undeclared/);
    });

    it('prints a results table and the final verdict without --json', async function () {
      const r = await verdict('judge', APLUSB, submission('accepted/sum.py'), ...backend);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /secret\/12/);
      assert.match(r.stdout, /A plus B · Python 3: AC/);
    });

    it('judges a flat zip with limits from the command line, and --lang overrides the extension', async function () {
      const zip = writeZip(path.join(tempDir(), 'flat.zip'), [
        { name: '1.in', data: '2 3\n' },
        { name: '1.out', data: '5\n' },
      ]);
      const source = writeTree({ 'solution.txt': 'print(sum(map(int, input().split())))\n' });
      const r = await verdict('judge', zip, path.join(source, 'solution.txt'), '--lang', 'python3', '--time-limit', '2', '--memory-limit', '128', '--json', ...backend);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(JSON.parse(r.stdout).verdict, 'AC');
    });

    it('exits 2 with a clear message on usage errors', async function () {
      const source = writeTree({ 'solution.txt': 'x' });
      const cases: [string[], RegExp][] = [
        [['judge', APLUSB, path.join(source, 'solution.txt')], /cannot tell the language of .*solution\.txt.*--lang/],
        [['judge', APLUSB, submission('accepted/sum.py'), '--lang', 'cobol'], /unknown language "cobol"/],
        [['judge', path.join(source, 'nope'), submission('accepted/sum.py')], /no such file or folder/],
        [['judge', APLUSB, submission('accepted/sum.py'), '--time-limit', 'soon'], /--time-limit must be a positive number/],
        [['judge', APLUSB, submission('accepted/sum.py'), '--backend', 'docker'], /judge backend "docker" is not available/],
      ];
      for (const [args, message] of cases) {
        const r = await verdict(...args, ...(args.includes('--backend') ? [] : backend));
        assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
        assert.match(r.stderr, message);
        assert.equal(r.stdout, '');
      }
    });

    it('labels the unsafe backend on stderr, keeping stdout pure JSON', async function () {
      const r = await verdict('judge', APLUSB, submission('accepted/sum.c'), '--json', '--backend', 'unsafe-local');
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stderr, /UNSAFE: no isolation/);
      assert.equal(JSON.parse(r.stdout).verdict, 'AC');
    });
  });

  describe('verdict problem validate', function () {
    for (const slug of ['aplusb', 'circle', 'derangement']) {
      it(`passes on problems/${slug}`, async function () {
        const r = await verdict('problem', 'validate', path.join(REPO_ROOT, 'problems', slug), '--json', ...backend);
        const report = JSON.parse(r.stdout);
        const wrong = report.submissions.filter((s: { ok: boolean }) => !s.ok);
        assert.deepEqual(wrong, []);
        assert.equal(r.code, 0, r.stderr);
        assert.ok(report.submissions.length >= 8);
        const languages = new Set(report.submissions.map((s: { language: string }) => s.language));
        assert.ok(languages.size >= 3, [...languages].join(','));
      });
    }

    it('fails with exit 1 and a table row when a submission gets another verdict than its folder', async function () {
      const copy = path.join(tempDir(), 'aplusb');
      cpSync(APLUSB, copy, { recursive: true, filter: (src) => !src.includes(`${path.sep}submissions${path.sep}`) || src.endsWith('difference.py') || /submissions$|wrong_answer$/.test(src) });
      cpSync(path.join(APLUSB, 'submissions/wrong_answer/difference.py'), path.join(copy, 'submissions/accepted/difference.py'));
      const r = await verdict('problem', 'validate', copy, ...backend);
      assert.equal(r.code, 1, r.stdout + r.stderr);
      assert.match(r.stdout, /accepted\/difference\.py.*AC.*WA.*MISMATCH/);
      assert.match(r.stdout, /1 of 2 submissions did not get their expected verdict/);
    });
  });

  describe('verdict doctor', function () {
    it('lists languages with versions and the sandbox capabilities', async function () {
      const r = await verdict('doctor', '--json');
      const report = JSON.parse(r.stdout);
      const find = (item: string) => report.findings.find((f: { item: string }) => f.item === item);
      assert.equal(find('language c').status, 'ok');
      assert.match(find('language c').detail, /gcc/);
      assert.ok(report.findings.some((f: { item: string }) => f.item.startsWith('sandbox: ')));
      type Finding = { item: string; status: string; fix?: string };
      for (const f of (report.findings as Finding[]).filter((x) => x.status === 'warn' && x.item.startsWith('language'))) assert.ok(f.fix, f.item);
    });
  });
});
