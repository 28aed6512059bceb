// Load on several API processes sharing one PostgreSQL (issue 18, item 5): a contest of 1000
// contestants × 26 problems with 100,000 submissions already made, each contestant polling what
// the web app polls every 5 s (± 10 %) — the contest (GET /api/contest/ContestInfo), their own
// records (POST /api/JudgeRecord/MyList) and the leaderboard (GET /api/BangDan/AllResultList,
// gzip accepted) — while submissions arrive at a contest's peak rate (10/s by default) and are
// judged. Contestants are split evenly between two `verdict serve` processes (JUDGE_WORKERS=0,
// each its own DATA_DIR), as a load balancer with sticky sessions would. Beside the reads, GET
// /api/health (the bare route; until issue 36 it also ran `select 1`, as /api/ready now does) is the anchor: what any request waits on this
// machine under this load.
//
// No judge on this 2-core machine judges 10 submissions/s, so this process stands in for judge
// hosts: it claims each submission `--judge-ms` after it was made (status JG, attempt + 1, as a
// worker does) and stores its verdict at once through the judges' own write (storeFinalVerdict):
// the board changes three times per submission (made, claimed, judged), ~30 times a second.
//
// Usage: npm run bench -- load-cluster [options]   (TEST_DATABASE_URL, default
//        postgresql://postgres@127.0.0.1:5432/postgres: a fresh database is made there and dropped)
//   --duration S       seconds of load (default 120)
//   --contestants N    contestants (1000)
//   --submissions N    submissions made before the load (100000)
//   --submit-rate R    submissions per second, contest-wide (10)
//   --apis N           API processes (2)
//   --judge-ms MS      the stand-in judges' time per submission (500)
//   --model M          what each contestant polls: `pages` (default: what the web app polls with its
//                      live stream down — each contestant is on one page and polls its one route
//                      every ~5 s, as the spec's pages do: half on a problem page (ContestInfo, the
//                      5 s end-of-contest check), a quarter on contest details (MyList, the 5 s
//                      results refresh), a quarter on the leaderboard (AllResultList)) or `all`
//                      (every contestant polls all three routes every ~5 s: an upper bound, 3×)
//   --verdict DIR      run `verdict serve` from another checkout (a before/after comparison)
//   --keep-logs        keep the servers' logs (one JSON line per request, with its time in the server)
//   --cpu-prof DIR     write a V8 CPU profile of each server into DIR (node --cpu-prof)
//   --nice N           run everything measured at this scheduling priority (-20..19; below 0 needs
//                      root): this process, the servers and wrk (they inherit it) and the PostgreSQL
//                      backends of the benchmark's database — on a machine shared with other work, so
//                      that the figures are the system's rather than the neighbours' (the anchor
//                      shows what is left)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type Database } from '@verdict/server/internal/db/database';
import { issueToken } from '@verdict/server/internal/modules/accounts/tokens';
import { storeFinalVerdict } from '@verdict/server/internal/modules/submissions/submission-verdicts';
import { sleep } from '../tests/helpers/processes.ts';
import { freshPgDatabase, REPO_ROOT } from './lib/judge-server.ts';
import { api, cpuTicks, freePort, luaScript, mergedPercentile, runWrk, waitHealthy, zipBytes, type Stream, type WrkResult } from './lib/load-kit.ts';

interface Options {
  duration: number;
  contestants: number;
  submissions: number;
  submitRate: number;
  apis: number;
  judgeMs: number;
  verdictDir: string;
  keepLogs: boolean;
  cpuProf?: string;
  nice?: number;
  model: 'all' | 'pages';
}

function parseOptions(argv: string[]): Options {
  const o: Options = { duration: 120, contestants: 1000, submissions: 100_000, submitRate: 10, apis: 2, judgeMs: 500, verdictDir: REPO_ROOT, keepLogs: false, model: 'pages' };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--keep-logs') {
      o.keepLogs = true;
      continue;
    }
    const [a, v] = [argv[i], argv[++i]];
    const n = Number(v);
    if (a === '--cpu-prof') {
      o.cpuProf = path.resolve(v ?? '.');
      continue;
    }
    if (a === '--model') {
      if (v !== 'all' && v !== 'pages') throw new Error(`--model is all or pages, got ${v ?? 'nothing'}`);
      o.model = v;
      continue;
    }
    if (a === '--verdict') {
      if (!v || !fs.existsSync(path.join(v, 'cli/bin/verdict.js'))) throw new Error(`--verdict needs a checkout with cli/bin/verdict.js, got ${v}`);
      o.verdictDir = path.resolve(v);
      continue;
    }
    if (v === undefined || !Number.isFinite(n) || (n < 0 && a !== '--nice')) throw new Error(`${a} needs a number, got ${v ?? 'nothing'}`);
    if (a === '--duration') o.duration = Math.max(5, Math.round(n));
    else if (a === '--contestants') o.contestants = Math.max(2, Math.round(n));
    else if (a === '--submissions') o.submissions = Math.round(n);
    else if (a === '--submit-rate') o.submitRate = n;
    else if (a === '--apis') o.apis = Math.max(1, Math.round(n));
    else if (a === '--judge-ms') o.judgeMs = Math.round(n);
    else if (a === '--nice') o.nice = Math.max(-20, Math.min(19, Math.round(Number(v))));
    else throw new Error(`unknown option ${a} (see the head of bench/load-cluster.ts)`);
  }
  return o;
}

// ---------------------------------------------------------------- the API processes

interface Api {
  url: string;
  pid: number;
  child: ChildProcess;
  dataDir: string;
  logFile: string;
}

async function startApi(o: Options, databaseUrl: string): Promise<Api> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-bench-cluster-'));
  const logFile = `${dataDir}.log`;
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', DATABASE_URL: databaseUrl, JUDGE_WORKERS: '0' };
  for (const k of ['PORT', 'DATA_DIR', 'LOG_LEVEL', 'SUBMIT_WAIT_MS', 'CAPTCHA', 'LOAD_SAMPLES']) delete env[k];
  const log = fs.openSync(logFile, 'w');
  const nodeFlags = o.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${o.cpuProf}`] : [];
  const child = spawn(process.execPath, [...nodeFlags, path.join(o.verdictDir, 'cli/bin/verdict.js'), 'serve', '--port', String(port), '--data-dir', dataDir], {
    cwd: o.verdictDir,
    env,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, child, logFile);
  return { url, pid: child.pid!, child, dataDir, logFile };
}

async function stopApi(a: Api, keepLog: boolean): Promise<void> {
  if (a.child.exitCode === null) {
    const exited = new Promise((r) => a.child.once('exit', r));
    a.child.kill('SIGTERM');
    const killer = setTimeout(() => a.child.kill('SIGKILL'), 60_000);
    await exited;
    clearTimeout(killer);
  }
  fs.rmSync(a.dataDir, { recursive: true, force: true });
  if (keepLog) console.log(`log of ${a.url}: ${a.logFile}`);
  else fs.rmSync(a.logFile, { force: true });
}

// ---------------------------------------------------------------- seeding

interface Contest {
  contestId: number;
  problemIds: number[];
  tokens: string[];
}

/**
 * Accounts, problems, the contest and its past submissions straight in the database, as in
 * bench/leaderboard.ts; A+B's test data through the real upload route once, shared by every problem.
 */
async function seed(database: Database, first: Api, o: Options): Promise<Contest> {
  const { db } = database;
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  const adminToken = await issueToken(db, admin.id);
  await sql`insert into problems (title, time_limit, memory_limit)
            select 'Cluster ' || chr(64 + g) || ': A+B', 1000, 256 from generate_series(1, 26) g`.execute(db);
  const problemIds = (await db.selectFrom('problems').select('id').where('title', 'like', 'Cluster %').orderBy('id').execute()).map((p) => p.id);
  const form = new FormData();
  form.set('problemId', String(problemIds[0]));
  form.set('file', new Blob([new Uint8Array(await zipBytes(path.join(REPO_ROOT, 'problems/aplusb')))], { type: 'application/zip' }), 'aplusb.zip');
  await api(`${first.url}/api/admin/problem/upload`, adminToken, { method: 'POST', body: form });
  await sql`update problems set package_hash = (select package_hash from problems where id = ${problemIds[0]}) where id = any(${problemIds})`.execute(db);

  const start = new Date(Date.now() - 2 * 3600_000);
  const contest = await db
    .insertInto('contests')
    .values({ title: 'Cluster load', start_time: start, end_time: new Date(start.getTime() + 5 * 3600_000) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`insert into users (username, email, password_hash)
            select 'cluster' || g, 'cluster' || g || '@example.test', 'x' from generate_series(1, ${o.contestants}) g`.execute(db);
  const users = await db.selectFrom('users').select('id').where('username', 'like', 'cluster%').orderBy('id').execute();
  await db.insertInto('contest_users').values(users.map((u) => ({ contest_id: contest.id, user_id: u.id }))).execute();
  await db.insertInto('contest_problems').values(problemIds.map((problem_id, i) => ({ contest_id: contest.id, problem_id, position: i + 1 }))).execute();
  // Verdicts roughly as in a real contest, in its first two hours: many WA, some AC, a few of
  // everything else; each judged 20 s after it was made.
  await sql`
    with u as (select array_agg(user_id) ids from contest_users where contest_id = ${contest.id}),
         p as (select array_agg(problem_id) ids from contest_problems where contest_id = ${contest.id}),
         made as (select ${start}::timestamptz + random() * interval '2 hours' as t from generate_series(1, ${o.submissions}))
    insert into submissions (user_id, problem_id, contest_id, language, code, status, tests, created_at, judged_at)
    select u.ids[1 + floor(random() * ${o.contestants})::int], p.ids[1 + floor(random() * 26)::int], ${contest.id}, 'cpp', 'int main(){}',
           (array['AC','AC','AC','WA','WA','WA','WA','TLE','RE','CE','PE','SE'])[1 + floor(random() * 12)::int],
           '[]'::jsonb, made.t, made.t + interval '20 seconds'
      from made, u, p`.execute(db);
  const tokens: string[] = [];
  for (const u of users) tokens.push(await issueToken(db, u.id));
  await sql`analyze`.execute(db);
  return { contestId: contest.id, problemIds, tokens };
}

// ---------------------------------------------------------------- the stand-in judges

interface Judges {
  stop(): Promise<{ judged: number; errors: number }>;
}

/** Claims each submission `judgeMs` after it was made and stores its verdict: 70 % AC, 30 % WA. */
function startJudges(database: Database, contestId: number, judgeMs: number): Judges {
  const { db } = database;
  let running = true;
  let judged = 0;
  let errors = 0;
  const loop = (async () => {
    while (running) {
      try {
        const claimed = await db
          .updateTable('submissions')
          .set((eb) => ({ status: 'JG', judge_attempts: eb('judge_attempts', '+', 1), judge_started_at: new Date() }))
          .where('id', 'in', (eb) =>
            eb
              .selectFrom('submissions')
              .select('id')
              .where('contest_id', '=', contestId)
              .where('status', '=', 'PD')
              .where('created_at', '<=', new Date(Date.now() - judgeMs))
              .limit(50),
          )
          .returning(['id', 'judge_attempts'])
          .execute();
        for (const c of claimed) {
          const status = Math.random() < 0.7 ? 'AC' : 'WA';
          if (await storeFinalVerdict(db, c.id, { attempt: c.judge_attempts, states: ['JG'] }, { status, run_time: 2, run_memory: 1024 })) judged += 1;
        }
      } catch {
        errors += 1;
      }
      await sleep(50);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { judged, errors };
    },
  };
}

// ---------------------------------------------------------------- measurement

/** CPU seconds (user + system) of some processes. */
const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + ((cpuTicks(pid)?.self ?? 0) / 100), 0);

/**
 * CPU seconds of the whole PostgreSQL server on this machine: its live processes, and the
 * backends that ended (counted in the postmaster's reaped children). Other databases' work too.
 */
function postgresCpu(): number {
  let seconds = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number)) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    if (!stat.includes('(postgres)')) continue;
    const ticks = cpuTicks(pid);
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const postmaster = !fs.existsSync(`/proc/${parent}/stat`) || !fs.readFileSync(`/proc/${parent}/stat`, 'utf8').includes('(postgres)');
    seconds += ((ticks?.self ?? 0) + (postmaster ? (ticks?.children ?? 0) : 0)) / 100;
  }
  return seconds;
}

const ALONE = 200;

/** Each read route called ALONE times in a row (no queueing): median latency and the server's CPU per request. */
async function costsAlone(a: Api, contest: Contest): Promise<string> {
  const routes: [string, string, RequestInit][] = [
    ['ContestInfo', `/api/contest/ContestInfo?contestId=${contest.contestId}`, {}],
    ['MyList', '/api/JudgeRecord/MyList', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `contestId=${contest.contestId}` }],
    ['AllResultList', `/api/BangDan/AllResultList?contestId=${contest.contestId}`, { headers: { 'Accept-Encoding': 'gzip' } }],
    ['health', '/api/health', {}],
  ];
  const out: string[] = [];
  for (const [name, route, init] of routes) {
    const times: number[] = [];
    const cpu = cpuOf([a.pid]);
    for (let i = 0; i < ALONE; i++) {
      const t = performance.now();
      await api(`${a.url}${route}`, contest.tokens[i % contest.tokens.length], init);
      times.push(performance.now() - t);
    }
    times.sort((x, y) => x - y);
    out.push(`${name} ${times[ALONE >> 1].toFixed(1)} ms, server CPU ${(((cpuOf([a.pid]) - cpu) * 1000) / ALONE).toFixed(2)} ms`);
  }
  return out.join('; ');
}

/** The database's backends (the servers' pools grow and shrink: called again every few seconds). */
async function reniceBackends(database: Database, nice: number): Promise<void> {
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(database.db);
  for (const { pid } of rows) {
    try {
      os.setPriority(pid, nice);
    } catch {
      // ended meanwhile
    }
  }
}

interface RouteRun {
  stream: Stream;
  runs: WrkResult[];
}

function report(routes: RouteRun[], extra: string[]): string {
  const lines: string[] = [];
  const pad = (x: string | number, n: number) => String(x).padStart(n);
  const errorsOf = (r: WrkResult) => r.codeErrors + r.timeout + r.connect + r.read + r.write;
  lines.push(`${'route'.padEnd(34)} ${pad('requests', 9)} ${pad('req/s', 7)} ${pad('p50 ms', 8)} ${pad('p95 ms', 8)} ${pad('p99 ms', 8)} ${pad('max ms', 8)} ${pad('errors', 7)} ${pad('MB/s', 6)}`);
  const row = (name: string, runs: WrkResult[]) => {
    const requests = runs.reduce((a, r) => a + r.requests, 0);
    const secs = Math.max(...runs.map((r) => r.durationUs)) / 1e6;
    const q = (p: number) => pad(mergedPercentile(runs, p).toFixed(1), 8);
    lines.push(
      `${name.padEnd(34)} ${pad(requests, 9)} ${pad((requests / secs).toFixed(1), 7)} ${q(50)} ${q(95)} ${q(99)} ${pad((Math.max(...runs.map((r) => r.max)) / 1000).toFixed(1), 8)} ${pad(runs.reduce((a, r) => a + errorsOf(r), 0), 7)} ${pad((runs.reduce((a, r) => a + r.bytes, 0) / secs / 1e6).toFixed(2), 6)}`,
    );
  };
  for (const r of routes) row(r.stream.name, r.runs);
  const reads = routes.filter((r) => r.stream.kind === 'read' && !r.stream.path.startsWith('/api/health')).flatMap((r) => r.runs);
  row('reads (all three)', reads);
  const readP99 = mergedPercentile(reads, 99);
  const readErrors = reads.reduce((a, r) => a + errorsOf(r), 0);
  const samples = routes.flatMap((r) => r.runs.map((x) => x.samples.trim())).filter(Boolean);
  lines.push(...extra);
  lines.push(`targets: reads p99 < 100 ms → ${readP99 < 100 ? 'met' : 'MISSED'} (${readP99.toFixed(1)} ms); no read errors → ${readErrors === 0 ? 'met' : `MISSED (${readErrors})`}`);
  if (samples.length) lines.push(`error samples:\n  ${samples.join('\n  ').slice(0, 1500)}`);
  return lines.join('\n');
}

// ---------------------------------------------------------------- main

const o = parseOptions(process.argv.slice(2));
if (spawnSync('wrk', ['--version']).error) throw new Error('this benchmark needs wrk: apt-get install -y wrk');
process.env.TEST_DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/postgres';
// Before any child is started: they inherit it.
if (o.nice !== undefined) os.setPriority(o.nice);
const fresh = await freshPgDatabase();
const apis: Api[] = [];
let database: Database | undefined;
try {
  // The first server migrates the new database; the others start on it.
  apis.push(await startApi(o, fresh.url));
  for (let i = 1; i < o.apis; i++) apis.push(await startApi(o, fresh.url));
  database = await openDatabase({ dataDir: os.tmpdir(), databaseUrl: fresh.url, poolSize: 4 });
  const seedStarted = performance.now();
  const contest = await seed(database, apis[0], o);
  console.log(
    `${o.apis} × verdict serve (${o.verdictDir === REPO_ROOT ? 'this checkout' : o.verdictDir}) on PostgreSQL; ${o.contestants} contestants × 26 problems, ${o.submissions} submissions seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );
  // Each server reads the contest and folds its board once, as after a restart before the load.
  for (const a of apis) await api(`${a.url}/api/BangDan/AllResultList?contestId=${contest.contestId}`, contest.tokens[0], {});
  console.log(`one request at a time (${ALONE} each, the first server, before the load): ${await costsAlone(apis[0], contest)}`);

  const poll: [number, number] = [4500, 5500];
  const perApi = o.submitRate / o.apis;
  // Closed loop: a submitting connection waits for the reply (the verdict, ~judge-ms + the
  // server's 150 ms poll) and thinks 1–3 s, so this many connections offer about the rate.
  const submitters = Math.max(1, Math.round(perApi * (2 + (o.judgeMs + 250) / 1000)));
  const streamsOf = (): Stream[] => [
    { name: 'GET /api/contest/ContestInfo', kind: 'read', method: 'GET', path: `/api/contest/ContestInfo?contestId=${contest.contestId}`, connections: 0, thinkMs: poll, timeoutS: 15 },
    { name: 'POST /api/JudgeRecord/MyList', kind: 'read', method: 'POST', path: '/api/JudgeRecord/MyList', connections: 0, thinkMs: poll, timeoutS: 15 },
    { name: 'GET /api/BangDan/AllResultList', kind: 'read', method: 'GET', path: `/api/BangDan/AllResultList?contestId=${contest.contestId}`, connections: 0, thinkMs: poll, timeoutS: 15 },
    { name: 'GET /api/health (anchor)', kind: 'read', method: 'GET', path: '/api/health', connections: 50, thinkMs: [1500, 2500], timeoutS: 15 },
    { name: 'POST /api/submit', kind: 'submit', method: 'POST', path: '/api/submit', connections: submitters, thinkMs: [1000, 3000], timeoutS: 60 },
  ];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-cluster-wrk-'));
  const jobs: { stream: Stream; run: Promise<WrkResult> }[] = [];
  const judges = startJudges(database, contest.contestId, o.judgeMs);
  const cpu0 = { apis: apis.map((a) => cpuOf([a.pid])), pg: postgresCpu() };
  const loads: number[] = [os.loadavg()[0]];
  const sampler = setInterval(() => {
    loads.push(os.loadavg()[0]);
    if (o.nice !== undefined) reniceBackends(database!, o.nice).catch(() => {});
  }, 5000);
  if (o.nice !== undefined) await reniceBackends(database, o.nice);
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const firstSubmission = (await sql<{ id: number }>`select coalesce(max(id), 0) as id from submissions`.execute(database.db)).rows[0].id;
  const polling = o.model === 'all' ? 'polling 3 routes every ~5 s' : 'each on one page polling its route every ~5 s (problem page ½, contest details ¼, leaderboard ¼)';
  console.log(`load for ${o.duration} s: ${o.contestants} contestants ${polling}, ${o.submitRate}/s submissions offered (${submitters} connections per server), the anchor ...`);
  // The share of the contestants that polls each read route (the rest: the anchor and submissions).
  const shares = o.model === 'all' ? [1, 1, 1] : [0.5, 0.25, 0.25];
  apis.forEach((a, i) => {
    // This server's share of the contestants: their tokens, their connections.
    const tokens = contest.tokens.filter((_, k) => k % o.apis === i);
    let taken = 0;
    for (const [k, stream] of streamsOf().entries()) {
      // Under `pages` each contestant polls one route: consecutive slices of the tokens.
      let mine = tokens;
      if (!stream.connections && o.model === 'pages') {
        const n = Math.round(tokens.length * shares[k]);
        mine = tokens.slice(taken, taken + n);
        taken += n;
      }
      const st = { ...stream, connections: stream.connections || mine.length };
      const file = path.join(dir, `api${i}-stream${k}.lua`);
      fs.writeFileSync(file, luaScript(st, { ...contest, tokens: mine }, (Date.now() % 1_000_000) * 100 + i * 10 + k, st.kind === 'read'));
      jobs.push({ stream: st, run: runWrk(st, a.url, file, o.duration) });
    }
  });
  const results = await Promise.all(jobs.map((j) => j.run));
  clearInterval(sampler);
  loads.push(os.loadavg()[0]);
  const cpu1 = { apis: apis.map((a) => cpuOf([a.pid])), pg: postgresCpu() };
  const { judged, errors } = await judges.stop();
  fs.rmSync(dir, { recursive: true, force: true });

  const made = (await sql<{ n: number }>`select count(*)::int as n from submissions where id > ${firstSubmission}`.execute(database.db)).rows[0].n;
  const routes: RouteRun[] = streamsOf().map((stream) => ({ stream, runs: jobs.map((j, i) => (j.stream.name === stream.name ? results[i] : null)).filter((r): r is WrkResult => r !== null) }));
  const boardRuns = routes.find((r) => r.stream.path.startsWith('/api/BangDan/'))!.runs;
  const share = (x: number) => `${((x / o.duration) * 100).toFixed(0)} %`;
  const extra = [
    `submissions: ${made} made (${(made / o.duration).toFixed(1)}/s), ${judged} judged by the stand-in judges (${errors} failed rounds)`,
    `the board's reply (gzip): ${(boardRuns.reduce((a, r) => a + r.bytes, 0) / Math.max(1, boardRuns.reduce((a, r) => a + r.requests, 0)) / 1000).toFixed(0)} KB on average`,
    `CPU of one core: API processes ${apis.map((_, i) => share(cpu1.apis[i] - cpu0.apis[i])).join(', ')}; PostgreSQL (the whole server: other databases' work too) ${share(cpu1.pg - cpu0.pg)}`,
    `${o.nice === undefined ? '' : `measured at nice ${o.nice}; `}load average (1 min, ${os.cpus().length} CPUs): mean ${(loads.reduce((a, b) => a + b, 0) / loads.length).toFixed(1)}, max ${Math.max(...loads).toFixed(1)}; ${when} UTC`,
  ];
  console.log(report(routes, extra));
} finally {
  await database?.close();
  for (const a of apis) await stopApi(a, o.keepLogs);
  await fresh.drop();
}
