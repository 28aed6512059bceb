// `verdict serve` judges in a child process of its own (server/src/modules/judging/judge-process.ts): the
// sandbox's spawns happen there, not in the API's process; a judge process that dies is
// restarted and judging goes on; it stops with the server, and by itself when the server is killed.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { childrenOf, commandOf, descendantsOf, isAlive, spawnVerdict, waitFor } from '../helpers/processes.ts';
import { makeTempDir, startTestServer, type TestServer } from '../helpers/server.ts';
import { addSlowSumProblem, isFinal, SLOW_SUM_AC, SUM_AC } from '../helpers/slow-sum.ts';
import { accountWithToken, type TestAccount } from '../helpers/tokens.ts';

describe('the judge process of verdict serve @slow', function () {
  this.timeout(180_000);
  let server: TestServer & { databaseUrl?: string };
  let admin: TestAccount;
  let problemId: number;

  before(async () => {
    server = await startTestServer({ JUDGE_WORKERS: '1', SUBMIT_WAIT_MS: '0' });
    admin = await accountWithToken(server, { auth: 1 });
    problemId = await addSlowSumProblem(server);
  });

  after(async () => {
    await server?.destroy();
  });

  async function submit(code: string): Promise<number> {
    const r = await admin.api.json('/api/submit', { problemId, language: 'python3', code });
    assert.equal(r.code, 0, r.message);
    return r.data.id;
  }

  async function verdictOf(id: number, timeoutMs = 60_000): Promise<string> {
    return waitFor(
      `a verdict for record ${id}`,
      async () => {
        const row = await server.services.db.selectFrom('submissions').select('status').where('id', '=', id).executeTakeFirstOrThrow();
        return isFinal(row.status) ? row.status : undefined;
      },
      timeoutMs,
    );
  }

  it('runs the sandbox in the judge process, never in the server process', async () => {
    const judgePid = server.judgeProcess?.pid;
    assert.ok(judgePid && judgePid !== process.pid, `judge pid ${judgePid}`);
    assert.ok(childrenOf(process.pid).includes(judgePid), 'the judge process is a child of the server');
    const id = await submit(SLOW_SUM_AC);
    await waitFor(
      'a sandbox under the judge process',
      async () => {
        const found = descendantsOf(judgePid).filter((pid) => commandOf(pid) === 'bwrap');
        return found.length ? found : undefined;
      },
      60_000,
      20,
    );
    const direct = childrenOf(process.pid).filter((pid) => commandOf(pid) === 'bwrap');
    assert.deepEqual(direct, [], 'no sandbox is a child of the server process');
    assert.equal(await verdictOf(id), 'AC');
  });

  it('restarts a judge process that died mid-judge; its record is judged again at once, not when its lock expires', async () => {
    const first = server.judgeProcess!.pid!;
    const starts = server.judgeProcess!.starts;
    const inFlight = await submit(SLOW_SUM_AC);
    await waitFor('the record in JG', async () => {
      const row = await server.services.db.selectFrom('submissions').select('status').where('id', '=', inFlight).executeTakeFirstOrThrow();
      return row.status === 'JG' ? true : undefined;
    }, 60_000, 20);
    const killedAt = Date.now();
    process.kill(first, 'SIGKILL');
    const second = await waitFor('a new judge process', async () => {
      const pid = server.judgeProcess!.pid;
      return pid && pid !== first ? pid : undefined;
    }, 30_000);
    assert.equal(server.judgeProcess!.starts, starts + 1);
    assert.ok(isAlive(second));
    const r = await admin.api.get('/api/health');
    assert.equal(r.code, 0, 'the API answers while the judge restarts');
    // The lock lifetime is the default minute: a verdict well before it means the dead
    // process's job was released, not taken over after expiry.
    assert.equal(await verdictOf(inFlight, 30_000), 'AC');
    const elapsed = Date.now() - killedAt;
    assert.ok(elapsed < 30_000, `judged again ${elapsed} ms after the kill`);
    const row = await server.services.db.selectFrom('submissions').select('judge_attempts').where('id', '=', inFlight).executeTakeFirstOrThrow();
    assert.equal(row.judge_attempts, 2, 'a second attempt judged it');
    const history = await server.services.db.selectFrom('submission_verdicts').select('judged_by').where('submission_id', '=', inFlight).execute();
    assert.deepEqual(history.map((h) => h.judged_by.split('#')[1]), [String(second)], 'one verdict, written by the new judge process');
    assert.equal(await verdictOf(await submit(SUM_AC)), 'AC');
  });

  it('stops with the server', async () => {
    const other = await startTestServer({ JUDGE_WORKERS: '1' });
    let pid: number;
    try {
      pid = other.judgeProcess!.pid!;
      assert.ok(isAlive(pid));
    } finally {
      await other.destroy();
    }
    assert.equal(isAlive(pid), false, 'the judge process exited when the server closed');
  });

  it('stops by itself when its server is killed', async () => {
    const dataDir = makeTempDir('verdict-judge-orphan-');
    const serve = await spawnVerdict('serve', { dataDir, databaseUrl: server.databaseUrl }, { JUDGE_WORKERS: '1' });
    try {
      const judgePid = await waitFor('the judge process of verdict serve', async () => childrenOf(serve.child.pid!).find((pid) => commandOf(pid) === 'node'), 30_000);
      await serve.kill('SIGKILL');
      await waitFor('the orphaned judge process to exit', async () => (isAlive(judgePid) ? undefined : true), 15_000);
    } finally {
      // Already gone unless a step above failed.
      await serve.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
