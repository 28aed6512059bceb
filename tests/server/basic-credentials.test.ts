// Attacks and fairness for HTTP Basic passwords on the Contest API (issue 37, issue 26 item 5):
// a tool opening tens of connections at once with the right password is never refused or
// counted as failing, while wrong guesses, in parallel or not, from one address or against one
// account, still stop at the limits; a remembered credential costs no hash, dies with a password
// change, a demotion or a revocation, and is no oracle once the account is locked.
import assert from 'node:assert/strict';
import { MAX_FAILURES_PER_IP, MAX_FAILURES_PER_USER } from '@verdict/server/internal/modules/accounts/rate-limit';
import { passwordChecks } from '@verdict/server/internal/modules/accounts/basic-auth';
import { Api } from '../helpers/api.ts';
import { basicAuthorization } from '../helpers/ccs.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { createUser } from '../helpers/users.ts';

const basic = basicAuthorization;

describe('HTTP Basic passwords on the Contest API', function () {
  this.timeout(120_000);
  let server: TestServer;
  let api: Api;
  let admin: TestAccount;

  before(async () => {
    server = await startTestServer({ CAPTCHA: 'off' });
    api = new Api(server.url);
    admin = await adminAccount(server);
  });
  after(() => server?.destroy());
  beforeEach(() => server.services.db.deleteFrom('login_attempts').execute());

  const ccs = (authorization: string) => api.raw('/api/ccs/contests', { headers: { Authorization: authorization } });
  const webLogin = (username: string, password: string) =>
    api.raw('/api/user/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password }),
    });
  async function failureRows(): Promise<number> {
    const rows = await server.services.db.selectFrom('login_attempts').select('key').execute();
    return rows.filter((r) => r.key.startsWith('user:')).length;
  }

  it('50 simultaneous requests with the right password all succeed and count no failure (issue 37)', async () => {
    const tool = await createUser(server, { username: 'resolver1', password: 'tool-pass-1' });
    const replies = await Promise.all(Array.from({ length: 50 }, () => ccs(basic(tool.username, tool.password))));
    assert.deepEqual(
      replies.map((r) => r.status),
      Array(50).fill(200),
    );
    assert.equal(await failureRows(), 0);
    // And again, now remembered.
    const again = await Promise.all(Array.from({ length: 50 }, () => ccs(basic(tool.username, tool.password))));
    assert.deepEqual(
      again.map((r) => r.status),
      Array(50).fill(200),
    );
    assert.equal(await failureRows(), 0);
  });

  it('100 requests with the same right password cost at most a few password hashes', async () => {
    const tool = await createUser(server, { username: 'cds1', password: 'tool-pass-2' });
    const before = passwordChecks();
    for (let round = 0; round < 4; round += 1) {
      const replies = await Promise.all(Array.from({ length: 25 }, () => ccs(basic(tool.username, tool.password))));
      assert.ok(replies.every((r) => r.status === 200));
    }
    assert.ok(passwordChecks() - before <= 2, `${passwordChecks() - before} password hashes for 100 requests`);
  });

  it('the web login of the same account keeps working while a tool reads', async () => {
    const tool = await createUser(server, { username: 'cds2', password: 'tool-pass-3' });
    const reads = Array.from({ length: 40 }, () => ccs(basic(tool.username, tool.password)));
    const logins = Array.from({ length: 3 }, () => webLogin(tool.username, tool.password));
    const [readReplies, loginReplies] = await Promise.all([Promise.all(reads), Promise.all(logins)]);
    assert.ok(readReplies.every((r) => r.status === 200));
    assert.deepEqual(
      loginReplies.map((r) => r.status),
      [200, 200, 200],
    );
  });

  it('simultaneous right web logins are not refused either', async () => {
    const user = await createUser(server, { username: 'classroom1', password: 'web-pass-1' });
    const replies = await Promise.all(Array.from({ length: 20 }, () => webLogin(user.username, user.password)));
    assert.deepEqual(
      replies.map((r) => r.status),
      Array(20).fill(200),
    );
  });

  it('wrong passwords sent in parallel still reach the limit and lock, the right one too', async () => {
    const tool = await createUser(server, { username: 'target1', password: 'right-pass' });
    const replies = await Promise.all(Array.from({ length: MAX_FAILURES_PER_USER + 6 }, (_, i) => ccs(basic(tool.username, `guess-${i}`))));
    const statuses = replies.map((r) => r.status).sort();
    assert.deepEqual(statuses, [...Array(MAX_FAILURES_PER_USER).fill(401), ...Array(6).fill(429)]);
    assert.equal((await ccs(basic(tool.username, tool.password))).status, 429);
    assert.equal((await webLogin(tool.username, tool.password)).status, 429);
  });

  it('wrong and right passwords mixed in parallel: the wrong ones count, the right ones pass until the lock', async () => {
    const tool = await createUser(server, { username: 'target2', password: 'right-pass' });
    const wrong = Array.from({ length: MAX_FAILURES_PER_USER - 1 }, (_, i) => ccs(basic(tool.username, `guess-${i}`)));
    const right = Array.from({ length: 20 }, () => ccs(basic(tool.username, tool.password)));
    const [w, r] = await Promise.all([Promise.all(wrong), Promise.all(right)]);
    assert.ok(w.every((x) => x.status === 401));
    assert.deepEqual(
      r.map((x) => x.status),
      Array(20).fill(200),
    );
    assert.equal(await failureRows(), MAX_FAILURES_PER_USER - 1);
  });

  it('a remembered credential is refused once the account is locked (no free guesses against the memory)', async () => {
    const tool = await createUser(server, { username: 'target3', password: 'right-pass' });
    assert.equal((await ccs(basic(tool.username, tool.password))).status, 200);
    await server.services.db
      .insertInto('login_attempts')
      .values(Array.from({ length: MAX_FAILURES_PER_USER }, () => ({ key: `user:${tool.username}` })))
      .execute();
    assert.equal((await ccs(basic(tool.username, `guess`))).status, 429);
    assert.equal((await ccs(basic(tool.username, tool.password))).status, 429);
  });

  it('guesses from one address against many accounts, in parallel, stop at the address limit', async () => {
    const replies = await Promise.all(Array.from({ length: MAX_FAILURES_PER_IP + 10 }, (_, i) => ccs(basic(`nobody${i}`, 'guess'))));
    const statuses = replies.map((r) => r.status).sort();
    assert.deepEqual(statuses, [...Array(MAX_FAILURES_PER_IP).fill(401), ...Array(10).fill(429)]);
  });

  it('a remembered credential dies with a password change by an administrator', async () => {
    const tool = await createUser(server, { username: 'cds3', password: 'old-pass-1' });
    assert.equal((await ccs(basic(tool.username, 'old-pass-1'))).status, 200);
    assert.equal((await admin.api.json('/api/user/updateUserPwd', { id: tool.id, password: 'new-pass-1', confirmPassword: 'new-pass-1' })).code, 0);
    assert.equal((await ccs(basic(tool.username, 'old-pass-1'))).status, 401);
    assert.equal((await ccs(basic(tool.username, 'new-pass-1'))).status, 200);
  });

  it('a remembered administrator credential loses its rights with a demotion', async () => {
    const tool = await createUser(server, { username: 'cds4', password: 'admin-tool-1', auth: 1 });
    const thaw = () => api.raw('/api/ccs/contests/999999', { method: 'PATCH', headers: { Authorization: basic(tool.username, tool.password), 'Content-Type': 'application/json' }, body: '{}' });
    assert.notEqual((await thaw()).status, 403);
    const edit = await admin.api.json('/api/user/updateUser', { id: tool.id, username: tool.username, email: tool.email, nickname: tool.nickname, gender: 'male', auth: 0 });
    assert.equal(edit.code, 0, edit.message);
    assert.equal((await thaw()).status, 403);
    assert.equal((await ccs(basic(tool.username, tool.password))).status, 200);
  });
});
