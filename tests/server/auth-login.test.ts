// Password logins (user and admin), session checks, logout and the login rate limits.
import assert from 'node:assert/strict';
import { pruneAuthRows } from '@verdict/server/internal/modules/accounts/auth-chores';
import { Api } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountState, createUser, loginAs, solveCaptcha, type CreatedUser } from '../helpers/users.ts';

describe('session: password login', () => {
  let server: TestServer;
  let api: Api;
  let alice: CreatedUser;
  let admin2: CreatedUser;

  before(async () => {
    server = await startTestServer();
    api = new Api(server.url);
    alice = await createUser(server, { username: 'alice', password: 'alice-pass' });
    admin2 = await createUser(server, { username: 'boss', password: 'boss-pass', auth: 1 });
  });
  after(() => server?.destroy());

  const login = async <P extends string>(path: P, fields: Record<string, string | number>) => api.form(path, { ...(await solveCaptcha(api)), ...fields });

  describe('POST /api/user/login', () => {
    it('returns a token that authenticates later calls (raw and Bearer)', async () => {
      const r = await login('/api/user/login', { username: 'alice', password: 'alice-pass' });
      assert.equal(r.status, 200);
      assert.equal(r.code, 0);
      assert.equal(r.data.username, 'alice');
      assert.match(r.data.token, /^[A-Za-z0-9_-]{40,}$/);
      const raw = await api.withToken(r.data.token).get('/api/user/userInfo');
      assert.equal(raw.code, 0);
      assert.equal(raw.data.username, 'alice');
      const bearer = await api.raw('/api/user/userInfo', { headers: { Authorization: `Bearer ${r.data.token}` } });
      assert.equal((await bearer.json()).data.id, alice.id);
    });

    it('stores only a hash of the token', async () => {
      const r = await login('/api/user/login', { username: 'alice', password: 'alice-pass' });
      const rows = await server.services.db.selectFrom('auth_tokens').select('token_hash').execute();
      assert.ok(rows.length > 0);
      assert.ok(rows.every((row) => row.token_hash !== r.data.token && !row.token_hash.includes(r.data.token)));
    });

    it('lets an administrator log in as a user too', async () => {
      const r = await login('/api/user/login', { username: 'admin', password: server.adminPassword });
      assert.equal(r.code, 0);
    });

    it('refuses a wrong password and an unknown user with the same message, changing nothing', async () => {
      const before = await accountState(server);
      const wrong = await login('/api/user/login', { username: 'alice', password: 'not-her-password' });
      const unknown = await login('/api/user/login', { username: 'nobody', password: 'whatever-1' });
      for (const r of [wrong, unknown]) {
        assert.equal(r.status, 401);
        assert.equal(r.code, 1004);
        assert.equal(r.message, 'Wrong username or password');
        assert.equal(r.data, null);
      }
      assert.equal(await accountState(server), before);
    });

    it('does not trim or fold the password', async () => {
      const r = await login('/api/user/login', { username: 'alice', password: 'ALICE-PASS' });
      assert.equal(r.code, 1004);
      const r2 = await login('/api/user/login', { username: 'alice', password: ' alice-pass' });
      assert.equal(r2.code, 1004);
    });

    it('refuses missing, empty, extra, wrong-typed and over-long fields', async () => {
      const before = await accountState(server);
      const cases: [Record<string, unknown>, string][] = [
        [{ password: 'alice-pass' }, 'Please enter your username'],
        [{ username: '', password: 'alice-pass' }, 'Please enter your username'],
        [{ username: '   ', password: 'alice-pass' }, 'Please enter your username'],
        [{ username: 'alice' }, 'Please enter your password'],
        [{ username: 'alice', password: '' }, 'Please enter your password'],
        [{ username: 'alice', password: 'alice-pass', role: 'admin' }, 'Unknown field: role'],
        [{ username: 'x'.repeat(31), password: 'alice-pass' }, 'Maximum 30 characters'],
        [{ username: 'alice', password: 'p'.repeat(129) }, 'Password length must not be over 128'],
      ];
      for (const [fields, message] of cases) {
        const r = await api.form('/api/user/login', { ...(await solveCaptcha(api)), ...(fields as Record<string, string>) });
        assert.equal(r.status, 400, JSON.stringify(fields));
        assert.equal(r.code, 1000);
        assert.equal(r.message, message);
      }
      const typed = await api.json('/api/user/login', { username: 42, password: 'alice-pass', ...(await solveCaptcha(api)) });
      assert.equal(typed.status, 400);
      assert.match(typed.message, /^username: /);
      const list = await api.json('/api/user/login', { username: ['alice'], password: 'alice-pass', ...(await solveCaptcha(api)) });
      assert.equal(list.status, 400);
      const notObject = await api.json('/api/user/login', ['alice', 'alice-pass']);
      assert.equal(notObject.status, 400);
      assert.equal(await accountState(server), before);
    });

    it('treats SQL-looking input as plain text', async () => {
      const r = await login('/api/user/login', { username: "' OR 1=1 --", password: "' OR '1'='1" });
      assert.equal(r.code, 1004);
      const r2 = await login('/api/user/login', { username: 'alice', password: "' OR '1'='1" });
      assert.equal(r2.code, 1004);
    });

    it('accepts a JSON body as well as a form', async () => {
      const r = await api.json('/api/user/login', { username: 'alice', password: 'alice-pass', ...(await solveCaptcha(api)) });
      assert.equal(r.code, 0);
    });
  });

  describe('POST /api/user/adminLogin', () => {
    it('logs in the superadmin and an admin', async () => {
      for (const [username, password] of [['admin', server.adminPassword], ['boss', admin2.password]]) {
        const r = await login('/api/user/adminLogin', { username, password });
        assert.equal(r.code, 0, r.message);
        assert.equal(r.data.username, username);
      }
    });

    it('refuses a plain user with a clear message and no token', async () => {
      const before = await accountState(server);
      const r = await login('/api/user/adminLogin', { username: 'alice', password: 'alice-pass' });
      assert.equal(r.status, 403);
      assert.equal(r.code, 1002);
      assert.match(r.message, /not an administrator/);
      assert.equal(await accountState(server), before);
    });

    it('refuses a wrong password', async () => {
      const r = await login('/api/user/adminLogin', { username: 'admin', password: 'wrong-password' });
      assert.equal(r.code, 1004);
    });
  });

  describe('isUserLogin / isAdminLogin', () => {
    let aliceToken: string;
    let adminToken: string;
    before(async () => {
      aliceToken = (await loginAs(api, 'alice', 'alice-pass')).token!;
      adminToken = (await loginAs(api, 'admin', server.adminPassword, { admin: true })).token!;
    });

    it('answers code 0 for the token of that username', async () => {
      assert.equal((await api.form('/api/user/isUserLogin', { username: 'alice', token: aliceToken })).code, 0);
      assert.equal((await api.form('/api/user/isAdminLogin', { username: 'admin', token: adminToken })).code, 0);
      assert.equal((await api.form('/api/user/isUserLogin', { username: 'admin', token: adminToken })).code, 0);
    });

    it("refuses another user's token, a bad token and an empty one", async () => {
      for (const [username, token] of [['admin', aliceToken], ['alice', adminToken], ['alice', 'not-a-token'], ['alice', '']]) {
        const r = await api.form('/api/user/isUserLogin', { username, token });
        assert.equal(r.status, 401);
        assert.notEqual(r.code, 0);
      }
    });

    it("refuses a user's own token on isAdminLogin", async () => {
      const r = await api.form('/api/user/isAdminLogin', { username: 'alice', token: aliceToken });
      assert.equal(r.status, 403);
      assert.notEqual(r.code, 0);
    });

    it('refuses missing and extra fields', async () => {
      assert.equal((await api.form('/api/user/isUserLogin', { username: 'alice' })).status, 400);
      assert.equal((await api.form('/api/user/isAdminLogin', { token: adminToken })).status, 400);
      const extra = await api.form('/api/user/isUserLogin', { username: 'alice', token: aliceToken, auth: 2 });
      assert.equal(extra.message, 'Unknown field: auth');
    });
  });

  describe('POST /api/user/logout', () => {
    it('revokes that token only', async () => {
      const first = await loginAs(api, 'alice', 'alice-pass');
      const second = await loginAs(api, 'alice', 'alice-pass');
      const out = await first.form('/api/user/logout', {});
      assert.equal(out.code, 0);
      const after = await first.get('/api/user/userInfo');
      assert.equal(after.status, 401);
      assert.equal(after.code, 1001);
      assert.notEqual((await api.form('/api/user/isUserLogin', { username: 'alice', token: first.token! })).code, 0);
      assert.equal((await second.get('/api/user/userInfo')).code, 0);
      assert.equal((await first.form('/api/user/logout', {})).status, 401);
    });

    it('revoked and expired tokens are pruned a day later', async () => {
      const live = await loginAs(api, 'alice', 'alice-pass');
      const gone = await loginAs(api, 'alice', 'alice-pass');
      await gone.form('/api/user/logout', {});
      const db = server.services.db;
      const old = new Date(Date.now() - 25 * 3600 * 1000);
      await db.updateTable('auth_tokens').set({ revoked_at: old }).where('revoked_at', 'is not', null).execute();
      const before = await db.selectFrom('auth_tokens').select('id').execute();
      await pruneAuthRows(db);
      const after = await db.selectFrom('auth_tokens').select('id').where('revoked_at', 'is not', null).execute();
      assert.equal(after.length, 0);
      assert.ok(before.length > (await db.selectFrom('auth_tokens').select('id').execute()).length);
      assert.equal((await live.get('/api/user/userInfo')).code, 0);
    });

    it('needs a token', async () => {
      const r = await api.form('/api/user/logout', {});
      assert.equal(r.status, 401);
      assert.equal(r.code, 1001);
    });
  });
});

describe('session: login rate limits', () => {
  let server: TestServer;
  let api: Api;
  before(async () => {
    server = await startTestServer();
    api = new Api(server.url);
    await createUser(server, { username: 'carol', password: 'carol-pass' });
    await createUser(server, { username: 'dave', password: 'dave-pass' });
  });
  after(() => server?.destroy());

  const attempt = async (username: string, password: string) =>
    api.form('/api/user/login', { username, password, ...(await solveCaptcha(api)) });

  it('blocks an account after 10 failures, even with the right password, and counts it in the table', async () => {
    for (let i = 0; i < 10; i++) assert.equal((await attempt('carol', `wrong-${i}`)).code, 1004);
    const blocked = await attempt('carol', 'carol-pass');
    assert.equal(blocked.status, 429);
    assert.equal(blocked.code, 1005);
    assert.match(blocked.message, /Too many failed logins for this account; try again in \d+ minutes?/);
    assert.equal(await server.services.db.selectFrom('auth_tokens').select('id').executeTakeFirst(), undefined);
    // Another account from the same address is not blocked (10 < 30 failures).
    assert.equal((await attempt('dave', 'dave-pass')).code, 0);
  });

  it('lets the account in again once the failures leave the 15-minute window', async () => {
    await server.services.db
      .updateTable('login_attempts')
      .set({ at: new Date(Date.now() - 16 * 60 * 1000) })
      .where('key', '=', 'user:carol')
      .execute();
    assert.equal((await attempt('carol', 'carol-pass')).code, 0);
  });

  it('a success clears the account failures', async () => {
    for (let i = 0; i < 9; i++) await attempt('dave', 'nope-nope');
    assert.equal((await attempt('dave', 'dave-pass')).code, 0);
    for (let i = 0; i < 9; i++) await attempt('dave', 'nope-nope');
    assert.equal((await attempt('dave', 'dave-pass')).code, 0);
  });

  it('blocks an address after 30 failures in the window, across usernames', async () => {
    const { count } = await server.services.db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('key', 'like', 'ip:%')
      .where('at', '>', new Date(Date.now() - 15 * 60 * 1000))
      .executeTakeFirstOrThrow();
    for (let i = count; i < 30; i++) await attempt(`ghost${i}`, 'whatever-1');
    const blocked = await attempt('dave', 'dave-pass');
    assert.equal(blocked.status, 429);
    assert.match(blocked.message, /from your address/);
  });
});
