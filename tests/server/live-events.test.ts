// Live updates (issue 16, item 3) on a real server, database and judge process: GET /api/events
// streams a contestant's own submissions test by test to their verdict, the clarifications they
// may see, contest and scoreboard changes; administrators hear everything of the contest. Attacks:
// another member's submissions and private questions never reach a stream, a non-member or a
// logged-out session gets none, too many streams are refused, a stream that ends leaves nothing
// behind on the server.
import assert from 'node:assert/strict';
import { formatTime } from '@verdict/server/internal/common/wire';
import { LiveClient } from '../helpers/live-events.ts';
import { SLOW_SUM_AC, addSlowSumProblem, isFinal } from '../helpers/slow-sum.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';

const HOUR = 3600_000;

describe('live updates (GET /api/events)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let admin: TestAccount;
  let alice: TestAccount;
  let bob: TestAccount;
  let dave: TestAccount;
  let contestId: number;
  let problemId: number;
  const open: LiveClient[] = [];
  const connect = async (who: TestAccount | null, query: Record<string, number> = { contestId }) => {
    const client = await LiveClient.open(server.url, who?.api.token ?? null, query);
    open.push(client);
    await client.until('hello', (c) => c.of('hello').length === 1);
    return client;
  };
  const at = (offsetMs: number) => formatTime(new Date(server.clock.now().getTime() + offsetMs));

  before(async () => {
    server = await startTestServer({ JUDGE_WORKERS: '1', SUBMIT_WAIT_MS: '0' });
    admin = await adminAccount(server);
    alice = await accountWithToken(server, { username: 'live_alice' });
    bob = await accountWithToken(server, { username: 'live_bob' });
    dave = await accountWithToken(server, { username: 'live_dave' });
    problemId = await addSlowSumProblem(server);
    const c = await admin.api.json('/api/contest/add', { title: 'Live Cup', startTimeStr: at(-HOUR), endTimeStr: at(HOUR) });
    assert.equal(c.code, 0, c.message);
    contestId = c.data.id;
    await admin.api.form('/api/contestProblem/addByProblemId', { contestId, problemId });
    for (const m of [alice, bob]) await admin.api.json('/api/contestRecord/add', { contestId, userId: m.id });
  });

  afterEach(() => {
    for (const c of open.splice(0)) c.close();
  });
  after(() => server?.destroy());

  it('a contestant sees their submission judged test by test, then its verdict; the others hear only that the board changed', async () => {
    const aliceLive = await connect(alice);
    const bobLive = await connect(bob);
    const adminLive = await connect(admin);
    const hello = aliceLive.of('hello')[0];
    assert.equal(hello.contestId, contestId);
    assert.match(hello.serverTime, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const submitted = await alice.api.json('/api/submit', { problemId, contestId, language: 'python3', code: SLOW_SUM_AC });
    assert.equal(submitted.code, 0, submitted.message);
    const id = submitted.data.id;
    const mine = () => aliceLive.of('submission').filter((s) => s.id === id);
    await aliceLive.until('the verdict', () => mine().some((s) => isFinal(s.judgeResult)));
    const seen = mine();
    const final = seen.at(-1)!;
    assert.equal(final.judgeResult, 'AC');
    assert.equal(final.judgingTest, null);
    assert.equal(final.problemId, problemId);
    assert.equal(final.contestId, contestId);
    assert.ok(final.runTime >= 400, `run time ${final.runTime}`);
    // Each test takes half a second: the stream told which one was running, in order.
    const running = seen.filter((s) => s.judgeResult === 'JG' && (s.judgingTest ?? 0) > 0).map((s) => s.judgingTest!);
    assert.ok(running.length >= 2, `tests seen running: ${JSON.stringify(seen)}`);
    assert.deepEqual(running, [...running].sort((a, b) => a - b));
    assert.ok(running.every((n) => n >= 1 && n <= 3));

    // The administrator heard it too; Bob did not hear Alice's submission, only the board.
    await adminLive.until('the verdict for the admin', (c) => c.of('submission').some((s) => s.id === id && s.judgeResult === 'AC'));
    await bobLive.until('the scoreboard news', (c) => c.of('scoreboard').length > 0);
    assert.deepEqual(bobLive.of('scoreboard')[0], { contestId });
    assert.deepEqual(bobLive.of('submission'), []);
  });

  it('clarifications: the judges hear the question with its asker, a private answer reaches the asker alone, a public one everybody without the name', async () => {
    const aliceLive = await connect(alice);
    const bobLive = await connect(bob);
    const adminLive = await connect(admin);
    const adminEverywhere = await connect(admin, {});
    const asked = await alice.api.json('/api/clarification/ask', { contestId, problemId, text: 'Can a be negative?' });
    assert.equal(asked.code, 0, asked.message);
    const qid = asked.data.id;
    await adminLive.until('the question', (c) => c.of('clarification').some((q) => q.id === qid));
    assert.equal(adminLive.of('clarification').find((q) => q.id === qid)?.username, 'live_alice');
    // The judges' screen of every contest hears it too.
    await adminEverywhere.until('the question, contest-wide', (c) => c.of('clarification').some((q) => q.id === qid && q.username === 'live_alice'));
    await aliceLive.until('her own question', (c) => c.of('clarification').some((q) => q.id === qid && q.mine));

    const answered = await admin.api.json('/api/clarification/admin/answer', { id: qid, answer: 'No.', visibility: 'private' });
    assert.equal(answered.code, 0, answered.message);
    await aliceLive.until('the private answer', (c) => c.of('clarification').some((q) => q.id === qid && q.answer === 'No.'));

    const announced = await admin.api.json('/api/clarification/admin/announce', { contestId, text: 'Five minutes more.' });
    assert.equal(announced.code, 0, announced.message);
    await bobLive.until('the announcement', (c) => c.of('clarification').some((q) => q.kind === 'announcement'));
    // Nothing of Alice's private question reached Bob.
    assert.ok(!bobLive.of('clarification').some((q) => q.id === qid), JSON.stringify(bobLive.events));

    const madePublic = await admin.api.json('/api/clarification/admin/answer', { id: qid, answer: 'No, never.', visibility: 'public' });
    assert.equal(madePublic.code, 0, madePublic.message);
    await bobLive.until('the public answer', (c) => c.of('clarification').some((q) => q.id === qid));
    const bobSees = bobLive.of('clarification').find((q) => q.id === qid)!;
    assert.equal(bobSees.mine, false);
    assert.equal(bobSees.answer, 'No, never.');
    for (const field of ['username', 'nickname', 'userId', 'answeredBy']) assert.ok(!(field in bobSees), `${field} leaked to another member`);
  });

  it('a thaw or an edit of the contest is news to its streams', async () => {
    const bobLive = await connect(bob);
    const update = await admin.api.json(
      '/api/contest/update',
      { id: contestId, title: 'Live Cup', startTimeStr: at(-HOUR), endTimeStr: at(HOUR), freezeTimeStr: at(-HOUR / 2) },
      'PUT',
    );
    assert.equal(update.code, 0, update.message);
    await bobLive.until('the contest news', (c) => c.of('contest').length > 0 && c.of('scoreboard').length > 0);
    assert.deepEqual(bobLive.of('contest')[0], { contestId });
  });

  it('during the freeze, the verdict of a later submission is news to the judges only; the thaw is news to all', async () => {
    // The previous test froze the board half an hour ago.
    const bobLive = await connect(bob);
    const adminLive = await connect(admin);
    const { db } = server.services;
    const row = await db
      .insertInto('submissions')
      .values({ user_id: alice.id, problem_id: problemId, contest_id: contestId, language: 'python3', code: 'print(0)', status: 'PD', tests: '[]', created_at: server.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A new try shows on the frozen board as pending: everyone hears that.
    await bobLive.until('the news of a new try', (c) => c.of('scoreboard').length === 1);
    await new Promise((r) => setTimeout(r, 1200));
    const bobHeard = bobLive.of('scoreboard').length;
    const adminHeard = adminLive.of('scoreboard').length;
    await db.updateTable('submissions').set({ status: 'AC', judged_at: new Date() }).where('id', '=', row.id).execute();
    await adminLive.until('the judges’ news of the hidden verdict', (c) => c.of('scoreboard').length > adminHeard);
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(bobLive.of('scoreboard').length, bobHeard, 'a contestant learnt that a frozen verdict came');

    const thawed = await admin.api.json('/api/contest/thaw', { contestId });
    assert.equal(thawed.code, 0, thawed.message);
    await bobLive.until('the thaw', (c) => c.of('contest').length > 0 && c.of('scoreboard').length > bobHeard);
  });

  it('without a contest: the caller’s own submissions anywhere', async () => {
    const aliceLive = await connect(alice, {});
    const bobLive = await connect(bob, {});
    const submitted = await alice.api.json('/api/submit', { problemId, contestId, language: 'python3', code: 'print(1)\n' });
    const id = submitted.data.id;
    await aliceLive.until('the verdict', (c) => c.of('submission').some((s) => s.id === id && s.judgeResult === 'WA'));
    assert.deepEqual(bobLive.of('submission'), []);
  });

  it('refuses non-members, anonymous callers and too many streams with the envelope, not a stream', async () => {
    const refusal = async (token: string | null, query: Record<string, number>) => {
      const res = await fetch(`${server.url}/api/events?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, { headers: token ? { Authorization: token } : {} });
      return { status: res.status, body: await res.json() };
    };
    assert.deepEqual(await refusal(dave.api.token, { contestId }), { status: 403, body: { code: 1013, message: 'You are not a participant of this contest', data: null } });
    assert.equal((await refusal(null, { contestId })).status, 401);
    assert.equal((await refusal(alice.api.token, { contestId: 999_999 })).status, 404);
    assert.equal((await refusal(alice.api.token, { contestId: 0 })).status, 400);
    for (let i = 0; i < 8; i++) await connect(alice);
    const ninth = await refusal(alice.api.token, { contestId });
    assert.equal(ninth.status, 429);
    assert.match(ninth.body.message, /at most 8/);
  });

  it('a session that ends or a member who is removed loses the stream; closed streams leave nothing behind', async () => {
    const carol = await accountWithToken(server, { username: 'live_carol' });
    await admin.api.json('/api/contestRecord/add', { contestId, userId: carol.id });
    const carolLive = await connect(carol);
    const bobLive = await connect(bob);
    const out = await carol.api.json('/api/user/logout', {});
    assert.equal(out.code, 0, out.message);
    const removed = await admin.api.json('/api/contestRecord/deleteByUserId', { contestId, userId: bob.id }, 'DELETE');
    assert.equal(removed.code, 0, removed.message);
    await server.services.events.recheckStreams();
    await carolLive.until('the end of a logged-out stream', (c) => c.closed, 5000);
    await bobLive.until('the end of a removed member’s stream', (c) => c.closed, 5000);
    await admin.api.json('/api/contestRecord/add', { contestId, userId: bob.id });

    for (const c of open.splice(0)) c.close();
    const deadline = Date.now() + 5000;
    while ((server.services.events.size > 0 || server.services.changes.listenerCount > 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.equal(server.services.events.size, 0);
    assert.equal(server.services.changes.listenerCount, 0);
  });
});
