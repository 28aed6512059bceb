// A `verdict worker` beside a `verdict serve` on the embedded database (issue 18, item 3): it
// learned of new jobs only by polling (PGlite delivers NOTIFY to no other connection). The server
// now announces each job on a socket in its data folder; with the poll set to 10 minutes, a
// submission must still be judged within seconds. On PostgreSQL (TEST_DATABASE_URL) NOTIFY does it.
import assert from 'node:assert/strict';
import { spawnVerdict, waitFor, type VerdictProcess } from '../helpers/processes.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addSlowSumProblem, isFinal, SLOW_SUM_AC } from '../helpers/slow-sum.ts';
import { accountWithToken, type TestAccount } from '../helpers/tokens.ts';

describe('a worker beside the server hears of new jobs at once @slow', function () {
  this.timeout(120_000);
  let server: TestServer & { databaseUrl?: string };
  let admin: TestAccount;
  let problemId: number;
  let worker: VerdictProcess | undefined;

  before(async () => {
    server = await startTestServer({ JUDGE_WORKERS: '0', SUBMIT_WAIT_MS: '0' });
    admin = await accountWithToken(server, { auth: 1 });
    problemId = await addSlowSumProblem(server);
  });
  after(async () => {
    await worker?.kill('SIGKILL');
    await server?.destroy();
  });

  const judgedWithin = async (ms: number) => {
    const r = await admin.api.json('/api/submit', { problemId, language: 'python3', code: SLOW_SUM_AC });
    assert.equal(r.code, 0, r.message);
    const started = Date.now();
    const row = await waitFor(
      `submission ${r.data.id} judged`,
      async () => {
        const s = await server.services.db.selectFrom('submissions').select('status').where('id', '=', r.data.id).executeTakeFirstOrThrow();
        return isFinal(s.status) ? s : undefined;
      },
      ms,
    );
    assert.equal(row.status, 'AC');
    return Date.now() - started;
  };

  it('judges a submission made after the worker started without waiting for a poll', async () => {
    worker = await spawnVerdict('worker', server, { JUDGE_WORKERS: '1', JUDGE_POLL_MS: '600000' });
    // Two in a row: the worker's first poll at its start cannot have found either.
    for (let i = 0; i < 2; i++) {
      const ms = await judgedWithin(30_000);
      assert.ok(ms < 30_000, `judged after ${ms} ms`);
    }
  });
});
