// A submission is stored once whatever fails (issue 33, docs/api-decisions.md "submissionKey"):
// a client's retry with its idempotency key gets the record already stored (within the
// cooldown, at once, across a kill -9 and a restart of the API), and once a record is stored the
// request does not fail (the database gone during the wait: the reply is the stored record).
import assert from 'node:assert/strict';
import pg from 'pg';
import { Api } from '../helpers/api.ts';
import { sleep, spawnVerdict, type VerdictProcess } from '../helpers/processes.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addSlowSumProblem, SUM_AC } from '../helpers/slow-sum.ts';
import { accountWithToken, type TestAccount } from '../helpers/tokens.ts';

/** A running contest with the problem, and the users in it. */
async function contestWith(server: TestServer, problemId: number, users: TestAccount[]): Promise<number> {
  const { db } = server.services;
  const now = Date.now();
  const contest = await db.insertInto('contests').values({ title: `Keys ${now}`, start_time: new Date(now - 60_000), end_time: new Date(now + 3_600_000) }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('contest_problems').values({ contest_id: contest.id, problem_id: problemId, position: 0 }).execute();
  await db.insertInto('contest_users').values(users.map((u) => ({ contest_id: contest.id, user_id: u.id }))).execute();
  return contest.id;
}

async function recordsOf(server: Pick<TestServer, 'services'>, userId: number) {
  return server.services.db.selectFrom('submissions').select(['id', 'submission_key']).where('user_id', '=', userId).orderBy('id').execute();
}

describe('submissions stored once: submissionKey', function () {
  this.timeout(120_000);
  let server: TestServer & { databaseUrl?: string };
  let admin: TestAccount;
  let alice: TestAccount;
  let bob: TestAccount;
  let problemId: number;
  let contestId: number;

  before(async () => {
    server = await startTestServer({ JUDGE_WORKERS: '0', SUBMIT_WAIT_MS: '0' });
    admin = await accountWithToken(server, { auth: 1 });
    alice = await accountWithToken(server);
    bob = await accountWithToken(server);
    problemId = await addSlowSumProblem(server);
    contestId = await contestWith(server, problemId, [alice, bob]);
  });
  after(() => server?.destroy());

  const body = (submissionKey?: string, code = SUM_AC) => ({ problemId, contestId, language: 'python3', code, ...(submissionKey === undefined ? {} : { submissionKey }) });

  it('a retry with the same key gets the stored record and stores nothing new, within the cooldown and at once', async () => {
    const first = await alice.api.json('/api/submit', body('click-1'));
    assert.equal(first.code, 0, first.message);
    // A retry one moment later (inside the 3 s cooldown): the same record, no 429.
    const retry = await alice.api.json('/api/submit', body('click-1'));
    assert.equal(retry.code, 0, retry.message);
    assert.equal(retry.data.id, first.data.id);
    // Five tries of one click at once: one record.
    server.clock.advance(5000);
    const burst = await Promise.all([1, 2, 3, 4, 5].map(() => alice.api.json('/api/submit', body('click-2'))));
    assert.deepEqual(burst.map((r) => r.code), [0, 0, 0, 0, 0], burst.map((r) => r.message).join('; '));
    assert.equal(new Set(burst.map((r) => r.data.id)).size, 1);
    // Administrators take no lock: the unique key holds for them too.
    const admins = await Promise.all([1, 2, 3, 4].map(() => admin.api.json('/api/submit', { problemId, language: 'python3', code: SUM_AC, submissionKey: 'admin-click' })));
    assert.deepEqual(admins.map((r) => r.code), [0, 0, 0, 0], admins.map((r) => r.message).join('; '));
    assert.equal(new Set(admins.map((r) => r.data.id)).size, 1);
    assert.deepEqual((await recordsOf(server, alice.id)).map((r) => r.submission_key), ['click-1', 'click-2']);
    assert.equal((await recordsOf(server, admin.id)).length, 1);
    // A key is the user's own: bob's 'click-1' is a submission of his.
    const bobs = await bob.api.json('/api/submit', body('click-1'));
    assert.equal(bobs.code, 0, bobs.message);
    assert.notEqual(bobs.data.id, first.data.id);
    // Without a key, as the spec has it: every request is a new submission.
    server.clock.advance(5000);
    const plain = await alice.api.json('/api/submit', body());
    assert.equal(plain.code, 0, plain.message);
    assert.equal((await recordsOf(server, alice.id)).length, 3);
  });

  it('refuses a key that is too long or not visible ASCII, and a key reused for other code, by name', async () => {
    server.clock.advance(5000);
    for (const bad of ['k'.repeat(65), '', 'with space', 'é', 42]) {
      const r = await alice.api.json('/api/submit', { ...body(), submissionKey: bad });
      assert.equal(r.status, 400, `${JSON.stringify(bad)}: ${r.message}`);
      assert.match(r.message, /submissionKey/);
    }
    const reused = await alice.api.json('/api/submit', body('click-1', `${SUM_AC}# another\n`));
    assert.equal(reused.status, 409, reused.message);
    assert.match(reused.message, /submissionKey "click-1" already names your submission \d+/);
    assert.equal((await recordsOf(server, alice.id)).length, 3);
  });

  it('a clock stepped back: records from the future neither lock the user out nor count against the cap; a wait never exceeds the interval', async () => {
    server.clock.advance(5000);
    const { db } = server.services;
    const hash = (await db.selectFrom('problems').select('package_hash').where('id', '=', problemId).executeTakeFirstOrThrow()).package_hash;
    // 25 records written 30 minutes "later": the clock has since been set back (NTP, a VM restored).
    const ahead = new Date(server.clock.now().getTime() + 30 * 60_000);
    await db.insertInto('submissions').values([...Array(25).keys()].map(() => ({ user_id: bob.id, problem_id: problemId, contest_id: contestId, language: 'python3', code: SUM_AC, package_hash: hash, tests: '[]', status: 'AC', created_at: ahead }))).execute();
    const r = await bob.api.json('/api/submit', body());
    assert.equal(r.code, 0, `${r.status} ${r.message}`);
    const again = await bob.api.json('/api/submit', body());
    assert.equal(again.status, 429, again.message);
    const waitMs = (again.data as unknown as { retryAfterMs: number }).retryAfterMs;
    assert.ok(waitMs > 0 && waitMs <= 3000, `wait ${waitMs} ms`);
  });

  it('a database gone during the wait: the reply is the stored record, not an error (PostgreSQL)', async function () {
    if (!server.databaseUrl) this.skip(); // PGlite lives in the server's process: it cannot go away alone
    const waiting = await startTestServer({ JUDGE_WORKERS: '0', SUBMIT_WAIT_MS: '3000' });
    const dbName = new URL(waiting.databaseUrl!).pathname.slice(1);
    const outside = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await outside.connect();
    try {
      const user = await accountWithToken(waiting, { auth: 1 });
      const pid = await addSlowSumProblem(waiting);
      const reply = user.api.json('/api/submit', { problemId: pid, language: 'python3', code: SUM_AC, submissionKey: 'outage' });
      await sleep(800);
      // What a PostgreSQL restart does: every connection cut, new ones refused for a while.
      await outside.query(`alter database ${dbName} with allow_connections false`);
      await outside.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [dbName]);
      const r = await reply;
      await outside.query(`alter database ${dbName} with allow_connections true`);
      assert.equal(r.code, 0, `${r.status} ${r.message}`);
      assert.equal(r.data.judgeResult, 'PD');
      const again = await user.api.json('/api/submit', { problemId: pid, language: 'python3', code: SUM_AC, submissionKey: 'outage' });
      assert.equal(again.data.id, r.data.id, 'the retry names the same record');
      assert.equal((await recordsOf(waiting, user.id)).length, 1);
    } finally {
      await outside.query(`alter database ${dbName} with allow_connections true`).catch(() => undefined);
      await outside.end();
      await waiting.destroy();
    }
  });
});

describe('submissions stored once: an API killed while submits wait @slow', function () {
  this.timeout(180_000);
  let setup: TestServer & { databaseUrl?: string };
  let problemId: number;
  let contestId: number;
  const users: TestAccount[] = [];
  const processes: VerdictProcess[] = [];

  before(async () => {
    setup = await startTestServer({ JUDGE_WORKERS: '0' });
    for (let i = 0; i < 5; i++) users.push(await accountWithToken(setup));
    problemId = await addSlowSumProblem(setup);
    contestId = await contestWith(setup, problemId, users);
    await setup.close();
  });
  after(async () => {
    for (const p of processes) await p.kill('SIGKILL');
    await setup?.destroy();
  });

  it('kill -9 while five submits wait for their verdicts; their retries with the same keys after the restart get one record each', async () => {
    const data = { dataDir: setup.dataDir, databaseUrl: setup.databaseUrl };
    // No judge: the submits wait the whole SUBMIT_WAIT_MS, as they do behind a busy queue.
    const first = await spawnVerdict('serve', data, { JUDGE_WORKERS: '0', SUBMIT_WAIT_MS: '60000' });
    processes.push(first);
    const apiOf = (server: VerdictProcess, user: TestAccount) => new Api(server.url).withToken(user.api.token);
    const send = (server: VerdictProcess, user: TestAccount, i: number) => apiOf(server, user).json('/api/submit', { problemId, contestId, language: 'python3', code: SUM_AC, submissionKey: `retry-${i}` });
    const waits = users.map((u, i) => send(first, u, i).then(
      (r) => `reply ${r.code}`,
      () => 'network error',
    ));
    await sleep(1500);
    await first.kill('SIGKILL');
    // Every client lost its reply: the network error a browser shows as "Failed to submit".
    assert.deepEqual(await Promise.all(waits), users.map(() => 'network error'));
    const second = await spawnVerdict('serve', data, { JUDGE_WORKERS: '0', SUBMIT_WAIT_MS: '0' });
    processes.push(second);
    const retries = await Promise.all(users.map((u, i) => send(second, u, i)));
    assert.deepEqual(retries.map((r) => r.code), users.map(() => 0), retries.map((r) => r.message).join('; '));
    for (const [i, user] of users.entries()) {
      const mine = await apiOf(second, user).form('/api/JudgeRecord/MyList', { contestId });
      assert.equal(mine.code, 0, mine.message);
      const ids = (mine.data as { id: number }[]).map((r) => r.id);
      assert.deepEqual(ids, [retries[i].data.id], `${user.username}: one record, the one the retry named`);
    }
    await second.kill('SIGTERM');
  });
});
