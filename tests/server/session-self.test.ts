// The user's own record: userInfo, findByUserName1 and updateMyUser (personal info page).
import assert from 'node:assert/strict';
import { Api } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountState, createUser, loginAs, type CreatedUser } from '../helpers/users.ts';

describe('session: own record', () => {
  let server: TestServer;
  let api: Api;
  let rita: CreatedUser;
  let sam: CreatedUser;
  let ritaApi: Api;
  let adminApi: Api;

  before(async () => {
    server = await startTestServer();
    api = new Api(server.url);
    rita = await createUser(server, { username: 'rita', email: 'rita@example.test', nickname: 'Rita', gender: 'female', password: 'rita-pass' });
    sam = await createUser(server, { username: 'sam', email: 'sam@example.test', password: 'sam-pass' });
    ritaApi = await loginAs(api, 'rita', rita.password);
    adminApi = await loginAs(api, 'admin', server.adminPassword, { admin: true });
  });
  after(() => server?.destroy());

  describe('GET /api/user/userInfo', () => {
    it('returns the logged-in user without any secret', async () => {
      const r = await ritaApi.get('/api/user/userInfo');
      assert.equal(r.code, 0);
      assert.deepEqual(r.data, { id: rita.id, username: 'rita', email: 'rita@example.test', nickname: 'Rita', gender: 'female', auth: 0 });
    });

    it('needs a live token', async () => {
      assert.equal((await api.get('/api/user/userInfo')).status, 401);
      assert.equal((await api.withToken('forged-token').get('/api/user/userInfo')).status, 401);
    });
  });

  describe('POST /api/user/findByUserName1', () => {
    it('returns the own record with password ""', async () => {
      const r = await ritaApi.form('/api/user/findByUserName1', { username: 'rita' });
      assert.equal(r.code, 0);
      assert.deepEqual(r.data, { id: rita.id, username: 'rita', email: 'rita@example.test', nickname: 'Rita', gender: 'female', auth: 0, password: '' });
    });

    it("refuses another user's record to a user, gives it to an administrator", async () => {
      const refused = await ritaApi.form('/api/user/findByUserName1', { username: 'sam' });
      assert.equal(refused.status, 403);
      assert.equal(refused.data, null);
      const r = await adminApi.form('/api/user/findByUserName1', { username: 'sam' });
      assert.equal(r.code, 0);
      assert.equal(r.data.id, sam.id);
      assert.equal(r.data.password, '');
      assert.ok(!JSON.stringify(r.data).includes('argon2'));
    });

    it('answers 404 for an unknown user, 400 for bad input, 401 without a token', async () => {
      assert.equal((await adminApi.form('/api/user/findByUserName1', { username: "' OR 1=1 --" })).status, 404);
      assert.equal((await adminApi.form('/api/user/findByUserName1', {})).message, 'Please enter the username');
      assert.equal((await adminApi.form('/api/user/findByUserName1', { username: 'sam', id: 1 })).message, 'Unknown field: id');
      assert.equal((await api.form('/api/user/findByUserName1', { username: 'rita' })).status, 401);
    });
  });

  describe('POST /api/user/updateMyUser', () => {
    const mine = () => ({ userID: rita.id, username: 'rita', nickname: 'Rita', email: 'rita@example.test', gender: 'female', password: '' });

    it('saves personal info; an empty password leaves the password alone', async () => {
      const r = await ritaApi.json('/api/user/updateMyUser', { ...mine(), nickname: '丽塔 ✨', gender: 'female', email: 'Rita.New@Example.test', currentPassword: 'rita-pass' });
      assert.equal(r.code, 0, r.message);
      assert.deepEqual(r.data, { id: rita.id, username: 'rita', email: 'rita.new@example.test', nickname: '丽塔 ✨', gender: 'female', auth: 0 });
      assert.equal((await ritaApi.get('/api/user/userInfo')).data.nickname, '丽塔 ✨');
      await loginAs(api, 'rita', 'rita-pass');
      rita.email = 'rita.new@example.test';
    });

    it('renames the user (the token stays valid) and stores SQL-looking text verbatim', async () => {
      const r = await ritaApi.json('/api/user/updateMyUser', { ...mine(), email: rita.email, username: "rita' OR '1'='1", nickname: "'; DROP TABLE users; --" });
      assert.equal(r.code, 0, r.message);
      assert.equal((await ritaApi.get('/api/user/userInfo')).data.username, "rita' OR '1'='1");
      const back = await ritaApi.json('/api/user/updateMyUser', { ...mine(), email: rita.email });
      assert.equal(back.code, 0);
      assert.equal(back.data.username, 'rita');
    });

    it('changes the password and ends the other sessions, not this one', async () => {
      const other = await loginAs(api, 'rita', 'rita-pass');
      const r = await ritaApi.json('/api/user/updateMyUser', { ...mine(), email: rita.email, password: 'rita-new-pass', currentPassword: 'rita-pass' });
      assert.equal(r.code, 0, r.message);
      assert.equal((await other.get('/api/user/userInfo')).status, 401);
      assert.equal((await ritaApi.get('/api/user/userInfo')).code, 0);
      await assert.rejects(loginAs(api, 'rita', 'rita-pass'), /Wrong username or password/);
      await loginAs(api, 'rita', 'rita-new-pass');
    });

    it('refuses each invalid field with the spec message, changing nothing', async () => {
      const before = await accountState(server);
      const base = { ...mine(), email: rita.email };
      const cases: [Record<string, unknown>, string][] = [
        [{ username: '' }, 'Username cannot be empty!'],
        [{ username: undefined }, 'Username cannot be empty!'],
        [{ nickname: ' ' }, 'Nickname cannot be empty!'],
        [{ nickname: undefined }, 'Nickname cannot be empty!'],
        [{ email: '' }, 'Email cannot be empty!'],
        [{ email: undefined }, 'Email cannot be empty!'],
        [{ gender: '' }, 'Gender cannot be empty!'],
        [{ gender: undefined }, 'Gender cannot be empty!'],
        [{ gender: 'other' }, 'Gender must be male or female'],
        [{ username: 'r'.repeat(31) }, 'Maximum 30 characters'],
        [{ nickname: 'n'.repeat(101) }, 'Nickname: Maximum 100 characters'],
        [{ email: 'rita' }, 'Please enter a valid e-mail address'],
        [{ password: '12345' }, 'password length must not be under 6'],
        [{ auth: 2 }, 'Unknown field: auth'],
        [{ userID: 'abc' }, 'userID must be a positive integer'],
        [{ userID: true }, 'userID must be a positive integer'],
        [{ userID: undefined }, 'userID must be a positive integer'],
      ];
      for (const [change, message] of cases) {
        const body: Record<string, unknown> = { ...base, ...change };
        for (const k of Object.keys(change)) if (change[k] === undefined) delete body[k];
        const r = await ritaApi.json('/api/user/updateMyUser', body);
        assert.equal(r.status, 400, JSON.stringify(change));
        assert.equal(r.message, message);
      }
      const typed = await ritaApi.json('/api/user/updateMyUser', { ...base, nickname: 42 });
      assert.equal(typed.status, 400);
      assert.match(typed.message, /^nickname: /);
      assert.equal(await accountState(server), before);
    });

    it("refuses another user's record, taken names and addresses, and callers without a token", async () => {
      const before = await accountState(server);
      const base = { ...mine(), email: rita.email };
      const other = await ritaApi.json('/api/user/updateMyUser', { ...base, userID: sam.id });
      assert.equal(other.status, 403);
      assert.equal(other.message, 'You can only update your own information');
      const viaAdmin = await adminApi.json('/api/user/updateMyUser', { ...base, userID: rita.id });
      assert.equal(viaAdmin.status, 403);
      const name = await ritaApi.json('/api/user/updateMyUser', { ...base, username: 'sam' });
      assert.equal(name.status, 409);
      assert.equal(name.message, 'This username is already taken');
      const mail = await ritaApi.json('/api/user/updateMyUser', { ...base, email: 'SAM@example.test', currentPassword: 'rita-new-pass' });
      assert.equal(mail.status, 409);
      assert.equal(mail.message, 'This e-mail address is already registered');
      assert.equal((await api.json('/api/user/updateMyUser', base)).status, 401);
      assert.equal(await accountState(server), before);
    });

    it('accepts userID as a string (form-style) too', async () => {
      const r = await ritaApi.json('/api/user/updateMyUser', { ...mine(), email: rita.email, userID: String(rita.id) });
      assert.equal(r.code, 0, r.message);
    });
  });
});
