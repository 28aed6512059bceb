// The new board on every screen after a verdict (issue 29, item 1), the two ways side by side in
// one run on one server: N contestants (1000 by default) of a running contest each hold
// GET /api/events open, from a process beside the server, and a verdict is written to the
// database as the judge process writes it. Measured per verdict and contestant: the time until
// that contestant has the new board —
//   - pulled (the web app before issue 29): the stream says the scoreboard changed and each
//     contestant reads GET /api/BangDan/AllResultList within a second, at random, with its own
//     token (the arrival is the end of that read);
//   - pushed (board=1): the stream brings the board's diff, computed once per change and view,
//     and the client applies it (the arrival is the diff applied; its size is printed).
// After each pushed round every contestant's applied board is checked for the verdict.
// Usage: npm run bench -- boards [N=1000] [--pg] [--rounds 10] [--problems 12]
import { performance } from 'node:perf_hooks';
import { seedLiveRoom } from '../tests/helpers/live-room.ts';
import { loadAverage, startBenchServer } from './lib/judge-server.ts';
import { fmt, pct, row } from './lib/figures.ts';
import { forkSseClients } from './lib/sse-clients-process.ts';

const args = process.argv.slice(2);
const N = Number(args.find((a) => /^\d+$/.test(a)) ?? 1000);
const usePg = args.includes('--pg');
const option = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const ROUNDS = option('--rounds', 10);
const PROBLEMS = option('--problems', 12);

const now = () => performance.timeOrigin + performance.now();

const bench = await startBenchServer({ workers: 0, usePg, env: { SUBMIT_WAIT_MS: '0' } });
const { db } = bench.server.services;
const { clients, ask } = forkSseClients();
type Firsts = { firsts: (number | null)[] };

try {
  const { contestId, tokens, submissionOf } = await seedLiveRoom(db, N, Date.now(), 'board');
  // More problems than the room's one, as a contest has (the rows grow with them).
  for (let p = 1; p < PROBLEMS; p++) {
    const problem = await db.insertInto('problems').values({ title: `P${p}`, time_limit: 1000, memory_limit: 256 }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('contest_problems').values({ contest_id: contestId, problem_id: problem.id, position: p }).execute();
  }
  const streamUrl = `${bench.url}/api/events?contestId=${contestId}`;
  const boardUrl = `${bench.url}/api/BangDan/AllResultList?contestId=${contestId}`;
  const boardBytes = (await (await fetch(boardUrl, { headers: { Authorization: tokens[0] } })).arrayBuffer()).byteLength;

  /** Rounds of one verdict each; per contestant, the time until they had the new board. */
  async function rounds(firstMember: number, pushed: boolean): Promise<{ times: number[]; bytes: number[]; wrong: number; elu: number }> {
    const times: number[] = [];
    const bytes: number[] = [];
    let wrong = 0;
    const elu0 = performance.eventLoopUtilization();
    for (let r = 0; r < ROUNDS; r++) {
      const k = (firstMember + r * 97) % N;
      const status = r % 2 ? 'WA' : 'AC';
      const t0 = now();
      await db.updateTable('submissions').set({ status, run_time: 10, judged_at: new Date() }).where('id', '=', submissionOf[k]).execute();
      // Until every contestant has it (or 10 s), then a pause: rounds do not overlap.
      for (let waited = 0; waited < 10_000; waited += 100) {
        await new Promise((res) => setTimeout(res, 100));
        if ((await ask<Firsts>({ type: 'firsts', event: 'board', after: t0 }, 'firsts')).firsts.every((t) => t !== null)) break;
      }
      const got = await ask<Firsts>({ type: 'firsts', event: 'board', after: t0 }, 'firsts');
      times.push(...got.firsts.filter((t): t is number => t !== null).map((t) => t - t0));
      if (pushed) {
        const held = await ask<{ rows: ({ acNum: number; judgeResultList: { result: string }[] } | null)[] }>({ type: 'held', userName: `board${k}` }, 'held');
        wrong += held.rows.filter((x) => !x || (status === 'AC' ? x.acNum !== 1 : x.judgeResultList[0]?.result !== 'WA')).length;
        const sizes = await ask<{ sizes: (number | null)[] }>({ type: 'sizes', after: t0 }, 'sizes');
        bytes.push(...sizes.sizes.filter((b): b is number => b !== null));
      }
      await new Promise((res) => setTimeout(res, 1200));
    }
    return { times, bytes, wrong, elu: performance.eventLoopUtilization(elu0).utilization };
  }

  // Pulled: streams without board=1; each reads the board on the news.
  const pulledOpen = await ask<{ ms: number }>({ type: 'open', url: streamUrl, tokens, boardUrl }, 'opened');
  const pulled = await rounds(0, false);
  await ask({ type: 'close' }, 'closed');
  await new Promise((res) => setTimeout(res, 2000));
  // Pushed: streams with board=1; each applies the diffs.
  const pushedOpen = await ask<{ ms: number }>({ type: 'open', url: `${streamUrl}&board=1`, tokens }, 'opened');
  // Each stream is sent the whole board after its hello: the rounds start once every one has it.
  const opening = now() - pushedOpen.ms;
  let wholeBoards = (await ask<Firsts>({ type: 'firsts', event: 'board', after: 0 }, 'firsts')).firsts;
  while (wholeBoards.some((t) => t === null)) {
    await new Promise((res) => setTimeout(res, 250));
    wholeBoards = (await ask<Firsts>({ type: 'firsts', event: 'board', after: 0 }, 'firsts')).firsts;
  }
  const allWhole = Math.max(...(wholeBoards as number[])) - opening;
  await new Promise((res) => setTimeout(res, 2000));
  const pushed = await rounds(13, true);

  console.log(`\nThe new board on ${N} screens after a verdict (${usePg ? 'PostgreSQL' : 'PGlite'}; ${N} members × ${PROBLEMS} problems, the board ${(boardBytes / 1024).toFixed(0)} KB of JSON); ${loadAverage()}`);
  console.log(`streams opened: pulled ${fmt(pulledOpen.ms)} ms, pushed ${fmt(pushedOpen.ms)} ms, and every one had its whole board ${fmt(allWhole)} ms after the first was asked for; server event loop busy during the rounds: pulled ${(pulled.elu * 100).toFixed(1)}%, pushed ${(pushed.elu * 100).toFixed(1)}%`);
  console.log(`pushed boards checked after each round: ${pushed.wrong === 0 ? 'every contestant had the verdict' : `${pushed.wrong} contestants did NOT have the verdict`}; a diff on the stream: ${fmt(pct(pushed.bytes, 50))} bytes at the median, ${fmt(Math.max(...pushed.bytes))} at most\n`);
  console.log('| verdict written → this contestant has the new board (ms) | count | p50 | p99 | max |');
  console.log('|---|---|---|---|---|');
  console.log(row('pulled: scoreboard news, then GET /api/BangDan/AllResultList', pulled.times, ROUNDS * N));
  console.log(row('pushed: the board diff on the stream, applied', pushed.times, ROUNDS * N));
  if (pushed.wrong > 0) process.exitCode = 1;
} finally {
  await ask({ type: 'close' }, 'closed');
  clients.kill();
  await bench.close();
}
