// Load benchmark: a contest of N contestants (default 200) polling the contest and its
// leaderboard every 5 s and submitting A+B (C++/Python, AC/WA) every 10 s on average, for
// 2 minutes, against a Verdict server started as its own process (`verdict serve` on a fresh
// DATA_DIR) or an existing one (--url). The load comes from Debian's wrk, one process per
// route, each connection a contestant with think time (wrk's Lua `delay()`). Prints
// throughput, p50/p99 for reads and submissions, errors, the judge queue at the end and the
// load average. Method and results: docs/benchmarks.md, "Load".
//
// Usage: npm run bench -- load [options]
//   --duration S          seconds of load per configuration (default 120)
//   --contestants N       contestants (default 200)
//   --problems N          problems in the contest, 1-26 (default 26)
//   --poll S              each contestant reads each polled route every S seconds (default 5)
//   --submit-every S      mean seconds between submissions (default 10) ...
//   --submit-per WHO      ... per `contestant` (default: N/S submissions/s offered) or per
//                         `contest` (one contest-wide stream: 1/S submissions/s)
//   --judge-workers LIST  server configurations to measure in turn, comma-separated JUDGE_WORKERS
//                         values; `default` leaves the variable unset; `worker` is JUDGE_WORKERS=0
//                         plus a `verdict worker` process (1 job) on this machine (default: default,0)
//   --pg                  server on a fresh database of TEST_DATABASE_URL's PostgreSQL instead
//                         of the embedded PGlite
//   --no-gzip             reads without `Accept-Encoding: gzip` (browsers send it)
//   --cpu-prof DIR        write a V8 CPU profile of each started server into DIR (node --cpu-prof)
//   --pause S             seconds between configurations, for the load average to settle (30)
//   --url URL             measure a running server instead; seeding then needs its database:
//                         --data-dir DIR (embedded: DIR/pglite.url) or --database-url URL. The
//                         contest, its problems and accounts (`load-<run>-*`) stay there.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { issueToken } from '@verdict/server/internal/modules/accounts/tokens';
import { embeddedUrlFile, openDatabase, type Database } from '@verdict/server/internal/db/database';
import { PENDING_STATES } from '@verdict/server/internal/modules/submissions/submissions-states';
import { childrenOf, commandOf, sleep } from '../tests/helpers/processes.ts';
import { freshPgDatabase, REPO_ROOT } from './lib/judge-server.ts';
import { api, cpuTicks, freePort, luaScript, mergedPercentile, runWrk, waitHealthy, zipBytes, type Seed, type Stream, type WrkResult } from './lib/load-kit.ts';

// ---------------------------------------------------------------- options

interface Options {
  duration: number;
  contestants: number;
  problems: number;
  poll: number;
  submitEvery: number;
  submitPer: 'contestant' | 'contest';
  judgeWorkers: string[];
  pg: boolean;
  pause: number;
  /** Reads ask for gzip, as browsers do. */
  gzip: boolean;
  cpuProf?: string;
  url?: string;
  dataDir?: string;
  databaseUrl?: string;
}

function parseOptions(argv: string[]): Options {
  const o: Options = { duration: 120, contestants: 200, problems: 26, poll: 5, submitEvery: 10, submitPer: 'contestant', judgeWorkers: ['default', '0'], pg: false, pause: 30, gzip: true };
  const num = (name: string, v: string | undefined, min: number, max = Infinity) => {
    const n = Number(v);
    if (v === undefined || !Number.isFinite(n) || n < min || n > max) throw new Error(`${name} needs a number from ${min} to ${max}, got ${v ?? 'nothing'}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => argv[++i];
    switch (a) {
      case '--duration': o.duration = Math.round(num(a, next(), 5)); break;
      case '--contestants': o.contestants = Math.round(num(a, next(), 1, 5000)); break;
      case '--problems': o.problems = Math.round(num(a, next(), 1, 26)); break;
      case '--poll': o.poll = num(a, next(), 0.5, 60); break;
      case '--submit-every': o.submitEvery = num(a, next(), 1, 3600); break;
      case '--submit-per': {
        const v = next();
        if (v !== 'contestant' && v !== 'contest') throw new Error('--submit-per is contestant or contest');
        o.submitPer = v;
        break;
      }
      case '--judge-workers':
        o.judgeWorkers = (next() ?? '').split(',').map((s) => s.trim()).filter(Boolean);
        if (o.judgeWorkers.length === 0 || o.judgeWorkers.some((w) => w !== 'default' && w !== 'worker' && !/^\d+$/.test(w))) throw new Error('--judge-workers is a list of numbers, `default` or `worker`');
        break;
      case '--pg': o.pg = true; break;
      case '--no-gzip': o.gzip = false; break;
      case '--pause': o.pause = num(a, next(), 0, 600); break;
      case '--cpu-prof': o.cpuProf = path.resolve(next() ?? '.'); break;
      case '--url': o.url = next()?.replace(/\/+$/, ''); break;
      case '--data-dir': o.dataDir = next(); break;
      case '--database-url': o.databaseUrl = next(); break;
      default: throw new Error(`unknown option ${a} (see the head of bench/load.ts)`);
    }
  }
  if (o.url && !o.dataDir && !o.databaseUrl) throw new Error('--url needs --data-dir or --database-url to seed the contest');
  // wrk's per-request timeout also counts connections idle longer than it (think time): keep it
  // above the longest think time plus SUBMIT_WAIT_MS.
  if (o.submitEvery * 1.5 + 30 > 110) throw new Error('--submit-every at most 53 s (wrk timeout)');
  return o;
}

// ---------------------------------------------------------------- server process

interface Target {
  label: string;
  url: string;
  database: Database;
  /** The server's pid when we started it (for its CPU time). */
  pid?: number;
  /** The `verdict worker` process's pid, when we started one. */
  workerPid?: number;
  stop(): Promise<void>;
}

/** `node cli/bin/verdict.js serve` on a fresh DATA_DIR (and database with --pg). */
async function startChildServer(o: Options, judgeWorkers: string): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-bench-load-'));
  const logFile = path.join(os.tmpdir(), `${path.basename(dataDir)}.log`);
  const pgDb = o.pg ? await freshPgDatabase() : undefined;
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1' };
  for (const k of ['DATABASE_URL', 'JUDGE_WORKERS', 'PORT', 'DATA_DIR', 'LOG_LEVEL', 'SUBMIT_WAIT_MS', 'CAPTCHA', 'LOAD_SAMPLES']) delete env[k];
  if (judgeWorkers !== 'default') env.JUDGE_WORKERS = judgeWorkers === 'worker' ? '0' : judgeWorkers;
  if (pgDb) env.DATABASE_URL = pgDb.url;
  const log = fs.openSync(logFile, 'w');
  const nodeFlags = o.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${o.cpuProf}`] : [];
  const child = spawn(process.execPath, [...nodeFlags, path.join(REPO_ROOT, 'cli/bin/verdict.js'), 'serve', '--port', String(port), '--data-dir', dataDir], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  let database: Database | undefined;
  let worker: ChildProcess | undefined;
  const stop = async () => {
    await database?.close().catch(() => {});
    if (worker && worker.exitCode === null) {
      const exited = new Promise((r) => worker!.once('exit', r));
      worker.kill('SIGTERM');
      const killer = setTimeout(() => worker!.kill('SIGKILL'), 60_000);
      await exited;
      clearTimeout(killer);
    }
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const killer = setTimeout(() => {
        console.log('  the server did not stop within 60 s of SIGTERM: SIGKILL (no CPU profile then)');
        child.kill('SIGKILL');
      }, 60_000);
      await exited;
      clearTimeout(killer);
    }
    await pgDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(logFile, { force: true });
  };
  try {
    await waitHealthy(url, child, logFile);
    database = await openDatabase({ dataDir, databaseUrl: pgDb?.url ?? fs.readFileSync(embeddedUrlFile(dataDir), 'utf8').trim(), poolSize: 2 });
    if (judgeWorkers === 'worker') {
      const wlog = fs.openSync(logFile, 'a');
      worker = spawn(process.execPath, [path.join(REPO_ROOT, 'cli/bin/verdict.js'), 'worker', '--workers', '1', '--data-dir', dataDir], { cwd: REPO_ROOT, env, stdio: ['ignore', wlog, wlog] });
      fs.closeSync(wlog);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  const workers = judgeWorkers === 'default' ? 'JUDGE_WORKERS unset (1)' : judgeWorkers === 'worker' ? 'JUDGE_WORKERS=0 + verdict worker' : `JUDGE_WORKERS=${judgeWorkers}`;
  return { label: `${workers}, ${pgDb ? 'PostgreSQL' : 'embedded PGlite'}`, url, database, pid: child.pid, workerPid: worker?.pid, stop };
}

async function existingServer(o: Options): Promise<Target> {
  await waitHealthy(o.url!, null, null, 10_000);
  const databaseUrl = o.databaseUrl ?? fs.readFileSync(embeddedUrlFile(o.dataDir!), 'utf8').trim();
  const database = await openDatabase({ dataDir: o.dataDir ?? os.tmpdir(), databaseUrl, poolSize: 2 });
  return { label: `existing server ${o.url}`, url: o.url!, database, stop: () => database.close() };
}

// ---------------------------------------------------------------- seeding

/**
 * Accounts, problems, contest and tokens straight in the database (what an administrator's
 * spreadsheet import would leave); the test data through the real upload route.
 */
async function seed(target: Target, o: Options): Promise<Seed> {
  const { db } = target.database;
  const run = crypto.randomBytes(3).toString('hex');
  const admin = await db
    .insertInto('users')
    .values({ username: `load-${run}-admin`, email: `load-${run}-admin@example.test`, password_hash: 'x', auth: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const adminToken = await issueToken(db, admin.id);

  const zip = await zipBytes(path.join(REPO_ROOT, 'problems/aplusb'));
  const problemIds: number[] = [];
  for (let i = 0; i < o.problems; i++) {
    const p = await db
      .insertInto('problems')
      .values({ title: `Load ${run} ${String.fromCharCode(65 + i)}: A+B`, time_limit: 1000, memory_limit: 256 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const form = new FormData();
    form.set('problemId', String(p.id));
    form.set('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'aplusb.zip');
    await api(`${target.url}/api/admin/problem/upload`, adminToken, { method: 'POST', body: form });
    problemIds.push(p.id);
  }

  const now = Date.now();
  const contest = await db
    .insertInto('contests')
    .values({ title: `Load benchmark ${run}`, start_time: new Date(now - 3600_000), end_time: new Date(now + 4 * 3600_000) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('contest_problems')
    .values(problemIds.map((problem_id, i) => ({ contest_id: contest.id, problem_id, position: i + 1 })))
    .execute();
  const users = await db
    .insertInto('users')
    .values(Array.from({ length: o.contestants }, (_, i) => ({ username: `load-${run}-${i + 1}`, email: `load-${run}-${i + 1}@example.test`, password_hash: 'x' })))
    .returning('id')
    .execute();
  await db
    .insertInto('contest_users')
    .values(users.map((u) => ({ contest_id: contest.id, user_id: u.id })))
    .execute();
  const tokens: string[] = [];
  for (const u of users) tokens.push(await issueToken(db, u.id));
  await sql`analyze`.execute(db);
  return { contestId: contest.id, problemIds, tokens };
}

// ---------------------------------------------------------------- measurement (the load: lib/load-kit.ts)

/** The judge process `verdict serve` forks (its node child), if any. */
function judgeProcessOf(serverPid: number): number | null {
  return childrenOf(serverPid).find((pid) => commandOf(pid) === 'node') ?? null;
}


const COST_REQUESTS = 200;

interface RouteCost {
  name: string;
  /** Median latency seen by one client alone (ms). */
  p50: number;
  /** Server CPU per request (ms), when we know the server's pid. */
  cpuMs: number | null;
}

interface ConfigResult {
  label: string;
  costs: RouteCost[];
  when: string;
  load: { start: number; max: number; mean: number; end: number };
  streams: { stream: Stream; r: WrkResult }[];
  /** CPU of the server process itself, share of one core (it spawns no judging of its own). */
  cpu: number | null;
  /** CPU of the separate `verdict worker` process (its children not counted), share of one core. */
  workerCpu: number | null;
  /** CPU of the server's judge process and of its reaped children (compilers, sandboxes). */
  judgeCpu: { self: number; children: number } | null;
  queue: { submitted: number; judged: number; pending: number; verdicts: Record<string, number> };
}

async function measure(target: Target, o: Options): Promise<ConfigResult> {
  const seedStarted = performance.now();
  const s = await seed(target, o);
  console.log(`  seeded ${o.contestants} contestants, ${o.problems} problems (A+B test data uploaded), contest ${s.contestId} in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

  const pollMs = o.poll * 1000;
  const think = (meanMs: number): [number, number] => [Math.round(meanMs * 0.5), Math.round(meanMs * 1.5)];
  const streams: Stream[] = [
    { name: 'GET /api/contest/ContestInfo', kind: 'read', method: 'GET', path: `/api/contest/ContestInfo?contestId=${s.contestId}`, connections: o.contestants, thinkMs: [Math.round(pollMs * 0.9), Math.round(pollMs * 1.1)], timeoutS: 15 },
    { name: 'POST /api/JudgeRecord/MyList', kind: 'read', method: 'POST', path: '/api/JudgeRecord/MyList', connections: o.contestants, thinkMs: [Math.round(pollMs * 0.9), Math.round(pollMs * 1.1)], timeoutS: 15 },
    { name: 'GET /api/BangDan/AllResultList', kind: 'read', method: 'GET', path: `/api/BangDan/AllResultList?contestId=${s.contestId}`, connections: o.contestants, thinkMs: [Math.round(pollMs * 0.9), Math.round(pollMs * 1.1)], timeoutS: 15 },
    { name: 'POST /api/submit', kind: 'submit', method: 'POST', path: '/api/submit', connections: o.submitPer === 'contestant' ? o.contestants : 1, thinkMs: think(o.submitEvery * 1000), timeoutS: 110 },
  ];

  // Sanity check, warm-up, and the cost of one request alone: each read route COST_REQUESTS
  // times in a row from this process (one at a time, so no queueing), with the server's CPU time.
  const costs: RouteCost[] = [];
  for (const st of streams.filter((x) => x.kind === 'read')) {
    const call = (i: number) =>
      api(`${target.url}${st.path}`, s.tokens[i % s.tokens.length], {
        method: st.method,
        ...(st.method === 'POST' ? { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `contestId=${s.contestId}` } : {}),
      });
    for (let i = 0; i < 20; i++) await call(i);
    const before = target.pid ? cpuTicks(target.pid) : null;
    const times: number[] = [];
    for (let i = 0; i < COST_REQUESTS; i++) {
      const t = performance.now();
      await call(i);
      times.push(performance.now() - t);
    }
    const after = target.pid ? cpuTicks(target.pid) : null;
    times.sort((a, b) => a - b);
    costs.push({ name: st.name, p50: times[Math.floor(times.length / 2)], cpuMs: before && after ? ((after.self - before.self) * 10) / COST_REQUESTS : null });
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-load-wrk-'));
  try {
    const scripts = streams.map((st, i) => {
      const file = path.join(dir, `stream${i}.lua`);
      fs.writeFileSync(file, luaScript(st, s, (Date.now() % 1_000_000) * 10 + i, o.gzip && st.kind === 'read'));
      return file;
    });
    const loads: number[] = [];
    const sampler = setInterval(() => loads.push(os.loadavg()[0]), 5000);
    const loadStart = os.loadavg()[0];
    const cpu0 = target.pid ? cpuTicks(target.pid) : null;
    const judgePid = target.pid ? judgeProcessOf(target.pid) : null;
    const jcpu0 = judgePid ? cpuTicks(judgePid) : null;
    const wcpu0 = target.workerPid ? cpuTicks(target.workerPid) : null;
    const when = new Date();
    console.log(`  load for ${o.duration} s (${streams.map((x) => `${x.connections}×${x.name.split(' ')[1]}`).join(', ')}) ...`);
    const results = await Promise.all(streams.map((st, i) => runWrk(st, target.url, scripts[i], o.duration)));
    clearInterval(sampler);
    const cpu1 = target.pid ? cpuTicks(target.pid) : null;
    const jcpu1 = judgePid ? cpuTicks(judgePid) : null;
    const wcpu1 = target.workerPid ? cpuTicks(target.workerPid) : null;
    const loadEnd = os.loadavg()[0];
    loads.push(loadEnd);

    const { db } = target.database;
    const rows = await db
      .selectFrom('submissions')
      .select(['status', sql<number>`count(*)::int`.as('n')])
      .where('contest_id', '=', s.contestId)
      .groupBy('status')
      .execute();
    const verdicts = Object.fromEntries(rows.map((r) => [r.status, r.n]));
    const submitted = rows.reduce((a, r) => a + r.n, 0);
    const pending = rows.filter((r) => (PENDING_STATES as readonly string[]).includes(r.status)).reduce((a, r) => a + r.n, 0);
    const hz = 100; // USER_HZ
    const seconds = o.duration;
    return {
      label: target.label,
      costs,
      when: when.toISOString().slice(0, 16).replace('T', ' '),
      load: { start: loadStart, max: Math.max(...loads, loadStart), mean: loads.reduce((a, b) => a + b, 0) / loads.length, end: loadEnd },
      streams: streams.map((stream, i) => ({ stream, r: results[i] })),
      cpu: cpu0 && cpu1 ? (cpu1.self - cpu0.self) / hz / seconds : null,
      workerCpu: wcpu0 && wcpu1 ? (wcpu1.self - wcpu0.self) / hz / seconds : null,
      judgeCpu: jcpu0 && jcpu1 ? { self: (jcpu1.self - jcpu0.self) / hz / seconds, children: (jcpu1.children - jcpu0.children) / hz / seconds } : null,
      queue: { submitted, judged: submitted - pending, pending, verdicts },
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function report(c: ConfigResult, o: Options): string {
  const pad = (x: string | number, n: number) => String(x).padStart(n);
  const ms = (us: number) => (us / 1000).toFixed(1);
  // Every reply whose envelope code is not 0 (HTTP errors included: they carry a code too, or none).
  const errs = (r: WrkResult) => r.codeErrors;
  const lines: string[] = [];
  lines.push(`\n=== ${c.label} — ${c.when} UTC, ${o.duration} s, ${o.contestants} contestants, ${o.problems} problems`);
  lines.push(`load average (1 min, ${os.cpus().length} CPUs): start ${c.load.start.toFixed(2)}, mean ${c.load.mean.toFixed(2)}, max ${c.load.max.toFixed(2)}, end ${c.load.end.toFixed(2)}`);
  lines.push(`one request at a time (${COST_REQUESTS} each, before the load): ${c.costs.map((x) => `${x.name.split(' ')[1]} p50 ${x.p50.toFixed(1)} ms${x.cpuMs === null ? '' : `, server CPU ${x.cpuMs.toFixed(1)} ms`}`).join('; ')}`);
  if (c.cpu !== null) {
    const judge = c.judgeCpu ? `; judge process: ${(c.judgeCpu.self * 100).toFixed(0)} %, its reaped children (compilers, sandboxes): ${(c.judgeCpu.children * 100).toFixed(0)} %` : '';
    const worker = c.workerCpu === null ? '' : `; verdict worker process: ${(c.workerCpu * 100).toFixed(0)} %`;
    lines.push(`server process CPU: ${(c.cpu * 100).toFixed(0)} % of one core${judge}${worker}`);
  }
  lines.push(`${'route'.padEnd(32)} ${pad('requests', 9)} ${pad('req/s', 7)} ${pad('p50 ms', 8)} ${pad('p99 ms', 8)} ${pad('max ms', 8)} ${pad('HTTP≥400', 8)} ${pad('code≠0', 7)} ${pad('timeouts', 8)} ${pad('sock c/r/w', 10)} ${pad('MB/s', 6)}`);
  const row = (name: string, runs: WrkResult[]) => {
    const req = runs.reduce((a, r) => a + r.requests, 0);
    const secs = Math.max(...runs.map((r) => r.durationUs)) / 1e6;
    lines.push(
      `${name.padEnd(32)} ${pad(req, 9)} ${pad((req / secs).toFixed(1), 7)} ${pad(mergedPercentile(runs, 50).toFixed(1), 8)} ${pad(mergedPercentile(runs, 99).toFixed(1), 8)} ${pad(ms(Math.max(...runs.map((r) => r.max))), 8)} ${pad(runs.reduce((a, r) => a + r.status, 0), 8)} ${pad(runs.reduce((a, r) => a + r.codeErrors, 0), 7)} ${pad(runs.reduce((a, r) => a + r.timeout, 0), 8)} ${pad(['connect', 'read', 'write'].map((k) => runs.reduce((a, r) => a + (r[k as 'connect' | 'read' | 'write'] as number), 0)).join('/'), 10)} ${pad((runs.reduce((a, r) => a + r.bytes, 0) / secs / 1e6).toFixed(2), 6)}`,
    );
  };
  for (const { stream, r } of c.streams) row(stream.name, [r]);
  const reads = c.streams.filter((x) => x.stream.kind === 'read').map((x) => x.r);
  const submits = c.streams.filter((x) => x.stream.kind === 'submit').map((x) => x.r);
  row('reads (all)', reads);
  row('all requests', [...reads, ...submits]);
  const offered = o.submitPer === 'contestant' ? o.contestants / o.submitEvery : 1 / o.submitEvery;
  lines.push(
    `submissions: offered ${offered.toFixed(2)}/s (${o.submitPer === 'contestant' ? `each contestant every ${o.submitEvery} s` : `one every ${o.submitEvery} s contest-wide`}, think time after each reply), stored ${c.queue.submitted} (${(c.queue.submitted / o.duration).toFixed(2)}/s); judged by the end ${c.queue.judged}, queue at the end ${c.queue.pending}; verdicts ${JSON.stringify(c.queue.verdicts)}`,
  );
  const readErrors = reads.reduce((a, r) => a + errs(r) + r.timeout + r.connect + r.read + r.write, 0);
  const submitErrors = submits.reduce((a, r) => a + errs(r) + r.timeout + r.connect + r.read + r.write, 0);
  const readP99 = mergedPercentile(reads, 99);
  lines.push(`targets: read errors 0 → ${readErrors === 0 ? 'met' : `MISSED (${readErrors})`}; submit errors 0 → ${submitErrors === 0 ? 'met' : `MISSED (${submitErrors})`}; read p99 < 200 ms → ${readP99 < 200 ? 'met' : 'MISSED'} (${readP99.toFixed(1)} ms)`);
  const samples = [...reads, ...submits].map((r) => r.samples.trim()).filter(Boolean);
  if (samples.length > 0) lines.push(`error samples:\n  ${samples.join('\n  ').slice(0, 1500)}`);
  const totalReq = [...reads, ...submits].reduce((a, r) => a + r.requests, 0);
  lines.push(
    `docs row: | ${c.when} | ${c.label} | ${c.load.mean.toFixed(1)} (max ${c.load.max.toFixed(1)}) | ${(totalReq / o.duration).toFixed(0)} | ${mergedPercentile(reads, 50).toFixed(1)} / ${readP99.toFixed(1)} ms | ${mergedPercentile(submits, 50).toFixed(0)} / ${mergedPercentile(submits, 99).toFixed(0)} ms | ${readErrors} / ${submitErrors} | ${c.queue.submitted} / ${c.queue.judged} / ${c.queue.pending} |`,
  );
  return lines.join('\n');
}

// ---------------------------------------------------------------- main

const o = parseOptions(process.argv.slice(2));
// Before seeding 200 accounts and 26 uploads: the load comes from Debian's wrk.
if (spawnSync('wrk', ['--version']).error) throw new Error('this benchmark needs wrk: apt-get install -y wrk');
const configs = o.url ? ['existing'] : o.judgeWorkers;
const out: string[] = [];
for (const [i, w] of configs.entries()) {
  if (i > 0 && o.pause > 0) {
    console.log(`pause ${o.pause} s for the load average to settle ...`);
    await sleep(o.pause * 1000);
  }
  const target = o.url ? await existingServer(o) : await startChildServer(o, w);
  console.log(`${target.label}: ${target.url}`);
  try {
    const text = report(await measure(target, o), o);
    console.log(text);
    out.push(text);
  } finally {
    await target.stop();
  }
}
if (out.length > 1) console.log(`\n=== summary\n${out.map((t) => t.split('\n').find((l) => l.startsWith('docs row'))).join('\n')}`);
