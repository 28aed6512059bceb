// A whole contest room on live updates (issue 16, item 3: "it must hold 1000 connected
// contestants on one server"): 1000 members each hold GET /api/events open on one server at once;
// an announcement reaches every stream, a verdict reaches its owner's stream and no other member's
// (the others hear only that the board changed), and closing the streams leaves none behind on the
// server. bench/sse.ts measures the same room's latencies; this test proves it holds, in CI.
import assert from 'node:assert/strict';
import { LiveClient } from '../helpers/live-events.ts';
import { seedLiveRoom, type LiveRoom } from '../helpers/live-room.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { adminAccount, type TestAccount } from '../helpers/tokens.ts';

const ROOM = 1000;

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
  let room: LiveRoom;
  const streams: LiveClient[] = [];

  before(async () => {
    server = await startTestServer({ JUDGE_WORKERS: '0', SUBMIT_WAIT_MS: '0' });
    admin = await adminAccount(server);
    room = await seedLiveRoom(server.services.db, ROOM, server.clock.now().getTime(), 'room');
    const open = async (token: string) => {
      const client = await LiveClient.open(server.url, token, { contestId: room.contestId });
      await client.until('hello', (c) => c.of('hello').length === 1);
      return client;
    };
    for (let i = 0; i < ROOM; i += 200) streams.push(...(await Promise.all(room.tokens.slice(i, i + 200).map(open))));
  });

  after(async () => {
    for (const s of streams) s.close();
    await server?.destroy();
  });

  it('holds every stream open at once', () => {
    assert.equal(streams.length, ROOM);
    assert.equal(server.services.events.size, ROOM, 'the server counts one live stream per contestant');
  });

  it('brings an announcement to every stream', async () => {
    const text = 'The room hears this';
    const reply = await admin.api.json('/api/clarification/admin/announce', { contestId: room.contestId, text });
    assert.equal(reply.code, 0, reply.message);
    const heard = () => streams.filter((s) => s.events.some((e) => e.event === 'clarification' && JSON.stringify(e.data).includes(text))).length;
    await until(`the announcement on all ${ROOM} streams`, () => heard() === ROOM);
  });

  it("brings a verdict to its owner's stream only; everyone hears the board changed", async () => {
    const owner = 417;
    const id = room.submissionOf[owner];
    const mark = streams.map((s) => s.events.length);
    await server.services.db.updateTable('submissions').set({ status: 'AC', run_time: 10, judged_at: new Date() }).where('id', '=', id).execute();
    const since = (i: number) => streams[i].events.slice(mark[i]);
    const isVerdict = (e: { event: string; data: unknown }) => e.event === 'submission' && (e.data as { id: number; judgeResult: string }).id === id && (e.data as { judgeResult: string }).judgeResult === 'AC';
    await until("the owner's verdict", () => since(owner).some(isVerdict));
    await until(`board news on all ${ROOM} streams`, () => streams.every((_, i) => since(i).some((e) => e.event === 'scoreboard')));
    const leaked = streams.filter((_, i) => i !== owner && since(i).some((e) => e.event === 'submission')).length;
    assert.equal(leaked, 0, "no other contestant's stream hears of the submission");
  });

  it('leaves no stream behind on the server once they close', async () => {
    for (const s of streams) s.close();
    await until('the server to drop every stream', () => server.services.events.size === 0, 30_000);
  });
});
