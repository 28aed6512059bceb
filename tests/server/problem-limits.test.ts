// GET /api/problem/limits (issue 17, item 8): the limits a run in each language gets are the
// judge's own (runLimits of @verdict/judge): a flat package's limits times the language's factors,
// a Kattis package's the same for every language; who may not read the problem may not read them.
import assert from 'node:assert/strict';
import { DEFAULT_LANGUAGES_DIR, loadLanguageDefinitions, runLimits, type Problem } from '@verdict/judge';
import { dataOf } from '../helpers/api.ts';
import { buildZip, kattisEntries, zipForm, zipOf } from '../helpers/package-zip.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { formatServerTime } from '../../web/src/lib/time.ts';

describe('problem limits per language', function () {
  this.timeout(60_000);
  let server: TestServer;
  let admin: TestAccount;
  let member: TestAccount;
  let outsider: TestAccount;
  let contestId: number;
  let flat: number;
  let kattis: number;

  before(async () => {
    server = await startTestServer();
    admin = await adminAccount(server);
    member = await accountWithToken(server);
    outsider = await accountWithToken(server);
    flat = dataOf(await admin.api.json('/api/admin/problem/add', { title: 'Flat', memoryLimit: 128, timeLimit: 700 }), 'add').id;
    dataOf(await admin.api.multipart('/api/admin/problem/upload', zipForm(flat, await zipOf({ '1.in': '1 2\n', '1.out': '3\n' }))), 'upload flat');
    kattis = dataOf(await admin.api.json('/api/admin/problem/add', { title: 'Kattis', memoryLimit: 128, timeLimit: 2000 }), 'add').id;
    dataOf(await admin.api.multipart('/api/admin/problem/upload', zipForm(kattis, await buildZip(kattisEntries()))), 'upload kattis');
    const now = Date.now();
    contestId = dataOf(
      await admin.api.json('/api/contest/add', { title: 'Limits Cup', startTimeStr: formatServerTime(now - 60_000), endTimeStr: formatServerTime(now + 3_600_000) }),
      'add contest',
    ).id;
    for (const problemId of [flat, kattis]) dataOf(await admin.api.form('/api/contestProblem/addByProblemId', { problemId, contestId }), 'add problem');
    dataOf(await admin.api.json('/api/contestRecord/add', { contestId, userId: member.id }), 'add member');
  });
  after(() => server?.destroy());

  it("scales a flat package's limits by each language's factors, as the judge does", async () => {
    const limits = dataOf(await member.api.get('/api/problem/limits', { problemId: flat, contestId }), 'limits');
    assert.equal(limits.timeLimit, 700);
    assert.equal(limits.memoryLimit, 128);
    assert.equal(limits.languageFactors, true);
    const offered = dataOf(await member.api.get('/api/JudgeTemplate/languages'), 'languages').map((l) => l.id).sort();
    assert.deepEqual(limits.languages.map((l) => l.id).sort(), offered);
    const definitions = new Map((await loadLanguageDefinitions(DEFAULT_LANGUAGES_DIR)).map((l) => [l.id, l]));
    for (const language of limits.languages) {
      const judged = runLimits({ timeLimitMs: 700, memoryLimitMb: 128 } as Problem, definitions.get(language.id)!);
      assert.equal(language.timeLimit, judged.cpuMs, language.id);
      assert.equal(language.memoryLimit, judged.memoryKb / 1024, language.id);
    }
    const python = limits.languages.find((l) => l.id === 'python3');
    assert.ok(python, 'python3 offered');
    assert.equal(python.timeFactor, 3);
    assert.equal(python.timeLimit, 2100);
  });

  it("keeps a Kattis package's limits for every language", async () => {
    const limits = dataOf(await member.api.get('/api/problem/limits', { problemId: kattis }), 'limits');
    assert.equal(limits.languageFactors, false);
    assert.ok(limits.languages.length > 0);
    for (const language of limits.languages) assert.equal(language.timeLimit, 2000, language.id);
  });

  it("follows an administrator's choice over the format's, and back to the format's with null", async () => {
    const edit = (id: number, title: string, timeLimit: number, languageFactors: boolean | null) =>
      admin.api.json('/api/admin/problem/update', { id, title, memoryLimit: 128, timeLimit, languageFactors }, 'PUT');
    const python = async (problemId: number) => {
      const limits = dataOf(await member.api.get('/api/problem/limits', { problemId, contestId }), 'limits');
      return [limits.languageFactors, limits.languages.find((l) => l.id === 'python3')!.timeLimit];
    };
    assert.equal(dataOf(await edit(kattis, 'Kattis', 2000, true), 'scale kattis').languageFactors, true);
    assert.deepEqual(await python(kattis), [true, 6000]);
    assert.equal(dataOf(await edit(flat, 'Flat', 700, false), 'same for all').languageFactors, false);
    assert.deepEqual(await python(flat), [false, 700]);
    // An edit without the field keeps it (the spec's clients do not send it).
    const kept = await admin.api.json('/api/admin/problem/update', { id: flat, title: 'Flat', memoryLimit: 128, timeLimit: 700 }, 'PUT');
    assert.equal(dataOf(kept, 'kept').languageFactors, false);
    const refused = await admin.api.json('/api/admin/problem/update', { id: flat, title: 'Flat', memoryLimit: 128, timeLimit: 700, languageFactors: 'yes' }, 'PUT');
    assert.match(refused.message, /languageFactors must be true, false or null/);
    for (const [id, title, time] of [[kattis, 'Kattis', 2000], [flat, 'Flat', 700]] as const) dataOf(await edit(id, title, time, null), 'as the format says');
    assert.deepEqual(await python(kattis), [false, 2000]);
    assert.deepEqual(await python(flat), [true, 2100]);
  });

  it('refuses whoever may not read the problem, as the statement does', async () => {
    const refused = await outsider.api.get('/api/problem/limits', { problemId: flat });
    const statement = await outsider.api.get('/api/problem/statement', { problemId: flat });
    assert.notEqual(refused.code, 0);
    assert.equal(refused.code, statement.code);
    assert.equal((await outsider.api.get('/api/problem/limits', { problemId: flat, contestId })).code, statement.code === 0 ? 0 : (await outsider.api.get('/api/problem/statement', { problemId: flat, contestId })).code);
    assert.notEqual((await member.api.get('/api/problem/limits', { problemId: 999_999 })).code, 0);
  });
});
