// A user's affiliation (issue 16, item 6): administrators set it when adding or editing a user,
// or for many users by name (a user-list spreadsheet's Affiliation column); editing a user without
// it keeps it, as the spec's calls do; contestants cannot touch it; it becomes the team's
// organization in the Contest API.
import assert from 'node:assert/strict';
import { formatTime } from '@verdict/server/internal/common/wire';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, snapshot, type TestAccount } from '../helpers/tokens.ts';
import { ccs, type CcsObject } from '../helpers/ccs.ts';

describe('user affiliations', () => {
  let server: TestServer;
  let admin: TestAccount;
  let alice: TestAccount;

  before(async () => {
    server = await startTestServer();
    admin = await adminAccount(server);
    alice = await accountWithToken(server, { username: 'aff_alice' });
  });
  after(() => server?.destroy());

  const affiliationOf = async (id: number) => (await server.services.db.selectFrom('users').select('affiliation').where('id', '=', id).executeTakeFirstOrThrow()).affiliation;

  it('is set when adding a user, trimmed, and left out means none', async () => {
    const base = { email: 'aff1@example.test', nickname: 'A', gender: 'male', auth: 0, password: 'secret-1' };
    const r = await admin.api.json('/api/user/add', { ...base, username: 'aff_one', affiliation: '  Tsinghua University ' });
    assert.equal(r.code, 0, r.message);
    assert.equal(r.data.affiliation, 'Tsinghua University');
    const none = await admin.api.json('/api/user/add', { ...base, username: 'aff_two', email: 'aff2@example.test' });
    assert.equal(none.data.affiliation, null);
    const tooLong = await admin.api.json('/api/user/add', { ...base, username: 'aff_three', email: 'aff3@example.test', affiliation: 'x'.repeat(101) });
    assert.equal(tooLong.status, 400);
    assert.match(tooLong.message, /Affiliation: at most 100 characters/);
  });

  it('is changed by an edit that sends it, cleared by an empty one, kept by one without it', async () => {
    const edit = (extra: Record<string, unknown>) =>
      admin.api.json('/api/user/updateUser', { id: alice.id, username: alice.username, email: alice.email, nickname: 'Alice', gender: 'female', auth: 0, ...extra });
    assert.equal((await edit({ affiliation: 'Fudan University' })).data.affiliation, 'Fudan University');
    assert.equal((await edit({})).data.affiliation, 'Fudan University');
    assert.equal(await affiliationOf(alice.id), 'Fudan University');
    assert.equal((await edit({ affiliation: '' })).data.affiliation, null);
    assert.equal((await edit({ affiliation: 'Fudan University' })).data.affiliation, 'Fudan University');
    const listed = (await admin.api.get('/api/user/list', { keyword: 'aff_alice' })).data[0];
    assert.equal(listed.affiliation, 'Fudan University');
  });

  it('is set for many users by name, all or none, unknown names reported', async () => {
    const r = await admin.api.json('/api/user/affiliations', {
      affiliations: [
        { username: 'aff_one', affiliation: 'Zhejiang University' },
        { username: 'nobody_here', affiliation: 'X' },
        { username: 'aff_two', affiliation: '' },
      ],
    });
    assert.equal(r.code, 0, r.message);
    assert.deepEqual(r.data, { updated: ['aff_one', 'aff_two'], unknown: ['nobody_here'] });
    const one = await server.services.db.selectFrom('users').select('affiliation').where('username', '=', 'aff_one').executeTakeFirstOrThrow();
    assert.equal(one.affiliation, 'Zhejiang University');
    const before = await snapshot(server, ['users']);
    const refused = await alice.api.json('/api/user/affiliations', { affiliations: [{ username: 'aff_one', affiliation: 'Mine' }] });
    assert.equal(refused.status, 403);
    const bad = await admin.api.json('/api/user/affiliations', { affiliations: [{ username: 'aff_one', affiliation: 'y'.repeat(101) }] });
    assert.equal(bad.status, 400);
    assert.equal(await snapshot(server, ['users']), before, 'a refused call changes nothing');
  });

  it("becomes the team's organization in the Contest API", async () => {
    const now = server.clock.now().getTime();
    const contest = await admin.api.json('/api/contest/add', { title: 'Affiliated Cup', startTimeStr: formatTime(new Date(now - 60_000)), endTimeStr: formatTime(new Date(now + 3600_000)) });
    await admin.api.json('/api/contestRecord/add', { contestId: contest.data.id, userId: alice.id });
    const orgs = (await ccs<CcsObject[]>(server.url, `/contests/${contest.data.id}/organizations`)).body;
    assert.deepEqual(orgs.map((o) => o.name), ['Fudan University']);
    const team = (await ccs<CcsObject>(server.url, `/contests/${contest.data.id}/teams/${alice.id}`)).body;
    assert.equal(team.organization_id, orgs[0].id);
    assert.equal(team.name, 'Alice');
  });
});
