// E-mail codes over real SMTP (smtp-server on loopback), e-mail logins, the outbox without SMTP.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { checkSmtp } from '@verdict/server/internal/modules/mail/mail';
import { Api } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { accountState, createUser, solveCaptcha, type CreatedUser } from '../helpers/users.ts';

/** Moves an address's codes two minutes into the past, past the one-per-minute limit. */
async function ageCodes(server: TestServer, email: string) {
  await server.services.db
    .updateTable('email_codes')
    .set({ created_at: new Date(Date.now() - 2 * 60 * 1000) })
    .where('email', '=', email)
    .execute();
}

describe('e-mail codes over SMTP', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  let api: Api;
  let grace: CreatedUser;

  before(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Verdict <judge@verdict.test>' });
    api = new Api(server.url);
    grace = await createUser(server, { username: 'grace', email: 'grace@example.test', password: 'grace-pass' });
  });
  after(async () => {
    await server?.destroy();
    await smtp?.close();
  });

  const codeRows = (email: string) => server.services.db.selectFrom('email_codes').selectAll().where('email', '=', email).orderBy('id').execute();
  const emailLogin = async (fields: Record<string, string>, path: '/api/user/emailLogin' | '/api/user/adminEmailLogin' = '/api/user/emailLogin') =>
    api.form(path, { ...(await solveCaptcha(api)), ...fields });

  describe('POST /api/email/sendEmailCode', () => {
    it('mails a 6-digit code and stores only its hash, valid 10 minutes', async () => {
      const r = await api.form('/api/email/sendEmailCode', { email: 'new1@example.test' });
      assert.equal(r.code, 0, r.message);
      assert.equal(r.data.purpose, null, 'no purpose asked: the reply does not say which was chosen');
      const mail = await smtp.waitForMail('new1@example.test');
      assert.equal(mail.subject, 'Verdict verification code');
      assert.equal(mail.from, 'judge@verdict.test');
      const code = /\b(\d{6})\b/.exec(mail.text)![1];
      assert.match(mail.text, /expires in 10 minutes/);
      const [row] = await codeRows('new1@example.test');
      assert.equal(row.purpose, 'register');
      assert.ok(!row.code_hash.includes(code));
      const ttl = new Date(row.expires_at).getTime() - Date.now();
      assert.ok(ttl > 9 * 60 * 1000 && ttl <= 10 * 60 * 1000);
    });

    it('picks login for a known address when no purpose is given, and lowercases the address', async () => {
      const r = await api.form('/api/email/sendEmailCode', { email: '  Grace@Example.TEST ' });
      assert.equal(r.code, 0, r.message);
      assert.equal(r.data.purpose, null);
      await smtp.waitForCode('grace@example.test');
      assert.equal((await codeRows('grace@example.test')).at(-1)!.purpose, 'login');
      await ageCodes(server, 'grace@example.test');
    });

    it('sends at most one code per address per minute', async () => {
      const first = await api.form('/api/email/sendEmailCode', { email: 'limit@example.test' });
      assert.equal(first.code, 0);
      await smtp.waitForMail('limit@example.test');
      const second = await api.form('/api/email/sendEmailCode', { email: 'LIMIT@example.test' });
      assert.equal(second.status, 429);
      assert.equal(second.code, 1005);
      assert.match(second.message, /less than a minute ago; please wait \d+ s/);
      assert.equal((await codeRows('limit@example.test')).length, 1);
      await assert.rejects(smtp.waitForMail('limit@example.test', 300));
      // Another address is not held back.
      assert.equal((await api.form('/api/email/sendEmailCode', { email: 'other@example.test' })).code, 0);
      await smtp.waitForMail('other@example.test');
    });

    it('lets only one of two simultaneous requests for an address through', async () => {
      const replies = await Promise.all([1, 2, 3].map(() => api.form('/api/email/sendEmailCode', { email: 'race@example.test' })));
      assert.deepEqual(replies.map((r) => r.code).sort(), [0, 1005, 1005]);
      assert.equal((await codeRows('race@example.test')).length, 1);
    });

    it('limits one client address to 60 codes per 15 minutes', async () => {
      assert.equal((await api.form('/api/email/sendEmailCode', { email: 'flood0@example.test' })).code, 0);
      await smtp.waitForMail('flood0@example.test');
      const db = server.services.db;
      const counted = await db.selectFrom('login_attempts').select('key').where('key', 'like', 'mail-ip:%').execute();
      assert.ok(counted.length >= 1);
      const key = counted[0].key;
      await db.insertInto('login_attempts').values(Array.from({ length: 60 - counted.length }, () => ({ key }))).execute();
      const r = await api.form('/api/email/sendEmailCode', { email: 'flood1@example.test' });
      assert.equal(r.status, 429);
      assert.match(r.message, /^Too many e-mail codes requested from your address; try again in \d+ minutes?$/);
      assert.equal((await codeRows('flood1@example.test')).length, 0);
      await db.deleteFrom('login_attempts').where('key', '=', key).execute();
    });

    it('answers register for a used address, and login or reset for an unknown one, like any other: the address gets a notice, no code', async () => {
      await ageCodes(server, 'grace@example.test');
      const taken = await api.form('/api/email/sendEmailCode', { email: 'grace@example.test', purpose: 'register' });
      assert.deepEqual([taken.status, taken.data], [200, { purpose: 'register' }]);
      assert.match((await smtp.waitForMail('grace@example.test')).text, /already belongs to an account/);
      for (const purpose of ['login', 'reset']) {
        await ageCodes(server, 'ghost@example.test');
        const unknown = await api.form('/api/email/sendEmailCode', { email: 'ghost@example.test', purpose });
        assert.deepEqual([unknown.status, unknown.data], [200, { purpose }]);
        assert.doesNotMatch((await smtp.waitForMail('ghost@example.test')).text, /\b\d{6}\b/);
      }
      // The notices' rows only count for the one-per-minute limit: they are spent from the start.
      const rows = [...(await codeRows('ghost@example.test')), ...(await codeRows('grace@example.test')).slice(-1)];
      assert.ok(rows.every((row) => row.used_at !== null));
      await ageCodes(server, 'grace@example.test');
    });

    it('refuses missing, invalid, over-long, wrong-typed and extra fields', async () => {
      const cases: [Record<string, unknown>, RegExp][] = [
        [{}, /^Email cannot be empty!$/],
        [{ email: '' }, /^Email cannot be empty!$/],
        [{ email: 'not-an-address' }, /^Please enter a valid e-mail address$/],
        [{ email: "' OR 1=1 --@x" }, /^Please enter a valid e-mail address$/],
        [{ email: `${'a'.repeat(250)}@example.test` }, /^The e-mail address is too long$/],
        [{ email: 'x@example.test', purpose: 'admin' }, /^purpose must be register, login or reset$/],
        [{ email: 'x@example.test', code: '123456' }, /^Unknown field: code$/],
      ];
      for (const [body, message] of cases) {
        const r = await api.json('/api/email/sendEmailCode', body);
        assert.equal(r.status, 400, JSON.stringify(body));
        assert.match(r.message, message);
      }
      const typed = await api.json('/api/email/sendEmailCode', { email: 12345 });
      assert.equal(typed.status, 400);
      assert.equal(await server.services.db.selectFrom('email_codes').select('id').where('email', '=', 'x@example.test').executeTakeFirst(), undefined);
    });
  });

  describe('POST /api/user/emailLogin and adminEmailLogin', () => {
    const sendCode = async (email: string, purpose = 'login') => {
      await ageCodes(server, email);
      const r = await api.form('/api/email/sendEmailCode', { email, purpose });
      assert.equal(r.code, 0, r.message);
      return smtp.waitForCode(email);
    };

    it('logs in with the code: {token, username}; the code works once', async () => {
      const code = await sendCode('grace@example.test');
      const r = await emailLogin({ email: 'GRACE@example.test', code });
      assert.equal(r.code, 0, r.message);
      assert.equal(r.data.username, 'grace');
      assert.equal((await api.withToken(r.data.token).get('/api/user/userInfo')).data.id, grace.id);
      const before = await accountState(server);
      const again = await emailLogin({ email: 'grace@example.test', code });
      assert.equal(again.status, 400);
      assert.equal(again.code, 1006);
      assert.equal(again.message, 'The e-mail code is wrong or has expired');
      assert.equal(await accountState(server), before);
    });

    it('a reset code also logs in (both prove the address), a newer code retires the older one', async () => {
      const old = await sendCode('grace@example.test', 'reset');
      const fresh = await sendCode('grace@example.test', 'login');
      assert.equal((await emailLogin({ email: 'grace@example.test', code: old })).code, old === fresh ? 0 : 1006);
      if (old !== fresh) assert.equal((await emailLogin({ email: 'grace@example.test', code: fresh })).code, 0);
    });

    it('lets only one of two simultaneous uses of a code through', async () => {
      const code = await sendCode('grace@example.test');
      const replies = await Promise.all([emailLogin({ email: 'grace@example.test', code }), emailLogin({ email: 'grace@example.test', code })]);
      assert.deepEqual(replies.map((r) => r.code).sort(), [0, 1006]);
    });

    it('kills the code after 5 wrong tries', async () => {
      const code = await sendCode('grace@example.test');
      const wrong = code === '000000' ? '111111' : '000000';
      const before = await accountState(server);
      for (let i = 0; i < 5; i++) assert.equal((await emailLogin({ email: 'grace@example.test', code: wrong })).code, 1006);
      const [row] = (await codeRows('grace@example.test')).slice(-1);
      assert.equal(row.attempts, 5);
      assert.equal((await emailLogin({ email: 'grace@example.test', code })).code, 1006);
      assert.equal(await accountState(server), before);
    });

    it('refuses an expired code', async () => {
      const code = await sendCode('grace@example.test');
      await server.services.db.updateTable('email_codes').set({ expires_at: new Date(Date.now() - 1000) }).where('email', '=', 'grace@example.test').execute();
      assert.equal((await emailLogin({ email: 'grace@example.test', code })).code, 1006);
    });

    it('refuses a register code for login, and a code for another address', async () => {
      const r = await api.form('/api/email/sendEmailCode', { email: 'new2@example.test', purpose: 'register' });
      assert.equal(r.data.purpose, 'register');
      const registerCode = await smtp.waitForCode('new2@example.test');
      await createUser(server, { username: 'latecomer', email: 'new2@example.test' });
      assert.equal((await emailLogin({ email: 'new2@example.test', code: registerCode })).code, 1006);
      const graceCode = await sendCode('grace@example.test');
      assert.equal((await emailLogin({ email: 'new2@example.test', code: graceCode })).code, 1006);
    });

    it('needs the captcha', async () => {
      const code = await sendCode('grace@example.test');
      const r = await api.form('/api/user/emailLogin', { email: 'grace@example.test', code });
      assert.equal(r.code, 1003);
      assert.equal((await emailLogin({ email: 'grace@example.test', code })).code, 0, 'the code was not used up by the refused call');
    });

    it('refuses missing, extra and wrong-typed fields', async () => {
      const captcha = await solveCaptcha(api);
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ code: '123456' }, /^Email cannot be empty!$/],
        [{ email: 'grace@example.test' }, /^Please enter the e-mail code$/],
        [{ email: 'grace@example.test', code: '' }, /^Please enter the e-mail code$/],
        [{ email: 'grace@example.test', code: '123456', username: 'grace' }, /^Unknown field: username$/],
        [{ email: 'grace@example.test', code: 123456 }, /^code: /],
      ];
      for (const [body, message] of cases) {
        const r = await api.json('/api/user/emailLogin', { ...captcha, ...body });
        assert.equal(r.status, 400, JSON.stringify(body));
        assert.match(r.message, message);
      }
    });

    it('adminEmailLogin logs in an administrator and refuses a user', async () => {
      const adminCode = await sendCode('admin@verdict.local');
      const ok = await emailLogin({ email: 'admin@verdict.local', code: adminCode }, '/api/user/adminEmailLogin');
      assert.equal(ok.code, 0, ok.message);
      assert.equal(ok.data.username, 'admin');
      const code = await sendCode('grace@example.test');
      const before = await accountState(server);
      const refused = await emailLogin({ email: 'grace@example.test', code }, '/api/user/adminEmailLogin');
      assert.equal(refused.status, 403);
      assert.match(refused.message, /not an administrator/);
      assert.equal(await accountState(server), before);
    });
  });
});

describe('e-mail codes without SMTP: the outbox', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.destroy());

  it('writes the mail under <dataDir>/outbox', async () => {
    const api = new Api(server.url);
    const r = await api.form('/api/email/sendEmailCode', { email: 'outbox@example.test' });
    assert.equal(r.code, 0, r.message);
    const dir = path.join(server.dataDir, 'outbox');
    const files = fs.readdirSync(dir);
    assert.equal(files.length, 1);
    const text = fs.readFileSync(path.join(dir, files[0]), 'utf8');
    assert.match(text, /^To: outbox@example.test$/m);
    assert.match(text, /^Subject: Verdict verification code$/m);
    assert.match(text, /Your Verdict verification code is \d{6}/);
  });
});

describe('e-mail codes when the SMTP server is down', () => {
  let server: TestServer;
  before(async () => {
    const smtp = await startTestSmtp();
    await smtp.close(); // a port that refuses connections
    server = await startTestServer({ SMTP_URL: smtp.url });
  });
  after(() => server?.destroy());

  it('answers MAIL_FAILED, keeps no code and does not hold the address back', async () => {
    const api = new Api(server.url);
    const r = await api.form('/api/email/sendEmailCode', { email: 'down@example.test' });
    assert.equal(r.status, 502);
    assert.equal(r.code, 1014);
    assert.match(r.message, /Failed to send the e-mail/);
    assert.equal(await server.services.db.selectFrom('email_codes').select('id').executeTakeFirst(), undefined);
    const again = await api.form('/api/email/sendEmailCode', { email: 'down@example.test' });
    assert.equal(again.code, 1014, 'not RATE_LIMITED');
  });
});

describe('an SMTP server that accepts and never greets', () => {
  it('is given up after the 10 s timeout, not nodemailer’s 30 s default (the timeouts once went to the wrong argument)', async function () {
    this.timeout(40_000);
    const silent = net.createServer(() => undefined).listen(0, '127.0.0.1');
    await once(silent, 'listening');
    try {
      const started = Date.now();
      const result = await checkSmtp(`smtp://127.0.0.1:${(silent.address() as net.AddressInfo).port}`);
      const took = Date.now() - started;
      // The greeting and the socket's idle timeout are both 10 s: either may fire first.
      assert.equal(result.ok, false);
      assert.match(result.ok ? '' : result.error, /^(Greeting never received|Timeout)$/);
      assert.ok(took >= 9_000 && took < 20_000, `gave up after ${took} ms`);
    } finally {
      silent.close();
    }
  });
});
