// A whole contest room on live updates (issue 16, item 3: "it must hold 1000 connected
// contestants on one server"): 1000 members each hold GET /api/events open on one server at once;
// an announcement reaches every stream, a verdict reaches its owner's stream and no other member's
// (the others hear only that the board changed), and closing the streams leaves none behind on the
// server. bench/sse.ts measures the same room's latencies; this test proves it holds, in CI.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import http from 'node:http';
import { hashToken } from '@verdict/server/internal/modules/accounts/tokens';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { adminAccount, type TestAccount } from '../helpers/tokens.ts';

const ROOM = 1000;
const HOUR = 3600_000;

interface Stream {
  events: { event: string; data: Record<string, unknown> }[];
  request: http.ClientRequest;
}

/** One stream on its own connection (as 1000 browsers would), its events kept. */
function openStream(url: string, token: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const stream: Stream = { events: [], request: null as unknown as http.ClientRequest };
    stream.request = http.get(url, { headers: { Authorization: token, Accept: 'text/event-stream' }, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`stream refused: ${res.statusCode}`));
        return;
      }
      res.setEncoding('utf8');
      let buffered = '';
      res.on('data', (chunk: string) => {
        buffered += chunk;
        for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!event || !data) continue;
          stream.events.push({ event, data: JSON.parse(data) });
          if (event === 'hello') resolve(stream);
        }
      });
      res.on('error', () => undefined);
    });
    stream.request.on('error', reject);
  });
}

async function until(what: string, done: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('live updates for a room of 1000 contestants @slow', function () {
  this.timeout(300_000);
  let server: TestServer;
  let admin: TestAccount;
  let contestId: number;
  const streams: Stream[] = [];
  const submissionOf: number[] = [];

  before(async () => {
    server = await startTestServer({ JUDGE_WORKERS: '0', SUBMIT_WAIT_MS: '0' });
    admin = await adminAccount(server);
    const { db } = server.services;
    const now = server.clock.now().getTime();
    const contest = await db
      .insertInto('contests')
      .values({ title: 'Room of 1000', start_time: new Date(now - HOUR), end_time: new Date(now + HOUR), create_time: new Date(now) })
      .returning('id')
      .executeTakeFirstOrThrow();
    contestId = contest.id;
    const problem = await db.insertInto('problems').values({ title: 'Sum', time_limit: 1000, memory_limit: 256 }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('contest_problems').values({ contest_id: contestId, problem_id: problem.id, position: 0 }).execute();
    const tokens: string[] = [];
    for (let i = 0; i < ROOM; i += 250) {
      const batch = Array.from({ length: Math.min(250, ROOM - i) }, (_, j) => i + j);
      const users = await db
        .insertInto('users')
        .values(batch.map((k) => ({ username: `room${k}`, email: `room${k}@room.test`, nickname: `room${k}`, auth: 0, password_hash: 'x' })))
        .returning('id')
        .execute();
      const batchTokens = batch.map(() => crypto.randomBytes(32).toString('base64url'));
      tokens.push(...batchTokens);
      await db
        .insertInto('auth_tokens')
        .values(users.map((u, j) => ({ user_id: u.id, token_hash: hashToken(batchTokens[j]), expires_at: new Date(now + 86400_000) })))
        .execute();
      await db.insertInto('contest_users').values(users.map((u) => ({ contest_id: contestId, user_id: u.id }))).execute();
      const subs = await db
        .insertInto('submissions')
        .values(users.map((u) => ({ user_id: u.id, problem_id: problem.id, contest_id: contestId, language: 'cpp', code: '//', status: 'PD', tests: '[]', created_at: new Date(now) })))
        .returning('id')
        .execute();
      submissionOf.push(...subs.map((s) => s.id));
    }
    const url = `${server.url}/api/events?contestId=${contestId}`;
    for (let i = 0; i < ROOM; i += 200) streams.push(...(await Promise.all(tokens.slice(i, i + 200).map((t) => openStream(url, t)))));
  });

  after(async () => {
    for (const s of streams) s.request.destroy();
    await server?.destroy();
  });

  it('holds every stream open at once', () => {
    assert.equal(streams.length, ROOM);
    assert.equal(server.services.events.size, ROOM, 'the server counts one live stream per contestant');
  });

  it('brings an announcement to every stream', async () => {
    const text = 'The room hears this';
    const reply = await admin.api.json('/api/clarification/admin/announce', { contestId, text });
    assert.equal(reply.code, 0, reply.message);
    const heard = () => streams.filter((s) => s.events.some((e) => e.event === 'clarification' && JSON.stringify(e.data).includes(text))).length;
    await until(`the announcement on all ${ROOM} streams`, () => heard() === ROOM);
  });

  it("brings a verdict to its owner's stream only; everyone hears the board changed", async () => {
    const owner = 417;
    const mark = streams.map((s) => s.events.length);
    await server.services.db.updateTable('submissions').set({ status: 'AC', run_time: 10, judged_at: new Date() }).where('id', '=', submissionOf[owner]).execute();
    const since = (i: number) => streams[i].events.slice(mark[i]);
    await until("the owner's verdict", () => since(owner).some((e) => e.event === 'submission' && e.data.id === submissionOf[owner] && e.data.judgeResult === 'AC'));
    await until(`board news on all ${ROOM} streams`, () => streams.every((_, i) => since(i).some((e) => e.event === 'scoreboard')));
    const leaked = streams.filter((_, i) => i !== owner && since(i).some((e) => e.event === 'submission')).length;
    assert.equal(leaked, 0, "no other contestant's stream hears of the submission");
  });

  it('leaves no stream behind on the server once they close', async () => {
    for (const s of streams) s.request.destroy();
    await until('the server to drop every stream', () => server.services.events.size === 0, 30_000);
  });
});
