// Problem packages: the Kattis layout, flat folders and zips, and every kind of bad zip.
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { loadProblemPackage, PackageError } from '@verdict/judge';
import { REPO_ROOT, removeTempDirs, tempDir, writeTree } from './helpers.ts';
import { writeZip, type ZipEntrySpec } from './zip-builder.ts';

const zipIn = (entries: ZipEntrySpec[], options?: { shareData?: boolean }) => writeZip(path.join(tempDir(), 'package.zip'), entries, options);
const rejects = (p: Promise<unknown>, message: RegExp) => assert.rejects(p, (err: Error) => err instanceof PackageError && message.test(err.message));

describe('problem packages', function () {
  after(removeTempDirs);

  describe('Kattis layout', function () {
    it('loads a sample problem: name, limits, samples first, natural order, statement, submissions', async function () {
      const problem = await loadProblemPackage(path.join(REPO_ROOT, 'problems/aplusb'));
      assert.equal(problem.name, 'A plus B');
      assert.equal(problem.timeLimitMs, 1000);
      assert.equal(problem.memoryLimitMb, 256);
      assert.deepEqual(
        problem.tests.slice(0, 5).map((t) => t.name),
        ['sample/1', 'sample/2', 'secret/1', 'secret/2', 'secret/3'],
      );
      assert.equal(problem.tests.at(-1)!.name, 'secret/12');
      assert.ok(problem.tests[0].sample && !problem.tests[2].sample);
      assert.match(problem.statement.markdown!, /\$a \+ b\$/);
      assert.ok(problem.submissions.some((s) => s.expected === 'TLE' && s.path.endsWith('slow.py')));
      assert.match(problem.hash, /^[0-9a-f]{64}$/);
      assert.equal((await loadProblemPackage(path.join(REPO_ROOT, 'problems/aplusb'))).hash, problem.hash);
    });

    it('reads the checker from validation and validator_flags', async function () {
      assert.deepEqual((await loadProblemPackage(path.join(REPO_ROOT, 'problems/circle'))).checker, { kind: 'tokens', flags: ['float_tolerance', '1e-6'] });
      const derangement = await loadProblemPackage(path.join(REPO_ROOT, 'problems/derangement'));
      assert.equal(derangement.checker.kind, 'testlib');
    });

    it('takes the time limit from .timelimit, test groups from nested folders', async function () {
      const dir = writeTree({
        'problem.yaml': 'name: Groups\n',
        '.timelimit': '2.5\n',
        'data/secret/group2/1.in': '',
        'data/secret/group2/1.ans': '',
        'data/secret/group10/1.in': '',
        'data/secret/group10/1.ans': '',
        'data/secret/group1/1.in': '',
        'data/secret/group1/1.ans': '',
      });
      const problem = await loadProblemPackage(dir);
      assert.equal(problem.timeLimitMs, 2500);
      assert.equal(problem.memoryLimitMb, 2048, "the format's default memory limit");
      assert.deepEqual(
        problem.tests.map((t) => t.name),
        ['secret/group1/1', 'secret/group2/1', 'secret/group10/1'],
      );
    });

    it('says what is missing or wrong', async function () {
      await rejects(loadProblemPackage(writeTree({ 'problem.yaml': 'name: X\n', 'data/secret/1.in': '1' })), /data\/secret\/1\.in has no answer file/);
      await rejects(loadProblemPackage(writeTree({ 'problem.yaml': 'name: X\n', 'data/sample/.keep': '' })), /no tests/);
      await rejects(loadProblemPackage(writeTree({ 'problem.yaml': 'limits: [1\n' })), /not valid YAML/);
      await rejects(loadProblemPackage(writeTree({ 'problem.yaml': 'limits:\n  memory: -5\n', 'data/secret/1.in': '', 'data/secret/1.ans': '' })), /limits\.memory/);
      await rejects(loadProblemPackage(writeTree({ 'problem.yaml': 'validator_flags: sloppy\n', 'data/secret/1.in': '', 'data/secret/1.ans': '' })), /"sloppy" is not a flag of the default output validator/);
      await rejects(loadProblemPackage(writeTree({ 'problem.yaml': 'validation: custom\n', 'data/secret/1.in': '', 'data/secret/1.ans': '' })), /exactly one validator under output_validators/);
      await rejects(loadProblemPackage(path.join(tempDir(), 'missing')), /no such file or folder/);
    });
  });

  describe('flat packages and zips', function () {
    it('loads flat pairs (.in/.out and .in/.ans) in natural order with limits from the caller', async function () {
      const dir = writeTree({ '10.in': '10', '10.out': '10', '2.in': '2', '2.out': '2', 'a.in': 'a', 'a.ans': 'a' });
      const problem = await loadProblemPackage(dir, { timeLimitMs: 3000, memoryLimitMb: 128 });
      assert.deepEqual(
        problem.tests.map((t) => t.name),
        ['2', '10', 'a'],
      );
      assert.equal(problem.timeLimitMs, 3000);
      assert.equal(problem.memoryLimitMb, 128);
      assert.deepEqual(problem.checker, { kind: 'default' });
    });

    it('loads a flat zip with a top folder, unpacked into the folder it is given', async function () {
      const zip = zipIn([
        { name: 'tests/' },
        { name: 'tests/1.in', data: '1 2\n', deflate: true },
        { name: 'tests/1.out', data: '3\n', deflate: true },
      ]);
      const into = path.join(tempDir(), 'unpacked');
      const problem = await loadProblemPackage(zip, { extractTo: into });
      assert.equal(problem.tests.length, 1);
      assert.ok(problem.tests[0].input.startsWith(into));
      assert.deepEqual(readdirSync(into), ['tests']);
    });

    it('loads a Kattis-layout zip', async function () {
      const zip = zipIn([
        { name: 'problem.yaml', data: 'name: Zipped\nlimits:\n  memory: 128\n' },
        { name: 'data/secret/1.in', data: '1' },
        { name: 'data/secret/1.ans', data: '1' },
      ]);
      const problem = await loadProblemPackage(zip);
      assert.equal(problem.name, 'Zipped');
      assert.equal(problem.memoryLimitMb, 128);
    });
  });

  describe('bad zips', function () {
    const okEntries: ZipEntrySpec[] = [
      { name: '1.in', data: '1' },
      { name: '1.out', data: '1' },
    ];

    it('refuses path traversal and writes nothing outside', async function () {
      const into = path.join(tempDir(), 'x');
      await rejects(loadProblemPackage(zipIn([...okEntries, { name: '../escaped.txt', data: 'x' }]), { extractTo: into }), /path traversal/);
      assert.ok(!existsSync(path.join(into, '..', 'escaped.txt')));
      assert.ok(!existsSync(into), 'a refused zip leaves nothing behind');
      await rejects(loadProblemPackage(zipIn([{ name: 'a/../../escaped.txt', data: 'x' }])), /path traversal/);
    });

    it('refuses absolute paths', async function () {
      await rejects(loadProblemPackage(zipIn([{ name: '/etc/evil', data: 'x' }])), /absolute path/);
    });

    it('refuses a file or link name longer than a file system takes, as a package error (the fuzzer found a link of 258 bytes failing with ENAMETOOLONG)', async function () {
      const long = `${'n'.repeat(258)}.in`;
      await rejects(loadProblemPackage(zipIn([...okEntries, { name: long, data: ' ', mode: 0o120777 }])), /has a name of 261 bytes \(at most 255/);
      await rejects(loadProblemPackage(zipIn([...okEntries, { name: `d/${long}`, data: 'x' }])), /at most 255 per file or folder name/);
      const loaded = await loadProblemPackage(zipIn([...okEntries, { name: `${'n'.repeat(251)}.in`, data: '2' }, { name: `${'n'.repeat(251)}.out`, data: '2' }]));
      assert.equal(loaded.tests.length, 2, 'a name of 255 bytes is a name');
    });

    it('refuses symlinks', async function () {
      await rejects(loadProblemPackage(zipIn([...okEntries, { name: 'link', data: '/etc/passwd', mode: 0o120777 }])), /symbolic link/);
    });

    it('refuses a zip bomb by compression ratio', async function () {
      await rejects(loadProblemPackage(zipIn([{ name: 'zeros.in', data: Buffer.alloc(20 << 20), deflate: true }])), /compression ratio .* zip bomb/);
    });

    it('refuses a zip whose unpacked size exceeds the cap', async function () {
      const big = [{ name: '1.in', data: Buffer.alloc(2 << 20, 7) }, { name: '1.out', data: '1' }];
      await rejects(loadProblemPackage(zipIn(big), { zipLimits: { maxUnpackedBytes: 1 << 20 } }), /more than 1 MiB/);
    });

    it('refuses an entry larger than its header says', async function () {
      await rejects(loadProblemPackage(zipIn([{ name: '1.in', data: Buffer.alloc(1 << 16, 1), deflate: true, declaredSize: 10 }, { name: '1.out', data: '' }])), /corrupt or larger than its header/);
    });

    it('refuses overlapping entries', async function () {
      const entries = Array.from({ length: 50 }, (_, i) => ({ name: `${i}.in`, data: Buffer.alloc(1 << 16, 1), deflate: true }));
      await rejects(loadProblemPackage(zipIn(entries, { shareData: true })), /overlapping entries/);
    });

    it('refuses too many files', async function () {
      const entries = Array.from({ length: 30 }, (_, i) => ({ name: `${i}.in`, data: '' }));
      await rejects(loadProblemPackage(zipIn(entries), { zipLimits: { maxFiles: 20 } }), /30 entries, more than the limit of 20/);
    });

    it('says when a file is not a zip, or a zip holds no tests', async function () {
      const notZip = writeTree({ 'fake.zip': 'this is plain text, not a zip archive' });
      await rejects(loadProblemPackage(path.join(notZip, 'fake.zip')), /not a valid zip file/);
      await rejects(loadProblemPackage(zipIn([{ name: 'readme.txt', data: 'hi' }])), /no tests found/);
      await rejects(loadProblemPackage(zipIn([])), /the zip is empty/);
    });
  });
});
