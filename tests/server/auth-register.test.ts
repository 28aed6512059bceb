// Registration and the forgotten-password reset, with codes received over real SMTP.
import assert from 'node:assert/strict';
import { Api } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { accountState, createUser, loginAs, solveCaptcha } from '../helpers/users.ts';

describe('register and reset password', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  let api: Api;

  before(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({ SMTP_URL: smtp.url });
    api = new Api(server.url);
  });
  after(async () => {
    await server?.destroy();
    await smtp?.close();
  });

  /** A fresh code for the address (earlier codes are aged past the one-per-minute limit). */
  async function codeFor(email: string, purpose: 'register' | 'login' | 'reset'): Promise<string> {
    await server.services.db.updateTable('email_codes').set({ created_at: new Date(Date.now() - 120_000) }).where('email', '=', email).execute();
    const r = await api.form('/api/email/sendEmailCode', { email, purpose });
    assert.equal(r.code, 0, r.message);
    return smtp.waitForCode(email);
  }
  const register = async (fields: Record<string, string>) => api.form('/api/user/register', { ...(await solveCaptcha(api)), ...fields });
  const forget = async (fields: Record<string, string>) => api.form('/api/user/forgetPwd', { ...(await solveCaptcha(api)), ...fields });

  describe('POST /api/user/register', () => {
    it('creates the account with a hashed password; the user can log in', async () => {
      const code = await codeFor('heidi@example.test', 'register');
      const r = await register({ email: 'Heidi@Example.test', username: 'heidi', password: 'heidi-pass', code });
      assert.equal(r.code, 0, r.message);
      assert.deepEqual(Object.keys(r.data).sort(), ['auth', 'email', 'gender', 'id', 'nickname', 'username']);
      assert.equal(r.data.email, 'heidi@example.test');
      assert.equal(r.data.auth, 0);
      assert.equal(r.data.nickname, 'heidi');
      const row = await server.services.db.selectFrom('users').selectAll().where('username', '=', 'heidi').executeTakeFirstOrThrow();
      assert.match(row.password_hash, /^\$argon2id\$/);
      assert.ok(!row.password_hash.includes('heidi-pass'));
      await loginAs(api, 'heidi', 'heidi-pass');
      const reuse = await register({ email: 'heidi2@example.test', username: 'heidi2', password: 'heidi-pass', code });
      assert.equal(reuse.code, 1006);
    });

    it('stores unicode and SQL-looking usernames as they are', async () => {
      for (const [i, username] of ['张三', 'Zoë 😀', "' OR 1=1 --", 'Robert"); DROP TABLE users;--'].entries()) {
        const email = `odd${i}@example.test`;
        const r = await register({ email, username, password: 'odd-pass-1', code: await codeFor(email, 'register') });
        assert.equal(r.code, 0, `${username}: ${r.message}`);
        assert.equal(r.data.username, username);
        await loginAs(api, username, 'odd-pass-1');
      }
      const count = await server.services.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      assert.ok(count.n >= 6);
    });

    it('refuses each invalid field with its message, changing nothing and keeping the code', async () => {
      const code = await codeFor('ivan@example.test', 'register');
      const good = { email: 'ivan@example.test', username: 'ivan', password: 'ivan-pass', code };
      const before = await accountState(server);
      const cases: [Record<string, unknown>, string][] = [
        [{ password: '12345' }, 'password length must not be under 6'],
        [{ password: undefined }, 'password length must not be under 6'],
        [{ password: 'p'.repeat(129) }, 'Password length must not be over 128'],
        [{ code: '' }, 'Please enter the e-mail code'],
        [{ code: undefined }, 'Please enter the e-mail code'],
        [{ username: '' }, 'Username cannot be empty!'],
        [{ username: '  ' }, 'Username cannot be empty!'],
        [{ username: undefined }, 'Username cannot be empty!'],
        [{ username: 'u'.repeat(31) }, 'Maximum 30 characters'],
        [{ username: 'tab\there' }, 'Username must not contain control characters'],
        [{ email: '' }, 'Email cannot be empty!'],
        [{ email: 'ivan-at-example' }, 'Please enter a valid e-mail address'],
        [{ auth: 2 }, 'Unknown field: auth'],
      ];
      for (const [change, message] of cases) {
        const body: Record<string, unknown> = { ...good, ...(await solveCaptcha(api)), ...change };
        for (const k of Object.keys(change)) if (change[k] === undefined) delete body[k];
        const r = await api.json('/api/user/register', body);
        assert.equal(r.status, 400, JSON.stringify(change));
        assert.equal(r.code, 1000);
        assert.equal(r.message, message);
      }
      const typed = await api.json('/api/user/register', { ...good, ...(await solveCaptcha(api)), password: 12345678 });
      assert.match(typed.message, /^password: /);
      assert.equal(await accountState(server), before);
      assert.equal((await register(good)).code, 0, 'the code survived the refused calls');
    });

    it('refuses a taken username with a clear conflict once the code is right, keeping the code', async () => {
      await createUser(server, { username: 'judy', email: 'judy@example.test' });
      const code = await codeFor('judy2@example.test', 'register');
      const before = await accountState(server);
      const name = await register({ email: 'judy2@example.test', username: 'judy', password: 'judy-pass', code });
      assert.equal(name.status, 409, name.message);
      assert.equal(name.code, 1008);
      assert.equal(name.message, 'This username is already taken');
      // A used address never gets a register code (sendEmailCode mails it a notice), so its registration fails on the code.
      const mail = await register({ email: 'JUDY@example.test', username: 'judy2', password: 'judy-pass', code });
      assert.equal(mail.status, 400);
      assert.equal(mail.message, 'The e-mail code is wrong or has expired');
      assert.equal(await accountState(server), before);
      assert.equal((await register({ email: 'judy2@example.test', username: 'judy2', password: 'judy-pass', code })).code, 0);
    });

    it('refuses a wrong code, a code of another address and a login code', async () => {
      const code = await codeFor('kim@example.test', 'register');
      const other = await codeFor('kim2@example.test', 'register');
      const before = await accountState(server);
      const wrong = code === '123456' ? '654321' : '123456';
      for (const c of [wrong, ...(other === code ? [] : [other])]) {
        const r = await register({ email: 'kim@example.test', username: 'kim', password: 'kim-pass', code: c });
        assert.equal(r.code, 1006);
      }
      assert.equal(await accountState(server), before);
      await createUser(server, { username: 'leo', email: 'leo@example.test' });
      const loginCode = await codeFor('leo@example.test', 'login');
      await server.services.db.deleteFrom('users').where('username', '=', 'leo').execute();
      const before2 = await accountState(server);
      const r = await register({ email: 'leo@example.test', username: 'leo', password: 'leo-pass', code: loginCode });
      assert.equal(r.code, 1006);
      assert.equal(await accountState(server), before2);
    });

    it('needs the captcha (and keeps the code)', async () => {
      const code = await codeFor('mia@example.test', 'register');
      const before = await accountState(server);
      const r = await api.form('/api/user/register', { email: 'mia@example.test', username: 'mia', password: 'mia-pass', code });
      assert.equal(r.code, 1003);
      assert.equal(await accountState(server), before);
      assert.equal((await register({ email: 'mia@example.test', username: 'mia', password: 'mia-pass', code })).code, 0);
    });
  });

  describe('POST /api/user/forgetPwd', () => {
    it('sets the new password and ends every session of the account', async () => {
      const nina = await createUser(server, { username: 'nina', email: 'nina@example.test', password: 'nina-old' });
      const s1 = await loginAs(api, 'nina', nina.password);
      const s2 = await loginAs(api, 'nina', nina.password);
      const r = await forget({ email: 'nina@example.test', newPwd: 'nina-new', code: await codeFor('nina@example.test', 'reset') });
      assert.equal(r.code, 0, r.message);
      for (const s of [s1, s2]) assert.equal((await s.get('/api/user/userInfo')).status, 401);
      await assert.rejects(loginAs(api, 'nina', 'nina-old'), /Wrong username or password/);
      await loginAs(api, 'nina', 'nina-new');
    });

    it('checks the username when one is sent (admin reset page)', async () => {
      await createUser(server, { username: 'oscar', email: 'oscar@example.test', password: 'oscar-old' });
      const code = await codeFor('oscar@example.test', 'reset');
      const before = await accountState(server);
      const r = await forget({ email: 'oscar@example.test', newPwd: 'oscar-new', code, username: 'nina' });
      assert.equal(r.status, 400);
      assert.equal(r.message, 'The username does not match this e-mail address');
      assert.equal(await accountState(server), before);
      const ok = await forget({ email: 'oscar@example.test', newPwd: 'oscar-new', code, username: 'oscar' });
      assert.equal(ok.code, 0, ok.message);
      await loginAs(api, 'oscar', 'oscar-new');
    });

    it('lets the superadmin reset too', async () => {
      const r = await forget({ email: 'admin@verdict.local', newPwd: 'admin-new-pass', code: await codeFor('admin@verdict.local', 'reset'), username: 'admin' });
      assert.equal(r.code, 0, r.message);
      await loginAs(api, 'admin', 'admin-new-pass', { admin: true });
    });

    it('accepts a login code (it proves the address just as well)', async () => {
      await createUser(server, { username: 'pat', email: 'pat@example.test' });
      const r = await forget({ email: 'pat@example.test', newPwd: 'pat-new-pass', code: await codeFor('pat@example.test', 'login') });
      assert.equal(r.code, 0, r.message);
    });

    it('refuses bad input, wrong codes, unknown addresses and a missing captcha, changing nothing', async () => {
      await createUser(server, { username: 'quinn', email: 'quinn@example.test', password: 'quinn-old' });
      const code = await codeFor('quinn@example.test', 'reset');
      const before = await accountState(server);
      const cases: [Record<string, string>, number, string | RegExp][] = [
        [{ email: 'quinn@example.test', newPwd: '12345', code }, 1000, 'password length must not be under 6'],
        [{ email: 'quinn@example.test', code }, 1000, 'password length must not be under 6'],
        [{ email: 'quinn@example.test', newPwd: 'quinn-new' }, 1000, 'Please enter the e-mail code'],
        [{ newPwd: 'quinn-new', code }, 1000, 'Email cannot be empty!'],
        [{ email: 'quinn@example.test', newPwd: 'quinn-new', code, password: 'x' }, 1000, 'Unknown field: password'],
        [{ email: 'quinn@example.test', newPwd: 'quinn-new', code: code === '000000' ? '000001' : '000000' }, 1006, 'The e-mail code is wrong or has expired'],
        [{ email: 'nobody@example.test', newPwd: 'quinn-new', code }, 1006, 'The e-mail code is wrong or has expired'],
      ];
      for (const [body, errCode, message] of cases) {
        const r = await forget(body);
        assert.equal(r.code, errCode, JSON.stringify(body));
        if (typeof message === 'string') assert.equal(r.message, message);
      }
      const noCaptcha = await api.form('/api/user/forgetPwd', { email: 'quinn@example.test', newPwd: 'quinn-new', code });
      assert.equal(noCaptcha.code, 1003);
      assert.equal(await accountState(server), before);
      assert.equal((await forget({ email: 'quinn@example.test', newPwd: 'quinn-new', code })).code, 0, 'one wrong try left the code usable');
    });
  });
});
