// The judge follows a problem's choice of per-language limits (issue 15, item 3): a Kattis
// package's limits hold for every language unless an administrator scales them per language, and
// the other way round for a flat package. Judged in the real sandbox: a Python program that burns
// 1.4 s of CPU under a 1 s limit is TLE with the limit as it is, and AC under Python's ×3.
import assert from 'node:assert/strict';
import { dataOf } from '../helpers/api.ts';
import { buildZip, kattisEntries, zipForm, zipOf } from '../helpers/package-zip.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { adminAccount, type TestAccount } from '../helpers/tokens.ts';

const BURNS_1400_MS = [
  'import time',
  'start = time.process_time()',
  'while time.process_time() - start < 1.4:',
  '    pass',
  'a, b = map(int, input().split())',
  'print(a + b)',
  '',
].join('\n');

describe('per-language limits as a problem setting, in the judge', function () {
  this.timeout(180_000);
  let server: TestServer;
  let admin: TestAccount;

  before(async () => {
    server = await startTestServer({ JUDGE_WORKERS: '1' });
    admin = await adminAccount(server);
  });
  after(() => server?.destroy());

  async function problem(title: string, zip: Buffer): Promise<number> {
    const id = dataOf(await admin.api.json('/api/admin/problem/add', { title, memoryLimit: 256, timeLimit: 1000 }), 'add').id;
    dataOf(await admin.api.multipart('/api/admin/problem/upload', zipForm(id, zip)), 'upload');
    // The upload may take the package's limits: one second for every test here.
    dataOf(await admin.api.json('/api/admin/problem/update', { id, title, memoryLimit: 256, timeLimit: 1000 }, 'PUT'), 'limits');
    return id;
  }

  async function verdict(problemId: number): Promise<string> {
    server.clock.advance(3100);
    const submitted = await admin.api.json('/api/submit', { problemId, language: 'python3', code: BURNS_1400_MS });
    assert.equal(submitted.code, 0, submitted.message);
    return submitted.data.judgeResult;
  }

  const choose = (id: number, title: string, languageFactors: boolean | null) =>
    admin.api.json('/api/admin/problem/update', { id, title, memoryLimit: 256, timeLimit: 1000, languageFactors }, 'PUT').then((r) => dataOf(r, 'choose'));

  it("judges a Kattis package with its limits for every language, and scaled when the administrator says so", async () => {
    const id = await problem('Kattis factors', await buildZip(kattisEntries()));
    assert.equal(await verdict(id), 'TLE');
    await choose(id, 'Kattis factors', true);
    assert.equal(await verdict(id), 'AC');
  });

  it('judges a flat package scaled per language, and unscaled when the administrator says so', async () => {
    const id = await problem('Flat factors', await zipOf({ '1.in': '1 2\n', '1.out': '3\n' }));
    assert.equal(await verdict(id), 'AC');
    await choose(id, 'Flat factors', false);
    assert.equal(await verdict(id), 'TLE');
  });
});
