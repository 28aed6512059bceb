// What the Contest API shows anonymous visitors (CCS_ANONYMOUS, issue 26 item 7): by default the
// contest, its problems, state, scoreboard, awards and the teams the scoreboard names (by their
// shown names, never their usernames), nothing per user (no submissions, judgements, runs,
// clarifications) in the REST endpoints and the event feed alike; `none` asks
// for credentials everywhere. Signed-in readers are not affected.
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { seedLiveRoom } from '../helpers/live-room.ts';
import { ccs, feedEvents, feedText, type CcsObject } from '../helpers/ccs.ts';

describe('Contest API: what anonymous visitors see', () => {
  let server: TestServer;
  let admin: TestAccount;
  let contestId: number;

  before(async () => {
    server = await startTestServer();
    admin = await adminAccount(server);
    contestId = (await seedLiveRoom(server.services.db, 3, server.clock.now().getTime(), 'anon')).contestId;
    // Shown names apart from the usernames (one without any: it is shown by its id).
    await server.services.db.updateTable('users').set({ nickname: 'Shown' }).where('username', 'in', ['anon0', 'anon1']).execute();
    await server.services.db.updateTable('users').set({ nickname: '' }).where('username', '=', 'anon2').execute();
  });
  after(() => server?.destroy());

  it('by default: the contest, its problems and scoreboard, nothing per user', async () => {
    const base = `/contests/${contestId}`;
    for (const path of ['/contests', base, `${base}/state`, `${base}/scoreboard`, `${base}/problems`, `${base}/awards`, `${base}/languages`]) {
      assert.equal((await ccs(server.url, path)).status, 200, path);
    }
    // The teams the scoreboard refers to (referential integrity), by their shown names, never their usernames.
    const teams = await ccs<CcsObject[]>(server.url, `${base}/teams`);
    assert.equal(teams.status, 200);
    assert.equal(teams.body.length, 3);
    for (const team of teams.body) assert.equal(team.label, team.id);
    assert.ok(!JSON.stringify(teams.body).includes('anon'), JSON.stringify(teams.body));
    assert.ok(teams.body.some((t) => t.name === `Team ${t.id}`));
    const board = await ccs<{ rows: { team_id: string }[] }>(server.url, `${base}/scoreboard`);
    for (const row of board.body.rows) assert.ok(teams.body.some((t) => t.id === row.team_id), row.team_id);
    for (const name of ['submissions', 'judgements', 'runs', 'clarifications']) {
      const reply = await ccs<{ message: string }>(server.url, `${base}/${name}`);
      assert.equal(reply.status, 401, name);
      assert.match(reply.body.message, /CCS_ANONYMOUS/);
      // Signed in, it is served.
      assert.equal((await ccs(server.url, `${base}/${name}`, { token: admin.api.token! })).status, 200, name);
    }
    const access = await ccs<{ endpoints: { type: string }[] }>(server.url, `${base}/access`);
    assert.ok(!access.body.endpoints.some((e) => e.type === 'submissions' || e.type === 'runs'));
    const feed = feedEvents((await feedText(server.url, contestId)).text);
    const types = new Set(feed.map((e) => e.type));
    for (const type of ['contest', 'problems', 'teams', 'state', 'awards']) assert.ok(types.has(type), type);
    for (const type of ['submissions', 'judgements', 'runs', 'clarifications']) assert.ok(!types.has(type), type);
    assert.ok(!JSON.stringify(feed).includes('anon'), 'a username in the anonymous feed');
    const full = feedEvents((await feedText(server.url, contestId, { token: admin.api.token! })).text);
    assert.ok(full.some((e) => e.type === 'submissions'));
    assert.ok((await ccs<CcsObject[]>(server.url, `${base}/scoreboard`)).body);
  });

  it('CCS_ANONYMOUS=none: credentials for everything', async () => {
    const closed = await startTestServer({ CCS_ANONYMOUS: 'none' });
    try {
      const room = await seedLiveRoom(closed.services.db, 1, closed.clock.now().getTime(), 'none');
      for (const path of ['/contests', `/contests/${room.contestId}`, `/contests/${room.contestId}/scoreboard`, `/contests/${room.contestId}/event-feed?stream=false`]) {
        assert.equal((await ccs(closed.url, path)).status, 401, path);
      }
      const closedAdmin = await adminAccount(closed);
      assert.equal((await ccs(closed.url, `/contests/${room.contestId}/scoreboard`, { token: closedAdmin.api.token! })).status, 200);
    } finally {
      await closed.destroy();
    }
  });
});
