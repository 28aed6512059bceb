import assert from 'node:assert/strict';
import fs from 'node:fs';
import yaml from 'js-yaml';
import { CliSandbox, folderContents } from './run-cli.ts';

describe('cli: problem new and pack', function () {
  this.timeout(120_000);
  let box: CliSandbox;
  beforeEach(() => (box = new CliSandbox()));
  afterEach(() => box.remove());

  it('asks for what the flags do not give, through stdin, and writes a Kattis package', async () => {
    const result = await box.run(['problem', 'new', 'two'], {
      answers: [
        { when: /Problem title/, send: 'Two sums\n' },
        { when: /Time limit \(seconds\)/, send: '2\n' },
        { when: /Memory limit \(MB\)/, send: '128\n' },
      ],
    });
    assert.equal(result.code, 0, result.stderr);
    const files = folderContents(box.path('two'));
    assert.deepEqual(Object.keys(files).sort(), [
      'data/sample/1.ans',
      'data/sample/1.in',
      'data/secret/1.ans',
      'data/secret/1.in',
      'problem.yaml',
      'problem_statement/problem.en.md',
      'submissions/accepted/solution.cpp',
      'submissions/accepted/solution.py',
      'submissions/wrong_answer/difference.py',
    ]);
    assert.deepEqual(yaml.load(files['problem.yaml']), { name: 'Two sums', license: 'cc0', limits: { time_limit: 2, memory: 128 } });
    assert.match(files['problem_statement/problem.en.md'], /^# Two sums/);
  });

  it('takes everything from flags with --yes, and the skeleton judges AC', async () => {
    const created = await box.run(['problem', 'new', 'sum', '--title', 'Sum', '--time-limit', '1.5', '--yes']);
    assert.equal(created.code, 0, created.stderr);
    assert.deepEqual(yaml.load(fs.readFileSync(box.path('sum', 'problem.yaml'), 'utf8')), { name: 'Sum', license: 'cc0', limits: { time_limit: 1.5, memory: 256 } });
    const judged = await box.run(['judge', 'sum', 'sum/submissions/accepted/solution.py', '--json']);
    assert.equal(JSON.parse(judged.stdout).verdict, 'AC', judged.stdout + judged.stderr);
  });

  it('refuses a non-empty folder and bad limits, writing nothing', async () => {
    fs.mkdirSync(box.path('taken'));
    fs.writeFileSync(box.path('taken', 'notes.txt'), 'mine');
    const taken = await box.run(['problem', 'new', 'taken', '--yes']);
    assert.equal(taken.code, 2);
    assert.match(taken.stderr, /taken already exists and is not empty/);
    assert.deepEqual(fs.readdirSync(box.path('taken')), ['notes.txt']);

    const slow = await box.run(['problem', 'new', 'slow', '--time-limit', '11', '--yes']);
    assert.equal(slow.code, 2);
    assert.match(slow.stderr, /time limit must be over 0 and at most 10 seconds/);
    assert.equal(fs.existsSync(box.path('slow')), false);
  });

  it('packs a package into the same zip every time, and refuses a broken one', async () => {
    assert.equal((await box.run(['problem', 'new', 'sum', '--yes'])).code, 0);
    const first = await box.run(['problem', 'pack', 'sum', '--no-validate']);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /Packed 9 files into .*sum\.zip/);
    const again = await box.run(['problem', 'pack', 'sum', '-o', 'again.zip', '--no-validate']);
    assert.equal(again.code, 0, again.stderr);
    assert.ok(fs.readFileSync(box.path('sum.zip')).equals(fs.readFileSync(box.path('again.zip'))), 'same content, same bytes');

    fs.rmSync(box.path('sum', 'data', 'secret', '1.ans'));
    const broken = await box.run(['problem', 'pack', 'sum', '-o', 'broken.zip', '--no-validate']);
    assert.equal(broken.code, 2);
    assert.match(broken.stderr, /data\/secret\/1\.in has no answer file/);
    assert.equal(fs.existsSync(box.path('broken.zip')), false);

    const missing = await box.run(['problem', 'pack', 'nowhere']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /nowhere: no such folder/);
  });

  it('packs only after the solutions get their verdicts with --validate', async () => {
    assert.equal((await box.run(['problem', 'new', 'sum', '--yes'])).code, 0);
    fs.writeFileSync(box.path('sum', 'submissions', 'accepted', 'wrong.py'), 'print(0)\n');
    const result = await box.run(['problem', 'pack', 'sum', '--validate']);
    assert.equal(result.code, 1, result.stdout + result.stderr);
    assert.match(result.stderr, /did not get the verdict of their folder; nothing was packed/);
    assert.equal(fs.existsSync(box.path('sum.zip')), false);
  });
});
