// A judged contest of World Finals size written straight into the database, and a client that
// reads a long reply steadily at a modest rate: the feed tests' fixtures (tests/server/ccs-feed-large,
// tests/server/stream-stall).
import net from 'node:net';
import { sql } from 'kysely';
import type { TestServer } from './server.ts';

export interface JudgedContestSize {
  teams: number;
  submissions: number;
  /** Test results per submission. */
  tests: number;
}

/**
 * A running contest (started 4 h ago) of `teams` members and 12 problems with `submissions`
 * judged records of `tests` results each and their verdict rows, in a few INSERT … SELECT
 * statements; returns its id.
 */
export async function seedJudgedContest(server: TestServer, { teams, submissions, tests }: JudgedContestSize): Promise<number> {
  const { db } = server.services;
  const now = server.clock.now().getTime();
  const start = new Date(now - 4 * 3600_000);
  const contest = await db
    .insertInto('contests')
    .values({ title: 'World Finals', start_time: start, end_time: new Date(now + 3600_000), create_time: start })
    .returning('id')
    .executeTakeFirstOrThrow();
  const contestId = contest.id;
  const testsJson = JSON.stringify(Array.from({ length: tests }, (_, i) => ({ name: String(i + 1), verdict: 'AC', timeMs: 10 + i, memoryKb: 900 })));
  await sql`insert into problems (title, time_limit, memory_limit) select 'Problem ' || i, 1000, 256 from generate_series(1, 12) i`.execute(db);
  await sql`insert into contest_problems (contest_id, problem_id, position)
            select ${contestId}, id, row_number() over (order by id) - 1 from problems where title like 'Problem %'`.execute(db);
  await sql`insert into users (username, email, nickname, auth, password_hash)
            select 'wf' || i, 'wf' || i || '@wf.test', 'Team ' || i, 0, 'x' from generate_series(1, ${teams}) i`.execute(db);
  await sql`insert into contest_users (contest_id, user_id) select ${contestId}, id from users where username like 'wf%'`.execute(db);
  await sql`insert into submissions (user_id, problem_id, contest_id, language, code, status, run_time, tests, created_at, judge_started_at, judged_at)
            select u.id, p.id, ${contestId}, 'cpp', '//', case when i % 3 = 0 then 'WA' else 'AC' end, 19, ${testsJson}::jsonb,
                   ${start}::timestamptz + (i || ' seconds')::interval, ${start}::timestamptz + (i || ' seconds')::interval, ${start}::timestamptz + (i + 1 || ' seconds')::interval
            from generate_series(1, ${submissions}) i
            join (select id, row_number() over (order by id) as n from users where username like 'wf%') u on u.n = 1 + i % ${teams}
            join (select id, row_number() over (order by id) as n from problems where title like 'Problem %') p on p.n = 1 + i % 12`.execute(db);
  await sql`insert into submission_verdicts (submission_id, attempt, status, run_time, run_memory, judged_by, judged_at)
            select id, 1, status, run_time, 900, 'test#1', judged_at from submissions where contest_id = ${contestId}`.execute(db);
  return contestId;
}

/** Reads the whole feed (stream=false) over a raw socket, `bytesPerTick` every `tickMs`: a client that reads steadily, slowly. */
export function readSlowly(
  url: string,
  path: string,
  token: string,
  bytesPerTick: number,
  tickMs: number,
  /** Told how many bytes have come, after each piece. */
  onProgress?: (received: number) => void,
): Promise<{ status: number; body: string; ms: number }> {
  const { hostname, port } = new URL(url);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port: Number(port), host: hostname });
    const chunks: Buffer[] = [];
    let takenThisTick = 0;
    let received = 0;
    socket.on('error', reject);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: ${token}\r\nConnection: close\r\n\r\n`);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      takenThisTick += chunk.length;
      onProgress?.(received);
      if (takenThisTick >= bytesPerTick) socket.pause();
    });
    const timer = setInterval(() => {
      takenThisTick = 0;
      socket.resume();
    }, tickMs);
    socket.on('end', () => {
      clearInterval(timer);
      const raw = Buffer.concat(chunks).toString('utf8');
      const headEnd = raw.indexOf('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
      resolve({ status, body: dechunk(raw.slice(headEnd + 4)), ms: Date.now() - started });
    });
  });
}

/** The body of a chunked reply. */
function dechunk(text: string): string {
  const parts: string[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = text.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(text.slice(at, lineEnd), 16);
    if (!size) break;
    parts.push(text.slice(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return parts.join('');
}
