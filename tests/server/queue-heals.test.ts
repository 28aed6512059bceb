// A queue that heals by itself (issue 33, docs/judging-queue.md "Failures"), with the default
// timings: a pending record left without a job — its enqueue failed (a full disk), the process
// died between the insert and the enqueue, a backup restored — is judged within seconds, not
// after the five minutes the stale-record chore used to wait; at start-up, at once.
import assert from 'node:assert/strict';
import { waitFor } from '../helpers/processes.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addSlowSumProblem, isFinal, SUM_AC } from '../helpers/slow-sum.ts';
import { accountWithToken } from '../helpers/tokens.ts';

describe('a judge queue that heals by itself @slow', function () {
  this.timeout(120_000);
  let first: (TestServer & { databaseUrl?: string }) | undefined;
  let server: (TestServer & { databaseUrl?: string }) | undefined;
  let userId: number;
  let problemId: number;

  after(async () => {
    await server?.close();
    await first?.destroy(); // its data folder and database
  });

  /** A pending record stored without its job, as a failed enqueue or a restore leaves it. */
  async function orphan(createdAt: Date): Promise<number> {
    const { db } = server!.services;
    const hash = (await db.selectFrom('problems').select('package_hash').where('id', '=', problemId).executeTakeFirstOrThrow()).package_hash;
    const row = await db.insertInto('submissions').values({ user_id: userId, problem_id: problemId, language: 'python3', code: SUM_AC, package_hash: hash, tests: '[]', created_at: createdAt }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  const finalWithin = (id: number, ms: number) =>
    waitFor(
      `record ${id} judged within ${ms / 1000} s`,
      async () => {
        const row = await server!.services.db.selectFrom('submissions').select('status').where('id', '=', id).executeTakeFirstOrThrow();
        return isFinal(row.status) ? row.status : undefined;
      },
      ms,
    );

  it('judges a record left without a job before the start within seconds of the start (a crash, a restored backup)', async () => {
    server = first = await startTestServer({ JUDGE_WORKERS: '0' });
    userId = (await accountWithToken(server, { auth: 1 })).id;
    problemId = await addSlowSumProblem(server);
    const id = await orphan(new Date(Date.now() - 10 * 60_000));
    await first.close();
    server = await startTestServer({ JUDGE_WORKERS: '1' }, { dataDir: first.dataDir, databaseUrl: first.databaseUrl });
    assert.equal(await finalWithin(id, 20_000), 'AC');
  });

  it('judges a record whose enqueue failed within 30 s of its submission', async () => {
    const id = await orphan(new Date());
    assert.equal(await finalWithin(id, 45_000), 'AC');
  });
});
