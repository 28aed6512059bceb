// API tokens for Contest API clients (issue 26, item 5), and the revocation of an account's
// tokens on every change of its role or password (issue 26, item 3): an administrator issues a
// token (shown once), lists and revokes it; the token reads /api/ccs as its account and nothing
// else; a revoked token, a demoted or promoted account's tokens and a changed password's tokens
// are dead at once (their auth_tokens rows marked revoked, which open streams re-check).
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { Api } from '../helpers/api.ts';
import { basicAuthorization } from '../helpers/ccs.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { createUser } from '../helpers/users.ts';

interface IssuedToken {
  id: number;
  token: string;
  username: string;
  label: string;
}

const basic = basicAuthorization;

describe('API tokens for Contest API clients', function () {
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

  /** PATCH of a contest that does not exist: 404 for an administrator, 403 for others, 401 without credentials. */
  const thawStatus = async (authorization: string) =>
    (await api.raw('/api/ccs/contests/999999', { method: 'PATCH', headers: { Authorization: authorization, 'Content-Type': 'application/json' }, body: '{}' })).status;

  async function issue(by: Api, username: string, label = 'resolver'): Promise<IssuedToken> {
    const reply = await by.json('/api/admin/apiToken/add', { username, label });
    assert.equal(reply.code, 0, reply.message);
    return reply.data as IssuedToken;
  }

  it('an administrator issues a token, shown once, that reads /api/ccs as its account (Bearer)', async () => {
    const tool = await createUser(server, { username: 'cds-admin', auth: 1 });
    const issued = await issue(admin.api, tool.username, 'CDS on the judges\u2019 laptop');
    assert.match(issued.token, /^[A-Za-z0-9_-]{40,}$/);
    assert.equal(await thawStatus(`Bearer ${issued.token}`), 404);
    assert.equal(await thawStatus(issued.token), 404);
    const list = await admin.api.get('/api/admin/apiToken/list');
    assert.equal(list.code, 0, list.message);
    const row = (list.data as { id: number; username: string; label: string; revoked: boolean }[]).find((t) => t.id === issued.id);
    assert.deepEqual({ username: row?.username, label: row?.label, revoked: row?.revoked }, { username: tool.username, label: 'CDS on the judges\u2019 laptop', revoked: false });
    assert.ok(!JSON.stringify(list.data).includes(issued.token), 'the list never shows a token again');
    // Never expires after the 7 days of a session.
    const stored = await server.services.db.selectFrom('auth_tokens').select(sql<boolean>`expires_at = 'infinity'`.as('forever')).where('id', '=', issued.id).executeTakeFirstOrThrow();
    assert.equal(stored.forever, true);
  });

  it('a revoked token is dead at once and marked revoked in auth_tokens', async () => {
    const tool = await createUser(server, { username: 'resolver-a', auth: 1 });
    const issued = await issue(admin.api, tool.username);
    assert.equal(await thawStatus(`Bearer ${issued.token}`), 404);
    const revoke = await admin.api.json('/api/admin/apiToken/revoke', { id: issued.id });
    assert.equal(revoke.code, 0, revoke.message);
    assert.equal(await thawStatus(`Bearer ${issued.token}`), 401);
    const row = await server.services.db.selectFrom('auth_tokens').select('revoked_at').where('id', '=', issued.id).executeTakeFirstOrThrow();
    assert.ok(row.revoked_at);
    assert.equal((await admin.api.json('/api/admin/apiToken/revoke', { id: 987654 })).status, 404);
  });

  it('an API token is refused on the rest of the API (it is for Contest API clients only)', async () => {
    const tool = await createUser(server, { username: 'cds-b', auth: 1 });
    const issued = await issue(admin.api, tool.username);
    const reply = await api.withToken(issued.token).get('/api/user/userInfo');
    assert.equal(reply.status, 401);
    assert.match(reply.message, /Contest API/);
    assert.equal((await api.withToken(issued.token).get('/api/user/list')).status, 401);
  });

  it("an administrator's API token opens no live stream and passes no session check (review)", async () => {
    const tool = await createUser(server, { username: 'cds-review', auth: 1 });
    const issued = await issue(admin.api, tool.username);
    const stream = await api.raw('/api/events', { headers: { Authorization: `Bearer ${issued.token}` } });
    assert.equal(stream.status, 401);
    assert.match(((await stream.json()) as { message: string }).message, /Contest API/);
    const check = await api.form('/api/user/isAdminLogin', { username: tool.username, token: issued.token });
    assert.notEqual(check.code, 0);
  });

  it('only a superadmin issues a token for a superadmin; unknown names and bad labels are refused by name', async () => {
    const plainAdmin = await accountWithToken(server, { auth: 1 });
    const refused = await plainAdmin.api.json('/api/admin/apiToken/add', { username: 'admin', label: 'x' });
    assert.equal(refused.status, 403);
    const unknown = await admin.api.json('/api/admin/apiToken/add', { username: 'no-such-user', label: 'x' });
    assert.equal(unknown.status, 404);
    assert.match(unknown.message, /no-such-user/);
    const empty = await admin.api.json('/api/admin/apiToken/add', { username: 'admin', label: '' });
    assert.equal(empty.status, 400);
    // A contestant cannot list, issue or revoke.
    const user = await accountWithToken(server);
    assert.equal((await user.api.get('/api/admin/apiToken/list')).status, 403);
  });

  describe('a role or password change revokes the account\u2019s tokens', () => {
    async function editRole(user: { id: number; username: string; email: string }, auth: number) {
      const edit = await admin.api.json('/api/user/updateUser', { id: user.id, username: user.username, email: user.email, nickname: user.username, gender: 'male', auth });
      assert.equal(edit.code, 0, edit.message);
    }

    it('a demotion ends the sessions and API tokens of the account', async () => {
      const demoted = await accountWithToken(server, { auth: 1 });
      const issued = await issue(admin.api, demoted.username);
      assert.equal((await demoted.api.get('/api/user/userInfo')).status, 200);
      await editRole(demoted, 0);
      assert.equal((await demoted.api.get('/api/user/userInfo')).status, 401);
      assert.equal(await thawStatus(`Bearer ${issued.token}`), 401);
      const live = await server.services.db.selectFrom('auth_tokens').select('id').where('user_id', '=', demoted.id).where('revoked_at', 'is', null).execute();
      assert.deepEqual(live, []);
    });

    it('a promotion does too (the client logs in again with what it may now do)', async () => {
      const promoted = await accountWithToken(server, { auth: 0 });
      await editRole(promoted, 1);
      assert.equal((await promoted.api.get('/api/user/userInfo')).status, 401);
    });

    it('an edit that keeps the role keeps the sessions', async () => {
      const kept = await accountWithToken(server, { auth: 0 });
      await editRole(kept, 0);
      assert.equal((await kept.api.get('/api/user/userInfo')).status, 200);
    });

    it('a password set by an administrator ends the API tokens and the remembered Basic pair', async () => {
      const tool = await createUser(server, { username: 'cds-c', auth: 1, password: 'old-pass-9' });
      const issued = await issue(admin.api, tool.username);
      assert.equal(await thawStatus(basic(tool.username, 'old-pass-9')), 404);
      const set = await admin.api.json('/api/user/updateUserPwd', { id: tool.id, password: 'new-pass-9', confirmPassword: 'new-pass-9' });
      assert.equal(set.code, 0, set.message);
      assert.equal(await thawStatus(`Bearer ${issued.token}`), 401);
      assert.equal(await thawStatus(basic(tool.username, 'old-pass-9')), 401);
    });
  });

  it('BASIC_PASSWORDS=off refuses Basic passwords by name; API tokens still work', async () => {
    const strict = await startTestServer({ CAPTCHA: 'off', BASIC_PASSWORDS: 'off' });
    try {
      const strictAdmin = await adminAccount(strict);
      const tool = await createUser(strict, { username: 'cds-d', auth: 1, password: 'tool-pass-9' });
      const strictApi = new Api(strict.url);
      const refused = await strictApi.raw('/api/ccs/contests', { headers: { Authorization: basic(tool.username, 'tool-pass-9') } });
      assert.equal(refused.status, 401);
      assert.match(((await refused.json()) as { message: string }).message, /BASIC_PASSWORDS=off/);
      const issued = (await strictAdmin.api.json('/api/admin/apiToken/add', { username: tool.username, label: 'resolver' })).data as IssuedToken;
      const ok = await strictApi.raw('/api/ccs/contests/999999', { method: 'PATCH', headers: { Authorization: `Bearer ${issued.token}`, 'Content-Type': 'application/json' }, body: '{}' });
      assert.equal(ok.status, 404);
    } finally {
      await strict.destroy();
    }
  });
});
