// The specification's own validator, check-api.sh of each release (tests/fixtures/ccs-check-api,
// origin in its README), run with -n -C -e (every collection non-empty, strict properties, the
// REST endpoints consistent with the event feed, HTTP errors) against a Verdict holding one
// contest with data in every collection: organizations with countries, groups (built-in and
// defined, a hidden team), persons and accounts, submissions judged before and after a freeze,
// a clarification asked, answered and an announcement, awards, and a thaw. It must report
// nothing for 2026-01 (/api/ccs) nor 2023-06 (/api/ccs/2023-06). Also: what each release says of
// the same objects, and a team's question posted through 2026-01 (post_clar).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatTime } from '@verdict/server/internal/common/wire';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { stockContest, ccs, feedEvents, feedText, insertJudged, type CcsAuth, type CcsObject, type CcsRefusal } from '../helpers/ccs.ts';

const MINUTE = 60_000;
const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/ccs-check-api');

function run(command: string, args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { maxBuffer: 16 << 20, timeout: 120_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` });
    });
  });
}

describe('Contest API: the official check-api.sh of both releases', function () {
  this.timeout(240_000);
  let server: TestServer;
  let admin: TestAccount;
  let alice: TestAccount;
  let bob: TestAccount;
  let hidden: TestAccount;
  let contestId: number;
  const problems: number[] = [];
  const as = (account: TestAccount): CcsAuth => ({ token: account.api.token! });

  before(async () => {
    for (const tool of ['curl', 'jq', 'php']) {
      const found = await run('sh', ['-c', `command -v ${tool}`]);
      assert.equal(found.code, 0, `check-api.sh needs ${tool} (scripts/install.sh installs it)`);
    }
    server = await startTestServer();
    admin = await adminAccount(server);
    alice = await accountWithToken(server, { username: 'chk_alice' });
    bob = await accountWithToken(server, { username: 'chk_bob' });
    hidden = await accountWithToken(server, { username: 'chk_hidden' });
    const start = Math.floor(server.clock.now().getTime() / 1000) * 1000 - 60 * MINUTE;
    const added = await admin.api.json('/api/contest/add', {
      title: 'Check API Cup',
      startTimeStr: formatTime(new Date(start)),
      endTimeStr: formatTime(new Date(start + 120 * MINUTE)),
      freezeTimeStr: formatTime(new Date(start + 90 * MINUTE)),
    });
    assert.equal(added.code, 0, added.message);
    contestId = added.data.id;
    problems.push(...(await stockContest(admin, contestId, ['Check A', 'Check B'], [alice, bob, hidden], { memoryLimit: 256, timeLimit: 2000 })));
    await admin.api.json('/api/user/affiliations', { affiliations: [{ username: 'chk_alice', affiliation: 'TU Delft' }, { username: 'chk_bob', affiliation: 'Peking University' }, { username: 'chk_hidden', affiliation: 'TU Delft' }] });
    await admin.api.json('/api/organization/countries', { countries: [{ affiliation: 'TU Delft', country: 'NLD' }, { affiliation: 'Peking University', country: 'CHN' }] }, 'PUT');
    await admin.api.json('/api/contest/groups', { contestId, groups: [{ id: 'site-1', name: 'Site 1' }] }, 'PUT');
    await admin.api.json('/api/contest/teamGroups', { contestId, teams: [{ username: 'chk_alice', groupIds: ['participants', 'site-1'] }, { username: 'chk_hidden', groupIds: ['hidden'] }] }, 'PUT');
    const [A, B] = problems;
    const judged = (user: TestAccount, problem: number, status: string, minute: number) => insertJudged(server.services.db, { userId: user.id, problemId: problem, contestId, status, at: new Date(start + minute * MINUTE) });
    await judged(alice, A, 'WA', 10);
    await judged(alice, A, 'AC', 20);
    await judged(bob, A, 'CE', 25);
    await judged(bob, B, 'TLE', 30);
    await judged(hidden, B, 'AC', 31);
    await judged(bob, B, 'AC', 95); // after the freeze
    const question = await bob.api.json('/api/clarification/ask', { contestId, problemId: A, text: 'Is the input one line?' });
    assert.equal(question.code, 0, question.message);
    await admin.api.json('/api/clarification/admin/answer', { id: question.data.id, answer: 'Yes.', visibility: 'private' });
    await admin.api.json('/api/clarification/admin/announce', { contestId, text: 'Good luck.' });
    // Into the freeze, past the end, then the thaw.
    server.clock.advance(61 * MINUTE);
    const thaw = await ccs(server.url, `/contests/${contestId}`, { basic: ['admin', server.adminPassword] }, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: String(contestId), scoreboard_thaw_time: server.clock.now().toISOString().replace('Z', '+00') }),
    });
    assert.equal(thaw.status, 200, JSON.stringify(thaw.body));
  });
  after(() => server?.destroy());

  for (const [version, base] of [
    ['2026-01', '/api/ccs'],
    ['2023-06', '/api/ccs/2023-06'],
  ] as const) {
    it(`reports nothing for ${version} (-n -C -e, strict) at ${base}`, async () => {
      const dir = path.join(FIXTURES, version);
      const result = await run('bash', [path.join(dir, 'check-api.sh'), '-n', '-C', '-e', '-t', '5', '-j', path.join(FIXTURES, 'yajsv.mjs'), '-c', `-s -u admin:${server.adminPassword}`, `${server.url}${base}`]);
      const problems = result.out.split('\n').filter((line) => /fail:|error:|Warning|Failed|not found|mismatch|Found \d+/i.test(line));
      assert.deepEqual(problems, [], `check-api.sh ${version}:\n${result.out}`);
      assert.equal(result.code, 0, `check-api.sh ${version} exited ${result.code}:\n${result.out}`);
      // It did look at everything: every endpoint validated, the feed too, the errors checked.
      for (const endpoint of ['api_information', 'contests', 'persons', 'accounts', 'awards', 'groups', 'organizations', 'clarifications', 'event-feed', 'scoreboard']) {
        assert.match(result.out, new RegExp(`^\\s*${endpoint}: .*OK`, 'm'), `${endpoint} validated`);
      }
      assert.match(result.out, /event-feed\?since_id=999999: OK \(returned 400\)/);
    });
  }

  it('uses a yajsv stand-in that does refuse what a schema refuses', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'yajsv-'));
    const bad = path.join(dir, 'bad.json');
    await fs.writeFile(bad, JSON.stringify({ version: '1999-01', version_url: 'x', provider: { name: 'Verdict' } }));
    const schemaDir = path.join(FIXTURES, '2026-01', 'json-schema');
    const result = await run(path.join(FIXTURES, 'yajsv.mjs'), ['-q', '-s', path.join(schemaDir, 'api_information.json'), '-r', `${schemaDir}/*.json`, bad]);
    await fs.rm(dir, { recursive: true, force: true });
    assert.equal(result.code, 1, result.out);
    assert.match(result.out, /bad\.json: fail: \/version/);
  });

  it('serves one model in each release’s words', async () => {
    const get = async (base: string, p: string) => (await ccs<Record<string, unknown>>(server.url, `${base}/contests/${contestId}${p}`, as(admin))).body;
    assert.equal((await ccs<{ version: string }>(server.url, '', null)).body.version, '2026-01');
    assert.equal((await ccs<{ version: string }>(server.url, '/2023-06', null)).body.version, '2023-06');
    const [now, old] = [await get('', ''), await get('/2023-06', '')];
    assert.equal(now.penalty_time, '0:20:00.000');
    assert.equal(old.penalty_time, 20);
    assert.ok(now.scoreboard_thaw_time);
    assert.equal('scoreboard_thaw_time' in old, false);
    const [subNow, subOld] = [(await get('', '/submissions')) as unknown as CcsObject[], (await get('/2023-06', '/submissions')) as unknown as CcsObject[]];
    assert.deepEqual((subNow[0].files as CcsObject[])[0], { href: `contests/${contestId}/submissions/${subNow[0].id}/files`, filename: 'files.zip', mime: 'application/zip' });
    assert.equal(subNow[0].account_id, subNow[0].team_id);
    assert.equal('account_id' in subOld[0], false);
    const judgementsNow = (await get('', '/judgements')) as unknown as CcsObject[];
    assert.deepEqual(judgementsNow.map((j) => [j.judgement_type_id, j.simplified_judgement_type_id, j.current]).slice(0, 4), [
      ['WA', 'WA', true],
      ['AC', 'AC', true],
      ['CE', 'CE', true],
      ['TLE', 'TLE', true],
    ]);
    const problemNow = ((await get('', '/problems')) as unknown as CcsObject[])[0];
    assert.deepEqual([problemNow.memory_limit, problemNow.output_limit, problemNow.code_limit], [256, 64, 64]);
    const answer = ((await get('', '/clarifications')) as unknown as CcsObject[]).find((c) => c.reply_to_id !== null)!;
    assert.deepEqual([answer.to_team_ids, answer.to_group_ids], [[String(bob.id)], null]);
    const answerOld = ((await get('/2023-06', '/clarifications')) as unknown as CcsObject[]).find((c) => c.reply_to_id !== null)!;
    assert.equal(answerOld.to_team_id, String(bob.id));
    const board = (await get('', '/scoreboard')) as { rows: { team_id: string; score: Record<string, unknown> }[] };
    const aliceRow = board.rows.find((r) => r.team_id === String(alice.id))!;
    assert.deepEqual(aliceRow.score, { num_solved: 1, total_time: '0:40:00.000', time: '0:20:00.000' });
    assert.equal(board.rows.some((r) => r.team_id === String(hidden.id)), false, 'a hidden team is on no scoreboard');
    // The feed speaks the release of its path.
    const feedNow = feedEvents((await feedText(server.url, contestId, as(admin))).text);
    assert.equal((feedNow.find((e) => e.type === 'contest')!.data as CcsObject).penalty_time, '0:20:00.000');
    const oldFeed = await fetch(`${server.url}/api/ccs/2023-06/contests/${contestId}/event-feed?stream=false`, { headers: { Authorization: admin.api.token! } });
    const contestOld = feedEvents(await oldFeed.text()).find((e) => e.type === 'contest')!.data as CcsObject;
    assert.equal(contestOld.penalty_time, 20);
  });

  it('lets a team post a question through 2026-01 (post_clar), refusing what a team may not set', async () => {
    const access = (await ccs<{ capabilities: string[] }>(server.url, `/contests/${contestId}/access`, as(alice))).body;
    assert.deepEqual(access.capabilities, ['post_clar']);
    assert.deepEqual((await ccs<{ capabilities: string[] }>(server.url, `/2023-06/contests/${contestId}/access`, as(alice))).body.capabilities, []);
    const post = (body: unknown, who: TestAccount = alice) =>
      ccs<CcsObject & CcsRefusal>(server.url, `/contests/${contestId}/clarifications`, as(who), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const withId = await post({ id: 'mine', text: 'x' });
    assert.equal(withId.status, 400);
    assert.match(withId.body.message, /must not give id/);
    assert.match((await post({ text: 'x', to_team_ids: [String(bob.id)] })).body.message, /must not give to_team_ids/);
    assert.match((await post({ text: 'x', from_team_id: String(bob.id) })).body.message, /caller's team/);
    assert.equal((await post({ text: 'x' }, admin)).status, 403);
    const asked = await post({ text: 'Can we use a calculator?', problem_id: String(problems[1]), from_team_id: String(alice.id) });
    assert.equal(asked.status, 201, JSON.stringify(asked.body));
    assert.equal(asked.body.from_team_id, String(alice.id));
    assert.equal(asked.body.problem_id, String(problems[1]));
    const seen = (await admin.api.get('/api/clarification/admin/list', { contestId })).data as { text: string }[] | { list: { text: string }[] };
    assert.ok(JSON.stringify(seen).includes('Can we use a calculator?'), 'the judges see the question in Verdict');
    const old = await ccs(server.url, `/2023-06/contests/${contestId}/clarifications`, as(alice), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"text":"x"}' });
    assert.equal(old.status, 405, '2023-06 offers no post_clar');
  });
});
