// What waits for judgement, told to an operator (issue 33): GET /api/admin/judgeQueue answers how
// many records wait, by status, the oldest and for how long, the most attempts, the judge
// processes and whether they are alive, and why records wait; administrators only.
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { itRefusesNonAdmins } from '../helpers/admin-only.ts';

describe('the judging queue as an operator sees it', function () {
  this.timeout(60_000);
  let server: TestServer;
  let admin: TestAccount;
  let user: TestAccount;

  before(async () => {
    // No judge workers in this server: nothing takes the records this test writes.
    server = await startTestServer();
    admin = await adminAccount(server);
    user = await accountWithToken(server);
  });
  after(async () => {
    await server?.destroy();
  });

  it('says nothing waits on an idle server', async () => {
    const reply = await admin.api.get('/api/admin/judgeQueue');
    assert.equal(reply.status, 200);
    assert.equal(reply.data?.waiting, 0);
    assert.equal(reply.data?.oldestId, null);
    assert.equal(reply.data?.reason, 'nothing waits for judgement');
  });

  it('counts the waiting records, finds the oldest and its attempts, and says no judge is alive', async () => {
    const { db } = server.services;
    const problem = await db.insertInto('problems').values({ title: 'Queue', time_limit: 1000, memory_limit: 256 }).returning('id').executeTakeFirstOrThrow();
    const now = server.clock.now().getTime();
    const record = (status: string, agoMs: number, attempts: number) => ({
      user_id: user.id,
      problem_id: problem.id,
      language: 'cpp',
      code: '//',
      status,
      tests: JSON.stringify([]),
      judge_attempts: attempts,
      created_at: new Date(now - agoMs),
    });
    const rows = await db
      .insertInto('submissions')
      .values([record('PD', 300_000, 2), record('PD', 5_000, 0), record('JG', 10_000, 1), record('AC', 900_000, 1)])
      .returning('id')
      .execute();
    // A judge process whose heartbeat stopped a minute ago.
    await db.insertInto('judge_workers').values({ name: 'gone#1', workers: 2, started_at: new Date(now - 120_000), heartbeat_at: new Date(now - 60_000) }).execute();
    const reply = await admin.api.get('/api/admin/judgeQueue');
    assert.equal(reply.status, 200);
    const queue = reply.data!;
    assert.equal(queue.waiting, 3);
    assert.deepEqual(queue.byStatus, { PD: 2, CP: 0, JG: 1 });
    assert.equal(queue.oldestId, rows[0].id);
    assert.ok(queue.oldestWaitMs! >= 300_000 && queue.oldestWaitMs! < 400_000, String(queue.oldestWaitMs));
    assert.equal(queue.maxAttempts, 2);
    assert.deepEqual(
      queue.judges.map((j) => [j.name, j.workers, j.alive]),
      [['gone#1', 2, false]],
    );
    assert.match(queue.reason, /^no judge process is alive/);
  });

  itRefusesNonAdmins([['get', '/api/admin/judgeQueue', null]], () => ({ url: server.url, user: user.api, state: async () => null }));
});
