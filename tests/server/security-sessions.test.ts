// Attacks on accounts and sessions: password guessing (slowed, then refused, also when the
// guesses come in parallel or claim another address), tokens that must die on logout and on
// a password change, and one user reading what belongs to another.
import assert from 'node:assert/strict';
import { issueToken } from '@verdict/server/internal/modules/accounts/tokens';
import { isStreamRoute } from '@verdict/server/internal/http/route';
import { allRoutes } from '@verdict/server/internal/http/routes';
import { loginDelayMs, MAX_FAILURES_PER_USER, SLOW_AFTER_USER_FAILURES } from '@verdict/server/internal/modules/accounts/rate-limit';
import { Api } from '../helpers/api.ts';
import { buildZip, kattisEntries, zipForm } from '../helpers/package-zip.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { createUser } from '../helpers/users.ts';

describe('security: accounts and sessions', function () {
  this.timeout(120_000);
  let server: TestServer;
  let smtp: TestSmtp;
  let api: Api;
  let admin: TestAccount;

  before(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({ CAPTCHA: 'off', SMTP_URL: smtp.url, SUBMIT_WAIT_MS: '0' });
    api = new Api(server.url);
    admin = await adminAccount(server);
  });
  after(async () => {
    await server?.destroy();
    await smtp?.close();
  });

  const login = (username: string, password: string, headers: Record<string, string> = {}) =>
    api.raw('/api/user/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({ username, password }),
    });

  async function failures(username: string, n: number): Promise<void> {
    await server.services.db.insertInto('login_attempts').values(Array.from({ length: n }, () => ({ key: `user:${username}` }))).execute();
  }

  describe('password guessing', () => {
    beforeEach(() => server.services.db.deleteFrom('login_attempts').execute());

    it('slows an account down after a few failures, before the password is checked', async () => {
      await createUser(server, { username: 'slowpoke', password: 'right-pass' });
      await failures('slowpoke', SLOW_AFTER_USER_FAILURES + 1);
      let started = performance.now();
      const wrong = await login('slowpoke', 'wrong-pass');
      assert.equal(wrong.status, 401);
      assert.ok(performance.now() - started >= loginDelayMs(SLOW_AFTER_USER_FAILURES + 1, SLOW_AFTER_USER_FAILURES));
      // The right password waits as long (one more failure now): a quick reply would give it away.
      started = performance.now();
      const right = await login('slowpoke', 'right-pass');
      assert.equal(right.status, 200);
      assert.ok(performance.now() - started >= loginDelayMs(SLOW_AFTER_USER_FAILURES + 2, SLOW_AFTER_USER_FAILURES));
      assert.ok(loginDelayMs(SLOW_AFTER_USER_FAILURES + 2, SLOW_AFTER_USER_FAILURES) > loginDelayMs(SLOW_AFTER_USER_FAILURES, SLOW_AFTER_USER_FAILURES));
      // The success forgot the failures.
      assert.equal((await login('slowpoke', 'right-pass')).status, 200);
    });

    it('refuses guesses sent in parallel past the limit, even though none had failed yet', async () => {
      await createUser(server, { username: 'target', password: 'right-pass' });
      const replies = await Promise.all(Array.from({ length: MAX_FAILURES_PER_USER + 4 }, (_, i) => login('target', `guess-${i}`)));
      const statuses = replies.map((r) => r.status).sort();
      assert.deepEqual(statuses, [...Array(MAX_FAILURES_PER_USER).fill(401), ...Array(4).fill(429)]);
      assert.equal((await login('target', 'right-pass')).status, 429);
    });

    it('does not take the client address from X-Forwarded-For unless TRUST_PROXY=1', async () => {
      assert.equal((await login('nobody-here', 'wrong-pass')).status, 401);
      const [{ key }] = await server.services.db.selectFrom('login_attempts').select('key').where('key', 'like', 'ip:%').execute();
      await server.services.db.insertInto('login_attempts').values(Array.from({ length: 30 }, () => ({ key }))).execute();
      const spoofed = await login('someone-else', 'wrong-pass', { 'X-Forwarded-For': '203.0.113.7' });
      assert.equal(spoofed.status, 429);
      assert.match(((await spoofed.json()) as { message: string }).message, /from your address/);
    });
  });

  describe('tokens that must stop working', () => {
    // One call of every kind: GET, form POST, JSON POST, DELETE, multipart, and the open check.
    async function stillWorks(token: string, username: string): Promise<Record<string, number>> {
      const as = api.withToken(token);
      const zip = await buildZip(kattisEntries());
      return {
        get: (await as.get('/api/user/userInfo')).status,
        form: (await as.form('/api/JudgeRecord/MyAllList', { username })).status,
        json: (await as.json('/api/contest/add', { title: `t${Math.random()}`, startTimeStr: '2030-01-01 00:00:00', endTimeStr: '2030-01-02 00:00:00' })).status,
        delete: (await as.json('/api/JudgeTemplate/deleteList', [999_999], 'DELETE')).status,
        multipart: (await as.multipart('/api/admin/problem/upload', zipForm(999_999, zip))).status,
        isUserLogin: (await api.form('/api/user/isUserLogin', { username, token })).status,
      };
    }
    const dead = { get: 401, form: 401, json: 401, delete: 401, multipart: 401, isUserLogin: 401 };
    const alive = { get: 200, form: 200, json: 200, delete: 404, multipart: 404, isUserLogin: 200 };

    it('after logout', async () => {
      const a = await accountWithToken(server, { auth: 1 });
      const token = a.api.token!;
      assert.deepEqual(await stillWorks(token, a.username), alive);
      assert.equal((await a.api.form('/api/user/logout', {})).code, 0);
      assert.deepEqual(await stillWorks(token, a.username), dead);
    });

    it('after changing the own password: every other session ends', async () => {
      // The current password is checked like a login: this file's failed logins must not block it.
      await server.services.db.deleteFrom('login_attempts').execute();
      const a = await accountWithToken(server, { auth: 1 });
      const other = await issueToken(server.services.db, a.id);
      const me = (await a.api.get('/api/user/userInfo')).data;
      const changed = await a.api.json('/api/user/updateMyUser', { userID: a.id, username: me.username, nickname: me.nickname, email: me.email, gender: me.gender, password: 'brand-new-1', currentPassword: 'password-123' });
      assert.equal(changed.code, 0, changed.message);
      assert.deepEqual(await stillWorks(other, a.username), dead);
    });

    it("after an administrator resets the password: all the user's sessions end", async () => {
      const a = await accountWithToken(server, { auth: 1 });
      const second = await issueToken(server.services.db, a.id);
      const reset = await admin.api.json('/api/user/updateUserPwd', { id: a.id, password: 'reset-pass-1', confirmPassword: 'reset-pass-1' });
      assert.equal(reset.code, 0, reset.message);
      assert.deepEqual(await stillWorks(a.api.token!, a.username), dead);
      assert.deepEqual(await stillWorks(second, a.username), dead);
    });
  });

  describe("another user's data", () => {
    let alice: TestAccount;
    let bob: TestAccount;
    let aliceCode: string;
    let recordId: number;
    let contestId: number;
    let problemId: number;
    const SECRET_MARK = 'ALICE-SECRET-SOURCE-7f3a';

    before(async () => {
      await server.services.db.deleteFrom('login_attempts').execute();
      alice = await accountWithToken(server, { username: 'alice', email: 'alice.private@example.test' });
      bob = await accountWithToken(server, { username: 'bob', email: 'bob@example.test' });
      problemId = (await admin.api.json('/api/admin/problem/add', { title: 'Sum', memoryLimit: 128, timeLimit: 1000 })).data.id;
      assert.equal((await admin.api.multipart('/api/admin/problem/upload', zipForm(problemId, await buildZip(kattisEntries())))).code, 0);
      contestId = (await admin.api.json('/api/contest/add', { title: 'Open round', startTimeStr: '2020-01-01 00:00:00', endTimeStr: '2099-01-01 00:00:00' })).data.id;
      await admin.api.form('/api/contestProblem/addByProblemId', { contestId, problemId });
      await admin.api.json('/api/contestRecord/addByUserIdList', ['Open round', 'alice', 'bob']);
      const submitted = await alice.api.json('/api/submit', { problemId, language: 'python3', code: `# ${SECRET_MARK}\nprint(1)\n`, contestId });
      assert.equal(submitted.code, 0, submitted.message);
      recordId = submitted.data.id;
      // Alice asks for a login code: it must reach her mailbox and nowhere else.
      assert.equal((await api.form('/api/email/sendEmailCode', { email: 'alice.private@example.test', purpose: 'login' })).code, 0);
      aliceCode = await smtp.waitForCode('alice.private@example.test');
    });

    it('refuses Bob her source, her profile and her records', async () => {
      const detail = await bob.api.get('/api/JudgeRecord/detail', { id: recordId });
      assert.deepEqual([detail.status, detail.data], [404, null]);
      assert.equal((await bob.api.form('/api/user/findByUserName1', { username: 'alice' })).status, 403);
      assert.equal((await bob.api.form('/api/JudgeRecord/MyAllList', { username: 'alice' })).status, 403);
      assert.equal((await bob.api.get('/api/contest/findByUserId', { username: 'alice' })).status, 403);
      const mine = await alice.api.get('/api/JudgeRecord/detail', { id: recordId });
      assert.match(mine.data.code, new RegExp(SECRET_MARK));
    });

    it("no reply to Bob or to an administrator carries someone else's secret", async () => {
      const { db } = server.services;
      const hashes = (await db.selectFrom('users').select('password_hash').execute()).map((u) => u.password_hash);
      const codeHashes = (await db.selectFrom('email_codes').select('code_hash').execute()).map((c) => c.code_hash);
      const aliceToken = alice.api.token!;
      // Every GET route and every read-only POST, with inputs that point at Alice's things.
      const inputs: Record<string, string | number> = { contestId, problemId, id: recordId, username: 'alice', title: 'Open round', prob_title: 'Sum', keyword: 'alice' };
      // Streams never end (what reaches each stream is tested in live-events and ccs-event-feed).
      const reads = allRoutes.filter((r) => !isStreamRoute(r) && (r.method === 'get' || /find|MyList|MyAllList|isUserLogin|isAdminLogin/.test(r.path)));
      const seen: { who: string; path: string; text: string }[] = [];
      for (const [who, caller] of [['bob', bob.api], ['admin', admin.api]] as const) {
        for (const def of reads) {
          const schema = (def.query ?? def.body) as { shape?: Record<string, unknown> } | undefined;
          const fields = Object.fromEntries(Object.keys(schema?.shape ?? {}).map((name) => [name, inputs[name] ?? 'alice']));
          const res =
            def.method === 'get'
              ? await caller.raw(`${def.path}?${new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]))}`, { method: 'GET' })
              : await caller.raw(def.path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(fields) });
          seen.push({ who, path: def.path, text: await res.text() });
        }
      }
      assert.ok(seen.length >= 2 * 20);
      for (const { who, path, text } of seen) {
        for (const secret of [...hashes, ...codeHashes, aliceToken, '$argon2']) assert.ok(!text.includes(secret), `${who} ${path} carries a secret`);
        assert.doesNotMatch(text, new RegExp(`\\b${aliceCode}\\b`), `${who} ${path} carries Alice's e-mail code`);
        if (who === 'bob') {
          assert.ok(!text.includes(SECRET_MARK), `bob ${path} carries Alice's source`);
          assert.ok(!text.includes('alice.private@example.test'), `bob ${path} carries Alice's e-mail address`);
        } else if (path !== '/api/JudgeRecord/detail') {
          assert.ok(!text.includes(SECRET_MARK), `admin ${path} lists source code`);
        }
      }
      // The code still works for Alice: nothing above used it up.
      const byCode = await api.form('/api/user/emailLogin', { email: 'alice.private@example.test', code: aliceCode });
      assert.equal(byCode.code, 0, byCode.message);
    });
  });
});
