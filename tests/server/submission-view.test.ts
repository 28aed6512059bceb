// The contestant's submission view (issue 17): GET /api/JudgeRecord/detail gives the owner (and
// administrators) the source, each file of a submission of several files, the language's name and
// editor mode, the compile message and the per-test results; the record lists name the contest.
// Everyone else is answered as if the record did not exist, with nothing of it in the reply.
import assert from 'node:assert/strict';
import type { Api } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, type TestAccount } from '../helpers/tokens.ts';

const SECRET = 'ALICE_SOURCE_7f3a';
const SINGLE = `fn main() { println!("${SECRET}"); }\n`;
const FILES = [
  { name: 'main.rs', content: `mod add;\nfn main() { /* ${SECRET} */ }\n` },
  { name: 'add.rs', content: 'pub fn add(a: i64, b: i64) -> i64 { a + b }\n' },
];
const WA_TESTS = [
  { name: 'sample/1', verdict: 'AC', timeMs: 3, memoryKb: 2100 },
  { name: 'secret/1', verdict: 'WA', timeMs: 4, memoryKb: 2200 },
];

describe('the submission view: one record, its source and tests, for its owner only', function () {
  this.timeout(60_000);
  let server: TestServer;
  let admin: TestAccount;
  let alice: TestAccount;
  let bob: TestAccount;
  let contestId: number;
  let problemId: number;
  const ids = { single: 0, files: 0, ce: 0, practice: 0 };

  before(async () => {
    server = await startTestServer();
    const { db } = server.services;
    admin = await accountWithToken(server, { auth: 1 });
    alice = await accountWithToken(server);
    bob = await accountWithToken(server);
    problemId = (await db.insertInto('problems').values({ title: 'View sum', time_limit: 1000, memory_limit: 256 }).returning('id').executeTakeFirstOrThrow()).id;
    contestId = (
      await db
        .insertInto('contests')
        .values({ title: 'Spring Round <1>', start_time: new Date(Date.now() - 3600_000), end_time: new Date(Date.now() + 3600_000) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await db.insertInto('contest_users').values([alice, bob].map((u) => ({ contest_id: contestId, user_id: u.id }))).execute();
    await db.insertInto('contest_problems').values({ contest_id: contestId, problem_id: problemId, position: 0 }).execute();
    const record = (fields: { code: string; files?: string; status: string; tests: string; compile_message?: string; contest_id?: number | null; user_id?: number }) =>
      db
        .insertInto('submissions')
        .values({ user_id: alice.id, problem_id: problemId, contest_id: contestId, language: 'rust', run_time: 4, run_memory: 2200, judged_at: new Date(), ...fields })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => r.id);
    ids.single = await record({ code: SINGLE, status: 'WA', tests: JSON.stringify(WA_TESTS) });
    ids.files = await record({ code: FILES.map((f) => `===== ${f.name} =====\n${f.content}`).join('\n'), files: JSON.stringify(FILES), status: 'AC', tests: '[]' });
    ids.ce = await record({ code: `fn main( { ${SECRET}`, status: 'CE', tests: '[]', compile_message: 'error: expected one of `)`' });
    ids.practice = await record({ code: SINGLE, status: 'AC', tests: '[]', contest_id: null });
  });
  after(() => server?.destroy());

  const detail = (api: Api, id: number | string) => api.get('/api/JudgeRecord/detail', { id });

  it('gives the owner the source, the language with its editor mode, the contest and each test up to the first failure', async () => {
    const own = await detail(alice.api, ids.single);
    assert.equal(own.code, 0, own.message);
    assert.equal(own.data.code, SINGLE);
    assert.equal(own.data.files, null);
    assert.equal(own.data.language, 'rust');
    assert.equal(own.data.languageName, 'Rust (2021)');
    assert.equal(own.data.editorMode, 'text/x-rustsrc');
    assert.equal(own.data.contestId, contestId);
    assert.equal(own.data.contestTitle, 'Spring Round <1>');
    assert.equal(own.data.judgeResult, 'WA');
    assert.deepEqual(own.data.tests, WA_TESTS);
  });

  it('gives each file of a submission of several files', async () => {
    const own = await detail(alice.api, ids.files);
    assert.deepEqual(own.data.files, FILES);
  });

  it('gives a compile error its message and no tests', async () => {
    const own = await detail(alice.api, ids.ce);
    assert.equal(own.data.judgeResult, 'CE');
    assert.match(own.data.compileMessage, /expected one of/);
    assert.deepEqual(own.data.tests, []);
  });

  it('a practice submission has no contest title', async () => {
    assert.equal((await detail(alice.api, ids.practice)).data.contestTitle, null);
  });

  it("refuses another user's record exactly as a missing one, with nothing of it in the reply", async () => {
    for (const id of Object.values(ids)) {
      const res = await bob.api.raw(`/api/JudgeRecord/detail?id=${id}`, { method: 'GET' });
      const text = await res.text();
      assert.equal(res.status, 404, `record ${id}`);
      assert.ok(!text.includes(SECRET), `record ${id}: the reply carries the source`);
      assert.ok(!text.includes('expected one of'), `record ${id}: the reply carries the compile message`);
      const missing = await bob.api.raw('/api/JudgeRecord/detail?id=999999', { method: 'GET' });
      assert.equal(text, await missing.text(), 'an existing record of someone else reads like a missing one');
    }
  });

  it('refuses the public, and ids that are not ids, without a leak', async () => {
    const anonymous = alice.api.withToken(null);
    assert.equal((await detail(anonymous, ids.single)).status, 401);
    const forged = alice.api.withToken('not-a-real-token');
    assert.equal((await detail(forged, ids.single)).status, 401);
    for (const id of ['abc', '-1', '0', `${ids.single} OR 1=1`, '1e3', '99999999999999999999']) {
      const res = await bob.api.raw(`/api/JudgeRecord/detail?id=${encodeURIComponent(id)}`, { method: 'GET' });
      const text = await res.text();
      assert.ok(res.status === 400 || res.status === 404, `id ${id}: ${res.status}`);
      assert.ok(!text.includes(SECRET), `id ${id}`);
    }
    // An extra parameter does not widen the question (the query is strict).
    assert.equal((await bob.api.get('/api/JudgeRecord/detail', { id: ids.single, username: alice.username })).status, 400);
  });

  it("never lists another user's records, nor source code in any list", async () => {
    assert.equal((await bob.api.form('/api/JudgeRecord/MyAllList', { username: alice.username })).status, 403);
    const bobs = await bob.api.form('/api/JudgeRecord/MyList', { contestId });
    assert.deepEqual(bobs.data, []);
    const mine = await alice.api.form('/api/JudgeRecord/MyAllList', { username: alice.username });
    assert.equal(mine.data.length, 4);
    assert.ok(mine.data.every((r) => !('code' in r) && !('files' in r)));
    assert.equal(mine.data.find((r) => r.id === ids.single)?.contestTitle, 'Spring Round <1>');
    const inContest = await alice.api.form('/api/JudgeRecord/MyList', { contestId });
    assert.ok(inContest.data.every((r) => r.contestTitle === 'Spring Round <1>'));
  });

  it('gives administrators any record', async () => {
    const seen = await detail(admin.api, ids.files);
    assert.equal(seen.code, 0);
    assert.deepEqual(seen.data.files, FILES);
    assert.equal(seen.data.username, alice.username);
  });

  it("tells the problem page each template's editor mode and file extensions", async () => {
    await server.services.db.insertInto('templates').values([
      { language: 'rust', comment: 'Rust', description: 'fn main() {}\n' },
      { language: 'Brainfuck', comment: 'Gone', description: 'begin end.\n' },
    ]).execute();
    const list = await alice.api.get('/api/JudgeTemplate/listUnConditional');
    const rust = list.data.find((t) => t.language === 'rust');
    assert.deepEqual([rust?.languageId, rust?.editorMode, rust?.extensions], ['rust', 'text/x-rustsrc', ['.rs']]);
    const unknown = list.data.find((t) => t.language === 'Brainfuck');
    assert.deepEqual([unknown?.languageId, unknown?.editorMode, unknown?.extensions], [null, 'text/plain', []]);
  });
});
