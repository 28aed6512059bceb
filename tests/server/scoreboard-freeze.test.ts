// Scoreboard freeze and thaw (issue 16, item 1), on the real database: contestants see the
// submissions made from the freeze on as pending tries on GET /api/BangDan/AllResultList (the
// board of both the user leaderboard and the admin scoreboard) while their own verdicts stay in
// their records; administrators see the live board or, asking, the frozen one; a thaw shows
// everyone the final board at once, through the leaderboard cache.
import assert from 'node:assert/strict';
import { formatTime, parseTime } from '@verdict/server/internal/common/wire';
import { computeScoreboard } from '@verdict/server/internal/modules/contests/scoreboard';
import { Api } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, snapshot, type TestAccount } from '../helpers/tokens.ts';

const MINUTE = 60_000;
const HOUR_MS = 60 * MINUTE;
interface Cell {
  newId: string;
  result: string;
  cnt: number;
  submitTime: number;
  pending?: number;
}
interface Row {
  rank: number;
  userName: string;
  acNum: number;
  timePenalty: number;
  judgeResultList: Cell[];
}

describe('scoreboard freeze and thaw', () => {
  let server: TestServer;
  let admin: TestAccount;
  let alice: TestAccount;
  let bob: TestAccount;
  let stranger: TestAccount;
  let publicApi: Api;
  /** The server's clock when the contest was set up: start 60 min before, freeze 20 min before. */
  let t0: number;
  let contestId: number;
  const problems: number[] = [];

  const board = async (who: Api, query: Record<string, string | number> = {}) => {
    const reply = await who.get('/api/BangDan/AllResultList', { contestId, ...query });
    assert.equal(reply.code, 0, reply.message);
    return reply.data as Row[];
  };
  const rowOf = (rows: Row[], name: string) => rows.find((r) => r.userName === name)!;
  const cells = (row: Row) => Object.fromEntries(row.judgeResultList.map(({ newId, ...cell }) => [newId, cell]));

  async function submission(user: TestAccount, problem: number, status: string, minutesAfterStart: number, contest = contestId, start = t0 - 60 * MINUTE) {
    const row = await server.services.db
      .insertInto('submissions')
      .values({
        user_id: user.id,
        problem_id: problem,
        contest_id: contest,
        language: 'cpp',
        code: '// x',
        status,
        tests: '[]',
        created_at: new Date(start + minutesAfterStart * MINUTE),
        judged_at: status === 'PD' ? null : server.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  before(async () => {
    server = await startTestServer();
    admin = await adminAccount(server);
    alice = await accountWithToken(server, { username: 'freeze_alice' });
    bob = await accountWithToken(server, { username: 'freeze_bob' });
    stranger = await accountWithToken(server, { username: 'freeze_stranger' });
    publicApi = new Api(server.url);
    t0 = server.clock.now().getTime();
    const added = await admin.api.json('/api/contest/add', {
      title: 'Frozen Cup',
      startTimeStr: formatTime(new Date(t0 - 60 * MINUTE)),
      endTimeStr: formatTime(new Date(t0 + 60 * MINUTE)),
      freezeTimeStr: formatTime(new Date(t0 - 20 * MINUTE)),
    });
    assert.equal(added.code, 0, added.message);
    contestId = added.data.id;
    for (const title of ['Freeze A', 'Freeze B']) {
      const p = await admin.api.json('/api/admin/problem/add', { title, memoryLimit: 64, timeLimit: 1000 });
      problems.push(p.data.id);
      await admin.api.form('/api/contestProblem/addByProblemId', { contestId, problemId: p.data.id });
    }
    for (const user of [alice, bob]) await admin.api.json('/api/contestRecord/add', { contestId, userId: user.id });
    const [A, B] = problems;
    // Before the freeze (minute 40): alice solves A at her second try; bob fails A once.
    await submission(alice, A, 'WA', 15);
    await submission(alice, A, 'AC', 20);
    await submission(bob, A, 'WA', 25);
    // From the freeze on: bob solves A and B (he would lead), alice's B does not compile, and
    // alice tries A again after solving it (nothing to hide there).
    await submission(bob, A, 'AC', 45);
    await submission(bob, B, 'AC', 50);
    await submission(alice, B, 'CE', 48);
    await submission(alice, A, 'WA', 52);
  });
  after(() => server?.destroy());

  it('returns the freeze time, the frozen state and the server clock with the contest', async () => {
    const info = await alice.api.get('/api/contest/ContestInfo', { contestId });
    assert.equal(info.code, 0, info.message);
    assert.equal(info.data.freezeTime, formatTime(new Date(t0 - 20 * MINUTE)));
    assert.equal(info.data.thawTime, null);
    assert.equal(info.data.frozen, true);
    const skew = Math.abs(Date.parse(info.data.serverTime.replace(' ', 'T') + '+08:00') - server.clock.now().getTime());
    assert.ok(skew < 5000, `serverTime ${info.data.serverTime} is the server's clock`);
    const listed = (await admin.api.get('/api/contest/list', { id: contestId })).data[0];
    assert.deepEqual([listed.freezeTime, listed.frozen], [info.data.freezeTime, true]);
  });

  it('shows contestants the tries from the freeze on as pending, with solved counts, penalties and ranks as at the freeze', async () => {
    for (const who of [alice, bob]) {
      const rows = await board(who.api);
      assert.deepEqual(
        rows.map((r) => [r.rank, r.userName, r.acNum, r.timePenalty]),
        [
          [1, 'freeze_alice', 1, 40],
          [2, 'freeze_bob', 0, 0],
        ],
      );
      assert.deepEqual(cells(rowOf(rows, 'freeze_alice')), {
        A: { result: 'AC', cnt: 2, submitTime: 20 },
        B: { result: '', cnt: 0, submitTime: 0, pending: 1 },
      });
      assert.deepEqual(cells(rowOf(rows, 'freeze_bob')), {
        A: { result: 'WA', cnt: 1, submitTime: 25, pending: 1 },
        B: { result: '', cnt: 0, submitTime: 0, pending: 1 },
      });
    }
  });

  it('still shows each contestant their own verdicts after the freeze in their records', async () => {
    const mine = await bob.api.form('/api/JudgeRecord/MyList', { contestId });
    assert.equal(mine.code, 0, mine.message);
    assert.deepEqual(mine.data.map((r) => r.judgeResult).sort(), ['AC', 'AC', 'WA']);
    const all = await bob.api.form('/api/JudgeRecord/MyAllList', { username: bob.username });
    assert.equal(all.data.filter((r) => r.judgeResult === 'AC').length, 2);
    const latest = mine.data[0];
    assert.equal((await bob.api.get('/api/JudgeRecord/detail', { id: latest.id })).data.judgeResult, 'AC');
    // Nobody else reads them: alice's records hold only hers, bob's detail is not hers to see.
    assert.ok((await alice.api.form('/api/JudgeRecord/MyList', { contestId })).data.every((r) => r.username === alice.username));
    assert.equal((await alice.api.get('/api/JudgeRecord/detail', { id: latest.id })).status, 404);
  });

  it('gives administrators the live board, and the frozen one when they ask for it', async () => {
    const live = await board(admin.api);
    assert.deepEqual(
      live.map((r) => [r.rank, r.userName, r.acNum, r.timePenalty]),
      [
        [1, 'freeze_bob', 2, 115],
        [2, 'freeze_alice', 1, 40],
      ],
    );
    assert.ok(live.every((r) => r.judgeResultList.every((c) => c.pending === undefined)), 'nothing pending on the live board');
    assert.deepEqual(await board(admin.api, { frozen: 0 }), live);
    assert.deepEqual(await board(admin.api, { frozen: 1 }), await board(alice.api));
  });

  it('folds the frozen board in SQL exactly as the rules do', async () => {
    const { db } = server.services;
    const contest = await db.selectFrom('contests').selectAll().where('id', '=', contestId).executeTakeFirstOrThrow();
    const members = await db
      .selectFrom('contest_users as cu')
      .innerJoin('users as u', 'u.id', 'cu.user_id')
      .select(['u.id as userId', 'u.username as userName'])
      .where('cu.contest_id', '=', contestId)
      .execute();
    const subs = await db.selectFrom('submissions').select(['id', 'user_id', 'problem_id', 'status', 'created_at']).where('contest_id', '=', contestId).execute();
    const raw = subs.map((s) => ({ id: s.id, userId: s.user_id, problemId: s.problem_id, status: s.status, createdAt: s.created_at }));
    const window = { startTime: contest.start_time, endTime: contest.end_time };
    const ids = problems.map((problemId) => ({ problemId }));
    assert.deepEqual(await board(alice.api), computeScoreboard({ ...window, freezeTime: contest.freeze_time! }, ids, members, raw));
    assert.deepEqual(await board(admin.api), computeScoreboard(window, ids, members, raw));
  });

  it('refuses the board to the public and to non-members, and the choice of view to contestants', async () => {
    const queries: Record<string, number>[] = [{}, { frozen: 1 }, { frozen: 0 }];
    for (const query of queries) {
      assert.equal((await publicApi.get('/api/BangDan/AllResultList', { contestId, ...query })).status, 401);
      assert.equal((await stranger.api.get('/api/BangDan/AllResultList', { contestId, ...query })).status, 403);
    }
    for (const frozen of [0, 1]) {
      const r = await alice.api.get('/api/BangDan/AllResultList', { contestId, frozen });
      assert.equal(r.status, 403);
      assert.equal(r.message, 'Only administrators may choose between the live and the frozen scoreboard');
    }
    const bad = await admin.api.get('/api/BangDan/AllResultList', { contestId, frozen: 'yes' });
    assert.equal(bad.status, 400);
    assert.equal(bad.message, 'frozen must be 0 (live board) or 1 (frozen board)');
  });

  it('keeps a verdict judged after the freeze hidden from others, even when it arrives while the board is cached', async () => {
    const before = await board(bob.api);
    const pendingId = await submission(alice, problems[1], 'PD', 55);
    await board(alice.api); // cached with the new pending try
    await server.services.db.updateTable('submissions').set({ status: 'AC', judged_at: server.clock.now() }).where('id', '=', pendingId).execute();
    server.clock.advance(1500); // past the cache's freshness
    const after = await board(bob.api);
    assert.deepEqual(cells(rowOf(after, 'freeze_alice')).B, { result: '', cnt: 0, submitTime: 0, pending: 2 });
    assert.equal(rowOf(after, 'freeze_alice').acNum, rowOf(before, 'freeze_alice').acNum);
    // Her own record says AC; the live board counts it.
    assert.equal((await alice.api.get('/api/JudgeRecord/detail', { id: pendingId })).data.judgeResult, 'AC');
    assert.equal(cells(rowOf(await board(admin.api), 'freeze_alice')).B.result, 'AC');
  });

  describe('thaw', () => {
    const state = () => snapshot(server, ['contests']);

    it('is refused to contestants and the public, and for unknown contests, changing nothing', async () => {
      const before = await state();
      assert.equal((await alice.api.json('/api/contest/thaw', { contestId })).status, 403);
      assert.equal((await publicApi.json('/api/contest/thaw', { contestId })).status, 401);
      const ghost = await admin.api.json('/api/contest/thaw', { contestId: 999999 });
      assert.deepEqual([ghost.status, ghost.message], [404, 'No such contest']);
      const bad = await admin.api.json('/api/contest/thaw', { contestId: 'x' });
      assert.equal(bad.status, 400);
      assert.equal(await state(), before);
    });

    it('is refused for a contest without a freeze time or before the freeze', async () => {
      const start = t0 - 10 * MINUTE;
      const plain = await admin.api.json('/api/contest/add', { title: 'Never frozen', startTimeStr: formatTime(new Date(start)), endTimeStr: formatTime(new Date(t0 + HOUR_MS)) });
      const later = await admin.api.json('/api/contest/add', {
        title: 'Freezes later',
        startTimeStr: formatTime(new Date(start)),
        endTimeStr: formatTime(new Date(t0 + HOUR_MS)),
        freezeTimeStr: formatTime(new Date(t0 + 50 * MINUTE)),
      });
      const before = await state();
      const never = await admin.api.json('/api/contest/thaw', { contestId: plain.data.id });
      assert.deepEqual([never.status, never.message], [409, 'This contest has no freeze time: its scoreboard is never frozen']);
      const early = await admin.api.json('/api/contest/thaw', { contestId: later.data.id });
      assert.equal(early.status, 409);
      assert.equal(early.message, `The scoreboard is not frozen yet: it freezes at ${later.data.freezeTime}`);
      assert.equal(await state(), before);
    });

    it('shows everyone the final board at once, straight after a frozen read', async () => {
      const frozen = await board(alice.api);
      assert.deepEqual(frozen.map((r) => [r.userName, r.acNum]), [['freeze_alice', 1], ['freeze_bob', 0]]);
      await board(admin.api); // the live board cached too
      const thawed = await admin.api.json('/api/contest/thaw', { contestId });
      assert.equal(thawed.code, 0, thawed.message);
      assert.equal(thawed.data.frozen, false);
      assert.ok(Math.abs(parseTime(thawed.data.thawTime!)!.getTime() - server.clock.now().getTime()) < 2000, `thawed now, not ${thawed.data.thawTime}`);
      // No time passes: the cache must not answer with the frozen board.
      const live = await board(admin.api);
      for (const who of [alice, bob]) assert.deepEqual(await board(who.api), live);
      // Both solved two: alice's B at 55 minutes (penalty 95) beats bob's 115.
      assert.deepEqual(live.map((r) => [r.userName, r.acNum, r.timePenalty]), [['freeze_alice', 2, 95], ['freeze_bob', 2, 115]]);
      assert.ok(live.every((r) => r.judgeResultList.every((c) => c.pending === undefined)));
      const info = await bob.api.get('/api/contest/ContestInfo', { contestId });
      assert.deepEqual([info.data.frozen, info.data.thawTime], [false, thawed.data.thawTime]);
      // The board as it was at the freeze stays readable for administrators.
      assert.deepEqual(await board(admin.api, { frozen: 1 }), frozen);
    });

    it('is refused a second time, changing nothing', async () => {
      const before = await state();
      const again = await admin.api.json('/api/contest/thaw', { contestId });
      assert.equal(again.status, 409);
      assert.match(again.message, /^The scoreboard was already thawed at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      assert.equal(await state(), before);
    });

    it('starts over when the freeze time changes, and stays thawed when an edit keeps it', async () => {
      const info = (await admin.api.get('/api/contest/ContestInfo', { contestId })).data;
      const edit = (fields: Record<string, string>) =>
        admin.api.json('/api/contest/update', { id: contestId, title: info.title, startTimeStr: info.startTime, endTimeStr: info.endTime, ...fields }, 'PUT');
      const kept = await edit({});
      assert.deepEqual([kept.data.freezeTime, kept.data.thawTime, kept.data.frozen], [info.freezeTime, info.thawTime, false]);
      const same = await edit({ freezeTimeStr: info.freezeTime! });
      assert.deepEqual([same.data.thawTime, same.data.frozen], [info.thawTime, false]);
      const moved = await edit({ freezeTimeStr: formatTime(new Date(t0 - 30 * MINUTE)) });
      assert.deepEqual([moved.data.thawTime, moved.data.frozen], [null, true]);
      // Frozen again from minute 30: bob's A at 45 and alice's at 20 as before.
      assert.equal(cells(rowOf(await board(bob.api), 'freeze_bob')).A.pending, 1);
      const removed = await edit({ freezeTimeStr: '' });
      assert.deepEqual([removed.data.freezeTime, removed.data.thawTime, removed.data.frozen], [null, null, false]);
      assert.deepEqual(await board(bob.api), await board(admin.api));
    });
  });

  it('freezes the board for contestants the moment the freeze time passes', async () => {
    const start = server.clock.now().getTime() - 10 * MINUTE;
    const freezeAt = server.clock.now().getTime() + 5 * MINUTE;
    const c = await admin.api.json('/api/contest/add', {
      title: 'Freezing soon',
      startTimeStr: formatTime(new Date(start)),
      endTimeStr: formatTime(new Date(start + 2 * HOUR_MS)),
      freezeTimeStr: formatTime(new Date(freezeAt)),
    });
    await admin.api.form('/api/contestProblem/addByProblemId', { contestId: c.data.id, problemId: problems[0] });
    await admin.api.json('/api/contestRecord/add', { contestId: c.data.id, userId: alice.id });
    await submission(alice, problems[0], 'WA', 5, c.data.id, start);
    const read = async () => (await alice.api.get('/api/BangDan/AllResultList', { contestId: c.data.id })).data[0].judgeResultList[0];
    assert.deepEqual(await read(), { newId: 'A', result: 'WA', cnt: 1, submitTime: 5 });
    assert.equal((await alice.api.get('/api/contest/ContestInfo', { contestId: c.data.id })).data.frozen, false);
    server.clock.advance(5 * MINUTE);
    await submission(alice, problems[0], 'AC', 16, c.data.id, start);
    // Read at once (the live board is cached): the AC from the freeze on is pending.
    assert.deepEqual(await read(), { newId: 'A', result: 'WA', cnt: 1, submitTime: 5, pending: 1 });
    assert.equal((await alice.api.get('/api/contest/ContestInfo', { contestId: c.data.id })).data.frozen, true);
  });

  describe('freeze time validation', () => {
    const HOUR = '2030-05-01 10:00:00';
    const END = '2030-05-01 15:00:00';
    const refusals: [string, unknown, string][] = [
      ['a malformed freeze time', '2030/05/01 12:00', 'Freeze time must be written yyyy-MM-dd HH:mm:ss, or be empty for none'],
      ['an impossible date', '2030-02-30 12:00:00', 'Freeze time must be written yyyy-MM-dd HH:mm:ss, or be empty for none'],
      ['a number', 12, 'Freeze time must be written yyyy-MM-dd HH:mm:ss, or be empty for none'],
      ['null', null, 'Freeze time must be written yyyy-MM-dd HH:mm:ss, or be empty for none'],
      ['a freeze before the start', '2030-05-01 09:00:00', 'Freeze time must be after the start time'],
      ['a freeze at the start', HOUR, 'Freeze time must be after the start time'],
      ['a freeze at the end', END, 'Freeze time must be before the end time'],
      ['a freeze after the end', '2030-05-01 16:00:00', 'Freeze time must be before the end time'],
    ];
    const unchanged = () => snapshot(server, ['contests']);

    for (const [what, freezeTimeStr, message] of refusals) {
      it(`refuses ${what} on add and update: "${message}", changing nothing`, async () => {
        const before = await unchanged();
        const add = await admin.api.json('/api/contest/add', { title: 'Validation Cup', startTimeStr: HOUR, endTimeStr: END, freezeTimeStr });
        assert.deepEqual([add.status, add.message], [400, message]);
        const update = await admin.api.json('/api/contest/update', { id: contestId, title: 'Frozen Cup', startTimeStr: HOUR, endTimeStr: END, freezeTimeStr }, 'PUT');
        assert.deepEqual([update.status, update.message], [400, message]);
        assert.equal(await unchanged(), before);
      });
    }

    it('accepts a freeze strictly inside the window, and none when empty or left out', async () => {
      const inside = await admin.api.json('/api/contest/add', { title: 'Inside Cup', startTimeStr: HOUR, endTimeStr: END, freezeTimeStr: '2030-05-01 14:00:00' });
      assert.deepEqual([inside.data.freezeTime, inside.data.frozen, inside.data.thawTime], ['2030-05-01 14:00:00', false, null]);
      const form = await admin.api.form('/api/contest/add', { title: 'Form Freeze Cup', startTimeStr: HOUR, endTimeStr: END, freezeTimeStr: '2030-05-01 14:59:59' });
      assert.equal(form.data.freezeTime, '2030-05-01 14:59:59');
      assert.equal((await admin.api.json('/api/contest/add', { title: 'Empty Cup', startTimeStr: HOUR, endTimeStr: END, freezeTimeStr: ' ' })).data.freezeTime, null);
      assert.equal((await admin.api.json('/api/contest/add', { title: 'Plain Cup', startTimeStr: HOUR, endTimeStr: END })).data.freezeTime, null);
    });

    it('refuses an edit whose new times leave the kept freeze time outside, changing nothing', async () => {
      const c = await admin.api.json('/api/contest/add', { title: 'Kept Freeze Cup', startTimeStr: HOUR, endTimeStr: END, freezeTimeStr: '2030-05-01 14:00:00' });
      const before = await unchanged();
      const r = await admin.api.json('/api/contest/update', { id: c.data.id, title: 'Kept Freeze Cup', startTimeStr: HOUR, endTimeStr: '2030-05-01 13:00:00' }, 'PUT');
      assert.equal(r.status, 400);
      assert.equal(r.message, 'The contest freezes at 2030-05-01 14:00:00, outside the new times: send a new freezeTimeStr, or an empty one for no freeze');
      assert.equal(await unchanged(), before);
    });
  });
});
