// The cost of open Contest API event feeds (issue 26, item 1): N feeds (1000 by default) on one
// server, half reading (each counting the lines it gets), half never reading (a paused socket),
// all anonymous; a contest room of 100 members whose verdicts come in every 200 ms. Measured:
//   - a contestant's leaderboard (GET /api/BangDan/AllResultList) and /api/health, p50/p99, without
//     feeds and with the N open, verdicts coming in both times;
//   - the server's memory (heap + external) before and with the feeds; the change feed's listeners;
//   - how long a verdict takes to reach every reading feed.
// The clients run in this process (raw sockets, no HTTP parser): their cost is counted against
// the server, so the figures are an upper bound.
// Usage: npm run bench -- feed [N=1000] [--pg]
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { seedLiveRoom } from '../tests/helpers/live-room.ts';
import { closeStalled, openStalled, type StalledClient } from '../tests/helpers/stalled-clients.ts';
import { loadAverage, startBenchServer } from './lib/judge-server.ts';

const args = process.argv.slice(2);
const N = Number(args.find((a) => /^\d+$/.test(a)) ?? 1000);
const usePg = args.includes('--pg');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const memory = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};

const bench = await startBenchServer({
  workers: 0,
  usePg,
  env: { STREAMS_ANONYMOUS_PER_ADDRESS: String(N), STREAMS_ANONYMOUS_MAX: String(N), STREAMS_MAX: String(N + 100) },
});
const { db, changes } = bench.server.services;
try {
  const room = await seedLiveRoom(db, 100, Date.now(), 'feedbench');
  const boardUrl = `${bench.url}/api/BangDan/AllResultList?contestId=${room.contestId}`;
  const feedPath = `/api/ccs/contests/${room.contestId}/event-feed`;
  let verdicts = 0;
  const judging = setInterval(() => {
    const id = room.submissionOf[verdicts++ % room.submissionOf.length];
    void db.updateTable('submissions').set({ status: verdicts % 2 ? 'WA' : 'AC', judged_at: new Date() }).where('id', '=', id).execute();
  }, 200);

  async function times(url: string, token: string | null, n = 200): Promise<number[]> {
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      const res = await fetch(url, { headers: token ? { Authorization: token } : {} });
      await res.arrayBuffer();
      out.push(performance.now() - t0);
    }
    return out;
  }
  await times(boardUrl, room.tokens[0], 20);
  const boardBefore = await times(boardUrl, room.tokens[0]);
  const healthBefore = await times(`${bench.url}/api/health`, null);
  const memoryBefore = memory();
  const listenersBefore = changes.listenerCount;

  // Half the feeds read (counting lines), half never read.
  const { hostname, port } = new URL(bench.url);
  const reading: { socket: net.Socket; lines: number }[] = [];
  const t0 = performance.now();
  for (let i = 0; i < N / 2; i++) {
    const socket = net.connect({ port: Number(port), host: hostname });
    const client = { socket, lines: 0 };
    socket.on('data', (chunk: Buffer) => {
      for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) client.lines++;
    });
    socket.on('error', () => {});
    socket.write(`GET ${feedPath} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`);
    reading.push(client);
    if (i % 50 === 49) await sleep(10);
  }
  const stalled: StalledClient[] = await openStalled(bench.url, feedPath, N - N / 2);
  const openMs = performance.now() - t0;
  await sleep(2000);
  const boardDuring = await times(boardUrl, room.tokens[0]);
  const healthDuring = await times(`${bench.url}/api/health`, null);
  const memoryDuring = memory();

  // A verdict's way to every reading feed.
  const reach: number[] = [];
  clearInterval(judging);
  await sleep(1000);
  for (let r = 0; r < 5; r++) {
    const before = reading.map((c) => c.lines);
    const start = performance.now();
    await db.updateTable('submissions').set({ status: r % 2 ? 'WA' : 'AC', judged_at: new Date() }).where('id', '=', room.submissionOf[r]).execute();
    while (reading.some((c, i) => c.lines === before[i]) && performance.now() - start < 10_000) await sleep(5);
    reach.push(performance.now() - start);
    await sleep(600);
  }

  const row = (name: string, a: number[], b: number[]) => `| ${name} | ${pct(a, 50).toFixed(1)} / ${pct(a, 99).toFixed(1)} | ${pct(b, 50).toFixed(1)} / ${pct(b, 99).toFixed(1)} |`;
  console.log(`\n${N} anonymous event feeds (${N / 2} reading, ${N - N / 2} never reading), a contest of 100, a verdict every 200 ms; ${usePg ? 'PostgreSQL' : 'PGlite'}; load ${loadAverage()}\n`);
  console.log('| ms, p50 / p99 | without feeds | with the feeds open |');
  console.log('| --- | --- | --- |');
  console.log(row('leaderboard (a contestant)', boardBefore, boardDuring));
  console.log(row('GET /api/health', healthBefore, healthDuring));
  console.log(`\nopening the ${N}: ${openMs.toFixed(0)} ms; memory (heap + external) ${mb(memoryBefore)} → ${mb(memoryDuring)}; change-feed listeners +${changes.listenerCount - listenersBefore}`);
  console.log(`a verdict reaching all ${N / 2} reading feeds: p50 ${pct(reach, 50).toFixed(0)} ms, max ${Math.max(...reach).toFixed(0)} ms`);
  for (const c of reading) c.socket.destroy();
  closeStalled(stalled);
} finally {
  await bench.close();
}
