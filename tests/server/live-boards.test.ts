// Boards pushed through the live streams (issue 29, item 1) on a real server and database: a
// stream opened with board=1 gets the board GET /api/BangDan/AllResultList gives its user — whole,
// then diffs that, applied, equal the REST board after every verdict. Attacks: during the freeze
// a contestant's stream never carries a verdict the frozen board hides (while the judges' stream
// does); a member removed from the contest, or a session logged out, gets no board pushed after
// it, even when a verdict comes at once (before the streams' periodic checks would close it).
import assert from 'node:assert/strict';
import { applyLiveBoard, type HeldBoard, type LiveBoard } from '@verdict/shared';
import { formatTime } from '@verdict/server/internal/common/wire';
import { LiveClient } from '../helpers/live-events.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';

const MINUTE = 60_000;

describe('boards pushed through the live streams (GET /api/events?board=1)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let admin: TestAccount;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;
  let problemId: number;
  const open: LiveClient[] = [];

  const at = (offsetMs: number) => formatTime(new Date(server.clock.now().getTime() + offsetMs));
  async function contest(title: string, freezeMinutesAgo?: number): Promise<number> {
    const added = await admin.api.json('/api/contest/add', {
      title,
      startTimeStr: at(-60 * MINUTE),
      endTimeStr: at(60 * MINUTE),
      ...(freezeMinutesAgo === undefined ? {} : { freezeTimeStr: at(-freezeMinutesAgo * MINUTE) }),
    });
    assert.equal(added.code, 0, added.message);
    await admin.api.form('/api/contestProblem/addByProblemId', { contestId: added.data.id, problemId });
    for (const m of [alice, bob, carol]) await admin.api.json('/api/contestRecord/add', { contestId: added.data.id, userId: m.id });
    return added.data.id;
  }
  async function submit(user: TestAccount, contestId: number, status: string, minutesAgo = 0): Promise<number> {
    const row = await server.services.db
      .insertInto('submissions')
      .values({
        user_id: user.id,
        problem_id: problemId,
        contest_id: contestId,
        language: 'cpp',
        code: '//',
        status,
        tests: '[]',
        created_at: new Date(server.clock.now().getTime() - minutesAgo * MINUTE),
        judged_at: status === 'PD' ? null : new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const judge = (id: number, status: string) => server.services.db.updateTable('submissions').set({ status, judged_at: new Date() }).where('id', '=', id).execute();
  async function restBoard(who: TestAccount, contestId: number) {
    const reply = await who.api.get('/api/BangDan/AllResultList', { contestId });
    assert.equal(reply.code, 0, reply.message);
    return reply.data as LiveBoard['rows'];
  }
  async function follow(who: TestAccount, contestId: number): Promise<LiveClient> {
    const client = await LiveClient.open(server.url, who.api.token, { contestId, board: 1 });
    open.push(client);
    await client.until('the whole board', (c) => c.of('board').length > 0, 10_000);
    return client;
  }
  /** The board a client holds after every board event it got (a gap fails the test). */
  function held(client: LiveClient): HeldBoard {
    let board: HeldBoard | null = null;
    for (const event of client.of('board')) {
      board = applyLiveBoard(board, event);
      assert.ok(board, `a gap at version ${event.version}: ${JSON.stringify(client.of('board'))}`);
    }
    return board!;
  }
  /** Waits until the board `client` holds equals what REST gives `who`. */
  async function heldEqualsRest(client: LiveClient, who: TestAccount, contestId: number): Promise<void> {
    let rest: LiveBoard['rows'] = [];
    const deadline = Date.now() + 10_000;
    for (;;) {
      rest = await restBoard(who, contestId);
      if (JSON.stringify(held(client).rows) === JSON.stringify(rest)) return;
      if (Date.now() > deadline) assert.deepEqual(held(client).rows, rest);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  before(async () => {
    server = await startTestServer();
    admin = await adminAccount(server);
    alice = await accountWithToken(server, { username: 'push_alice' });
    bob = await accountWithToken(server, { username: 'push_bob' });
    carol = await accountWithToken(server, { username: 'push_carol' });
    const p = await admin.api.json('/api/admin/problem/add', { title: 'Pushed', memoryLimit: 64, timeLimit: 1000 });
    problemId = p.data.id;
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.close();
  });
  after(() => server?.destroy());

  it('sends the whole board, then diffs that keep it equal to the REST board after each verdict, and no scoreboard news', async () => {
    const contestId = await contest('Pushed Cup');
    await submit(bob, contestId, 'WA', 30);
    const aliceLive = await follow(alice, contestId);
    assert.equal(aliceLive.of('board')[0].from, null);
    assert.equal(aliceLive.of('board')[0].view, 'live');
    await heldEqualsRest(aliceLive, alice, contestId);

    const id = await submit(bob, contestId, 'PD', 10);
    await judge(id, 'AC');
    await aliceLive.until('a diff', (c) => c.of('board').some((b) => b.from !== null));
    await heldEqualsRest(aliceLive, alice, contestId);
    await submit(carol, contestId, 'AC', 5);
    await heldEqualsRest(aliceLive, alice, contestId);
    // Bob's AC moved him up: the diff carried his row and the ranks that moved, not the whole board.
    assert.ok(aliceLive.of('board').slice(1).every((b) => b.from !== null && b.rows.length <= 2), JSON.stringify(aliceLive.of('board')));
    assert.deepEqual(aliceLive.of('scoreboard'), []);
  });

  it('during the freeze, a contestant’s stream carries the frozen board only; the judges’ the live one; the thaw pushes the final board', async () => {
    const contestId = await contest('Frozen Pushes', 20);
    const aliceLive = await follow(alice, contestId);
    const adminLive = await follow(admin, contestId);
    assert.equal(held(aliceLive).view, 'frozen');
    assert.equal(held(adminLive).view, 'live');

    // Bob's try after the freeze: pending for everyone, then its hidden verdict.
    const id = await submit(bob, contestId, 'PD');
    await aliceLive.until('the pending try', () => held(aliceLive).rows.some((r) => r.userName === 'push_bob' && r.judgeResultList[0]?.pending === 1));
    await judge(id, 'AC');
    await adminLive.until('the verdict on the judges’ board', () => held(adminLive).rows.find((r) => r.userName === 'push_bob')?.acNum === 1);
    await new Promise((r) => setTimeout(r, 1000));
    await heldEqualsRest(aliceLive, alice, contestId);
    await heldEqualsRest(adminLive, admin, contestId);
    const leaked = aliceLive.of('board').flatMap((b) => b.rows).filter((r) => r.acNum > 0 || r.judgeResultList.some((c) => c.result === 'AC'));
    assert.deepEqual(leaked, [], 'a frozen verdict reached a contestant');
    assert.ok(aliceLive.of('board').every((b) => b.view === 'frozen'));

    const thawed = await admin.api.json('/api/contest/thaw', { contestId });
    assert.equal(thawed.code, 0, thawed.message);
    await aliceLive.until('the final board', () => held(aliceLive).view === 'live');
    await heldEqualsRest(aliceLive, alice, contestId);
    assert.equal(held(aliceLive).rows.find((r) => r.userName === 'push_bob')?.acNum, 1);
  });

  it('pushes nothing to a member removed from the contest or a session logged out, even for a verdict right after', async () => {
    const contestId = await contest('Leaving Cup');
    const aliceLive = await follow(alice, contestId);
    const bobLive = await follow(bob, contestId);
    const carolLive = await follow(carol, contestId);
    const [bobHad, carolHad] = [bobLive.of('board').length, carolLive.of('board').length];

    const removed = await admin.api.json('/api/contestRecord/deleteByUserId', { contestId, userId: bob.id }, 'DELETE');
    assert.equal(removed.code, 0, removed.message);
    const out = await carol.api.json('/api/user/logout', {});
    assert.equal(out.code, 0, out.message);
    await submit(alice, contestId, 'AC', 1);
    await aliceLive.until('the diff', (c) => c.of('board').some((b) => b.from !== null));
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(bobLive.of('board').length, bobHad, `a removed member got a board: ${JSON.stringify(bobLive.of('board').slice(bobHad))}`);
    assert.equal(carolLive.of('board').length, carolHad, 'a logged-out session got a board');
    await bobLive.until('the end of the removed member’s stream', (c) => c.closed, 5000);
    await carolLive.until('the end of the logged-out stream', (c) => c.closed, 5000);
  });

  it('gives a non-member no stream at all', async () => {
    const contestId = await contest('Closed Cup');
    const dave = await accountWithToken(server, { username: 'push_dave' });
    await assert.rejects(LiveClient.open(server.url, dave.api.token, { contestId, board: 1 }), /403/);
    await assert.rejects(LiveClient.open(server.url, alice.api.token, { contestId, board: 2 }), /400/);
  });
});
