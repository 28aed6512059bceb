// GET /api/BangDan/AllResultList on a big contest: 1000 members × 26 problems × 100,000
// submissions, seeded into a fresh embedded database (or TEST_DATABASE_URL's server with --pg).
// Prints p50/p95 for a contest that does not change (served from the per-process board) and right
// after each new verdict (the touched pair folded again, the board re-ranked and re-joined): over
// HTTP, both the time to the reply's first byte (the server's share) and to the client's parsed
// board, and in the server process without HTTP. Then the cost of a full fold in SQL, under ICPC
// and under the IOI and OI rules (half the problems scored, 0–100).
// Usage: npm run bench -- leaderboard [N=200] [--pg] [--pause MS]
//   --pause MS   wait this long between a verdict and the request after it (0; a server with a
//                freshness window, such as the version before issue 18's item 5, needs 1100)
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { issueToken } from '@verdict/server/internal/modules/accounts/tokens';
import { attemptSummaries } from '@verdict/server/internal/modules/contests/leaderboard';
import { scoreSummaries } from '@verdict/server/internal/modules/contests/leaderboard-scores';
import { storeFinalVerdict } from '@verdict/server/internal/modules/submissions/submission-verdicts';
import { serializedParts } from '@verdict/server/internal/http/replies';
import { startBenchServer } from './lib/judge-server.ts';

const args = process.argv.slice(2);
const N = Number(args.find((a) => /^\d+$/.test(a)) ?? 200);
const usePg = args.includes('--pg');
const pauseMs = args.includes('--pause') ? Number(args[args.indexOf('--pause') + 1]) : 0;
const USERS = 1000;
const PROBLEMS = 26;
const SUBMISSIONS = 100_000;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const bench = await startBenchServer({ workers: 0, usePg });
const { server } = bench;
const { db } = server.services;

try {
  const seedStarted = performance.now();
  const start = new Date(Date.now() - 2 * 3600_000);
  const end = new Date(start.getTime() + 5 * 3600_000);
  const contest = await db.insertInto('contests').values({ title: 'Bench contest', start_time: start, end_time: end }).returning('id').executeTakeFirstOrThrow();
  await sql`insert into users (username, email, password_hash)
            select 'bench' || g, 'bench' || g || '@example.test', 'x' from generate_series(1, ${USERS}) g`.execute(db);
  await sql`insert into problems (title, time_limit, memory_limit)
            select 'Problem ' || g, 1000, 256 from generate_series(1, ${PROBLEMS}) g`.execute(db);
  await sql`insert into contest_users (contest_id, user_id)
            select ${contest.id}, id from users where username like 'bench%'`.execute(db);
  await sql`insert into contest_problems (contest_id, problem_id, position)
            select ${contest.id}, id, row_number() over (order by id) from problems`.execute(db);
  // Verdicts roughly as in a real contest: many WA, some AC, a few of everything else.
  await sql`
    with u as (select array_agg(id) ids from users where username like 'bench%'),
         p as (select array_agg(id) ids from problems)
    insert into submissions (user_id, problem_id, contest_id, language, code, status, tests, created_at)
    select u.ids[1 + floor(random() * ${USERS})::int], p.ids[1 + floor(random() * ${PROBLEMS})::int], ${contest.id}, 'cpp', 'int main(){}',
           (array['AC','AC','AC','WA','WA','WA','WA','TLE','RE','CE','PE','SE','PD'])[1 + floor(random() * 13)::int],
           '[]'::jsonb, ${start}::timestamptz + random() * interval '2 hours'
      from generate_series(1, ${SUBMISSIONS}) g, u, p`.execute(db);
  // Half the problems are scoring problems: 100 for AC, anything from 0 to 99 otherwise.
  await sql`update submissions set max_score = 100, score = case when status = 'AC' then 100 else floor(random() * 100) end
             where contest_id = ${contest.id} and problem_id % 2 = 0`.execute(db);
  await sql`analyze`.execute(db);
  const seedMs = performance.now() - seedStarted;

  const member = await db.selectFrom('users').select(['id', 'username', 'auth']).where('username', '=', 'bench1').executeTakeFirstOrThrow();
  const token = await issueToken(db, member.id);
  const url = `${server.url}/api/BangDan/AllResultList?contestId=${contest.id}`;
  // The client runs in a worker thread, so that parsing the 1.4 MB reply is not charged to the
  // server's event loop. fetch resolves at the reply's head: the first byte comes after the
  // server made the whole body (one buffer), so that is the server's share.
  const client = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     parentPort.on('message', async () => {
       const t = performance.now();
       const res = await fetch(workerData.url, { headers: { Authorization: workerData.token, 'Accept-Encoding': 'gzip' } });
       const head = performance.now() - t;
       const body = await res.json();
       const ms = performance.now() - t;
       parentPort.postMessage({ head, ms, ok: body.code === 0 && body.data.length === workerData.users, sample: JSON.stringify(body).slice(0, 200) });
     });`,
    { eval: true, workerData: { url, token, users: USERS } },
  );
  const fetchBoard = () =>
    new Promise<{ head: number; ms: number }>((resolve, reject) => {
      client.once('message', (m: { head: number; ms: number; ok: boolean; sample: string }) => (m.ok ? resolve(m) : reject(new Error(`bad reply: ${m.sample}`))));
      client.postMessage('go');
    });
  const userIds = (await db.selectFrom('users').select('id').where('username', 'like', 'bench%').execute()).map((u) => u.id);
  const problemIds = (await db.selectFrom('contest_problems').select('problem_id').where('contest_id', '=', contest.id).execute()).map((p) => p.problem_id);
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];
  /** A submission by a random member on a random problem, as submitted (PD); its verdict is given by `judge`. */
  const addSubmission = () =>
    db
      .insertInto('submissions')
      .values({ user_id: pick(userIds), problem_id: pick(problemIds), contest_id: contest.id, language: 'cpp', code: 'x', status: 'PD', tests: '[]' })
      .returning('id')
      .executeTakeFirstOrThrow();
  /** The judge's final write (one statement; the leaderboard's version moves in it). */
  const judge = (id: number) => storeFinalVerdict(db, id, { attempt: 0, states: ['PD'] }, { status: Math.random() < 0.4 ? 'AC' : 'WA' });

  for (let i = 0; i < 20; i++) await fetchBoard(); // warm-up: JIT, plans, pool
  const cached: { head: number; ms: number }[] = [];
  for (let i = 0; i < N; i++) cached.push(await fetchBoard());
  // A stream of verdicts, each followed by a request: the server applies the verdict's change
  // (the submission before it was applied by the request before the verdict).
  const afterVerdict: { head: number; ms: number }[] = [];
  const M = Math.max(10, Math.round(N / 2));
  for (let i = 0; i < M; i++) {
    const { id } = await addSubmission();
    await fetchBoard();
    await judge(id);
    if (pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
    afterVerdict.push(await fetchBoard());
  }
  // The same in the server process, without HTTP: what the route does — the access check with the
  // version, the update, the gzipped reply joined.
  const inProcess: number[] = [];
  /** The process's CPU time meanwhile (less sensitive to other work on the machine than the wall time). */
  const inProcessCpu: number[] = [];
  const { leaderboards } = server.services;
  for (let i = 0; i < M; i++) {
    const { id } = await addSubmission();
    await leaderboards.boardFor(member, contest.id);
    await judge(id);
    const t = performance.now();
    const cpu = process.cpuUsage();
    void serializedParts((await leaderboards.boardFor(member, contest.id)).parts).gzip;
    inProcess.push(performance.now() - t);
    const used = process.cpuUsage(cpu);
    inProcessCpu.push((used.user + used.system) / 1000);
  }
  const contestRow = await db.selectFrom('contests').selectAll().where('id', '=', contest.id).executeTakeFirstOrThrow();
  const timeFold = async (fold: () => Promise<unknown>) => {
    const runs: number[] = [];
    for (let i = 0; i < 10; i++) {
      const t = performance.now();
      await fold();
      runs.push(performance.now() - t);
    }
    return runs;
  };
  const full = await timeFold(() => attemptSummaries(db, contestRow));
  const ioi = await timeFold(() => scoreSummaries(db, contestRow, 'ioi'));
  const oi = await timeFold(() => scoreSummaries(db, contestRow, 'oi'));
  const f = (x: number) => x.toFixed(1).padStart(7);
  console.log(`store: ${usePg ? 'PostgreSQL' : 'embedded PGlite'}; ${USERS} users × ${PROBLEMS} problems × ${SUBMISSIONS} submissions (seeded in ${(seedMs / 1000).toFixed(1)} s)`);
  const p = (xs: number[]) => `p50 ${f(percentile(xs, 50))} ms   p95 ${f(percentile(xs, 95))} ms`;
  console.log(`HTTP, unchanged contest (${N} requests)          first byte ${p(cached.map((x) => x.head))}   parsed ${p(cached.map((x) => x.ms))}`);
  console.log(`HTTP, right after a new verdict (${M} requests)   first byte ${p(afterVerdict.map((x) => x.head))}   parsed ${p(afterVerdict.map((x) => x.ms))}${pauseMs ? ` (${pauseMs} ms after)` : ''}`);
  console.log(`in the server, right after a new verdict (${M})  ${p(inProcess)}   CPU ${p(inProcessCpu)}  (access check + version, update, gzipped reply)`);
  console.log(`full fold of the contest in SQL (10 runs, no HTTP)  p50 ${f(percentile(full, 50))} ms   p95 ${f(percentile(full, 95))} ms`);
  console.log(`  the same under IOI                                p50 ${f(percentile(ioi, 50))} ms   p95 ${f(percentile(ioi, 95))} ms`);
  console.log(`  the same under OI                                 p50 ${f(percentile(oi, 50))} ms   p95 ${f(percentile(oi, 95))} ms`);
  await client.terminate();
  console.log(`load average during the run: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs`);
} finally {
  await bench.close();
}
