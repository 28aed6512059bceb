// `verdict worker` as separate processes on the server's database: a worker killed mid-judge
// leaves its job to another once the lock expires, and the chore recovers orphaned records.
import assert from 'node:assert/strict';
import { spawnVerdict, waitFor, type VerdictProcess } from '../helpers/processes.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addSlowSumProblem, isFinal, SLOW_SUM_AC } from '../helpers/slow-sum.ts';
import { accountWithToken, type TestAccount } from '../helpers/tokens.ts';

describe('judge workers in separate processes @slow', function () {
  this.timeout(240_000);
  let server: TestServer & { databaseUrl?: string };
  let admin: TestAccount;
  let problemId: number;
  const workers: VerdictProcess[] = [];

  async function startWorker(): Promise<VerdictProcess> {
    const worker = await spawnVerdict('worker', server, {
      JUDGE_WORKERS: '1',
      JUDGE_LOCK_LIFETIME_MS: '3000',
      JUDGE_POLL_MS: '500',
      JUDGE_CHORE_MS: '1000',
      JUDGE_STALE_MS: '2000',
    });
    workers.push(worker);
    return worker;
  }

  async function statuses(ids: number[]) {
    return server.services.db.selectFrom('submissions').select(['id', 'status', 'judge_attempts', 'compile_message']).where('id', 'in', ids).orderBy('id').execute();
  }

  before(async () => {
    server = await startTestServer({ JUDGE_WORKERS: '0', SUBMIT_WAIT_MS: '0' });
    admin = await accountWithToken(server, { auth: 1 });
    problemId = await addSlowSumProblem(server);
  });

  after(async () => {
    for (const w of workers) await w.kill('SIGKILL');
    await server?.destroy();
  });

  it('finishes every submission after a worker is killed mid-judge', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await admin.api.json('/api/submit', { problemId, language: 'python3', code: SLOW_SUM_AC });
      assert.equal(r.code, 0, r.message);
      assert.equal(r.data.judgeResult, 'PD');
      ids.push(r.data.id);
    }
    const first = await startWorker();
    const victim = await waitFor(
      'a record in JG',
      async () => (await statuses(ids)).find((s) => s.status === 'JG'),
      60_000,
    );
    await first.kill('SIGKILL');
    await startWorker();
    const final = await waitFor(
      'every record judged',
      async () => {
        const rows = await statuses(ids);
        return rows.every((r) => isFinal(r.status)) ? rows : undefined;
      },
      150_000,
    );
    assert.deepEqual(
      final.map((r) => r.status),
      ids.map(() => 'AC'),
      JSON.stringify(final),
    );
    const retried = final.find((r) => r.id === victim.id)!;
    assert.ok(retried.judge_attempts >= 2, `attempts ${retried.judge_attempts}`);
  });

  it('re-enqueues an orphaned PD record and gives up with SE after 3 attempts', async () => {
    const { db } = server.services;
    const base = { user_id: admin.id, problem_id: problemId, language: 'python3', code: SLOW_SUM_AC, tests: '[]', created_at: new Date(Date.now() - 60_000) };
    const hash = (await db.selectFrom('problems').select('package_hash').where('id', '=', problemId).executeTakeFirstOrThrow()).package_hash;
    const orphan = await db.insertInto('submissions').values({ ...base, status: 'PD', package_hash: hash }).returning('id').executeTakeFirstOrThrow();
    const exhausted = await db
      .insertInto('submissions')
      .values({ ...base, status: 'JG', judge_attempts: 3, package_hash: hash })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = await waitFor(
      'the chore to settle both records',
      async () => {
        const r = await statuses([orphan.id, exhausted.id]);
        return r.every((x) => isFinal(x.status)) ? r : undefined;
      },
      60_000,
    );
    assert.equal(rows[0].status, 'AC');
    assert.equal(rows[1].status, 'SE');
    assert.match(rows[1].compile_message, /failed 3 times/);
  });
});
