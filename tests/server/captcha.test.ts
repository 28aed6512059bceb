// GET /api/captcha and the server-side check on login: wrong, expired, reused, CAPTCHA=off.
import assert from 'node:assert/strict';
import { solveCaptchaChallenge } from '@verdict/shared/captcha';
import { pruneAuthRows } from '@verdict/server/internal/modules/accounts/auth-chores';
import { Api } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountState, createUser, solveCaptcha } from '../helpers/users.ts';

describe('captcha', () => {
  let server: TestServer;
  let api: Api;
  before(async () => {
    server = await startTestServer();
    api = new Api(server.url);
    await createUser(server, { username: 'erin', password: 'erin-pass' });
  });
  after(() => server?.destroy());

  const loginWith = (captcha: Record<string, string>) => api.form('/api/user/login', { username: 'erin', password: 'erin-pass', ...captcha });

  it('issues a proof-of-work challenge, stores its counter for 5 minutes, and the counter is what solving finds', async () => {
    const r = await api.get('/api/captcha');
    assert.equal(r.code, 0);
    assert.match(r.data.captchaId, /^[A-Za-z0-9_-]{16,}$/);
    assert.match(r.data.image, /^data:image\/svg\+xml;base64,/);
    const { challenge } = r.data;
    assert.deepEqual(Object.keys(challenge).sort(), ['algorithm', 'cost', 'keyLength', 'keyPrefix', 'nonce', 'salt']);
    assert.equal(challenge.algorithm, 'PBKDF2/SHA-256');
    assert.equal(challenge.cost, 5000);
    assert.match(challenge.keyPrefix, /^[0-9a-f]{32}$/, '16 bytes of the key: only the counter matches');
    const row = await server.services.db.selectFrom('captchas').selectAll().where('id', '=', r.data.captchaId).executeTakeFirstOrThrow();
    assert.match(row.answer, /^\d+$/);
    assert.ok(Number(row.answer) < 3000);
    assert.equal(row.used_at, null);
    const ttl = new Date(row.expires_at).getTime() - Date.now();
    assert.ok(ttl > 4 * 60 * 1000 && ttl <= 5 * 60 * 1000, `ttl ${ttl}`);
    assert.ok(!JSON.stringify(r.data).includes(`"${row.answer}"`), 'the reply does not carry the counter');
    // The clients' solver (ALTCHA's, with WebCrypto) finds the stored counter, and that answer logs in.
    assert.equal(await solveCaptchaChallenge(challenge), row.answer);
    assert.equal((await loginWith({ captchaId: r.data.captchaId, captcha: row.answer })).code, 0);
  });

  it('gives a different captcha each time', async () => {
    const a = await api.get('/api/captcha');
    const b = await api.get('/api/captcha');
    assert.notEqual(a.data.captchaId, b.data.captchaId);
  });

  it('accepts the right answer with spaces around it', async () => {
    const { captchaId, captcha } = await solveCaptcha(api);
    const r = await loginWith({ captchaId, captcha: ` ${captcha} ` });
    assert.equal(r.code, 0, r.message);
  });

  it('refuses a wrong answer (and the captcha is used up)', async () => {
    const before = await accountState(server);
    const { captchaId, captcha } = await solveCaptcha(api);
    const wrong = await loginWith({ captchaId, captcha: String((Number(captcha) + 1) % 3000) });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.code, 1003);
    assert.equal(wrong.message, '验证码错误 (wrong captcha)');
    const retry = await loginWith({ captchaId, captcha });
    assert.equal(retry.code, 1003);
    assert.equal(await accountState(server), before);
  });

  it('refuses a reused answer', async () => {
    const answer = await solveCaptcha(api);
    assert.equal((await loginWith(answer)).code, 0);
    const before = await accountState(server);
    const again = await loginWith(answer);
    assert.equal(again.code, 1003);
    assert.equal(await accountState(server), before);
  });

  it('lets only one of two simultaneous uses of a captcha through', async () => {
    const answer = await solveCaptcha(api);
    const replies = await Promise.all([loginWith(answer), loginWith(answer)]);
    assert.deepEqual(replies.map((r) => r.code).sort(), [0, 1003]);
  });

  it('prunes captchas an hour after expiry', async () => {
    const answer = await solveCaptcha(api);
    await server.services.db.updateTable('captchas').set({ expires_at: new Date(Date.now() - 61 * 60 * 1000) }).where('id', '=', answer.captchaId).execute();
    const fresh = await solveCaptcha(api);
    await pruneAuthRows(server.services.db);
    const ids = (await server.services.db.selectFrom('captchas').select('id').execute()).map((r) => r.id);
    assert.ok(!ids.includes(answer.captchaId));
    assert.ok(ids.includes(fresh.captchaId));
  });

  it('refuses an expired answer', async () => {
    const answer = await solveCaptcha(api);
    await server.services.db.updateTable('captchas').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', answer.captchaId).execute();
    const before = await accountState(server);
    const r = await loginWith(answer);
    assert.equal(r.code, 1003);
    assert.equal(await accountState(server), before);
  });

  it('refuses a missing, empty or unknown captcha', async () => {
    const { captcha } = await solveCaptcha(api);
    const cases = [{}, { captchaId: '', captcha: '' }, { captchaId: 'no-such-id', captcha }, { captcha }];
    for (const c of cases) assert.equal((await loginWith(c as Record<string, string>)).code, 1003, JSON.stringify(c));
  });

  it('checks the captcha before the password, so guessing needs a new captcha each time', async () => {
    const wrong = await loginWith({ captchaId: 'x', captcha: 'y' });
    assert.equal(wrong.code, 1003);
    const rows = await server.services.db.selectFrom('login_attempts').selectAll().where('key', '=', 'user:erin').execute();
    assert.equal(rows.length, 0);
  });

  it('test hook: 404 for an unknown captcha id', async () => {
    const r = await api.get('/api/test/captcha/nope');
    assert.equal(r.status, 404);
  });
});

describe('captcha off (CAPTCHA=off) and outside NODE_ENV=test', () => {
  it('CAPTCHA=off skips the check', async () => {
    const server = await startTestServer({ CAPTCHA: 'off' });
    try {
      const api = new Api(server.url);
      await createUser(server, { username: 'frank', password: 'frank-pass' });
      const r = await api.form('/api/user/login', { username: 'frank', password: 'frank-pass' });
      assert.equal(r.code, 0, r.message);
    } finally {
      await server.destroy();
    }
  });

  it('the captcha answer route does not exist outside NODE_ENV=test', async () => {
    const server = await startTestServer({ NODE_ENV: 'development' });
    try {
      const api = new Api(server.url);
      const issued = await api.get('/api/captcha');
      assert.equal(issued.code, 0);
      const r = await api.get(`/api/test/captcha/${issued.data.captchaId}`);
      assert.equal(r.status, 404);
      assert.match(r.message, /No such API/);
    } finally {
      await server.destroy();
    }
  });
});
