// A package that restricts its languages (problem.yaml `languages`) is judged only in those: the
// server refuses a submission in another language at once, naming the field, and stores nothing.
import assert from 'node:assert/strict';
import { dataOf } from '../helpers/api.ts';
import { buildZip, kattisEntries, zipForm } from '../helpers/package-zip.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { adminAccount, type TestAccount } from '../helpers/tokens.ts';

const SUM_PY = 'a, b = map(int, input().split())\nprint(a + b)\n';
const SUM_CPP = '#include <iostream>\nint main() { long a, b; std::cin >> a >> b; std::cout << a + b << "\\n"; }\n';

describe('problem.yaml languages on the server', function () {
  this.timeout(180_000);
  let server: TestServer;
  let admin: TestAccount;

  before(async () => {
    server = await startTestServer({ JUDGE_WORKERS: '1' });
    admin = await adminAccount(server);
  });
  after(() => server?.destroy());

  async function problem(title: string, yaml: string): Promise<number> {
    const id = dataOf(await admin.api.json('/api/admin/problem/add', { title, memoryLimit: 256, timeLimit: 1000 }), 'add').id;
    const entries = kattisEntries().map((e) => (e.name === 'sum/problem.yaml' ? { ...e, data: yaml } : e));
    dataOf(await admin.api.multipart('/api/admin/problem/upload', zipForm(id, await buildZip(entries))), 'upload');
    return id;
  }

  const submit = (problemId: number, language: string, code: string) => {
    server.clock.advance(3100);
    return admin.api.json('/api/submit', { problemId, language, code });
  };
  const records = async (problemId: number) => (await server.services.db.selectFrom('submissions').select('id').where('problem_id', '=', problemId).execute()).length;

  it('refuses a submission in a language the package does not allow, naming the field, and judges one it allows', async () => {
    const id = await problem('Only C++', 'name: Sum\nlanguages: [cpp]\nlimits:\n  time_limit: 2\n  memory: 256\n');
    const refused = await submit(id, 'python3', SUM_PY);
    assert.notEqual(refused.code, 0);
    assert.match(refused.message, /Python 3 is not among the languages this problem allows \(problem\.yaml languages: cpp\)/);
    assert.equal(await records(id), 0, 'nothing stored');
    const allowed = await submit(id, 'cpp', SUM_CPP);
    assert.equal(allowed.code, 0, allowed.message);
    assert.equal(allowed.data.judgeResult, 'AC');
  });

  it("tells the problem page which languages the problem takes (GET /api/problem/limits: allowed), C++20 under Kattis' cpp", async () => {
    const id = await problem('Only C++ here', 'name: Sum\nlanguages: [cpp]\nlimits:\n  time_limit: 2\n  memory: 256\n');
    const limits = dataOf(await admin.api.get('/api/problem/limits', { problemId: id }), 'limits') as { languages: { id: string; allowed: boolean }[] };
    const allowed = new Map(limits.languages.map((l) => [l.id, l.allowed]));
    assert.equal(allowed.get('cpp'), true);
    if (allowed.has('cpp20')) assert.equal(allowed.get('cpp20'), true);
    assert.equal(allowed.get('python3'), false);
    assert.ok(limits.languages.filter((l) => !l.allowed).length >= 1);
    const open = await problem('Any language here', 'name: Sum\nlimits:\n  time_limit: 2\n  memory: 256\n');
    const all = dataOf(await admin.api.get('/api/problem/limits', { problemId: open }), 'limits') as { languages: { allowed: boolean }[] };
    assert.ok(all.languages.every((l) => l.allowed), 'a package that names no languages takes every one');
  });

  it('takes every language from a package that names none, or all', async () => {
    const id = await problem('Any language', 'name: Sum\nlanguages: all\nlimits:\n  time_limit: 2\n  memory: 256\n');
    const submitted = await submit(id, 'python3', SUM_PY);
    assert.equal(submitted.code, 0, submitted.message);
    assert.equal(submitted.data.judgeResult, 'AC');
  });
});
