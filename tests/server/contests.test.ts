import assert from 'node:assert/strict';
import { itRefusesNonAdmins, type AdminOnlyCall } from '../helpers/admin-only.ts';
import { formatTime } from '@verdict/server/internal/common/wire';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, snapshot, type TestAccount } from '../helpers/tokens.ts';

const HOUR = 3600_000;
const at = (offsetMs: number) => formatTime(new Date(Date.now() + offsetMs));

describe('contests (admin)', () => {
  let server: TestServer;
  let admin: TestAccount;
  let alice: TestAccount;
  const unchanged = () => snapshot(server, ['contests', 'contest_users', 'contest_problems', 'submissions']);

  before(async () => {
    server = await startTestServer();
    admin = await adminAccount(server);
    alice = await accountWithToken(server);
  });
  after(() => server?.destroy());

  async function addContest(title: string, start = at(HOUR), end = at(3 * HOUR)) {
    const r = await admin.api.json('/api/contest/add', { title, startTimeStr: start, endTimeStr: end });
    assert.equal(r.code, 0, r.message);
    return r.data as { id: number; title: string; startTime: string; endTime: string; createTime: string };
  }

  describe('roles', () => {
    const calls: AdminOnlyCall[] = [
      ['get', '/api/contest/list', null],
      ['post', '/api/contest/add', { title: 'x', startTimeStr: at(HOUR), endTimeStr: at(2 * HOUR) }],
      ['put', '/api/contest/update', { id: 1, title: 'x', startTimeStr: at(HOUR), endTimeStr: at(2 * HOUR) }],
      ['delete', '/api/contest/deleteList', [1]],
    ];
    itRefusesNonAdmins(calls, () => ({ url: server.url, user: alice.api, state: unchanged }));
  });

  it('adds a contest with Asia/Shanghai times and returns them as sent', async () => {
    const c = await addContest('Spring Cup', '2030-04-01 09:00:00', '2030-04-01 14:00:00');
    assert.equal(c.startTime, '2030-04-01 09:00:00');
    assert.equal(c.endTime, '2030-04-01 14:00:00');
    assert.match(c.createTime, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const row = await server.services.db.selectFrom('contests').select('start_time').where('id', '=', c.id).executeTakeFirstOrThrow();
    assert.equal(row.start_time.toISOString(), '2030-04-01T01:00:00.000Z');
  });

  it('accepts a form body', async () => {
    const r = await admin.api.form('/api/contest/add', { title: 'Form Cup', startTimeStr: at(HOUR), endTimeStr: at(2 * HOUR) });
    assert.equal(r.code, 0, r.message);
  });

  it('lists ascending by id, searching by id and title', async () => {
    const list = (await admin.api.get('/api/contest/list')).data;
    const ids = list.map((c) => c.id);
    assert.deepEqual(ids, [...ids].sort((a, b) => a - b));
    assert.deepEqual((await admin.api.get('/api/contest/list', { title: 'spring' })).data.map((c) => c.title), ['Spring Cup']);
    assert.deepEqual((await admin.api.get('/api/contest/list', { id: ids[1] })).data.map((c) => c.id), [ids[1]]);
    assert.equal((await admin.api.get('/api/contest/list', { id: 'x' })).message, 'ID must be a number');
  });

  const refusals: [string, Record<string, unknown>, string, number?][] = [
    ['a missing title', { title: undefined }, 'Please input the title'],
    ['a blank title', { title: ' ' }, 'Please input the title'],
    ['a missing start', { startTimeStr: undefined }, 'Please select the start time'],
    ['a missing end', { endTimeStr: '' }, 'Please select the end time'],
    ['a malformed start', { startTimeStr: '2030/01/01 10:00' }, 'Start time must be written yyyy-MM-dd HH:mm:ss'],
    ['an impossible end date', { endTimeStr: '2030-02-30 10:00:00' }, 'End time must be written yyyy-MM-dd HH:mm:ss'],
    ['an end before the start', { startTimeStr: '2030-01-01 10:00:00', endTimeStr: '2030-01-01 09:00:00' }, 'End time must be greater than start time'],
    ['an end equal to the start', { startTimeStr: '2030-01-01 10:00:00', endTimeStr: '2030-01-01 10:00:00' }, 'End time must be greater than start time'],
    ['a start as a number', { startTimeStr: 1234 }, 'Please select the start time'],
    ['an unknown field', { startTime: '2030-01-01 10:00:00' }, 'Unknown field: startTime'],
    ['a taken title', { title: 'Spring Cup' }, 'A contest with this title already exists', 409],
  ];
  for (const [what, change, message, status] of refusals) {
    it(`refuses ${what}: "${message}" and changes nothing`, async () => {
      const before = await unchanged();
      const r = await admin.api.json('/api/contest/add', { title: 'Fresh Cup', startTimeStr: '2030-01-01 10:00:00', endTimeStr: '2030-01-01 12:00:00', ...change });
      assert.equal(r.status, status ?? 400);
      assert.equal(r.message, message);
      assert.equal(await unchanged(), before);
    });
  }

  it('answers 409, not 500, when concurrent adds race for one title', async () => {
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => admin.api.json('/api/contest/add', { title: 'Race Cup', startTimeStr: at(HOUR), endTimeStr: at(2 * HOUR) })),
    );
    assert.deepEqual(replies.map((r) => r.status).sort(), [200, 409, 409, 409, 409, 409]);
    assert.ok(replies.filter((r) => r.status === 409).every((r) => r.message === 'A contest with this title already exists'));
  });

  it('updates a contest and refuses bad edits without changing it', async () => {
    const c = await addContest('Editable Cup');
    const r = await admin.api.json('/api/contest/update', { id: c.id, title: 'Edited Cup', startTimeStr: '2031-01-01 08:00:00', endTimeStr: '2031-01-01 13:00:00' }, 'PUT');
    assert.equal(r.code, 0, r.message);
    assert.deepEqual([r.data.title, r.data.startTime, r.data.endTime], ['Edited Cup', '2031-01-01 08:00:00', '2031-01-01 13:00:00']);
    assert.equal(r.data.createTime, c.createTime);
    const before = await unchanged();
    const backwards = await admin.api.json('/api/contest/update', { id: c.id, title: 'Edited Cup', startTimeStr: '2031-01-01 08:00:00', endTimeStr: '2031-01-01 07:00:00' }, 'PUT');
    assert.equal(backwards.message, 'End time must be greater than start time');
    const taken = await admin.api.json('/api/contest/update', { id: c.id, title: 'Spring Cup', startTimeStr: '2031-01-01 08:00:00', endTimeStr: '2031-01-01 13:00:00' }, 'PUT');
    assert.equal(taken.status, 409);
    const ghost = await admin.api.json('/api/contest/update', { id: 999999, title: 'Ghost Cup', startTimeStr: '2031-01-01 08:00:00', endTimeStr: '2031-01-01 13:00:00' }, 'PUT');
    assert.equal(ghost.status, 404);
    assert.equal(ghost.message, 'No such contest');
    assert.equal(await unchanged(), before);
  });

  it('deletes contests with their memberships and problem links', async () => {
    const c = await addContest('Doomed Cup');
    const p = await admin.api.json('/api/admin/problem/add', { title: 'Doomed problem', memoryLimit: 64, timeLimit: 1000 });
    assert.equal((await admin.api.json('/api/contestRecord/add', { contestId: c.id, userId: alice.id })).code, 0);
    assert.equal((await admin.api.form('/api/contestProblem/addByProblemId', { contestId: c.id, problemId: p.data.id })).code, 0);
    const submission = await server.services.db
      .insertInto('submissions')
      .values({ user_id: alice.id, problem_id: p.data.id, contest_id: c.id, language: 'cpp', code: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const empty = await admin.api.json('/api/contest/deleteList', [], 'DELETE');
    assert.equal(empty.message, 'Please select the contest to delete');
    const before = await unchanged();
    const partial = await admin.api.json('/api/contest/deleteList', [c.id, 999999], 'DELETE');
    assert.equal(partial.status, 404);
    assert.equal(await unchanged(), before);
    const r = await admin.api.json('/api/contest/deleteList', [c.id], 'DELETE');
    assert.deepEqual(r.data, { deleted: 1 });
    const { db } = server.services;
    assert.deepEqual(await db.selectFrom('contest_users').selectAll().where('contest_id', '=', c.id).execute(), []);
    assert.deepEqual(await db.selectFrom('contest_problems').selectAll().where('contest_id', '=', c.id).execute(), []);
    assert.ok(await db.selectFrom('problems').select('id').where('id', '=', p.data.id).executeTakeFirst(), 'the problem itself stays');
    const kept = await db.selectFrom('submissions').select('contest_id').where('id', '=', submission.id).executeTakeFirst();
    assert.deepEqual(kept, { contest_id: null }, 'submissions stay, without the contest');
  });
});
