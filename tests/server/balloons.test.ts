// Balloons (issue 16, item 5) on a real server and database: each member's first accepted
// submission per problem of the contest, in the order accepted, with the problem's colour and the
// first to solve each problem marked; an AC after rejections, or a second AC, gives one balloon;
// other contests' records, non-members', practice and out-of-window ones give none. Delivery is
// stored server-side (two judges see the same state, who delivered it and when), survives a
// rejudge that moves the first AC, and both routes are for administrators only.
import assert from 'node:assert/strict';
import { formatTime } from '@verdict/server/internal/common/wire';
import { itRefusesNonAdmins } from '../helpers/admin-only.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, snapshot, type TestAccount } from '../helpers/tokens.ts';

const MINUTE = 60_000;
const NO_BALLOON = 'No such balloon: this contestant has no accepted submission on this problem in this contest';

describe('balloons', () => {
  let server: TestServer;
  let admin: TestAccount;
  let judge2: TestAccount;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;
  let mallory: TestAccount;
  let dave: TestAccount;
  /** The contest's start: an hour before the clock when the test began. */
  let start: number;
  let cup: number;
  let other: number;
  const [A, B, C] = [0, 1, 2];
  const problems: number[] = [];
  let aliceFirstAc: number;
  const deliveries = () => snapshot(server, ['balloon_deliveries']);

  async function submission(user: TestAccount, problem: number, status: string, minute: number, contest: number | null = cup): Promise<number> {
    const row = await server.services.db
      .insertInto('submissions')
      .values({
        user_id: user.id,
        problem_id: problems[problem],
        contest_id: contest,
        language: 'cpp',
        code: '// x',
        status,
        tests: '[]',
        created_at: new Date(start + minute * MINUTE),
        judged_at: status === 'PD' ? null : server.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const list = (query: Record<string, string | number> = {}, who = admin) => who.api.get('/api/balloon/list', { contestId: cup, ...query });
  const deliver = (userId: number, problem: number, delivered: boolean | string, who = admin) =>
    who.api.json('/api/balloon/deliver', { contestId: cup, userId, problemId: problems[problem], delivered });
  const summary = (items: { username: string; problemLetter: string; contestSeconds: number; firstToSolve: boolean }[]) =>
    items.map((b) => `${b.username} ${b.problemLetter} ${b.contestSeconds / 60}${b.firstToSolve ? ' first' : ''}`);

  before(async () => {
    server = await startTestServer();
    admin = await adminAccount(server);
    judge2 = await accountWithToken(server, { username: 'balloon_judge', auth: 1 });
    [alice, bob, carol, mallory, dave] = await Promise.all(
      ['alice', 'bob', 'carol', 'mallory', 'dave'].map((name) => accountWithToken(server, { username: `balloon_${name}` })),
    );
    start = server.clock.now().getTime() - 60 * MINUTE;
    const added = await admin.api.json('/api/contest/add', {
      title: 'Balloon Cup',
      startTimeStr: formatTime(new Date(start)),
      endTimeStr: formatTime(new Date(start + 120 * MINUTE)),
      freezeTimeStr: formatTime(new Date(start + 50 * MINUTE)),
    });
    assert.equal(added.code, 0, added.message);
    cup = added.data.id;
    other = (await admin.api.json('/api/contest/add', { title: 'Other Cup', startTimeStr: formatTime(new Date(start)), endTimeStr: formatTime(new Date(start + 120 * MINUTE)) })).data.id;
    const colours = [{ color: '#FF0000', colorName: 'red' }, {}, { color: '#0000ff' }];
    for (const [i, title] of ['Apples', 'Bananas', 'Cherries'].entries()) {
      const p = await admin.api.json('/api/admin/problem/add', { title, memoryLimit: 64, timeLimit: 1000, ...colours[i] });
      assert.equal(p.code, 0, p.message);
      problems.push(p.data.id);
      await admin.api.form('/api/contestProblem/addByProblemId', { contestId: cup, problemId: p.data.id });
    }
    await admin.api.form('/api/contestProblem/addByProblemId', { contestId: other, problemId: problems[A] });
    for (const user of [alice, bob, carol]) await admin.api.json('/api/contestRecord/add', { contestId: cup, userId: user.id });
    await admin.api.json('/api/contestRecord/add', { contestId: other, userId: dave.id });
    await admin.api.json('/api/contestRecord/add', { contestId: other, userId: alice.id });

    // Alice solves A after a rejection, then submits it again; bob solved it before her.
    await submission(alice, A, 'WA', 5);
    aliceFirstAc = await submission(alice, A, 'AC', 10);
    await submission(alice, A, 'AC', 12);
    await submission(bob, A, 'AC', 8);
    // Bob's B does not compile, then waits to be judged: no balloon.
    await submission(bob, B, 'CE', 9);
    await submission(bob, B, 'PD', 11);
    await submission(carol, B, 'AC', 15);
    await submission(alice, B, 'AC', 20);
    // Mallory is not a member: her AC on C does not make her the first to solve it.
    await submission(mallory, C, 'AC', 3);
    // Carol solves C after the freeze.
    await submission(carol, C, 'AC', 52);
    // None of these: before the start, after the end, practice, another contest, an administrator.
    await submission(alice, C, 'AC', -5);
    await submission(bob, C, 'AC', 121);
    await submission(alice, C, 'AC', 30, null);
    await submission(alice, A, 'AC', 1, other);
    await submission(dave, A, 'AC', 2, other);
    await submission(admin, A, 'AC', 1);
  });
  after(() => server?.destroy());

  it('lists the first AC of each member per problem in the order accepted, marking the first to solve each problem', async () => {
    const reply = await list();
    assert.equal(reply.code, 0, reply.message);
    assert.deepEqual(summary(reply.data.items), [
      'balloon_bob A 8 first',
      'balloon_alice A 10',
      'balloon_carol B 15 first',
      'balloon_alice B 20',
      'balloon_carol C 52 first',
    ]);
    assert.deepEqual([reply.data.total, reply.data.undelivered], [5, 5]);
    const [bobA, aliceA, carolB, , carolC] = reply.data.items;
    assert.deepEqual(aliceA, {
      submissionId: aliceFirstAc,
      contestId: cup,
      userId: alice.id,
      username: 'balloon_alice',
      nickname: 'balloon_alice',
      problemId: problems[A],
      problemLetter: 'A',
      problemTitle: 'Apples',
      color: '#ff0000',
      colorName: 'red',
      acceptTime: formatTime(new Date(start + 10 * MINUTE)),
      contestSeconds: 600,
      firstToSolve: false,
      afterFreeze: false,
      delivered: false,
      deliveredBy: null,
      deliveredAt: null,
    });
    assert.deepEqual([bobA.color, carolB.color, carolB.colorName, carolC.color, carolC.colorName], ['#ff0000', null, null, '#0000ff', null]);
    assert.deepEqual(reply.data.items.map((b) => b.afterFreeze), [false, false, false, false, true], 'judges see balloons of the freeze too, marked');
  });

  it('another contest lists only its own balloons', async () => {
    const reply = await admin.api.get('/api/balloon/list', { contestId: other });
    assert.deepEqual(summary(reply.data.items), ['balloon_alice A 1 first', 'balloon_dave A 2']);
  });

  it('a delivery is stored: every judge sees who delivered it and when; delivering again keeps the first mark', async () => {
    const delivered = await deliver(bob.id, A, true);
    assert.equal(delivered.code, 0, delivered.message);
    assert.deepEqual(
      [delivered.data.delivered, delivered.data.deliveredBy, delivered.data.deliveredAt, delivered.data.firstToSolve],
      [true, 'admin', formatTime(server.clock.now()), true],
    );
    const seen = (await list({}, judge2)).data.items.find((b) => b.userId === bob.id && b.problemId === problems[A])!;
    assert.deepEqual([seen.delivered, seen.deliveredBy, seen.deliveredAt], [true, 'admin', delivered.data.deliveredAt]);
    server.clock.advance(MINUTE);
    const again = await deliver(bob.id, A, true, judge2);
    assert.deepEqual([again.data.deliveredBy, again.data.deliveredAt], ['admin', delivered.data.deliveredAt]);
  });

  it('status=undelivered keeps the balloons still to deliver; the counts are the whole contest\'s', async () => {
    const waiting = await list({ status: 'undelivered' });
    assert.equal(waiting.code, 0, waiting.message);
    assert.deepEqual(summary(waiting.data.items), ['balloon_alice A 10', 'balloon_carol B 15 first', 'balloon_alice B 20', 'balloon_carol C 52 first']);
    assert.deepEqual([waiting.data.total, waiting.data.undelivered], [5, 4]);
    assert.equal((await list({ status: 'all' })).data.items.length, 5);
  });

  it('a delivery marked by mistake is undone by any judge (form bodies too)', async () => {
    const undone = await judge2.api.form('/api/balloon/deliver', { contestId: cup, userId: bob.id, problemId: problems[A], delivered: 'false' });
    assert.equal(undone.code, 0, undone.message);
    assert.deepEqual([undone.data.delivered, undone.data.deliveredBy, undone.data.deliveredAt], [false, null, null]);
    assert.equal((await list()).data.undelivered, 5);
    const redone = await judge2.api.form('/api/balloon/deliver', { contestId: cup, userId: bob.id, problemId: problems[A], delivered: '1' });
    assert.deepEqual([redone.data.delivered, redone.data.deliveredBy], [true, 'balloon_judge']);
  });

  it('a delivered balloon stays delivered when a rejudge moves the first AC', async () => {
    assert.equal((await deliver(alice.id, A, true)).data.delivered, true);
    await server.services.db.updateTable('submissions').set({ status: 'WA' }).where('id', '=', aliceFirstAc).execute();
    const moved = (await list()).data.items.find((b) => b.userId === alice.id && b.problemId === problems[A])!;
    assert.deepEqual([moved.contestSeconds, moved.delivered, moved.deliveredBy], [12 * 60, true, 'admin']);
    await server.services.db.updateTable('submissions').set({ status: 'AC' }).where('id', '=', aliceFirstAc).execute();
  });

  it('refuses what is not a balloon of the contest, and a bad request, changing nothing', async () => {
    const before = await deliveries();
    const refusals: [Promise<{ status: number; message: string }>, number, string][] = [
      [deliver(mallory.id, C, true), 404, NO_BALLOON],
      [deliver(bob.id, B, true), 404, NO_BALLOON],
      [deliver(dave.id, A, true), 404, NO_BALLOON],
      [admin.api.json('/api/balloon/deliver', { contestId: 999_999, userId: bob.id, problemId: problems[A], delivered: true }), 404, 'No such contest'],
      [deliver(bob.id, A, 'maybe'), 400, 'delivered must be true or false'],
      [admin.api.json('/api/balloon/deliver', { contestId: cup, userId: bob.id, problemId: problems[A] }), 400, 'delivered must be true or false'],
      [admin.api.get('/api/balloon/list', { contestId: 999_999 }), 404, 'No such contest'],
      [list({ status: 'delivered' }), 400, "status must be 'undelivered' or 'all'"],
      [admin.api.get('/api/balloon/list', {}), 400, 'contestId must be a positive integer'],
    ];
    for (const [call, status, message] of refusals) {
      const reply = await call;
      assert.deepEqual([reply.status, reply.message], [status, message]);
    }
    assert.equal(await deliveries(), before);
  });

  it('a contestant of the contest is refused both routes', async () => {
    const listed = await list({}, alice);
    assert.deepEqual([listed.status, listed.message], [403, 'Administrator permission required']);
    const marked = await deliver(alice.id, A, false, alice);
    assert.deepEqual([marked.status, marked.message], [403, 'Administrator permission required']);
  });

  describe('administrators only', () => {
    itRefusesNonAdmins(
      [
        ['get', '/api/balloon/list?contestId=1', undefined],
        ['post', '/api/balloon/deliver', { contestId: 1, userId: 1, problemId: 1, delivered: true }],
      ],
      () => ({ url: server.url, user: carol.api, state: deliveries }),
    );
  });

  it('deleting the contest deletes its deliveries; deleting a judge keeps theirs, without the name', async () => {
    assert.equal((await deliver(carol.id, B, true, judge2)).data.deliveredBy, 'balloon_judge');
    const deleted = await admin.api.json('/api/user/deleteListById', [judge2.id], 'DELETE');
    assert.equal(deleted.code, 0, deleted.message);
    const kept = (await list()).data.items.find((b) => b.userId === carol.id && b.problemId === problems[B])!;
    assert.deepEqual([kept.delivered, kept.deliveredBy], [true, null]);
    const gone = await admin.api.json('/api/contest/deleteList', [cup], 'DELETE');
    assert.equal(gone.code, 0, gone.message);
    const left = await server.services.db.selectFrom('balloon_deliveries').select('contest_id').where('contest_id', '=', cup).execute();
    assert.deepEqual(left, []);
  });
});
