import assert from 'node:assert/strict';
import { itRefusesNonAdmins, type AdminOnlyCall } from '../helpers/admin-only.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, snapshot, type TestAccount } from '../helpers/tokens.ts';

describe('contest membership and problems (admin)', () => {
  let server: TestServer;
  let admin: TestAccount;
  let alice: TestAccount;
  let bob: TestAccount;
  let contestId: number;
  let problems: number[];
  const unchanged = () => snapshot(server, ['contest_users', 'contest_problems']);

  before(async () => {
    server = await startTestServer();
    admin = await adminAccount(server);
    alice = await accountWithToken(server, { username: 'alice' });
    bob = await accountWithToken(server, { username: 'bob' });
    const c = await admin.api.json('/api/contest/add', { title: 'Members Cup', startTimeStr: '2020-01-01 00:00:00', endTimeStr: '2099-01-01 00:00:00' });
    contestId = c.data.id;
    problems = [];
    for (const title of ['First', 'Second', 'Third']) {
      problems.push((await admin.api.json('/api/admin/problem/add', { title, memoryLimit: 64, timeLimit: 1000 })).data.id);
    }
  });
  after(() => server?.destroy());

  describe('roles', () => {
    const calls: AdminOnlyCall[] = [
      ['post', '/api/contestRecord/add', { contestId: 1, userId: 1 }],
      ['post', '/api/contestRecord/addByUserIdList', ['Members Cup', 'alice']],
      ['delete', '/api/contestRecord/deleteByUserId', { contestId: 1, userId: 1 }],
      ['get', '/api/contestRecord/userListHavingContest?contestId=1', null],
      ['post', '/api/contestProblem/addByProblemId', { contestId: 1, problemId: 1 }],
      ['delete', '/api/contestProblem/delete', { contestId: 1, problemId: 1 }],
    ];
    itRefusesNonAdmins(calls, () => ({ url: server.url, user: alice.api, state: unchanged }));
  });

  describe('users', () => {
    it('adds one user (JSON or form) and lists members ascending by user id', async () => {
      assert.equal((await admin.api.json('/api/contestRecord/add', { contestId, userId: bob.id })).code, 0);
      assert.equal((await admin.api.form('/api/contestRecord/add', { contestId: String(contestId), userId: String(alice.id) })).code, 0);
      const r = await admin.api.get('/api/contestRecord/userListHavingContest', { contestId });
      assert.deepEqual(r.data, [
        { contestId, userId: alice.id, username: 'alice', nickname: 'alice' },
        { contestId, userId: bob.id, username: 'bob', nickname: 'bob' },
      ]);
    });

    it('refuses a duplicate, an unknown user or contest, and bad fields, changing nothing', async () => {
      const before = await unchanged();
      const dup = await admin.api.json('/api/contestRecord/add', { contestId, userId: alice.id });
      assert.equal(dup.status, 409);
      assert.equal(dup.message, 'The user is already in this contest');
      assert.equal((await admin.api.json('/api/contestRecord/add', { contestId, userId: 999999 })).message, 'No such user');
      assert.equal((await admin.api.json('/api/contestRecord/add', { contestId: 999999, userId: alice.id })).message, 'No such contest');
      assert.equal((await admin.api.json('/api/contestRecord/add', { contestId })).message, 'userId must be a positive integer');
      assert.equal((await admin.api.json('/api/contestRecord/add', { contestId: 'abc', userId: 1 })).message, 'contestId must be a positive integer');
      assert.equal((await admin.api.json('/api/contestRecord/add', { contestId, userId: 1, role: 'x' })).message, 'Unknown field: role');
      assert.equal(await unchanged(), before);
    });

    it('adds a list of usernames, reporting members and unknown names', async () => {
      const carol = await accountWithToken(server, { username: 'carol' });
      const r = await admin.api.json('/api/contestRecord/addByUserIdList', ['Members Cup', 'carol', 'alice', 'nobody', '', 'carol']);
      assert.equal(r.code, 0, r.message);
      assert.deepEqual(r.data, { added: ['carol'], alreadyMember: ['alice'], unknown: ['nobody'] });
      const members = (await admin.api.get('/api/contestRecord/userListHavingContest', { contestId })).data.map((m) => m.userId);
      assert.ok(members.includes(carol.id));
    });

    it('refuses a list without a title or usernames, or for an unknown contest', async () => {
      const before = await unchanged();
      const shape = 'Send the contest title followed by at least one username';
      assert.equal((await admin.api.json('/api/contestRecord/addByUserIdList', [])).message, shape);
      assert.equal((await admin.api.json('/api/contestRecord/addByUserIdList', ['Members Cup'])).message, shape);
      assert.equal((await admin.api.json('/api/contestRecord/addByUserIdList', { title: 'Members Cup' })).message, shape);
      assert.equal((await admin.api.json('/api/contestRecord/addByUserIdList', ['Members Cup', 42])).message, 'Every item must be text');
      const unknown = await admin.api.json('/api/contestRecord/addByUserIdList', ['No Such Cup', 'alice']);
      assert.equal(unknown.status, 404);
      assert.equal(unknown.message, 'No such contest: No Such Cup');
      assert.equal(await unchanged(), before);
    });

    it('removes a user, refusing one who is not a member', async () => {
      const r = await admin.api.json('/api/contestRecord/deleteByUserId', { contestId, userId: bob.id }, 'DELETE');
      assert.equal(r.code, 0, r.message);
      const before = await unchanged();
      const again = await admin.api.json('/api/contestRecord/deleteByUserId', { contestId, userId: bob.id }, 'DELETE');
      assert.equal(again.status, 404);
      assert.equal(again.message, 'The user is not in this contest');
      assert.equal((await admin.api.json('/api/contestRecord/deleteByUserId', { userId: bob.id }, 'DELETE')).message, 'contestId must be a positive integer');
      assert.equal(await unchanged(), before);
    });

    it('refuses the member list of an unknown contest', async () => {
      assert.equal((await admin.api.get('/api/contestRecord/userListHavingContest', { contestId: 999999 })).status, 404);
      assert.equal((await admin.api.get('/api/contestRecord/userListHavingContest')).message, 'contestId must be a positive integer');
    });
  });

  describe('problems', () => {
    it('adds problems (form) in order with letters A, B, C', async () => {
      for (const id of [problems[2], problems[0], problems[1]]) {
        const r = await admin.api.form('/api/contestProblem/addByProblemId', { problemId: String(id), contestId: String(contestId) });
        assert.equal(r.code, 0, r.message);
      }
      const r = await admin.api.get('/api/contestProblem/list', { contestId });
      assert.deepEqual(
        r.data.map((p) => [p.letter, p.title]),
        [['A', 'Third'], ['B', 'First'], ['C', 'Second']],
      );
      assert.deepEqual(Object.keys(r.data[0]).sort(), ['contestId', 'letter', 'memoryLimit', 'problemId', 'timeLimit', 'title']);
    });

    it('refuses a duplicate or unknown problem, changing nothing', async () => {
      const before = await unchanged();
      const dup = await admin.api.form('/api/contestProblem/addByProblemId', { problemId: String(problems[0]), contestId: String(contestId) });
      assert.equal(dup.status, 409);
      assert.equal(dup.message, 'The problem is already in this contest');
      assert.equal((await admin.api.json('/api/contestProblem/addByProblemId', { problemId: 999999, contestId })).message, 'No such problem');
      assert.equal((await admin.api.json('/api/contestProblem/addByProblemId', { problemId: problems[0], contestId: 999999 })).message, 'No such contest');
      assert.equal((await admin.api.json('/api/contestProblem/addByProblemId', { contestId })).message, 'problemId must be a positive integer');
      assert.equal(await unchanged(), before);
    });

    it('removes a problem; later letters move up', async () => {
      const r = await admin.api.json('/api/contestProblem/delete', { contestId, problemId: problems[2] }, 'DELETE');
      assert.equal(r.code, 0, r.message);
      const list = await admin.api.get('/api/contestProblem/list', { contestId });
      assert.deepEqual(list.data.map((p) => [p.letter, p.title]), [['A', 'First'], ['B', 'Second']]);
      const before = await unchanged();
      const again = await admin.api.json('/api/contestProblem/delete', { contestId, problemId: problems[2] }, 'DELETE');
      assert.equal(again.status, 404);
      assert.equal(again.message, 'The problem is not in this contest');
      assert.equal(await unchanged(), before);
    });
  });
});
