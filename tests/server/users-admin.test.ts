import assert from 'node:assert/strict';
import { itRefusesNonAdmins, type AdminOnlyCall } from '../helpers/admin-only.ts';
import { verifyPassword } from '@verdict/server/internal/modules/accounts/passwords';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, snapshot, type TestAccount } from '../helpers/tokens.ts';

describe('admin users', () => {
  let server: TestServer;
  let admin: TestAccount;
  let alice: TestAccount;
  const unchanged = () => snapshot(server, ['users', 'contest_users']);

  before(async () => {
    server = await startTestServer();
    admin = await adminAccount(server);
    alice = await accountWithToken(server, { username: 'alice', email: 'alice@example.test' });
  });
  after(() => server?.destroy());

  const valid = { username: 'bob', email: 'bob@example.test', nickname: 'Bobby', gender: 'male', auth: 0, password: 'secret-1', confirmPassword: 'secret-1' };

  describe('roles', () => {
    const calls: AdminOnlyCall[] = [
      ['get', '/api/user/list', null],
      ['get', '/api/user/findByAuth', null],
      ['post', '/api/user/add', valid],
      ['post', '/api/user/updateUser', { id: 1 }],
      ['post', '/api/user/updateUserPwd', { id: 1, password: 'whatever-1' }],
      ['delete', '/api/user/deleteListById', [1]],
    ];
    itRefusesNonAdmins(calls, () => ({ url: server.url, user: alice.api, state: unchanged }));
  });

  describe('GET /api/user/list', () => {
    it('lists users ascending by id without secrets', async () => {
      const r = await admin.api.get('/api/user/list');
      assert.equal(r.code, 0);
      const ids = r.data.map((u) => u.id);
      assert.deepEqual(ids, [...ids].sort((a, b) => a - b));
      assert.deepEqual(Object.keys(r.data[0]).sort(), ['affiliation', 'auth', 'email', 'gender', 'id', 'nickname', 'username']);
      assert.ok(r.data.some((u) => u.username === 'admin' && u.auth === 2));
    });

    it('filters by a username or e-mail substring, case-insensitively', async () => {
      assert.deepEqual((await admin.api.get('/api/user/list', { keyword: 'LIC' })).data.map((u) => u.username), ['alice']);
      assert.deepEqual((await admin.api.get('/api/user/list', { keyword: 'verdict.local' })).data.map((u) => u.username), ['admin']);
      assert.deepEqual((await admin.api.get('/api/user/list', { keyword: '%' })).data, []);
    });

    it('refuses unknown query fields', async () => {
      const r = await admin.api.get('/api/user/list', { name: 'x' });
      assert.equal(r.status, 400);
      assert.equal(r.message, 'Unknown field: name');
    });
  });

  describe('POST /api/user/add', () => {
    it('adds a user (JSON) and the password works', async () => {
      const r = await admin.api.json('/api/user/add', valid);
      assert.equal(r.code, 0, r.message);
      assert.deepEqual(r.data, { id: r.data.id, username: 'bob', email: 'bob@example.test', nickname: 'Bobby', gender: 'male', auth: 0, affiliation: null });
      const row = await server.services.db.selectFrom('users').select('password_hash').where('id', '=', r.data.id).executeTakeFirstOrThrow();
      assert.ok(await verifyPassword(row.password_hash, 'secret-1'));
    });

    it('accepts a form body with auth and gender as strings', async () => {
      const r = await admin.api.form('/api/user/add', { username: 'carol', email: 'carol@example.test', nickname: 'C', gender: 'female', auth: '1', password: 'secret-2' });
      assert.equal(r.code, 0, r.message);
      assert.equal(r.data.auth, 1);
      assert.equal(r.data.gender, 'female');
    });

    it('answers 409, not 500, when concurrent adds race for one username', async () => {
      const replies = await Promise.all(
        Array.from({ length: 5 }, (_, i) => admin.api.json('/api/user/add', { ...valid, username: 'racer', email: `racer${i}@example.test` })),
      );
      assert.deepEqual(replies.map((r) => r.status).sort(), [200, 409, 409, 409, 409]);
      assert.ok(replies.filter((r) => r.status === 409).every((r) => r.message === 'Username already exists'));
    });

    const refusals: [string, Record<string, unknown>, string, number?][] = [
      ['missing username', { username: undefined }, 'Username cannot be empty!'],
      ['blank username', { username: '   ' }, 'Username cannot be empty!'],
      ['username of 31 characters', { username: 'u'.repeat(31) }, 'Maximum 30 characters'],
      ['username as a number', { username: 12345 }, 'Username cannot be empty!'],
      ['missing e-mail', { email: undefined }, 'Email cannot be empty!'],
      ['invalid e-mail', { email: 'not-an-email' }, 'Please enter a valid email'],
      ['nickname of 31 characters', { nickname: 'n'.repeat(31) }, 'Maximum 30 characters'],
      ['missing gender', { gender: undefined }, 'Gender cannot be empty!'],
      ['unknown gender', { gender: 'other' }, 'Gender cannot be empty!'],
      ['missing authority', { auth: undefined }, 'Please select user or admin authority'],
      ['superadmin authority', { auth: 2 }, 'Please select user or admin authority'],
      ['password of 5 characters', { password: '12345', confirmPassword: '12345' }, 'Password length is between 6 and 32'],
      ['password of 33 characters', { password: 'p'.repeat(33), confirmPassword: 'p'.repeat(33) }, 'Password length is between 6 and 32'],
      ['missing password', { password: undefined }, 'Password length is between 6 and 32'],
      ['confirmation that differs', { confirmPassword: 'secret-9' }, 'Password dost not match'],
      ['an unknown field', { role: 'admin' }, 'Unknown field: role'],
      ['a taken username', { username: 'alice', email: 'x@example.test' }, 'Username already exists', 409],
      ['a taken e-mail (any case)', { username: 'dave', email: 'ALICE@example.test' }, 'Email already exists', 409],
    ];
    for (const [what, change, message, status] of refusals) {
      it(`refuses ${what}: "${message}" and changes nothing`, async () => {
        const before = await unchanged();
        const r = await admin.api.json('/api/user/add', { ...valid, username: 'dave', email: 'dave@example.test', ...change });
        assert.equal(r.status, status ?? 400);
        assert.equal(r.message, message);
        assert.equal(await unchanged(), before);
      });
    }
  });

  describe('POST /api/user/updateUser', () => {
    it('edits a user', async () => {
      const r = await admin.api.json('/api/user/updateUser', { id: alice.id, username: 'alice', email: 'alice2@example.test', nickname: 'A'.repeat(100), gender: 'female', auth: 1 });
      assert.equal(r.code, 0, r.message);
      assert.equal(r.data.email, 'alice2@example.test');
      assert.equal(r.data.auth, 1);
      await admin.api.json('/api/user/updateUser', { id: alice.id, username: 'alice', email: 'alice@example.test', nickname: 'Alice', gender: 'female', auth: 0 });
    });

    const base = () => ({ id: alice.id, username: 'alice', email: 'alice@example.test', nickname: 'Alice', gender: 'female', auth: 0 });
    const refusals: [string, () => Record<string, unknown>, string, number][] = [
      ['a nickname of 101 characters', () => ({ ...base(), nickname: 'n'.repeat(101) }), 'Maximum 100 characters', 400],
      ['an unknown id', () => ({ ...base(), id: 999999, username: 'ghost', email: 'ghost@example.test' }), 'No such user', 404],
      ['a missing id', () => ({ ...base(), id: undefined }), 'id must be a positive integer', 400],
      ["another user's username", () => ({ ...base(), username: 'admin' }), 'Username already exists', 409],
      ['promotion to superadmin', () => ({ ...base(), auth: 2 }), 'Authority must be user or admin', 400],
      ['demoting the last superadmin', () => ({ id: admin.id, username: 'admin', email: 'admin@verdict.local', nickname: 'Administrator', gender: 'male', auth: 1 }), 'The last superadmin cannot be demoted', 409],
    ];
    for (const [what, body, message, status] of refusals) {
      it(`refuses ${what} and changes nothing`, async () => {
        const before = await unchanged();
        const r = await admin.api.json('/api/user/updateUser', body());
        assert.equal(r.status, status);
        assert.equal(r.message, message);
        assert.equal(await unchanged(), before);
      });
    }
  });

  describe('POST /api/user/updateUserPwd', () => {
    it("sets the password and ends the user's sessions", async () => {
      const victim = await accountWithToken(server);
      assert.equal((await victim.api.get('/api/contest/findByUserId', { username: victim.username })).code, 0);
      const r = await admin.api.json('/api/user/updateUserPwd', { id: victim.id, password: 'brand-new-1', confirmPassword: 'brand-new-1' });
      assert.equal(r.code, 0, r.message);
      const row = await server.services.db.selectFrom('users').select('password_hash').where('id', '=', victim.id).executeTakeFirstOrThrow();
      assert.ok(await verifyPassword(row.password_hash, 'brand-new-1'));
      assert.equal((await victim.api.get('/api/contest/findByUserId', { username: victim.username })).status, 401);
    });

    it('refuses a short password, a mismatch and an unknown user', async () => {
      const before = await unchanged();
      const short = await admin.api.json('/api/user/updateUserPwd', { id: alice.id, password: 'abc' });
      assert.equal(short.message, 'Password length is between 6 and 32');
      const mismatch = await admin.api.json('/api/user/updateUserPwd', { id: alice.id, password: 'abcdef', confirmPassword: 'abcdeg' });
      assert.equal(mismatch.message, 'Password dost not match');
      const ghost = await admin.api.json('/api/user/updateUserPwd', { id: 999999, password: 'abcdef' });
      assert.equal(ghost.status, 404);
      assert.equal(await unchanged(), before);
    });
  });

  describe('DELETE /api/user/deleteListById', () => {
    it('refuses an empty selection', async () => {
      const r = await admin.api.json('/api/user/deleteListById', [], 'DELETE');
      assert.equal(r.status, 400);
      assert.equal(r.message, 'No selected users');
    });

    it('refuses wrong-typed ids', async () => {
      const r = await admin.api.json('/api/user/deleteListById', ['abc'], 'DELETE');
      assert.equal(r.status, 400);
      assert.equal(r.message, 'id must be a positive integer');
    });

    it('refuses deleting yourself, and deletes nothing', async () => {
      const other = await accountWithToken(server);
      const before = await unchanged();
      const r = await admin.api.json('/api/user/deleteListById', [other.id, admin.id], 'DELETE');
      assert.equal(r.status, 409);
      assert.equal(r.message, 'You cannot delete your own account');
      assert.equal(await unchanged(), before);
    });

    it("refuses a plain admin any change to a superadmin's account", async () => {
      const second = await accountWithToken(server, { auth: 1 });
      const before = await unchanged();
      const message = "Only a superadmin can change a superadmin's account";
      const del = await second.api.json('/api/user/deleteListById', [admin.id], 'DELETE');
      assert.equal(del.status, 403);
      assert.equal(del.message, message);
      const pwd = await second.api.json('/api/user/updateUserPwd', { id: admin.id, password: 'taken-over-1' });
      assert.equal(pwd.status, 403);
      assert.equal(pwd.message, message);
      const edit = await second.api.json('/api/user/updateUser', { id: admin.id, username: 'admin', email: 'admin@verdict.local', nickname: 'x', gender: 'male', auth: 2 });
      assert.equal(edit.status, 403);
      assert.equal(await unchanged(), before);
    });

    it('lets a superadmin demote another superadmin, but never the last one', async () => {
      const other = await accountWithToken(server, { auth: 2 });
      const asUser = (id: number, username: string, email: string, auth: number) => ({ id, username, email, nickname: username, gender: 'male', auth });
      const demoted = await other.api.json('/api/user/updateUser', asUser(admin.id, 'admin', 'admin@verdict.local', 1));
      assert.equal(demoted.code, 0, demoted.message);
      const before = await unchanged();
      const last = await other.api.json('/api/user/updateUser', asUser(other.id, other.username, other.email, 0));
      assert.equal(last.status, 409);
      assert.equal(last.message, 'The last superadmin cannot be demoted');
      assert.equal(await unchanged(), before);
      await server.services.db.updateTable('users').set({ auth: 2, nickname: 'Administrator' }).where('id', '=', admin.id).execute();
      // The demotion ended the admin's sessions (a role change revokes the account's tokens).
      assert.equal((await admin.api.get('/api/user/userInfo')).status, 401);
      admin = await adminAccount(server);
      const removed = await admin.api.json('/api/user/deleteListById', [other.id], 'DELETE');
      assert.equal(removed.code, 0, removed.message);
    });

    it('refuses the whole list when one id is unknown', async () => {
      const other = await accountWithToken(server);
      const before = await unchanged();
      const r = await admin.api.json('/api/user/deleteListById', [other.id, 999999], 'DELETE');
      assert.equal(r.status, 404);
      assert.equal(r.message, 'No such user: 999999');
      assert.equal(await unchanged(), before);
    });

    it('deletes users with their memberships and sessions', async () => {
      const gone = await accountWithToken(server);
      const contest = await server.services.db
        .insertInto('contests')
        .values({ title: 'cascade', start_time: new Date(), end_time: new Date(Date.now() + 3600_000) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await server.services.db.insertInto('contest_users').values({ contest_id: contest.id, user_id: gone.id }).execute();
      const r = await admin.api.json('/api/user/deleteListById', [gone.id], 'DELETE');
      assert.equal(r.code, 0, r.message);
      assert.deepEqual(r.data, { deleted: 1 });
      const left = await server.services.db.selectFrom('contest_users').selectAll().where('user_id', '=', gone.id).execute();
      assert.deepEqual(left, []);
      assert.equal((await gone.api.get('/api/contest/findByUserId', { username: gone.username })).status, 401);
    });
  });

  describe('GET /api/user/findByAuth', () => {
    it('lists users of one authority, regular users by default', async () => {
      const users = await admin.api.get('/api/user/findByAuth');
      assert.ok(users.data.length > 0 && users.data.every((u) => u.auth === 0));
      const supers = await admin.api.get('/api/user/findByAuth', { auth: 2 });
      assert.deepEqual(supers.data.map((u) => u.username), ['admin']);
      const bad = await admin.api.get('/api/user/findByAuth', { auth: 7 });
      assert.equal(bad.status, 400);
      assert.equal(bad.message, 'auth must be 0, 1 or 2');
    });
  });
});
