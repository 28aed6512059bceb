// A whole ICPC contest, compressed in time, on one server (issue 29, item 4): N teams (1000) and
// P problems (12); submissions through POST /api/submit on a curve like a five-hour contest's
// (a slow first half hour, a peak in hour 3, a rush before the freeze and before the end), each
// team at most one per SUBMIT_LIMITS.minIntervalMs; J stand-in judges (claim the oldest pending
// submission, "judge" for about --judge-ms, store the verdict through the judges' own write); the
// freeze at 4 h, the thaw after the end; every team's screen holding its live stream with the
// board pushed (board=1, the web app's way), in a process beside the server. Measured:
//   - board staleness on the screens: every --sample-ms a change contestants may see (a verdict
//     outside the freeze, a new try during it) is taken, and for every screen the time from the
//     change to the screen's board showing it; the thaw → every screen has the final board;
//   - submit latency (the API's reply), queue wait (made → claimed), submission → verdict;
//   - the server's event-loop lag (monitorEventLoopDelay) and busy share;
//   - that nothing is lost: every submission made has one final verdict, the final board equals a
//     recomputation from the records, and every screen's board equals it.
// Usage: npm run bench -- rehearsal [N=1000] [--pg] [--minutes 5] [--submissions 4000] [--judges 8] [--judge-ms 300] [--problems 12]
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { SUBMIT_LIMITS } from '@verdict/shared';
import { buildLeaderboard } from '@verdict/server/internal/modules/contests/leaderboard';
import { storeFinalVerdict } from '@verdict/server/internal/modules/submissions/submission-verdicts';
import { seedLiveRoom } from '../tests/helpers/live-room.ts';
import { REPO_ROOT, addProblem, loadAverage, startBenchServer } from './lib/judge-server.ts';
import { fmt, row } from './lib/figures.ts';
import { forkSseClients } from './lib/sse-clients-process.ts';
import { cellMeasure } from './lib/board-cells.ts';

const args = process.argv.slice(2);
const N = Number(args.find((a) => /^\d+$/.test(a)) ?? 1000);
const usePg = args.includes('--pg');
const option = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const DURATION_MS = option('--minutes', 5) * 60_000;
const SUBMISSIONS = option('--submissions', 4000);
const JUDGES = option('--judges', 8);
const JUDGE_MS = option('--judge-ms', 300);
const PROBLEMS = option('--problems', 12);
const SAMPLE_MS = option('--sample-ms', 1000);
/** The contest's five hours, in contest minutes. */
const MINUTES = 300;
const FREEZE_MINUTE = 240;

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Submissions per contest minute, relatively: slow start, peak in hour 3, rushes before the freeze and the end. */
function weight(minute: number): number {
  if (minute < 30) return 0.2 + (0.8 * minute) / 30;
  if (minute < 120) return 1 + (0.5 * (minute - 30)) / 90;
  if (minute < 180) return 1.6;
  if (minute < 225) return 1.2;
  if (minute < FREEZE_MINUTE) return 2;
  if (minute < 285) return 1.1;
  return 2.5;
}

/** When each team submits which problem, in ms from the start, a team's submissions apart by the submit limit. */
function schedule(): { at: number; team: number; problem: number }[] {
  const cumulative: number[] = [];
  let total = 0;
  for (let m = 0; m < MINUTES; m++) cumulative.push((total += weight(m)));
  const msPerMinute = DURATION_MS / MINUTES;
  const byTeam = new Map<number, number[]>();
  for (let i = 0; i < SUBMISSIONS; i++) {
    const u = Math.random() * total;
    const minute = cumulative.findIndex((c) => c >= u);
    const team = Math.floor(Math.random() * N);
    (byTeam.get(team) ?? byTeam.set(team, []).get(team)!).push((minute + Math.random()) * msPerMinute);
  }
  const planned: { at: number; team: number; problem: number }[] = [];
  for (const [team, times] of byTeam) {
    let last = -Infinity;
    for (const t of times.sort((a, b) => a - b)) {
      const at = Math.max(t, last + SUBMIT_LIMITS.minIntervalMs + 1000);
      if (at >= DURATION_MS - 500) break;
      // Easier problems (the first letters) are tried more.
      planned.push({ at, team, problem: Math.min(PROBLEMS - 1, Math.floor(-Math.log(1 - Math.random() * 0.999) * (PROBLEMS / 4))) });
      last = at;
    }
  }
  return planned.sort((a, b) => a.at - b.at);
}

const bench = await startBenchServer({ workers: 0, usePg, env: { SUBMIT_WAIT_MS: '0' } });
const { db } = bench.server.services;
const { clients, ask } = forkSseClients();

try {
  // The teams, their sessions and the problems; the room's own pending submissions are not part of the contest.
  const { contestId, tokens } = await seedLiveRoom(db, N, Date.now(), 'team');
  await db.deleteFrom('submissions').where('contest_id', '=', contestId).execute();
  const problemIds = [(await db.selectFrom('contest_problems').select('problem_id').where('contest_id', '=', contestId).executeTakeFirstOrThrow()).problem_id];
  for (let p = 1; p < PROBLEMS; p++) {
    const problem = await db.insertInto('problems').values({ title: `P${p}`, time_limit: 1000, memory_limit: 256 }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('contest_problems').values({ contest_id: contestId, problem_id: problem.id, position: p }).execute();
    problemIds.push(problem.id);
  }
  // Submissions need a problem with test data: every problem gets A+B's package (the stand-in judges never read it).
  const aplusb = await addProblem(bench, `${REPO_ROOT}/problems/aplusb`);
  const { package_hash } = await db.selectFrom('problems').select('package_hash').where('id', '=', aplusb).executeTakeFirstOrThrow();
  await db.updateTable('problems').set({ package_hash }).where('id', 'in', problemIds).execute();
  const letters = problemIds.map((_, i) => String.fromCharCode(65 + i));
  const userNames = Array.from({ length: N }, (_, k) => `team${k}`);
  const userIds = new Map((await db.selectFrom('users').select(['id', 'username']).where('username', 'like', 'team%').execute()).map((u) => [u.id, u.username]));

  // Every screen holds its stream before the start.
  const opened = await ask<{ ms: number }>({ type: 'open', url: `${bench.url}/api/events?contestId=${contestId}&board=1`, tokens }, 'opened');
  await sleep(2000);
  const start = Date.now() + 1000;
  const freezeAt = start + (FREEZE_MINUTE / MINUTES) * DURATION_MS;
  await db
    .updateTable('contests')
    .set({ start_time: new Date(start), end_time: new Date(start + DURATION_MS), freeze_time: new Date(freezeAt) })
    .where('id', '=', contestId)
    .execute();
  const plan = schedule();
  await sleep(start - Date.now());

  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const elu0 = performance.eventLoopUtilization();

  // The stand-in judges.
  const queueWaits: number[] = [];
  const toVerdict: number[] = [];
  /** Changes contestants may see, newest last: verdicts of tries made outside the freeze, tries made during it. */
  const visible: { at: number; userName: string; letter: string }[] = [];
  let judging = true;
  let judgeErrors = 0;
  const letterOf = new Map(problemIds.map((id, i) => [id, letters[i]]));
  const judges = Array.from({ length: JUDGES }, async () => {
    while (judging) {
      try {
        const claimed = await db
          .updateTable('submissions')
          .set((eb) => ({ status: 'JG', judge_attempts: eb('judge_attempts', '+', 1), judge_started_at: new Date() }))
          .where('id', '=', (eb) =>
            eb.selectFrom('submissions').select('id').where('contest_id', '=', contestId).where('status', '=', 'PD').orderBy('id').limit(1).forUpdate().skipLocked(),
          )
          .returning(['id', 'judge_attempts', 'created_at', 'user_id', 'problem_id'])
          .executeTakeFirst();
        if (!claimed) {
          await sleep(50);
          continue;
        }
        queueWaits.push(Date.now() - claimed.created_at.getTime());
        await sleep(JUDGE_MS * (0.5 + Math.random()));
        const status = Math.random() < 0.35 ? 'AC' : 'WA';
        if (await storeFinalVerdict(db, claimed.id, { attempt: claimed.judge_attempts, states: ['JG'] }, { status, run_time: 2, run_memory: 1024 })) {
          const at = now();
          toVerdict.push(at - claimed.created_at.getTime());
          if (claimed.created_at.getTime() < freezeAt) visible.push({ at, userName: userIds.get(claimed.user_id)!, letter: letterOf.get(claimed.problem_id)! });
        }
      } catch {
        judgeErrors += 1;
      }
    }
  });

  // Every SAMPLE_MS, the newest change contestants may see: what the route shows them of it, to be waited for on every screen.
  let sampling = true;
  let watches = 0;
  const sampleLoop = (async () => {
    let seen = 0;
    while (sampling) {
      await sleep(SAMPLE_MS);
      if (visible.length === seen) continue;
      const change = visible[visible.length - 1];
      seen = visible.length;
      const board = await fetch(`${bench.url}/api/BangDan/AllResultList?contestId=${contestId}`, { headers: { Authorization: tokens[0] } }).then(
        (r) => r.json() as Promise<{ data: { userName: string; judgeResultList: { newId: string; result: string; cnt: number; pending?: number }[] }[] }>,
      );
      const cell = board.data.find((r) => r.userName === change.userName)?.judgeResultList.find((c) => c.newId === change.letter);
      await ask({ type: 'watch', watch: { id: watches++, after: change.at, userName: change.userName, letter: change.letter, measure: cellMeasure(cell) } }, 'watching');
    }
  })();

  // The teams' submissions.
  const submitTimes: number[] = [];
  const submitErrors: string[] = [];
  let made = 0;
  const sending: Promise<void>[] = [];
  let code = 0;
  for (const s of plan) {
    const wait = start + s.at - Date.now();
    if (wait > 0) await sleep(wait);
    sending.push(
      (async () => {
        const t0 = now();
        try {
          const res = await fetch(`${bench.url}/api/submit`, {
            method: 'POST',
            headers: { Authorization: tokens[s.team], 'Content-Type': 'application/json' },
            body: JSON.stringify({ contestId, problemId: problemIds[s.problem], language: 'cpp', code: `// team ${s.team} try ${++code}\nint main() {}\n` }),
          });
          const reply = (await res.json()) as { code: number; message: string };
          submitTimes.push(now() - t0);
          if (reply.code !== 0) submitErrors.push(reply.message);
          else {
            made += 1;
            if (Date.now() >= freezeAt) visible.push({ at: now(), userName: userNames[s.team], letter: letters[s.problem] });
          }
        } catch (err) {
          submitErrors.push((err as Error).message);
        }
      })(),
    );
  }
  await Promise.all(sending);
  // The last verdicts, then the thaw.
  while ((await db.selectFrom('submissions').select(sql<number>`count(*)::int`.as('n')).where('contest_id', '=', contestId).where('status', 'in', ['PD', 'JG']).executeTakeFirstOrThrow()).n > 0) await sleep(100);
  judging = false;
  await Promise.all(judges);
  await sleep(3000);
  sampling = false;
  await sampleLoop;
  await sleep(Math.max(0, start + DURATION_MS + 1000 - Date.now()));
  const thawAt = now();
  const thawed = await fetch(`${bench.url}/api/contest/thaw`, {
    method: 'POST',
    headers: { Authorization: bench.adminToken, 'Content-Type': 'application/json' },
    body: JSON.stringify({ contestId }),
  }).then((r) => r.json() as Promise<{ code: number; message: string }>);
  if (thawed.code !== 0) throw new Error(`thaw: ${thawed.message}`);
  await ask({ type: 'watch', watch: { id: -1, after: thawAt, view: 'live' } }, 'watching');
  await sleep(5000);
  lag.disable();
  const busy = performance.eventLoopUtilization(elu0).utilization;

  // Staleness of every sampled change on every screen.
  const watched = await ask<{ waits: { id: number; waits: (number | null)[] }[] }>({ type: 'watched' }, 'watched');
  const staleness = watched.waits.filter((w) => w.id >= 0).flatMap((w) => w.waits);
  const thaw = watched.waits.find((w) => w.id === -1)?.waits ?? [];

  // Nothing lost: one final verdict per submission, the board as recomputed, every screen's board the same.
  const records = await db
    .selectFrom('submissions as s')
    .leftJoin('submission_verdicts as v', 'v.submission_id', 's.id')
    .select(['s.id', 's.status', sql<number>`count(v.submission_id)::int`.as('verdicts')])
    .where('s.contest_id', '=', contestId)
    .groupBy(['s.id', 's.status'])
    .execute();
  const unfinished = records.filter((r) => !['AC', 'WA'].includes(r.status)).length;
  const notOnce = records.filter((r) => r.verdicts !== 1).length;
  const contest = await db.selectFrom('contests').selectAll().where('id', '=', contestId).executeTakeFirstOrThrow();
  const recomputed = JSON.stringify(await buildLeaderboard(db, contest, 'live'));
  const served = await fetch(`${bench.url}/api/BangDan/AllResultList?contestId=${contestId}`, { headers: { Authorization: tokens[0] } }).then((r) => r.json() as Promise<{ data: unknown }>);
  const screens = (await ask<{ boards: (string | null)[] }>({ type: 'digests' }, 'digests')).boards;
  const screensWrong = screens.filter((b) => b !== `live:${recomputed}`).length;

  console.log(`\nContest rehearsal (${usePg ? 'PostgreSQL' : 'PGlite'}): ${N} teams × ${PROBLEMS} problems, five hours in ${DURATION_MS / 60_000} min, freeze at 4 h, thaw after the end; ${JUDGES} stand-in judges of ~${JUDGE_MS} ms (capacity ~${((JUDGES * 1000) / JUDGE_MS).toFixed(0)}/s); ${loadAverage()}`);
  console.log(`${N} streams (board=1) opened in ${fmt(opened.ms)} ms; submissions planned ${plan.length}, made ${made} (peak offered ${peakRate(plan).toFixed(1)}/s in 10 s; ${watches} changes sampled), refused or failed ${submitErrors.length}${submitErrors.length ? ` (${[...new Set(submitErrors)].slice(0, 3).join('; ')})` : ''}; judge rounds failed ${judgeErrors}`);
  console.log(`server event loop: busy ${(busy * 100).toFixed(1)}%, lag p50 ${fmt(lag.percentile(50) / 1e6)} ms, p99 ${fmt(lag.percentile(99) / 1e6)} ms, max ${fmt(lag.max / 1e6)} ms`);
  console.log(
    `nothing lost: ${records.length} submissions, ${unfinished} without a final verdict, ${notOnce} without exactly one; the final board ${JSON.stringify(served.data) === recomputed ? 'equals' : 'DIFFERS FROM'} a recomputation from the records; ${N - screensWrong}/${N} screens show it\n`,
  );
  console.log('| measured (ms) | count | p50 | p99 | max |');
  console.log('|---|---|---|---|---|');
  console.log(row('board staleness: a change contestants may see → on every screen', staleness.filter((w): w is number => w !== null), staleness.length));
  console.log(row('thaw → the final board on every screen', thaw.filter((w): w is number => w !== null), thaw.length));
  console.log(row('submit (POST /api/submit reply)', submitTimes));
  console.log(row('queue wait (made → claimed by a judge)', queueWaits));
  console.log(row('submission → verdict', toVerdict));
  if (submitErrors.length || judgeErrors || unfinished || notOnce || screensWrong || JSON.stringify(served.data) !== recomputed) process.exitCode = 1;

  /** The highest submissions per second offered in any 10 s of the plan. */
  function peakRate(p: { at: number }[]): number {
    let best = 0;
    for (let i = 0, j = 0; i < p.length; i++) {
      while (p[i].at - p[j].at > 10_000) j++;
      best = Math.max(best, (i - j + 1) / 10);
    }
    return best;
  }
} finally {
  await ask({ type: 'close' }, 'closed');
  clients.kill();
  await bench.close();
}
