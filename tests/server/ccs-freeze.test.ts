// The Contest API's scoreboard freeze and thaw, and who reads what: the public (no credentials,
// or an account outside the contest) gets the frozen scoreboard and no judgement of a submission
// made from the freeze on; a contestant also gets their own judgements; administrators get
// everything. Only an administrator thaws (PATCH contests/<id>), and then everyone sees it all.
// Also: HTTP Basic credentials, and the clear refusals of what the API does not do. Read through
// release 2023-06 (/api/ccs/2023-06): tests/server/ccs-versions.test.ts compares the two releases.
import assert from 'node:assert/strict';
import { formatTime } from '@verdict/server/internal/common/wire';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { stockContest, ccs, insertJudged, type CcsAuth, type CcsObject, type CcsRefusal, type CcsScoreboard } from '../helpers/ccs.ts';

const MINUTE = 60_000;

describe('Contest API: freeze, thaw and access', () => {
  let server: TestServer;
  let admin: TestAccount;
  let alice: TestAccount;
  let bob: TestAccount;
  let stranger: TestAccount;
  let contestId: number;
  let start: number;
  const problems: number[] = [];
  /** Submission ids by name. */
  const subs: Record<string, number> = {};

  const as = (account: TestAccount | null): CcsAuth => (account ? { token: account.api.token! } : null);
  const get = async <T = CcsObject[]>(path: string, auth: CcsAuth) => {
    const reply = await ccs<T>(server.url, `/2023-06/contests/${contestId}${path}`, auth);
    assert.equal(reply.status, 200, `GET ${path}: ${JSON.stringify(reply.body)}`);
    return reply.body;
  };
  const judgedIds = async (auth: CcsAuth) => (await get('/judgements', auth)).map((j) => Number(j.submission_id)).sort((a, b) => a - b);
  const scoreOf = async (auth: CcsAuth, team: TestAccount) => {
    const board = await get<CcsScoreboard>('/scoreboard', auth);
    const row = board.rows.find((r) => r.team_id === String(team.id))!;
    return { score: { num_solved: row.score.num_solved, total_time: row.score.total_time }, problems: row.problems.map((p) => [p.solved, p.num_judged, p.num_pending]) };
  };
  const thaw = (auth: CcsAuth, body: unknown) =>
    ccs<CcsObject & CcsRefusal>(server.url, `/2023-06/contests/${contestId}`, auth, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  async function judged(name: string, user: TestAccount, problem: number, status: string, minute: number) {
    subs[name] = await insertJudged(server.services.db, { userId: user.id, problemId: problem, contestId, status, at: new Date(start + minute * MINUTE) });
  }

  before(async () => {
    server = await startTestServer({ CCS_ANONYMOUS: 'all' }); // the public view, read anonymously too
    admin = await adminAccount(server);
    alice = await accountWithToken(server, { username: 'ccsf_alice' });
    bob = await accountWithToken(server, { username: 'ccsf_bob' });
    stranger = await accountWithToken(server, { username: 'ccsf_stranger' });
    // Contest times are kept to the second.
    start = Math.floor(server.clock.now().getTime() / 1000) * 1000 - 60 * MINUTE;
    const added = await admin.api.json('/api/contest/add', {
      title: 'Frozen API Cup',
      startTimeStr: formatTime(new Date(start)),
      endTimeStr: formatTime(new Date(start + 120 * MINUTE)),
      freezeTimeStr: formatTime(new Date(start + 40 * MINUTE)),
    });
    assert.equal(added.code, 0, added.message);
    contestId = added.data.id;
    problems.push(...(await stockContest(admin, contestId, ['Frozen A', 'Frozen B'], [alice, bob])));
    const [A, B] = problems;
    await judged('aliceWA', alice, A, 'WA', 10);
    await judged('aliceAC', alice, A, 'AC', 15);
    await judged('bobWA', bob, A, 'WA', 20);
    // From the freeze (minute 40) on.
    await judged('bobAC', bob, A, 'AC', 45);
    await judged('aliceLateAC', alice, B, 'AC', 50);
  });
  after(() => server?.destroy());

  it('shows the public and strangers no judgement after the freeze, and the frozen scoreboard', async () => {
    for (const auth of [as(null), as(stranger)]) {
      assert.deepEqual(await judgedIds(auth), [subs.aliceWA, subs.aliceAC, subs.bobWA]);
      const runs = await get('/runs', auth);
      assert.equal(runs.length, 3);
      // Every submission is listed: the resolver counts the pending ones.
      assert.equal((await get('/submissions', auth)).length, 5);
      const state = await get<Record<string, string | null>>('/state', auth);
      assert.equal(state.frozen, new Date(start + 40 * MINUTE).toISOString());
      assert.equal(state.thawed, null);
      assert.deepEqual(await scoreOf(auth, bob), { score: { num_solved: 0, total_time: 0 }, problems: [[false, 1, 1], [false, 0, 0]] });
      assert.deepEqual(await scoreOf(auth, alice), { score: { num_solved: 1, total_time: 35 }, problems: [[true, 2, 0], [false, 0, 1]] });
      const reply = await ccs(server.url, `/2023-06/contests/${contestId}/judgements/${subs.bobAC}`, auth);
      assert.equal(reply.status, 404);
    }
  });

  it("shows a contestant their own judgements after the freeze, not the others', and the frozen scoreboard", async () => {
    assert.deepEqual(await judgedIds(as(alice)), [subs.aliceWA, subs.aliceAC, subs.bobWA, subs.aliceLateAC]);
    assert.deepEqual(await judgedIds(as(bob)), [subs.aliceWA, subs.aliceAC, subs.bobWA, subs.bobAC]);
    assert.deepEqual((await scoreOf(as(bob), bob)).score, { num_solved: 0, total_time: 0 });
    // Source files: the team's own and the administrators', nobody else's.
    const own = await get('/submissions', as(alice));
    const filesOf = (id: number) => own.find((s) => s.id === String(id))!.files as { href: string }[];
    assert.equal(filesOf(subs.aliceAC)[0].href, `contests/${contestId}/submissions/${subs.aliceAC}/files`);
    assert.deepEqual(filesOf(subs.bobAC), []);
    const zip = await fetch(`${server.url}/api/ccs/contests/${contestId}/submissions/${subs.aliceAC}/files`, { headers: { Authorization: alice.api.token! } });
    assert.equal(zip.status, 200);
    assert.equal(zip.headers.get('content-type'), 'application/zip');
    const refused = await fetch(`${server.url}/api/ccs/contests/${contestId}/submissions/${subs.aliceAC}/files`, { headers: { Authorization: bob.api.token! } });
    assert.equal(refused.status, 403);
  });

  it('shows administrators every judgement and the live scoreboard, also with Basic credentials', async () => {
    const basic: CcsAuth = { basic: ['admin', server.adminPassword] };
    for (const auth of [as(admin), basic]) {
      assert.deepEqual(await judgedIds(auth), Object.values(subs).sort((a, b) => a - b));
      assert.deepEqual((await scoreOf(auth, bob)).score, { num_solved: 1, total_time: 45 + 20 });
    }
    const wrong = await ccs(server.url, `/2023-06/contests/${contestId}/judgements`, { basic: ['admin', 'not-the-password'] });
    assert.equal(wrong.status, 401);
    assert.match(wrong.headers.get('www-authenticate') ?? '', /^Basic realm="Verdict"/);
    const alicePlain = await ccs<CcsObject[]>(server.url, `/2023-06/contests/${contestId}/judgements`, { basic: ['ccsf_alice', 'password-123'] });
    assert.equal(alicePlain.body.length, 4, 'Basic credentials of a contestant give the team view');
  });

  it('lets only an administrator thaw, refusing what it cannot do, and then shows everyone everything', async () => {
    const now = () => server.clock.now().toISOString();
    const anonymous = await thaw(null, { id: String(contestId), scoreboard_thaw_time: now() });
    assert.equal(anonymous.status, 401);
    assert.match(anonymous.headers.get('www-authenticate') ?? '', /^Basic/);
    assert.equal((await thaw(as(alice), { id: String(contestId), scoreboard_thaw_time: now() })).status, 403);
    const future = await thaw(as(admin), { id: String(contestId), scoreboard_thaw_time: new Date(Date.now() + 3600_000).toISOString() });
    assert.equal(future.status, 400);
    assert.match(future.body.message, /thaw time in the future/);
    const start_time = await thaw(as(admin), { id: String(contestId), start_time: null });
    assert.equal(start_time.status, 400);
    assert.match(start_time.body.message, /start time .* not supported/);
    assert.equal((await thaw(as(admin), { id: '999', scoreboard_thaw_time: now() })).status, 400);
    assert.equal((await get<Record<string, string | null>>('/state', null)).thawed, null, 'nothing refused changed anything');

    const garbled = await thaw(as(admin), { id: String(contestId), scoreboard_thaw_time: 'yesterday' });
    assert.equal(garbled.status, 400);
    assert.match(garbled.body.message, /must be a TIME/);
    // The case: an hour-only offset, which Date.parse does not read (here +08, the time of day in Beijing).
    const beijing = new Date(server.clock.now().getTime() + 8 * 3600_000).toISOString().replace('Z', '+08');
    const thawed = await thaw(as(admin), { id: String(contestId), scoreboard_thaw_time: beijing });
    assert.equal(thawed.status, 200, JSON.stringify(thawed.body));
    assert.equal(thawed.body.id, String(contestId));
    for (const auth of [as(null), as(stranger), as(alice)]) {
      assert.deepEqual(await judgedIds(auth), Object.values(subs).sort((a, b) => a - b));
      assert.deepEqual((await scoreOf(auth, bob)).score, { num_solved: 1, total_time: 65 });
      assert.ok((await get<Record<string, string | null>>('/state', auth)).thawed);
    }
    const again = await thaw(as(admin), { id: String(contestId), scoreboard_thaw_time: now() });
    assert.equal(again.status, 409);
    // The spec's own thaw sees the same contest.
    assert.equal((await admin.api.get('/api/contest/ContestInfo', { contestId })).data.frozen, false);
  });

  it('refuses writes it does not support with 405, naming them, and unknown things with 404 or 400', async () => {
    const post = await ccs<CcsRefusal>(server.url, `/2023-06/contests/${contestId}/submissions`, as(alice), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ problem_id: String(problems[0]), language_id: 'cpp', files: [] }),
    });
    assert.equal(post.status, 405);
    assert.match(post.body.message, /^POST to submissions is not supported/);
    assert.match(post.body.message, /POST \/api\/submit/);
    const clar = await ccs(server.url, `/2023-06/contests/${contestId}/clarifications`, as(alice), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    assert.equal(clar.status, 405);
    assert.equal((await ccs(server.url, `/2023-06/contests/${contestId}/teams/${alice.id}`, as(admin), { method: 'DELETE' })).status, 405);
    assert.equal((await ccs(server.url, '/2023-06/contests', as(admin), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status, 405);
    const commentary = await ccs<CcsRefusal>(server.url, `/2023-06/contests/${contestId}/commentary`, as(admin));
    assert.equal(commentary.status, 404);
    assert.match(commentary.body.message, /does not serve commentary/);
    assert.equal((await ccs(server.url, `/2023-06/contests/${contestId}/doesnt-exist`, null)).status, 404);
    assert.equal((await ccs(server.url, `/2023-06/contests/${contestId}/submissions/XYZ_999`, null)).status, 404);
    assert.equal((await ccs(server.url, '/contests/9999', null)).status, 404);
    assert.equal((await ccs(server.url, `/2023-06/contests/${contestId}/event-feed?since_token=xY-99_`, null)).status, 400);
    // check-api.sh -e: since_id (the parameter's name before 2022-07) is answered 400, however it looks.
    for (const since of ['999999', 'xY-99_']) {
      const reply = await ccs<CcsRefusal>(server.url, `/2023-06/contests/${contestId}/event-feed?since_id=${since}`, null);
      assert.equal(reply.status, 400);
      assert.match(reply.body.message, /since_id .*since_token/);
    }
  });

  it('hides the problems of a contest that has not started from all but administrators', async () => {
    const later = server.clock.now().getTime() + 60 * MINUTE;
    const added = await admin.api.json('/api/contest/add', { title: 'Not Yet Cup', startTimeStr: formatTime(new Date(later)), endTimeStr: formatTime(new Date(later + 120 * MINUTE)) });
    await admin.api.form('/api/contestProblem/addByProblemId', { contestId: added.data.id, problemId: problems[0] });
    const problemsOf = async (auth: CcsAuth) => (await ccs<CcsObject[]>(server.url, `/2023-06/contests/${added.data.id}/problems`, auth)).body;
    assert.deepEqual(await problemsOf(null), []);
    assert.equal((await problemsOf(as(admin))).length, 1);
    assert.equal((await ccs<Record<string, string | null>>(server.url, `/contests/${added.data.id}/state`, null)).body.started, null);
  });
});
