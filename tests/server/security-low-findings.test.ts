// Issue 26, item 7: the low findings, each attacked as found. E-mail enumeration through
// sendEmailCode, forgetPwd and register; findByTitle2 telling "not visible" from "missing";
// guessing reset codes one fresh code after another; changing the password or e-mail of a
// session without knowing the password; the clarifications' seen version counting other members'
// private changes; titles with line breaks.
import assert from 'node:assert/strict';
import { formatTime } from '@verdict/server/internal/common/wire';
import { MAX_FAILURES_PER_IP, MAX_FAILURES_PER_USER } from '@verdict/server/internal/modules/accounts/rate-limit';
import { Api } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { createUser, loginAs, solveCaptcha } from '../helpers/users.ts';

const HOUR = 3600_000;

/** What a reply tells its caller: status, code, message and data. */
const seen = (r: { status: number; code: number; message: string; data: unknown }) => JSON.stringify([r.status, r.code, r.message, r.data]);

describe('security: issue 26 low findings', function () {
  this.timeout(60_000);
  let smtp: TestSmtp;
  let server: TestServer;
  let api: Api;
  let admin: TestAccount;

  before(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({ SMTP_URL: smtp.url });
    api = new Api(server.url);
    admin = await adminAccount(server);
    await createUser(server, { username: 'known', email: 'known@example.test', password: 'known-pass' });
  });
  after(async () => {
    await server?.destroy();
    await smtp?.close();
  });

  /** Moves the address's codes past the one-per-minute limit. */
  const age = (email: string) =>
    server.services.db.updateTable('email_codes').set({ created_at: new Date(Date.now() - 120_000) }).where('email', '=', email).execute();
  const sendCode = (email: string, purpose?: string) => api.form('/api/email/sendEmailCode', { email, ...(purpose ? { purpose } : {}) });

  describe('sendEmailCode does not tell known addresses from unknown ones', () => {
    for (const purpose of ['login', 'reset', 'register', undefined]) {
      it(`purpose ${purpose ?? '(none)'}: the same reply, and the same one-per-minute limit, for both`, async () => {
        const tag = purpose ?? 'none';
        await age('known@example.test');
        const known = await sendCode('known@example.test', purpose);
        const unknown = await sendCode(`ghost-${tag}@example.test`, purpose);
        assert.equal(seen(known), seen(unknown));
        assert.equal(known.status, 200);
        const knownAgain = await sendCode('known@example.test', purpose);
        const unknownAgain = await sendCode(`ghost-${tag}@example.test`, purpose);
        assert.equal(knownAgain.status, 429);
        assert.equal(seen(knownAgain).replace(/\d+ s\b/, 'N s'), seen(unknownAgain).replace(/\d+ s\b/, 'N s'));
      });
    }

    it('mails a code only where it serves; the others get a notice without a code', async () => {
      await createUser(server, { username: 'noticed', email: 'noticed@example.test' });
      assert.equal((await sendCode('noticed@example.test', 'register')).code, 0);
      const taken = await smtp.waitForMail('noticed@example.test');
      assert.doesNotMatch(taken.text, /\b\d{6}\b/);
      assert.match(taken.text, /already belongs to an account/);
      assert.equal((await sendCode('nobody-here@example.test', 'reset')).code, 0);
      const unknown = await smtp.waitForMail('nobody-here@example.test');
      assert.doesNotMatch(unknown.text, /\b\d{6}\b/);
      assert.match(unknown.text, /no account uses this address/);
    });
  });

  describe('forgetPwd and register say nothing before the code is right', () => {
    it('forgetPwd: a username that does not match gets the wrong-code reply while the code is wrong', async () => {
      const forget = async (username: string) =>
        api.form('/api/user/forgetPwd', { email: 'known@example.test', newPwd: 'whatever-1', code: '000000', username, ...(await solveCaptcha(api)) });
      const matching = await forget('known');
      const other = await forget('admin');
      assert.equal(seen(other), seen(matching));
      assert.equal(other.message, 'The e-mail code is wrong or has expired');
    });

    it('register: a taken username gets the wrong-code reply while the code is wrong', async () => {
      const register = async (username: string) =>
        api.form('/api/user/register', { email: 'fresh@example.test', username, password: 'fresh-pass', code: '000000', ...(await solveCaptcha(api)) });
      const taken = await register('known');
      const free = await register('free-name');
      assert.equal(seen(taken), seen(free));
      assert.equal(taken.message, 'The e-mail code is wrong or has expired');
    });
  });

  describe('findByTitle2', () => {
    it('answers a title of a contest not yet started as it answers a title that does not exist', async () => {
      const member = await accountWithToken(server, { username: 'early-bird' });
      const at = (offset: number) => formatTime(new Date(server.clock.now().getTime() + offset));
      const contest = await admin.api.json('/api/contest/add', { title: 'Tomorrow Cup', startTimeStr: at(HOUR), endTimeStr: at(2 * HOUR) });
      const problem = await admin.api.json('/api/admin/problem/add', { title: 'Secret Tomorrow', memoryLimit: 64, timeLimit: 1000 });
      await admin.api.form('/api/contestProblem/addByProblemId', { contestId: contest.data.id, problemId: problem.data.id });
      await admin.api.json('/api/contestRecord/add', { contestId: contest.data.id, userId: member.id });
      const hidden = await member.api.form('/api/admin/problem/findByTitle2', { prob_title: 'Secret Tomorrow' });
      const missing = await member.api.form('/api/admin/problem/findByTitle2', { prob_title: 'No Such Title' });
      assert.equal(seen(hidden), seen(missing));
      assert.equal(hidden.status, 404);
    });
  });

  describe('reset codes', () => {
    it(`are limited per account: after ${MAX_FAILURES_PER_USER} wrong codes in 15 minutes, fresh codes do not help`, async () => {
      await createUser(server, { username: 'target', email: 'target@example.test', password: 'target-pass' });
      const statuses: number[] = [];
      let code = '';
      for (let round = 0; round < 4; round++) {
        await age('target@example.test');
        assert.equal((await sendCode('target@example.test', 'reset')).code, 0);
        code = await smtp.waitForCode('target@example.test');
        for (let i = 0; i < 4; i++) {
          const wrong = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
          const r = await api.form('/api/user/forgetPwd', { email: 'target@example.test', newPwd: 'stolen-pass', code: wrong, ...(await solveCaptcha(api)) });
          statuses.push(r.status);
        }
      }
      assert.deepEqual(statuses.slice(0, MAX_FAILURES_PER_USER), Array(MAX_FAILURES_PER_USER).fill(400));
      assert.ok(statuses.slice(MAX_FAILURES_PER_USER).every((s) => s === 429), statuses.join(','));
      const right = await api.form('/api/user/forgetPwd', { email: 'target@example.test', newPwd: 'stolen-pass', code, ...(await solveCaptcha(api)) });
      assert.equal(right.status, 429, 'even the right code waits');
      await loginAs(api, 'target', 'target-pass');
    });
  });

  describe('updateMyUser', () => {
    let victim: TestAccount;
    const mine = (extra: Record<string, string> = {}) => ({ userID: victim.id, username: victim.username, nickname: 'Victim', email: victim.email, gender: 'male', password: '', ...extra });
    before(async () => {
      victim = await accountWithToken(server, { username: 'victim', email: 'victim@example.test', password: 'victim-pass' });
    });

    it('refuses a new password or e-mail without the current password, or with a wrong one', async () => {
      for (const change of [{ password: 'taken-over' }, { email: 'thief@example.test' }] as Record<string, string>[]) {
        const none = await victim.api.json('/api/user/updateMyUser', mine(change));
        assert.equal(none.status, 400, JSON.stringify(change));
        assert.equal(none.message, 'Please enter your current password to change your password or e-mail');
        const wrong = await victim.api.json('/api/user/updateMyUser', mine({ ...change, currentPassword: 'guess-1' }));
        assert.equal(wrong.status, 400);
        assert.equal(wrong.message, 'The current password is wrong');
      }
      assert.equal((await victim.api.get('/api/user/userInfo')).data.email, 'victim@example.test');
      await loginAs(api, 'victim', 'victim-pass');
    });

    it('takes them with the current password, and other fields without it', async () => {
      assert.equal((await victim.api.json('/api/user/updateMyUser', mine({ nickname: 'Renamed' }))).code, 0);
      const changed = await victim.api.json('/api/user/updateMyUser', mine({ password: 'victim-new', email: 'victim2@example.test', currentPassword: 'victim-pass' }));
      assert.equal(changed.code, 0, changed.message);
      assert.equal(changed.data.email, 'victim2@example.test');
      await loginAs(api, 'victim', 'victim-new');
    });

    it('a session cannot probe which addresses have accounts by changing its e-mail (review): a taken address counts like a failed login', async () => {
      // Its own account and password: every probe passes the current-password check, so only the
      // address's count of failures (never cleared by a right password) can stop it.
      const prober = await accountWithToken(server, { username: 'prober', email: 'prober@example.test', password: 'prober-pass' });
      const probe = () =>
        prober.api.json('/api/user/updateMyUser', {
          userID: prober.id, username: 'prober', nickname: 'P', email: 'known@example.test', gender: 'male', password: '', currentPassword: 'prober-pass',
        });
      await server.services.db.deleteFrom('login_attempts').execute(); // earlier tests' failures from this address
      const statuses: number[] = [];
      for (let i = 0; i < MAX_FAILURES_PER_IP + 1; i++) statuses.push((await probe()).status);
      assert.deepEqual(statuses.slice(0, MAX_FAILURES_PER_IP), Array(MAX_FAILURES_PER_IP).fill(409));
      assert.equal(statuses[MAX_FAILURES_PER_IP], 429, 'the address is refused past its limit');
      await server.services.db.deleteFrom('login_attempts').execute();
    });
  });

  describe('POST /api/clarification/seen', () => {
    it("a huge version marks only what the caller may see, not another member's private answer", async () => {
      const alice = await accountWithToken(server, { username: 'seen-alice' });
      const bob = await accountWithToken(server, { username: 'seen-bob' });
      const at = (offset: number) => formatTime(new Date(server.clock.now().getTime() + offset));
      const contest = (await admin.api.json('/api/contest/add', { title: 'Seen Cup', startTimeStr: at(-HOUR), endTimeStr: at(HOUR) })).data.id;
      for (const m of [alice, bob]) await admin.api.json('/api/contestRecord/add', { contestId: contest, userId: m.id });
      const announced = await admin.api.json('/api/clarification/admin/announce', { contestId: contest, text: 'Welcome.' });
      const asked = await bob.api.json('/api/clarification/ask', { contestId: contest, text: 'A private question?' });
      const answered = await admin.api.json('/api/clarification/admin/answer', { id: asked.data.id, answer: 'A private answer.', visibility: 'private' });
      assert.ok(answered.data.version > announced.data.version);
      const mark = await alice.api.json('/api/clarification/seen', { contestId: contest, version: 2_000_000_000 });
      assert.deepEqual(mark.data, { seenVersion: announced.data.version });
      const bobMark = await bob.api.json('/api/clarification/seen', { contestId: contest, version: 2_000_000_000 });
      assert.deepEqual(bobMark.data, { seenVersion: answered.data.version });
    });
  });

  describe('titles', () => {
    it('refuse line breaks and other control characters (problems and contests, add and update)', async () => {
      const problem = (await admin.api.json('/api/admin/problem/add', { title: 'One Line', memoryLimit: 64, timeLimit: 1000 })).data;
      const contest = (await admin.api.json('/api/contest/add', { title: 'One Line Cup', startTimeStr: '2030-01-01 10:00:00', endTimeStr: '2030-01-01 15:00:00' })).data;
      for (const title of ['Two\r\nLines', 'Two\nLines', 'Carriage\rReturn', 'Tab\tInside', 'Line\u2028Separator']) {
        const calls = [
          admin.api.json('/api/admin/problem/add', { title, memoryLimit: 64, timeLimit: 1000 }),
          admin.api.json('/api/admin/problem/update', { id: problem.id, title, memoryLimit: 64, timeLimit: 1000 }, 'PUT'),
          admin.api.json('/api/contest/add', { title, startTimeStr: '2030-01-01 10:00:00', endTimeStr: '2030-01-01 15:00:00' }),
          admin.api.json('/api/contest/update', { id: contest.id, title, startTimeStr: '2030-01-01 10:00:00', endTimeStr: '2030-01-01 15:00:00' }, 'PUT'),
        ];
        for (const r of await Promise.all(calls)) {
          assert.equal(r.status, 400, JSON.stringify(title));
          assert.equal(r.message, 'The title must be one line, without control characters');
        }
      }
    });
  });
});
