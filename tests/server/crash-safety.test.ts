// Crash safety: `verdict serve` and `verdict worker` run as real processes on one data folder
// (and database); they are killed with SIGKILL while submissions are queued and judging,
// stalled with SIGSTOP past their lock, and restarted. Every submission must end with its
// correct verdict written exactly once (submission_verdicts holds one row per final write),
// verdicts given before a crash must not change, and the leaderboard must equal the ICPC
// ranking of the expected verdicts (docs/judging-queue.md "Failures").
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase, embeddedUrlFile, type Database } from '@verdict/server/internal/db/database';
import type { DB } from '@verdict/server/internal/db/schema';
import { formatTime, parseTime } from '@verdict/server/internal/common/wire';
import { computeScoreboard, type ScoreboardRow } from '@verdict/server/internal/modules/contests/scoreboard';
import { Api } from '../helpers/api.ts';
import { zipForm, zipOf } from '../helpers/package-zip.ts';
import { spawnVerdict, sleep, waitFor, type ClusterData, type VerdictProcess } from '../helpers/processes.ts';
import { freshPostgresDatabase, makeTempDir } from '../helpers/server.ts';
import { isFinal } from '../helpers/slow-sum.ts';
import { accountWithToken, type TestAccount } from '../helpers/tokens.ts';

/** Both problems add two numbers; B's tests are the ones the slow programs are sent to. */
function sumPackage(dir: string, name: string): Record<string, string> {
  const files: Record<string, string> = { [`${dir}/problem.yaml`]: `name: ${name}\nlimits:\n  time_limit: 5\n  memory: 128\n` };
  [[1, 2], [7, 6], [-3, 9]].forEach(([a, b], i) => {
    files[`${dir}/data/secret/${i + 1}.in`] = `${a} ${b}\n`;
    files[`${dir}/data/secret/${i + 1}.ans`] = `${a + b}\n`;
  });
  return files;
}

// About 0.6 s of CPU per test before answering: a judging takes a couple of seconds, long
// enough to be caught in JG.
const burn = 'import time\nend = time.process_time() + 0.6\nwhile time.process_time() < end:\n    pass\n';
const CODE = {
  AC: 'a, b = map(int, input().split())\nprint(a + b)\n',
  WA: 'a, b = map(int, input().split())\nprint(a - b)\n',
  slowAC: `${burn}a, b = map(int, input().split())\nprint(a + b)\n`,
  slowWA: `${burn}a, b = map(int, input().split())\nprint(a + b + 1)\n`,
};
type Kind = keyof typeof CODE;
const verdictOf = (kind: Kind) => (kind.endsWith('AC') ? 'AC' : 'WA');

/** Short queue timings: a dead or stalled worker's job is handed over after 3 s. */
const QUEUE_ENV = { JUDGE_LOCK_LIFETIME_MS: '3000', JUDGE_POLL_MS: '300', JUDGE_CHORE_MS: '1000', JUDGE_STALE_MS: '2000', SUBMIT_WAIT_MS: '0' };

/** Ends every other connection to this database (what a PostgreSQL restart does to its clients). */
async function dropConnections(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
  await client.end();
}

interface Planned {
  id: number;
  user: TestAccount;
  problemId: number;
  expected: string;
}

describe('crash safety: every submission gets one final verdict @slow', function () {
  this.timeout(300_000);
  const data: ClusterData = { dataDir: makeTempDir('verdict-crash-') };
  let dropDatabase: (() => Promise<void>) | undefined;
  const processes: VerdictProcess[] = [];
  let server: VerdictProcess;
  let database: Database | undefined;
  let db: Kysely<DB>;
  let admin: TestAccount;
  const users: TestAccount[] = [];
  const problems: number[] = [];
  let contestId: number;
  let contest: { startTime: Date; endTime: Date };
  const planned: Planned[] = [];
  const lastSubmitAt = new Map<number, number>();

  /** Starts the server on the cluster's data and points the test's own connection and clients at it. */
  async function startServer(workers: number): Promise<void> {
    server = await spawnVerdict('serve', data, { ...QUEUE_ENV, JUDGE_WORKERS: String(workers) });
    processes.push(server);
    await database?.close();
    const url = data.databaseUrl ?? fs.readFileSync(embeddedUrlFile(data.dataDir), 'utf8').trim();
    database = await openDatabase({ dataDir: data.dataDir, databaseUrl: url, poolSize: 2 });
    db = database.db;
    for (const account of [admin, ...users]) if (account) account.api = new Api(server.url).withToken(account.api.token);
  }

  async function startWorker(): Promise<VerdictProcess> {
    const worker = await spawnVerdict('worker', data, { ...QUEUE_ENV, JUDGE_WORKERS: '1' });
    processes.push(worker);
    return worker;
  }

  /** SIGKILL: no shutdown code runs, locks and JG records stay as they were. */
  async function crash(p: VerdictProcess): Promise<void> {
    await p.kill('SIGKILL');
    if (p === server) {
      await database?.close();
      database = undefined;
    }
  }

  async function submit(user: TestAccount, problemId: number, kind: Kind): Promise<Planned> {
    // One submission per user every 3 s (SUBMIT_MIN_INTERVAL_MS).
    const wait = (lastSubmitAt.get(user.id) ?? 0) + 3100 - Date.now();
    if (wait > 0) await sleep(wait);
    const r = await user.api.json('/api/submit', { problemId, contestId, language: 'python3', code: CODE[kind] });
    lastSubmitAt.set(user.id, Date.now());
    assert.equal(r.code, 0, r.message);
    const p = { id: r.data.id as number, user, problemId, expected: verdictOf(kind) };
    planned.push(p);
    return p;
  }

  async function records(ids: number[]) {
    return db.selectFrom('submissions').selectAll().where('id', 'in', ids).orderBy('id').execute();
  }

  /** Waits until every record is in a state `ok` accepts; on a timeout, says where each record and process was. */
  async function untilAll(ids: number[], ok: (status: string) => boolean, what: string, timeoutMs = 120_000) {
    try {
      return await waitFor(what, async () => {
        const rows = await records(ids);
        return rows.length === ids.length && rows.every((r) => ok(r.status)) ? rows : undefined;
      }, timeoutMs);
    } catch (err) {
      const rows = await records(ids);
      const outputs = processes.map((p) => `--- ${p.child.pid} (${p.child.exitCode ?? p.child.signalCode ?? 'running'}):\n${p.output().slice(-3000)}`);
      throw new Error(`${(err as Error).message}\n${rows.map((r) => `${r.id}: ${r.status} attempt ${r.judge_attempts}`).join('\n')}\n${outputs.join('\n')}`);
    }
  }

  /**
   * Waits until one of `ids` was claimed (JG) within the last 300 ms — well before even a slow
   * WA can finish — while another still waits for a worker; returns the claimed one.
   */
  async function oneJudgingOneQueued(ids: number[], notThis?: number): Promise<number> {
    return waitFor(
      'a freshly claimed record while another is PD',
      async () => {
        const rows = await db
          .selectFrom('submissions')
          .select(['id', 'status', sql<boolean>`judge_started_at > now() - interval '300 milliseconds'`.as('fresh')])
          .where('id', 'in', ids)
          .execute();
        const judging = rows.find((r) => r.status === 'JG' && r.fresh && r.id !== notThis);
        return judging && rows.some((r) => r.status === 'PD') ? judging.id : undefined;
      },
      60_000,
      50,
    );
  }

  /** The ICPC leaderboard of the expected verdicts, with the records' real submission times. */
  async function expectedBoard(): Promise<ScoreboardRow[]> {
    const rows = await records(planned.map((p) => p.id));
    const expected = new Map(planned.map((p) => [p.id, p.expected]));
    return computeScoreboard(
      contest,
      problems.map((problemId) => ({ problemId })),
      users.map((u) => ({ userId: u.id, userName: u.username })),
      rows.map((r) => ({ id: r.id, userId: r.user_id, problemId: r.problem_id, status: expected.get(r.id)!, createdAt: r.created_at })),
    );
  }

  async function board(account: TestAccount): Promise<ScoreboardRow[]> {
    const r = await account.api.get('/api/BangDan/AllResultList', { contestId });
    assert.equal(r.code, 0, r.message);
    return r.data;
  }

  /** Every planned record: its expected verdict, one history row matching its last claim, the boards and record lists agree. */
  async function assertAllSettledOnce(): Promise<void> {
    const ids = planned.map((p) => p.id);
    const rows = await untilAll(ids, isFinal, 'every record to have a final verdict');
    const expected = new Map(planned.map((p) => [p.id, p.expected]));
    assert.deepEqual(
      rows.map((r) => [r.id, r.status]),
      rows.map((r) => [r.id, expected.get(r.id)]),
      rows.map((r) => `${r.id}: ${r.status} ${r.compile_message}`).join('\n'),
    );
    const history = await db.selectFrom('submission_verdicts').selectAll().where('submission_id', 'in', ids).orderBy('id').execute();
    for (const r of rows) {
      const written = history.filter((h) => h.submission_id === r.id);
      assert.equal(written.length, 1, `record ${r.id} got ${written.length} final writes: ${JSON.stringify(written)}`);
      assert.deepEqual([written[0].status, written[0].attempt], [r.status, r.judge_attempts], `record ${r.id}`);
    }
    const want = await expectedBoard();
    assert.deepEqual(await board(users[0]), want, 'the leaderboard a contestant sees');
    assert.deepEqual(await board(admin), want, 'the leaderboard an administrator sees');
    for (const user of users) {
      const mine = await user.api.form('/api/JudgeRecord/MyList', { contestId });
      assert.equal(mine.code, 0, mine.message);
      const theirs = planned.filter((p) => p.user === user).sort((a, b) => b.id - a.id);
      assert.deepEqual(
        mine.data.map((r: { id: number; judgeResult: string }) => [r.id, r.judgeResult]),
        theirs.map((p) => [p.id, p.expected]),
        `${user.username}'s records`,
      );
    }
  }

  before(async () => {
    if (process.env.TEST_DATABASE_URL) {
      const fresh = await freshPostgresDatabase(process.env.TEST_DATABASE_URL);
      data.databaseUrl = fresh.url;
      dropDatabase = fresh.drop;
    }
    await startServer(1);
    const target = { url: server.url, services: { db } };
    admin = await accountWithToken(target, { auth: 1 });
    for (let i = 1; i <= 5; i++) users.push(await accountWithToken(target, { username: `crash_u${i}` }));
    for (const [title, dir] of [['Sum', 'sum'], ['Slow sum', 'slowsum']]) {
      const added = await admin.api.json('/api/admin/problem/add', { title, memoryLimit: 128, timeLimit: 5000 });
      assert.equal(added.code, 0, added.message);
      const form = zipForm(added.data.id, await zipOf(sumPackage(dir, title)), `${dir}.zip`);
      const uploaded = await admin.api.multipart('/api/admin/problem/upload', form);
      assert.equal(uploaded.code, 0, uploaded.message);
      problems.push(added.data.id);
    }
    const startTimeStr = formatTime(new Date(Date.now() - 30 * 60_000));
    const endTimeStr = formatTime(new Date(Date.now() + 90 * 60_000));
    const created = await admin.api.json('/api/contest/add', { title: 'Crash contest', startTimeStr, endTimeStr });
    assert.equal(created.code, 0, created.message);
    contestId = created.data.id;
    contest = { startTime: parseTime(startTimeStr)!, endTime: parseTime(endTimeStr)! };
    const members = await admin.api.json('/api/contestRecord/addByUserIdList', ['Crash contest', ...users.map((u) => u.username)]);
    assert.equal(members.code, 0, members.message);
    for (const problemId of problems) {
      const linked = await admin.api.form('/api/contestProblem/addByProblemId', { problemId, contestId });
      assert.equal(linked.code, 0, linked.message);
    }
  });

  after(async () => {
    for (const p of processes) {
      await p.kill('SIGKILL');
    }
    await database?.close();
    await dropDatabase?.();
    fs.rmSync(data.dataDir, { recursive: true, force: true });
  });

  it('a server killed while judging finishes every submission after a restart; earlier verdicts and the leaderboard stay', async () => {
    const [A, B] = problems;
    const [u1, u2, u3, u4, u5] = users;
    // Verdicts reached before the crash: problem A.
    const early = [await submit(u1, A, 'WA'), await submit(u2, A, 'AC'), await submit(u3, A, 'WA'), await submit(u4, A, 'AC')];
    const earlyRows = await untilAll(early.map((p) => p.id), isFinal, 'the early records to be judged');
    const boardBefore = await board(u5);
    // Queued and judging at the crash: problem B, slow.
    const late = [await submit(u1, B, 'slowAC'), await submit(u2, B, 'slowWA'), await submit(u3, B, 'slowAC'), await submit(u4, B, 'slowWA'), await submit(u5, B, 'slowAC')];
    const victim = await oneJudgingOneQueued(late.map((p) => p.id));
    await crash(server);

    await startServer(1);
    await assertAllSettledOnce();
    assert.deepEqual(await records(early.map((p) => p.id)), earlyRows, 'verdicts given before the crash are untouched');
    const interrupted = (await records([victim]))[0];
    assert.ok(interrupted.judge_attempts >= 2, `the record judged at the crash was claimed again (attempts ${interrupted.judge_attempts})`);
    // Problem A's column of the board is what it was before the crash, for every user.
    const columnA = (rows: ScoreboardRow[]) => Object.fromEntries(rows.map((r) => [r.userName, r.judgeResultList[0]]));
    assert.deepEqual(columnA(await board(u5)), columnA(boardBefore));
  });

  it('separate workers: a killed worker, a stalled worker and a killed server still give one verdict each', async () => {
    const [A, B] = problems;
    const [u1, u2, u3, u4, u5] = users;
    await crash(server);
    await startServer(0);
    const first = await startWorker();
    const batch = [await submit(u1, A, 'slowAC'), await submit(u2, B, 'slowAC'), await submit(u3, B, 'slowWA'), await submit(u4, B, 'slowAC'), await submit(u5, A, 'slowWA')];
    const ids = batch.map((p) => p.id);

    // A worker dies mid-judge; another takes over its job once the lock expires.
    const killedOn = await oneJudgingOneQueued(ids);
    await crash(first);
    const second = await startWorker();

    // A worker stalls mid-judge past its lock: a third worker judges that record, and when the
    // stalled one wakes up, its late result must be refused.
    const stalledOn = await oneJudgingOneQueued(ids, killedOn);
    second.child.kill('SIGSTOP');
    const third = await startWorker();
    await untilAll([stalledOn], isFinal, 'the stalled worker’s record to be judged by another worker');
    second.child.kill('SIGCONT');
    await waitFor('the stalled worker to report its refused result', async () => (/result dropped/.test(second.output()) ? true : undefined), 60_000);

    // The server dies while the workers judge; they carry on once it is back.
    const more = [await submit(u1, B, 'slowWA'), await submit(u2, A, 'slowAC'), await submit(u3, A, 'slowAC')];
    await oneJudgingOneQueued(more.map((p) => p.id));
    await crash(server);
    // On PostgreSQL the database outlives the server: cut the workers' connections too, as a
    // database restart would (the embedded database went down with the server).
    if (data.databaseUrl) await dropConnections(data.databaseUrl);
    await startServer(0);

    await assertAllSettledOnce();
    assert.ok((await records([killedOn]))[0].judge_attempts >= 2, 'the killed worker’s record was claimed again');
    const [stalled] = await db.selectFrom('submission_verdicts').selectAll().where('submission_id', '=', stalledOn).execute();
    assert.notEqual(stalled.judged_by.split('#')[1], String(second.child.pid), 'the stalled worker did not write the verdict');
    for (const w of [second, third]) {
      assert.deepEqual([w.child.exitCode, w.child.signalCode], [null, null], `a worker died with the server:\n${w.output()}`);
    }
  });
});
