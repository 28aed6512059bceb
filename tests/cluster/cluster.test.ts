// Verdict past one machine (issue 18, items 1 and 2), on test hosts made of network namespaces
// (tests/cluster/hosts.ts): `db` runs PostgreSQL on its own address, `api1` and `api2` run `verdict
// serve` (JUDGE_WORKERS=0, a data folder each), `judge1` and `judge2` run `verdict worker` (a data
// folder each, no shared files: test data comes from the database by content hash), and `lb` runs
// nginx in front of both APIs (tests/cluster/load-balancer.ts; the test's own round-robin proxy
// where nginx is not installed). A contest is driven through it; then faults: a judge's link cut,
// a judge host killed mid-judge with its link cut, PostgreSQL restarted, an API killed. Every
// submission must end with exactly one final verdict row.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { DB } from '@verdict/server/internal/db/schema';
import { openDatabase, type Database } from '@verdict/server/internal/db/database';
import { LiveFeed } from '../helpers/ccs.ts';
import { LiveClient } from '../helpers/live-events.ts';
import { Api } from '../helpers/api.ts';
import { buildZip, kattisEntries, zipForm } from '../helpers/package-zip.ts';
import { waitFor } from '../helpers/processes.ts';
import { ADMIN_PASSWORD } from '../helpers/server.ts';
import { isFinal, SLOW_SUM_AC, SUM_AC } from '../helpers/slow-sum.ts';
import { loginAs } from '../helpers/users.ts';
import { Hosts, namespacesUnavailable, type Host } from './hosts.ts';
import { startLoadBalancer, type LoadBalancer } from './load-balancer.ts';

const REPO_ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const VERDICT = path.join(REPO_ROOT, 'cli/bin/verdict.js');

function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const version = fs.readdirSync(root).sort().pop();
  const bin = version && path.join(root, version, 'bin');
  return bin && fs.existsSync(path.join(bin, 'postgres')) ? bin : null;
}

describe('a cluster of test hosts: APIs, judges and PostgreSQL on separate namespaces @slow', function () {
  this.timeout(300_000);
  let hosts: Hosts | undefined;
  let database: Database | undefined;
  let db: Kysely<DB>;
  let lb: LoadBalancer | undefined;
  const scratch: string[] = [];
  let api1: Host, api2: Host, judge1: Host, judge2: Host, dbHost: Host, lbHost: Host;
  let startPostgres: () => Promise<void>;
  let stopPostgres: () => void;
  let adminToken: string;
  let problemId: number;
  const output = new Map<string, string>();

  const dir = (prefix: string) => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    scratch.push(d);
    return d;
  };

  before(async function () {
    const unavailable = namespacesUnavailable();
    const pgBin = postgresBin();
    if (unavailable || !pgBin) {
      console.log(`      (skipped: ${unavailable ?? 'no PostgreSQL server binaries in /usr/lib/postgresql'})`);
      this.skip();
    }
    hosts = new Hosts();
    dbHost = hosts.add('db', 10);
    api1 = hosts.add('api1', 11);
    api2 = hosts.add('api2', 12);
    judge1 = hosts.add('judge1', 21);
    judge2 = hosts.add('judge2', 22);
    lbHost = hosts.add('lb', 30);

    // PostgreSQL on `db`, listening on its own address only.
    const pgDir = dir('verdict-cluster-pg-');
    fs.chmodSync(pgDir, 0o755);
    const data = path.join(pgDir, 'data');
    const postgresUid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    fs.chownSync(pgDir, postgresUid, postgresUid);
    execFileSync('runuser', ['-u', 'postgres', '--', path.join(pgBin!, 'initdb'), '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync'], { stdio: 'pipe' });
    fs.appendFileSync(path.join(data, 'pg_hba.conf'), `host all all ${hosts.subnet}.0/24 trust\n`);
    startPostgres = async () => {
      const pg = hosts!.spawn(
        dbHost,
        ['runuser', '-u', 'postgres', '--', path.join(pgBin!, 'postgres'), '-D', data, '-c', `listen_addresses=${dbHost.ip}`, '-c', `unix_socket_directories=${pgDir}`, '-c', 'fsync=off'],
        process.env,
      );
      pg.stderr!.on('data', (d: Buffer) => output.set('db', (output.get('db') ?? '') + d));
      // Accepting connections, not only listening: while it starts up it refuses every query.
      const ready = () => {
        try {
          execFileSync(path.join(pgBin!, 'pg_isready'), ['-q', '-h', dbHost.ip, '-p', '5432', '-U', 'postgres'], { stdio: 'pipe' });
          return true;
        } catch {
          return undefined;
        }
      };
      await waitFor('PostgreSQL on db', async () => ready(), 30_000);
    };
    await startPostgres();
    stopPostgres = () => process.kill(Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]), 'SIGINT');
    const adminUrl = `postgresql://postgres@${dbHost.ip}:5432/postgres`;
    await waitFor(
      'PostgreSQL accepting queries',
      async () => {
        try {
          execFileSync('psql', [adminUrl, '-c', 'create database verdict'], { stdio: 'pipe' });
          return true;
        } catch {
          return undefined;
        }
      },
      30_000,
    );
    const databaseUrl = `postgresql://postgres@${dbHost.ip}:5432/verdict`;

    const env = (extra: Record<string, string>) => ({
      ...process.env,
      NODE_ENV: 'test',
      ADMIN_PASSWORD,
      LOAD_SAMPLES: 'off',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      ...extra,
    });
    /** Starts a process on `host`; it is ready when its output matches `ready`, or, given a URL, when that answers 200 (an API's /api/ready). */
    const start = async (host: Host, args: string[], extra: Record<string, string>, ready: RegExp | URL) => {
      const child = hosts!.spawn(host, [process.execPath, VERDICT, ...args], env({ DATA_DIR: dir(`verdict-cluster-${host.name}-`), ...extra }));
      let text = '';
      const onData = (d: Buffer) => {
        text += d;
        output.set(host.name, text);
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      const isReady = async () => (ready instanceof URL ? (await fetch(ready).catch(() => null))?.status === 200 : ready.test(text));
      await waitFor(`${host.name} ready`, async () => ((await isReady()) ? true : undefined), 60_000).catch((err: Error) => {
        throw new Error(`${err.message}:\n${text}`);
      });
    };
    // The first API migrates the database; the second finds it migrated. Each is taken into
    // service by its readiness, as an orchestrator or a load balancer's health check would.
    for (const api of [api1, api2]) await start(api, ['serve'], { HOST: '0.0.0.0', PORT: '8080', JUDGE_WORKERS: '0', SUBMIT_WAIT_MS: '0' }, new URL(`http://${api.ip}:8080/api/ready`));
    for (const judge of [judge1, judge2]) await start(judge, ['worker', '--workers', '1'], { JUDGE_POLL_MS: '1000' }, /Verdict judge worker:/);
    lb = await startLoadBalancer(hosts, lbHost, [api1, api2], dir('verdict-cluster-lb-'), (text) => output.set('lb', (output.get('lb') ?? '') + text));

    // The test's own view of the database, for set-up and checks.
    database = await openDatabase({ dataDir: dir('verdict-cluster-test-'), databaseUrl });
    db = database.db;
  });

  let failed = false;
  afterEach(function () {
    if (this.currentTest?.state === 'failed') failed = true;
  });
  after(async function () {
    if (failed) for (const [name, text] of output) console.log(`--- ${name}\n${text.slice(-3000)}`);
    lb?.close();
    await database?.close();
    hosts?.destroy();
    for (const d of scratch) fs.rmSync(d, { recursive: true, force: true });
  });

  const apiOf = (host: Host) => new Api(`http://${host.ip}:8080`);

  async function submitAll(api: Api, codes: string[]): Promise<number[]> {
    const ids: number[] = [];
    for (const code of codes) {
      const r = await api.json('/api/submit', { problemId, language: 'python3', code });
      assert.equal(r.code, 0, r.message);
      ids.push(r.data.id);
    }
    return ids;
  }

  async function finalRows(ids: number[], timeoutMs: number) {
    return waitFor(
      `submissions ${ids.join(',')} judged`,
      async () => {
        const rows = await db.selectFrom('submissions').select(['id', 'status']).where('id', 'in', ids).orderBy('id').execute();
        return rows.length === ids.length && rows.every((r) => isFinal(r.status)) ? rows : undefined;
      },
      timeoutMs,
    );
  }

  /** Exactly one final verdict row per submission, and who wrote them. */
  async function verdictRows(ids: number[]): Promise<Set<string>> {
    const rows = await db.selectFrom('submission_verdicts').select(['submission_id', 'judged_by']).where('submission_id', 'in', ids).execute();
    const counts = new Map<number, number>();
    for (const r of rows) counts.set(r.submission_id, (counts.get(r.submission_id) ?? 0) + 1);
    for (const id of ids) assert.equal(counts.get(id), 1, `submission ${id} has ${counts.get(id) ?? 0} verdict rows`);
    return new Set(rows.map((r) => r.judged_by));
  }

  it('logs in on api1, acts on api2, uploads on api1, and both judges judge through the load balancer', async () => {
    const onApi1 = await loginAs(apiOf(api1), 'admin', ADMIN_PASSWORD, { admin: true });
    adminToken = onApi1.token!;
    // The session made on api1 is valid on api2 (tokens live in the database).
    const onApi2 = apiOf(api2).withToken(adminToken);
    problemId = (await db.insertInto('problems').values({ title: 'Sum', time_limit: 2000, memory_limit: 256, statement: 's' }).returning('id').executeTakeFirstOrThrow()).id;
    const uploaded = await onApi1.multipart('/api/admin/problem/upload', zipForm(problemId, await buildZip(kattisEntries({ secret: 4 }))));
    assert.equal(uploaded.code, 0, uploaded.message);
    const listed = await onApi2.get('/api/admin/problem/list', {});
    assert.equal(listed.code, 0, listed.message);
    assert.ok(listed.data.some((p) => p.id === problemId));
    // Submitted through the load balancer and to each API; judged on judge1 and judge2, whose
    // data folders never saw the upload.
    const viaLb = new Api(lb!.url).withToken(adminToken);
    // Live updates reach a client of either API, whichever API took the submission and whichever judge judged it.
    const streams = await Promise.all([`http://${api1.ip}:8080`, `http://${api2.ip}:8080`, lb!.url].map((url) => LiveClient.open(url, adminToken, {})));
    const ids = [...(await submitAll(viaLb, [SLOW_SUM_AC, SLOW_SUM_AC])), ...(await submitAll(onApi2, [SLOW_SUM_AC, SLOW_SUM_AC, SUM_AC, SUM_AC]))];
    try {
      for (const stream of streams) {
        await stream.until('every verdict on the stream', (c) => ids.every((id) => c.of('submission').some((e) => e.id === id && e.judgeResult === 'AC')), 90_000);
      }
    } finally {
      for (const stream of streams) stream.close();
    }
    const rows = await finalRows(ids, 90_000);
    assert.deepEqual(
      rows.map((r) => r.status),
      ids.map(() => 'AC'),
    );
    const judges = await verdictRows(ids);
    assert.equal(judges.size, 2, `judged by ${[...judges].join(', ')}: both judges should have taken work`);
  });

  it("streams the CCS event feed through the load balancer as it happens (an announcement made on the other API)", async () => {
    const now = Date.now();
    const contest = await db
      .insertInto('contests')
      .values({ title: 'Cluster Cup', start_time: new Date(now - 3600_000), end_time: new Date(now + 3600_000), create_time: new Date(now - 7200_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const feed = await LiveFeed.open(lb!.url, contest.id, { token: adminToken });
    try {
      assert.equal(feed.status, 200);
      await feed.until((text) => text.includes('"type":"state"'), 20_000, 'the first snapshot through the load balancer');
      const posted = await apiOf(api2).withToken(adminToken).json('/api/clarification/admin/announce', { contestId: contest.id, text: 'Through nginx.' });
      assert.equal(posted.code, 0, posted.message);
      await feed.until((text) => text.includes('"text":"Through nginx."'), 10_000, 'the announcement through the load balancer');
    } finally {
      await feed.close();
    }
  });

  it('the link between a judge and db cut for 30 s and restored: the other judge works meanwhile, and the judge carries on', async () => {
    const viaLb = new Api(lb!.url).withToken(adminToken);
    hosts!.cut(judge2);
    try {
      const during = await submitAll(viaLb, [SUM_AC, SUM_AC]);
      await finalRows(during, 30_000);
      assert.deepEqual([...(await verdictRows(during))].length, 1, 'only the judge with a link judged');
      await new Promise((resolve) => setTimeout(resolve, 30_000 - 0));
    } finally {
      hosts!.restore(judge2);
    }
    // Both judges busy: the one whose link came back takes work again.
    const after = await submitAll(viaLb, [SLOW_SUM_AC, SLOW_SUM_AC, SLOW_SUM_AC, SLOW_SUM_AC]);
    const rows = await finalRows(after, 90_000);
    assert.deepEqual(
      rows.map((r) => r.status),
      after.map(() => 'AC'),
    );
    assert.equal((await verdictRows(after)).size, 2, 'the judge whose link was cut did not carry on');
  });

  it('a judge host killed mid-judge (processes SIGKILLed, link cut): the other judge takes its submission over within seconds', async () => {
    const viaLb = new Api(lb!.url).withToken(adminToken);
    // One for each judge: judge2 is busy for a moment when judge1 dies, as in a contest.
    const ids = await submitAll(viaLb, [SLOW_SUM_AC, SLOW_SUM_AC]);
    // The submission judge1 is judging: its job is locked by judge1's `verdict worker` (host#pid).
    const judge1Names = hosts!.pids(judge1).map((pid) => `${os.hostname()}#${pid}`);
    const victim = await waitFor(
      'a submission being judged on judge1',
      async () => {
        const { rows } = await sql<{ id: number }>`
          select s.id from submissions s join agenda_jobs j on j.data->>'submissionId' = s.id::text
           where s.id in (${sql.join(ids)}) and s.status = 'JG' and j.locked_at is not null and j.last_modified_by in (${sql.join(judge1Names)})`.execute(db);
        return rows[0]?.id;
      },
      30_000,
      50,
    ).catch(async (err: Error) => {
      throw new Error(`${err.message}: ${JSON.stringify(await db.selectFrom('submissions').select(['id', 'status', 'judge_attempts']).where('id', 'in', ids).execute())}`);
    });
    const beating = await db.selectFrom('judge_workers').select('name').where('name', 'in', judge1Names).execute();
    assert.equal(beating.length, 1, `judge1's heartbeat rows: ${JSON.stringify(beating)}`);
    hosts!.killAll(judge1);
    hosts!.cut(judge1);
    const killedAt = Date.now();
    // judge1's heartbeat stops: judge2 finds it older than JUDGE_WORKER_DEAD_MS (5 s), deletes its
    // row and releases its job in one statement, before the lock (JUDGE_LOCK_LIFETIME_MS, 15 s)
    // could lapse; it claims the record once its own judging is done.
    await waitFor(
      "judge1's heartbeat row removed",
      async () => ((await db.selectFrom('judge_workers').select('name').where('name', 'in', judge1Names).execute()).length === 0 ? true : undefined),
      60_000,
      50,
    );
    const releasedMs = Date.now() - killedAt;
    const [taken] = await finalRows([victim], 60_000);
    const judgedMs = Date.now() - killedAt;
    assert.equal(taken.status, 'AC');
    assert.ok(releasedMs < 8_000, `judge1's job was released ${releasedMs} ms after the kill`);
    // Judging it takes judge2 a few seconds more (and its own submission first), longer on a loaded machine.
    assert.ok(judgedMs < 30_000, `the other judge judged the dead one's submission ${judgedMs} ms after the kill (released after ${releasedMs} ms)`);
    const released = (output.get('judge2') ?? '').split('\n').filter((line) => line.includes('released the judge jobs of a worker that stopped beating'));
    assert.ok(
      released.some((line) => judge1Names.some((name) => line.includes(`"${name}"`))),
      `judge2 did not say it released judge1's jobs: ${released.join('\n')}`,
    );
    const rows = await finalRows(ids, 60_000);
    assert.deepEqual(
      rows.map((r) => r.status),
      ids.map(() => 'AC'),
    );
    await verdictRows(ids);
    const [row] = await db.selectFrom('submission_verdicts').select(['attempt', 'judged_by']).where('submission_id', '=', victim).execute();
    assert.ok(!judge1Names.includes(row.judged_by), `judged by ${row.judged_by}, the killed judge`);
    assert.equal(row.attempt, 2);
  });

  it('PostgreSQL restarted mid-contest: a submission during the outage gets a clear error and nothing is half-written; APIs and the judge reconnect', async () => {
    const viaLb = new Api(lb!.url).withToken(adminToken);
    const before = await db.selectFrom('submissions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    stopPostgres(); // a fast shutdown: every connection is closed by the server
    await waitFor('PostgreSQL down', async () => ((await canConnect(dbHost.ip, 5432)) ? undefined : true), 10_000);
    const refused = await viaLb.json('/api/submit', { problemId, language: 'python3', code: SUM_AC });
    assert.equal(refused.status, 503, JSON.stringify(refused));
    assert.match(refused.message, /database/i);
    await startPostgres();
    const after = await db.selectFrom('submissions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    assert.equal(Number(after.n), Number(before.n), 'the refused submission was stored');
    // The APIs and the judge reconnect by themselves.
    const ids = await waitFor(
      'a submission accepted again',
      async () => {
        const r = await viaLb.json('/api/submit', { problemId, language: 'python3', code: SUM_AC });
        return r.code === 0 ? [r.data.id as number] : undefined;
      },
      30_000,
    );
    const rows = await finalRows(ids, 60_000);
    assert.equal(rows[0].status, 'AC');
    await verdictRows(ids);
  });

  it('an API killed: the load balancer serves on from the other', async () => {
    hosts!.killAll(api1);
    const viaLb = new Api(lb!.url).withToken(adminToken);
    const list = () => viaLb.get('/api/admin/problem/list', {});
    for (let i = 0; i < 4; i++) {
      // nginx passes a request that cannot reach api1 on to api2: no request fails. Through the
      // round-robin proxy a connection that was open to the dead API fails once (as it would
      // for a browser, which opens a new one); every new connection reaches the live API.
      const r = lb!.kind === 'nginx' ? await list() : await list().catch(list);
      assert.equal(r.code, 0, r.message);
    }
    const ids = await submitAll(viaLb, [SUM_AC]);
    const rows = await finalRows(ids, 60_000);
    assert.equal(rows[0].status, 'AC');
    await verdictRows(ids);
  });
});

function canConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
