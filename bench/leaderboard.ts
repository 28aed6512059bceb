// GET /api/BangDan/AllResultList on a big contest: 1000 members × 26 problems × 100,000
// submissions, seeded into a fresh embedded database (or TEST_DATABASE_URL's server with --pg).
// Prints p50/p95 over HTTP for a contest that does not change (served from the per-process
// board) and for a stream of submissions (touched pairs folded again), and the cost of a full
// fold in SQL, under ICPC and under the IOI and OI rules (half the problems scored, 0–100).
// Usage: npm run bench -- leaderboard [N=200] [--pg]
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { issueToken } from '@verdict/server/internal/modules/accounts/tokens';
import { attemptSummaries, LEADERBOARD_FRESH_MS } from '@verdict/server/internal/modules/contests/leaderboard';
import { scoreSummaries } from '@verdict/server/internal/modules/contests/leaderboard-scores';
import { startBenchServer } from './lib/judge-server.ts';

const args = process.argv.slice(2);
const N = Number(args.find((a) => /^\d+$/.test(a)) ?? 200);
const usePg = args.includes('--pg');
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

  const member = await db.selectFrom('users').select('id').where('username', '=', 'bench1').executeTakeFirstOrThrow();
  const token = await issueToken(db, member.id);
  const url = `${server.url}/api/BangDan/AllResultList?contestId=${contest.id}`;
  // The client runs in a worker thread, so that parsing the 1.4 MB reply is not charged to the server's event loop.
  const client = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     parentPort.on('message', async () => {
       const t = performance.now();
       const res = await fetch(workerData.url, { headers: { Authorization: workerData.token } });
       const body = await res.json();
       const ms = performance.now() - t;
       parentPort.postMessage({ ms, ok: body.code === 0 && body.data.length === workerData.users, sample: JSON.stringify(body).slice(0, 200) });
     });`,
    { eval: true, workerData: { url, token, users: USERS } },
  );
  const fetchBoard = () =>
    new Promise<number>((resolve, reject) => {
      client.once('message', (m: { ms: number; ok: boolean; sample: string }) => (m.ok ? resolve(m.ms) : reject(new Error(`bad reply: ${m.sample}`))));
      client.postMessage('go');
    });
  const addSubmission = () =>
    db
      .insertInto('submissions')
      .values({ user_id: member.id, problem_id: 1, contest_id: contest.id, language: 'cpp', code: 'x', status: 'WA', tests: '[]' })
      .execute();

  for (let i = 0; i < 20; i++) await fetchBoard(); // warm-up: JIT, plans, pool
  const cached: number[] = [];
  for (let i = 0; i < N; i++) cached.push(await fetchBoard());
  // A stream of submissions: each request comes after a new one, once the 1 s window passed,
  // so the server folds the touched (user, problem) pairs again.
  const streamed: number[] = [];
  const M = Math.max(10, Math.round(N / 4));
  for (let i = 0; i < M; i++) {
    await addSubmission();
    await new Promise((r) => setTimeout(r, LEADERBOARD_FRESH_MS + 20));
    streamed.push(await fetchBoard());
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
  console.log(`HTTP, unchanged contest (${N} requests)             p50 ${f(percentile(cached, 50))} ms   p95 ${f(percentile(cached, 95))} ms`);
  console.log(`HTTP, a new submission before each (${M} requests)   p50 ${f(percentile(streamed, 50))} ms   p95 ${f(percentile(streamed, 95))} ms`);
  console.log(`full fold of the contest in SQL (10 runs, no HTTP)  p50 ${f(percentile(full, 50))} ms   p95 ${f(percentile(full, 95))} ms`);
  console.log(`  the same under IOI                                p50 ${f(percentile(ioi, 50))} ms   p95 ${f(percentile(ioi, 95))} ms`);
  console.log(`  the same under OI                                 p50 ${f(percentile(oi, 50))} ms   p95 ${f(percentile(oi, 95))} ms`);
  await client.terminate();
  console.log(`load average during the run: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs`);
} finally {
  await bench.close();
}
