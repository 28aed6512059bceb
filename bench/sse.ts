// Live updates for a whole contest room (issue 16, item 3): N contestants (1000 by default) each
// hold GET /api/events open on one server, from a process beside it, and read the leaderboard
// whenever their stream says it changed, as the web app does. Measured side by side in one run:
//   - the anchors: GET /api/health and the leaderboard without any stream, then with the N open;
//   - opening the N streams, the server's memory per stream and its event loop while they idle;
//   - a verdict written to the database as a judge process would (UPDATE of the record): its
//     owner's event, every stream's scoreboard news and every contestant's fresh board;
//   - an announcement posted through the API reaching every stream.
// Usage: npm run bench -- sse [N=1000] [--pg] [--rounds 10]
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { seedLiveRoom } from '../tests/helpers/live-room.ts';
import { loadAverage, startBenchServer } from './lib/judge-server.ts';
import { fmt, row } from './lib/figures.ts';
import { forkSseClients } from './lib/sse-clients-process.ts';

const args = process.argv.slice(2);
const N = Number(args.find((a) => /^\d+$/.test(a)) ?? 1000);
const usePg = args.includes('--pg');
const ROUNDS = args.includes('--rounds') ? Number(args[args.indexOf('--rounds') + 1]) : 10;

const now = () => performance.timeOrigin + performance.now();

const bench = await startBenchServer({ workers: 0, usePg, env: { SUBMIT_WAIT_MS: '0' } });
const { db } = bench.server.services;
const { clients, ask } = forkSseClients();

try {
  // The room: a running contest with one problem and N members, each with a session and one submission.
  const { contestId, tokens, submissionOf } = await seedLiveRoom(db, N, Date.now());
  const boardUrl = `${bench.url}/api/BangDan/AllResultList?contestId=${contestId}`;

  async function anchor(url: string, token: string | null, n = 200): Promise<number[]> {
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = now();
      const res = await fetch(url, { headers: token ? { Authorization: token, 'Accept-Encoding': 'gzip' } : {} });
      await res.arrayBuffer();
      times.push(now() - t0);
    }
    return times;
  }
  const healthBefore = await anchor(`${bench.url}/api/health`, null);
  const boardBefore = await anchor(boardUrl, tokens[0]);

  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const opened = await ask<{ ms: number }>({ type: 'open', url: `${bench.url}/api/events?contestId=${contestId}`, tokens, boardUrl }, 'opened');
  const rssAfter = process.memoryUsage().rss;
  const streams = bench.server.services.events.size;

  const elu0 = performance.eventLoopUtilization();
  await new Promise((r) => setTimeout(r, 5000));
  const idle = performance.eventLoopUtilization(elu0).utilization;

  const healthDuring = await anchor(`${bench.url}/api/health`, null);
  const boardDuring = await anchor(boardUrl, tokens[0]);

  // Verdicts, one at a time, as a judge process writes them; apart by more than the board's once-a-second news.
  const owner: number[] = [];
  const news: number[] = [];
  const boards: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const k = (r * 97) % N;
    const t0 = now();
    await db
      .updateTable('submissions')
      .set({ status: r % 2 ? 'WA' : 'AC', run_time: 10, judged_at: new Date() })
      .where('id', '=', submissionOf[k])
      .execute();
    // Until every contestant has read the board (or 10 s): rounds do not overlap.
    for (let waited = 0; waited < 10_000; waited += 250) {
      await new Promise((res) => setTimeout(res, 250));
      const read = await ask<{ firsts: (number | null)[] }>({ type: 'firsts', event: 'board', after: t0 }, 'firsts');
      if (read.firsts.every((t) => t !== null)) break;
    }
    const mine = await ask<{ firsts: (number | null)[] }>({ type: 'firsts', event: 'submission', after: t0, match: { id: submissionOf[k] } }, 'firsts');
    if (mine.firsts[k] !== null) owner.push(mine.firsts[k]! - t0);
    const told = await ask<{ firsts: (number | null)[] }>({ type: 'firsts', event: 'scoreboard', after: t0 }, 'firsts');
    news.push(...told.firsts.filter((t): t is number => t !== null).map((t) => t - t0));
    const read = await ask<{ firsts: (number | null)[] }>({ type: 'firsts', event: 'board', after: t0 }, 'firsts');
    boards.push(...read.firsts.filter((t): t is number => t !== null).map((t) => t - t0));
    // Others' submissions were no news to anyone but their owner.
    const leaked = mine.firsts.filter((t, i) => t !== null && i !== k).length;
    if (leaked) throw new Error(`${leaked} streams heard another contestant's submission`);
  }

  // An announcement through the API.
  const announced: number[] = [];
  const adminToken = bench.adminToken;
  for (let r = 0; r < 3; r++) {
    const t0 = now();
    const res = await fetch(`${bench.url}/api/clarification/admin/announce`, {
      method: 'POST',
      headers: { Authorization: adminToken, 'Content-Type': 'application/json' },
      body: JSON.stringify({ contestId, text: `Announcement ${r}` }),
    });
    const reply = (await res.json()) as { code: number; message: string };
    if (reply.code !== 0) throw new Error(reply.message);
    await new Promise((res) => setTimeout(res, 1500));
    const got = await ask<{ firsts: (number | null)[] }>({ type: 'firsts', event: 'clarification', after: t0 }, 'firsts');
    announced.push(...got.firsts.filter((t): t is number => t !== null).map((t) => t - t0));
  }
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from submissions`.execute(db);

  console.log(`\nLive updates: ${N} contestants' streams on one server (${usePg ? 'PostgreSQL' : 'PGlite'}), ${rows[0].n} submissions; ${loadAverage()}`);
  console.log(`streams open on the server: ${streams}; all opened in ${fmt(opened.ms)} ms; server memory +${((rssAfter - rssBefore) / 1024 / N).toFixed(1)} KB per stream; server event loop while idle: ${(idle * 100).toFixed(1)}% busy\n`);
  console.log('| measured (ms) | count | p50 | p99 | max |');
  console.log('|---|---|---|---|---|');
  console.log(row('anchor: GET /api/health, no stream open', healthBefore));
  console.log(row(`anchor: GET /api/health, ${N} streams open`, healthDuring));
  console.log(row('anchor: leaderboard, no stream open', boardBefore));
  console.log(row(`anchor: leaderboard, ${N} streams open`, boardDuring));
  console.log(row("verdict written → its owner's submission event", owner, ROUNDS));
  console.log(row('verdict written → scoreboard news on every stream', news, ROUNDS * N));
  console.log(row('verdict written → every contestant read the new board', boards, ROUNDS * N));
  console.log(row('announcement posted → on every stream', announced, 3 * N));
} finally {
  await ask({ type: 'close' }, 'closed');
  clients.kill();
  await bench.close();
}
