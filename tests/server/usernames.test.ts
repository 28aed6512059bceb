// Canonical usernames (issue 26, item 6): a name that looks like another account's (case, width,
// look-alike letters of another script), an invisible character or a text-direction control is
// refused on every way a name is chosen (register, admin add, spreadsheet import through it,
// admin edit, own rename); the login limits count every spelling of a name on one key; and the
// migration that adds the key reports the clashes already there instead of failing.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { usernameClashes } from '@verdict/server/internal/modules/accounts/usernames';
import { MAX_FAILURES_PER_USER } from '@verdict/server/internal/modules/accounts/rate-limit';
import { migrateTo, migrateToLatest } from '@verdict/server/internal/db/migrate';
import { Api } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { loginAs } from '../helpers/users.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { freshStores } from '../db/fresh-stores.ts';

describe('canonical usernames', function () {
  this.timeout(120_000);
  let server: TestServer;
  let api: Api;
  let admin: TestAccount;
  let n = 0;
  let smtp: TestSmtp;

  before(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({ CAPTCHA: 'off', SMTP_URL: smtp.url });
    api = new Api(server.url);
    admin = await adminAccount(server);
    assert.equal((await add('alice')).code, 0);
  });
  after(async () => {
    await server?.destroy();
    await smtp?.close();
  });

  function add(username: string) {
    n += 1;
    return admin.api.json('/api/user/add', { username, email: `u${n}@example.test`, nickname: 'x', gender: 'male', auth: 0, password: 'password-123' });
  }
  /**
   * Registers with a real register code: whether a name is taken (or too like a taken one) is
   * told only to the holder of a right code (tests/server/security-low-findings.test.ts).
   */
  const register = async (username: string) => {
    const email = `reg${(n += 1)}@example.test`;
    assert.equal((await api.form('/api/email/sendEmailCode', { email, purpose: 'register' })).code, 0);
    const code = await smtp.waitForCode(email);
    return api.form('/api/user/register', { username, email, password: 'password-123', code, captchaId: 'x', captcha: 'x' });
  };

  const refusals: [string, string, number, RegExp][] = [
    ['Alice', 'another case', 409, /too like an existing one/],
    ['ALICE', 'upper case', 409, /too like an existing one/],
    ['ａｌｉｃｅ', 'full-width letters (NFKC)', 409, /too like an existing one/],
    ['\u0430lice', 'a Cyrillic а among Latin letters', 400, /mix scripts.*Cyrillic and Latin/],
    ['ad\u200bmin', 'a zero-width space', 400, /invisible characters \(U\+200B\)/],
    ['\u202Eecila', 'a right-to-left override', 400, /text-direction controls \(U\+202E\)/],
    ['ali\u00ADce', 'a soft hyphen', 400, /invisible/],
    ['Аdmin', 'a Cyrillic А in Admin', 400, /mix scripts/],
    // Review: TR39 maps capital I to l, but the key lower-cases first (I → i), so this passed.
    ['AIice', 'a capital I for the l', 409, /too like an existing one/],
    ['ali\u0307ce', 'a dot above on i (drawn on its own dot)', 400, /hidden combining mark \(U\+0307 on i\)/],
    ['al\u0131\u0307ce', 'a dotless ı with a dot above', 400, /hidden combining mark \(U\+0307 on ı\)/],
    ['ale\u0301\u0301x', 'one acute accent twice', 400, /the same combining mark twice \(U\+0301\)/],
    ['\u2800\u2800', 'Braille blanks, drawn as nothing', 400, /invisible characters \(U\+2800\)/],
    ['mary  ann', 'two spaces in a row (HTML draws one)', 400, /two spaces in a row/],
    ['b\uA7C1b', 'an old Polish o (Unicode 14, newer than the look-alike data)', 400, /newer than the look-alike data \(U\+A7C1\)/],
    ['\u{1DF0A}lice', 'a letter of Latin Extended-G (Unicode 14)', 400, /newer than the look-alike data \(U\+1DF0A\)/],
  ];

  for (const [name, what, status, message] of refusals) {
    it(`refuses ${JSON.stringify(name)} (${what}) on admin add and on register`, async () => {
      const byAdmin = await add(name);
      assert.equal(byAdmin.status, status, byAdmin.message);
      assert.match(byAdmin.message, message);
      const byRegister = await register(name);
      assert.equal(byRegister.status, status, byRegister.message);
      assert.match(byRegister.message, message);
    });
  }

  it('of two look-alikes created at once (capital I and l), only one is kept (review)', async () => {
    for (let i = 0; i < 10; i++) {
      const replies = await Promise.all([add(`race${i}Ivy`), add(`race${i}lvy`)]);
      assert.equal(replies.filter((r) => r.code === 0).length, 1, JSON.stringify(replies.map((r) => r.message)));
    }
  });

  it('refuses a whole-script look-alike of an existing name (Cyrillic аое for Latin aoe)', async () => {
    assert.equal((await add('aoe')).code, 0);
    const clash = await add('\u0430\u043e\u0435');
    assert.equal(clash.status, 409);
  });

  it('accepts names in one script, and the mixes of East Asian names', async () => {
    for (const name of ['Иван', 'Δημήτρης', '张三', '田中たろう', 'Juan Pérez', 'kim 김민수']) {
      const reply = await add(name);
      assert.equal(reply.code, 0, `${name}: ${reply.message}`);
    }
  });

  it('refuses renames to a look-alike: own (updateMyUser) and by an administrator', async () => {
    const bob = await add('bob');
    assert.equal(bob.code, 0);
    const bobId = (bob.data as { id: number }).id;
    const bobApi = await loginAs(api, 'bob', 'password-123');
    const own = await bobApi.json('/api/user/updateMyUser', { userID: bobId, username: 'Alice', nickname: 'x', email: 'bob-own@example.test', gender: 'male', currentPassword: 'password-123' });
    assert.equal(own.status, 409, own.message);
    const invisible = await bobApi.json('/api/user/updateMyUser', { userID: bobId, username: 'bo\u200bb', nickname: 'x', email: 'bob-own@example.test', gender: 'male', currentPassword: 'password-123' });
    assert.equal(invisible.status, 400, invisible.message);
    const byAdmin = await admin.api.json('/api/user/updateUser', { id: bobId, username: 'ALICE', email: 'bob2@example.test', nickname: 'x', gender: 'male', auth: 0 });
    assert.equal(byAdmin.status, 409, byAdmin.message);
    // Own name in another case is the same account: allowed.
    const recase = await bobApi.json('/api/user/updateMyUser', { userID: bobId, username: 'Bob', nickname: 'x', email: 'bob-own@example.test', gender: 'male', currentPassword: 'password-123' });
    assert.equal(recase.code, 0, recase.message);
  });

  it('counts every spelling of a name on one key: after a rename, guessing stays limited', async () => {
    await server.services.db.deleteFrom('login_attempts').execute();
    const carol = await add('carol');
    assert.equal(carol.code, 0);
    const carolApi = await loginAs(api, 'carol', 'password-123');
    const renamed = await carolApi.json('/api/user/updateMyUser', { userID: (carol.data as { id: number }).id, username: 'Carol', nickname: 'x', email: 'carol-own@example.test', gender: 'male', currentPassword: 'password-123' });
    assert.equal(renamed.code, 0, renamed.message);
    const login = (username: string, password: string) =>
      api.raw('/api/user/login', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ username, password }) });
    const spellings = ['carol', 'CAROL', 'Carol', 'ｃａｒｏｌ', 'carоl'];
    const statuses: number[] = [];
    for (let i = 0; i < 16; i += 1) statuses.push((await login(spellings[i % spellings.length], `guess-${i}`)).status);
    assert.deepEqual(statuses, [...Array(MAX_FAILURES_PER_USER).fill(401), ...Array(16 - MAX_FAILURES_PER_USER).fill(429)]);
    assert.equal((await login('Carol', 'password-123')).status, 429);
  });

  describe('the migration on names chosen before', () => {
    const stores = freshStores('verdict-usernames-');
    after(() => stores.cleanup());

    it('keeps clashing accounts, gives the key to the oldest and reports the others', async () => {
      const { database } = await stores.fresh();
      const { db } = database;
      await migrateTo(db, '0019_api_tokens');
      for (const username of ['alice', 'Alice', 'ａｌｉｃｅ', 'bob']) {
        await sql`insert into users (username, email, password_hash) values (${username}, ${`${username.length}${Math.random()}@x.test`}, 'h')`.execute(db);
      }
      await migrateToLatest(db);
      const rows = await db.selectFrom('users').select(['username', 'username_key']).orderBy('id').execute();
      assert.deepEqual(
        rows.map((r) => [r.username, r.username_key]),
        [
          ['alice', 'alice'],
          ['Alice', null],
          ['ａｌｉｃｅ', null],
          ['bob', 'bob'],
        ],
      );
      assert.deepEqual(await usernameClashes(db), [
        { username: 'Alice', clashesWith: 'alice' },
        { username: 'ａｌｉｃｅ', clashesWith: 'alice' },
      ]);
    });
  });
});
