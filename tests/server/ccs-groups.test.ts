// Groups and organizations in the Contest API (issue 28, item 2): every contest has the built-in
// groups participants, observers and hidden, and those an administrator defines; each team is in
// its groups; a team in a hidden group is off every scoreboard (the others ranked again among
// themselves) and, for all but administrators, out of the API and its feed; organizations carry
// the ISO 3166-1 alpha-3 country set for their affiliation. Bad requests are refused by name.
import assert from 'node:assert/strict';
import { formatTime } from '@verdict/server/internal/common/wire';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { stockContest, ccs, feedEvents, feedText, insertJudged, type CcsAuth, type CcsObject, type CcsScoreboard } from '../helpers/ccs.ts';

const MINUTE = 60_000;

describe('Contest API: groups, hidden teams and organizations', () => {
  let server: TestServer;
  let admin: TestAccount;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;
  let contestId: number;
  let problemId: number;

  const as = (account: TestAccount | null): CcsAuth => (account ? { token: account.api.token! } : null);
  const get = async <T = CcsObject[]>(path: string, auth: CcsAuth) => {
    const reply = await ccs<T>(server.url, `/contests/${contestId}${path}`, auth);
    assert.equal(reply.status, 200, `GET ${path}: ${JSON.stringify(reply.body)}`);
    return reply.body;
  };

  before(async () => {
    // The public view (CCS_ANONYMOUS=all): teams by their usernames, hidden ones left out.
    server = await startTestServer({ CCS_ANONYMOUS: 'all' });
    admin = await adminAccount(server);
    alice = await accountWithToken(server, { username: 'grp_alice' });
    bob = await accountWithToken(server, { username: 'grp_bob' });
    carol = await accountWithToken(server, { username: 'grp_carol' });
    const start = Math.floor(server.clock.now().getTime() / 1000) * 1000 - 60 * MINUTE;
    const added = await admin.api.json('/api/contest/add', { title: 'Group Cup', startTimeStr: formatTime(new Date(start)), endTimeStr: formatTime(new Date(start + 120 * MINUTE)) });
    contestId = added.data.id;
    [problemId] = await stockContest(admin, contestId, ['Grouped'], [alice, bob, carol]);
    const affiliations = await admin.api.json('/api/user/affiliations', { affiliations: [{ username: 'grp_alice', affiliation: 'TU Delft' }, { username: 'grp_bob', affiliation: 'Bob Inc' }] });
    assert.equal(affiliations.code, 0, affiliations.message);
    // Bob (hidden) solves first; Alice second, Carol not at all.
    await insertJudged(server.services.db, { userId: bob.id, problemId, contestId, status: 'AC', at: new Date(start + 5 * MINUTE) });
    await insertJudged(server.services.db, { userId: alice.id, problemId, contestId, status: 'AC', at: new Date(start + 10 * MINUTE) });
    await insertJudged(server.services.db, { userId: carol.id, problemId, contestId, status: 'WA', at: new Date(start + 12 * MINUTE) });
  });
  after(() => server?.destroy());

  it('has the built-in groups, every team a participant, until an administrator says otherwise', async () => {
    assert.deepEqual((await get('/groups', null)).map((g) => g.id), ['participants', 'observers']);
    assert.deepEqual((await get('/groups', as(admin))).map((g) => [g.id, g.type]), [['participants', 'category'], ['observers', 'category'], ['hidden', 'category']]);
    assert.deepEqual((await get('/teams', null)).map((t) => t.group_ids), [['participants'], ['participants'], ['participants']]);
  });

  it('refuses bad groups, memberships and countries by name, changing nothing', async () => {
    const builtIn = await admin.api.json('/api/contest/groups', { contestId, groups: [{ id: 'hidden', name: 'Mine' }] }, 'PUT');
    assert.match(builtIn.message, /built in/);
    const badId = await admin.api.json('/api/contest/groups', { contestId, groups: [{ id: '-bad id', name: 'Bad' }] }, 'PUT');
    assert.match(badId.message, /not a Contest API ID/);
    const unknown = await admin.api.json('/api/contest/teamGroups', { contestId, teams: [{ username: 'grp_alice', groupIds: ['nowhere'] }] }, 'PUT');
    assert.match(unknown.message, /No such group in this contest: nowhere/);
    const two = await admin.api.json('/api/contest/teamGroups', { contestId, teams: [{ username: 'grp_alice', groupIds: ['observers', 'hidden'] }] }, 'PUT');
    assert.match(two.message, /at most one of participants, observers and hidden/);
    const country = await admin.api.json('/api/organization/countries', { countries: [{ affiliation: 'TU Delft', country: 'Netherlands' }] }, 'PUT');
    assert.match(country.message, /not an ISO 3166-1 alpha-3 code/);
    const stranger = await alice.api.json('/api/contest/groups', { contestId, groups: [] }, 'PUT');
    assert.notEqual(stranger.code, 0);
    assert.deepEqual((await get('/groups', as(admin))).map((g) => g.id), ['participants', 'observers', 'hidden']);
  });

  it('puts teams in defined and built-in groups; hidden teams leave the boards and the public API; organizations carry countries', async () => {
    const defined = await admin.api.json('/api/contest/groups', { contestId, groups: [{ id: 'site-delft', name: 'Delft site' }] }, 'PUT');
    assert.equal(defined.code, 0, defined.message);
    const set = await admin.api.json(
      '/api/contest/teamGroups',
      {
        contestId,
        teams: [
          { username: 'grp_alice', groupIds: ['participants', 'site-delft'] },
          { username: 'grp_bob', groupIds: ['hidden'] },
          { username: 'grp_carol', groupIds: ['observers'] },
          { username: 'not_a_member', groupIds: [] },
        ],
      },
      'PUT',
    );
    assert.equal(set.code, 0, set.message);
    assert.deepEqual(set.data, { updated: ['grp_alice', 'grp_bob', 'grp_carol'], unknown: ['not_a_member'] });
    assert.equal((await admin.api.json('/api/organization/countries', { countries: [{ affiliation: 'TU Delft', country: 'nld' }] }, 'PUT')).code, 0);

    const listed = await admin.api.get('/api/contest/groups', { contestId });
    assert.deepEqual(listed.data.teams, [
      { username: 'grp_alice', groupIds: ['participants', 'site-delft'] },
      { username: 'grp_bob', groupIds: ['hidden'] },
      { username: 'grp_carol', groupIds: ['observers'] },
    ]);

    // The public: no hidden group, no Bob, none of his submissions; Alice first on the board.
    const publicTeams = await get('/teams', null);
    assert.deepEqual(publicTeams.map((t) => [t.label, t.group_ids, t.hidden]), [['grp_alice', ['participants', 'site-delft'], false], ['grp_carol', ['observers'], false]]);
    assert.deepEqual((await get('/groups', null)).map((g) => g.id), ['participants', 'observers', 'site-delft']);
    assert.deepEqual((await get('/organizations', null)).map((o) => [o.name, o.country]), [['TU Delft', 'NLD']]);
    assert.equal((await get('/submissions', null)).some((s) => s.team_id === String(bob.id)), false);
    assert.equal((await get('/judgements', null)).length, 2);
    const board = await get<CcsScoreboard>('/scoreboard', null);
    assert.deepEqual(board.rows.map((r) => [r.team_id, r.rank]), [[String(alice.id), 1], [String(carol.id), 2]]);
    const feed = feedEvents((await feedText(server.url, contestId, null)).text);
    assert.equal(feed.some((e) => (e.type === 'teams' && e.id === String(bob.id)) || (e.type === 'groups' && e.id === 'hidden')), false, 'the public feed has no hidden team or group');
    assert.equal(feed.some((e) => e.type === 'submissions' && (e.data as CcsObject).team_id === String(bob.id)), false);

    // Administrators: Bob is there, hidden, but off the scoreboard too.
    const adminTeams = await get('/teams', as(admin));
    assert.deepEqual(adminTeams.find((t) => t.id === String(bob.id))?.hidden, true);
    assert.equal((await get('/submissions', as(admin))).length, 3);
    assert.deepEqual((await get<CcsScoreboard>('/scoreboard', as(admin))).rows.map((r) => r.team_id), [String(alice.id), String(carol.id)]);
    assert.ok(feedEvents((await feedText(server.url, contestId, as(admin))).text).some((e) => e.type === 'teams' && e.id === String(bob.id)));

    // A removed group is left by its teams.
    await admin.api.json('/api/contest/groups', { contestId, groups: [] }, 'PUT');
    assert.deepEqual((await get('/teams', null)).map((t) => t.group_ids), [['participants'], ['observers']]);
  });
});
