// Judge workers' heartbeats (docs/judging-queue.md, Liveness; issue 18, item 2): a `verdict worker`
// SIGKILLed mid-judge has its submission judged by another live worker within seconds, long before
// its job's lock would expire (set to a minute here); a worker stalled past the heartbeat's limit
// is taken for dead the same way, and when it wakes up its late result is refused. Either way the
// record ends with one verdict row. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import assert from 'node:assert/strict';
import os from 'node:os';
import { sql } from 'kysely';
import { loadConfig } from '@verdict/server/internal/config';
import { sleep, spawnVerdict, waitFor, type VerdictProcess } from '../helpers/processes.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addSlowSumProblem, isFinal, SLOW_SUM_AC } from '../helpers/slow-sum.ts';
import { accountWithToken, type TestAccount } from '../helpers/tokens.ts';

const WORKER_DEAD_MS = 4000;
/** By when another worker must have claimed the record again: the heartbeat's limit, a beat, and slack. */
const CLAIMED_WITHIN_MS = 8_000;
/** By when it must be judged: well before the lock (60 s) could lapse, even on a loaded machine. */
const JUDGED_WITHIN_MS = 30_000;

describe('judge worker heartbeat settings', () => {
  it('beat every second and take a worker silent for 5 s for dead; a limit under three beats is refused, saying why', () => {
    const { judgeQueue } = loadConfig({ NODE_ENV: 'test' });
    assert.equal(judgeQueue.heartbeatMs, 1000);
    assert.equal(judgeQueue.workerDeadMs, 5000);
    assert.throws(
      () => loadConfig({ NODE_ENV: 'test', JUDGE_HEARTBEAT_MS: '1000', JUDGE_WORKER_DEAD_MS: '2000' }),
      /JUDGE_WORKER_DEAD_MS \(2000\) must be at least three times JUDGE_HEARTBEAT_MS \(1000\)/,
    );
  });
});

describe('judge workers that stop beating hand their submissions over within seconds @slow', function () {
  this.timeout(180_000);
  let server: TestServer & { databaseUrl?: string };
  let admin: TestAccount;
  let problemId: number;
  const workers: VerdictProcess[] = [];

  const nameOf = (w: VerdictProcess) => `${os.hostname()}#${w.child.pid}`;

  async function startWorkers(n: number): Promise<VerdictProcess[]> {
    const started = await Promise.all(
      Array.from({ length: n }, () =>
        spawnVerdict('worker', server, {
          JUDGE_WORKERS: '1',
          // Far beyond the bound below: only the heartbeats can explain a takeover within it.
          JUDGE_LOCK_LIFETIME_MS: '60000',
          JUDGE_HEARTBEAT_MS: '500',
          JUDGE_WORKER_DEAD_MS: String(WORKER_DEAD_MS),
          JUDGE_POLL_MS: '1000',
        }),
      ),
    );
    workers.push(...started);
    return started;
  }

  before(async () => {
    server = await startTestServer({ JUDGE_WORKERS: '0', SUBMIT_WAIT_MS: '0' });
    admin = await accountWithToken(server, { auth: 1 });
    problemId = await addSlowSumProblem(server);
  });

  afterEach(async function () {
    const failed = this.currentTest?.state === 'failed';
    for (const w of workers.splice(0)) {
      if (failed) console.log(`--- worker ${nameOf(w)}\n${w.output().slice(-3000)}`);
      w.child.kill('SIGCONT');
      await w.kill('SIGKILL');
    }
  });

  after(async () => {
    await server?.destroy();
  });

  async function submit(): Promise<number> {
    const r = await admin.api.json('/api/submit', { problemId, language: 'python3', code: SLOW_SUM_AC });
    assert.equal(r.code, 0, r.message);
    return r.data.id;
  }

  /** The worker judging the submission, once its record is in JG under a lock. */
  async function judgingWorker(id: number, among: VerdictProcess[]): Promise<VerdictProcess> {
    const { db } = server.services;
    return waitFor(
      `submission ${id} being judged`,
      async () => {
        const { rows } = await sql<{ owner: string }>`
          select j.last_modified_by as owner from agenda_jobs j join submissions s on j.data->>'submissionId' = s.id::text
           where s.id = ${id} and s.status = 'JG' and j.locked_at is not null`.execute(db);
        return among.find((w) => rows.some((r) => r.owner === nameOf(w)));
      },
      60_000,
      50,
    );
  }

  async function judged(id: number, timeoutMs: number) {
    const { db } = server.services;
    return waitFor(
      `submission ${id} judged`,
      async () => {
        const row = await db.selectFrom('submissions').select(['status', 'judge_attempts']).where('id', '=', id).executeTakeFirstOrThrow();
        return isFinal(row.status) ? row : undefined;
      },
      timeoutMs,
    );
  }

  /** Milliseconds from `since` until another attempt claimed the record. */
  async function claimedAgainAfter(id: number, since: number): Promise<number> {
    const { db } = server.services;
    await waitFor(
      `submission ${id} claimed again`,
      async () => {
        const row = await db.selectFrom('submissions').select('judge_attempts').where('id', '=', id).executeTakeFirstOrThrow();
        return row.judge_attempts >= 2 ? row : undefined;
      },
      60_000,
      50,
    );
    return Date.now() - since;
  }

  const verdictRows = (id: number) => server.services.db.selectFrom('submission_verdicts').select(['attempt', 'judged_by']).where('submission_id', '=', id).execute();

  it('a worker SIGKILLed mid-judge: the other judges its submission within seconds, once', async () => {
    const pair = await startWorkers(2);
    const id = await submit();
    const victim = await judgingWorker(id, pair);
    const survivor = pair.find((w) => w !== victim)!;
    await victim.kill('SIGKILL');
    const killedAt = Date.now();
    const claimedMs = await claimedAgainAfter(id, killedAt);
    assert.ok(claimedMs < CLAIMED_WITHIN_MS, `claimed again ${claimedMs} ms after its worker was killed (the lock lifetime is 60 s)`);
    const row = await judged(id, 60_000);
    const judgedMs = Date.now() - killedAt;
    assert.ok(judgedMs < JUDGED_WITHIN_MS, `judged ${judgedMs} ms after its worker was killed`);
    assert.equal(row.status, 'AC');
    assert.equal(row.judge_attempts, 2);
    assert.deepEqual(await verdictRows(id), [{ attempt: 2, judged_by: nameOf(survivor) }]);
    // The dead worker's heartbeat row went with its jobs; the live one's stays.
    const alive = await server.services.db.selectFrom('judge_workers').select('name').execute();
    assert.deepEqual(alive.map((r) => r.name), [nameOf(survivor)]);
  });

  it('a worker stalled past the limit is taken for dead; when it wakes up its late result is refused', async () => {
    const pair = await startWorkers(2);
    const id = await submit();
    const stalled = await judgingWorker(id, pair);
    const survivor = pair.find((w) => w !== stalled)!;
    stalled.child.kill('SIGSTOP');
    const stoppedAt = Date.now();
    const claimedMs = await claimedAgainAfter(id, stoppedAt);
    assert.ok(claimedMs < CLAIMED_WITHIN_MS, `claimed again ${claimedMs} ms after its worker stalled`);
    const row = await judged(id, JUDGED_WITHIN_MS);
    stalled.child.kill('SIGCONT');
    // It finishes its judging (a couple of seconds of CPU left at most) and tries to store it.
    await waitFor('the woken worker to report its refused result', async () => (/result dropped: the record was claimed again/.test(stalled.output()) ? true : undefined), 30_000);
    await sleep(500);
    assert.equal(row.status, 'AC');
    assert.deepEqual(await verdictRows(id), [{ attempt: 2, judged_by: nameOf(survivor) }]);
    const after = await server.services.db.selectFrom('submissions').select(['status', 'judge_attempts']).where('id', '=', id).executeTakeFirstOrThrow();
    assert.deepEqual(after, { status: 'AC', judge_attempts: 2 });
    // It beats again and judges on.
    const next = await submit();
    await judged(next, 30_000);
  });
});
