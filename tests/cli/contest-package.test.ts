// `verdict contest export` and `verdict contest import` (issue 28, item 5): a contest with
// problems (from packages), teams with organizations and countries, a defined group and a hidden
// team, and judged submissions is exported from one server as a Contest Package (a folder, and a
// zip); imported into an empty server; exported again: the set-up files of the two packages are
// the same. The package holds what the resolver reads (the JSON files, event-feed.ndjson) and
// the submissions' files; a package Verdict cannot set up is refused by name, creating nothing.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { formatTime } from '@verdict/server/internal/common/wire';
import { startTestServer, ADMIN_PASSWORD, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { insertJudged, stockContest } from '../helpers/ccs.ts';
import { zipOf } from '../helpers/package-zip.ts';
import { CliSandbox } from './run-cli.ts';

const MINUTE = 60_000;
/** The files of a package that a set-up (no results) fixes. */
const SETUP = ['api.json', 'contest.json', 'judgement-types.json', 'languages.json', 'problems.json', 'groups.json', 'organizations.json', 'teams.json', 'persons.json', 'accounts.json'];

async function uploadPackage(admin: TestAccount, problemId: number, name: string, moreLimits = ''): Promise<void> {
  const files = { [`${name}/problem.yaml`]: `name: ${name}\nlimits:\n  time_limit: 1\n  memory: 128\n${moreLimits}`, [`${name}/data/secret/1.in`]: '1 2\n', [`${name}/data/secret/1.ans`]: '3\n' };
  const form = new FormData();
  form.set('problemId', String(problemId));
  form.set('file', new Blob([new Uint8Array(await zipOf(files))], { type: 'application/zip' }), `${name}.zip`);
  const uploaded = await admin.api.multipart('/api/admin/problem/upload', form);
  assert.equal(uploaded.code, 0, uploaded.message);
}

describe('verdict contest export and import (Contest Packages)', function () {
  this.timeout(240_000);
  let from: TestServer;
  let into: TestServer;
  let box: CliSandbox;
  let contestId: number;

  const cli = async (args: string[]) => {
    const result = await box.run(args);
    assert.equal(result.code, 0, `verdict ${args.join(' ')}:\n${result.stdout}\n${result.stderr}`);
    return result;
  };

  before(async () => {
    [from, into] = await Promise.all([startTestServer({ CAPTCHA: 'off' }), startTestServer({ CAPTCHA: 'off' })]);
    box = new CliSandbox();
    for (const server of [from, into]) {
      const login = await box.run(['login', '--server', server.url, '-u', 'admin', '--password-stdin'], { stdin: `${ADMIN_PASSWORD}\n` });
      assert.equal(login.code, 0, login.stderr);
    }
    const admin = await adminAccount(from);
    const teams = [await accountWithToken(from, { username: 'pkg_alice' }), await accountWithToken(from, { username: 'pkg_bob' }), await accountWithToken(from, { username: 'pkg_carol' })];
    const start = Math.floor(from.clock.now().getTime() / 1000) * 1000 - 60 * MINUTE;
    const added = await admin.api.json('/api/contest/add', {
      title: 'Package Cup',
      startTimeStr: formatTime(new Date(start)),
      endTimeStr: formatTime(new Date(start + 300 * MINUTE)),
      freezeTimeStr: formatTime(new Date(start + 240 * MINUTE)),
    });
    contestId = added.data.id;
    const problems = await stockContest(admin, contestId, ['Sum', 'Product'], teams, { memoryLimit: 128, timeLimit: 1000 });
    await uploadPackage(admin, problems[0], 'sum');
    await uploadPackage(admin, problems[1], 'product', '  output: 8\n  code: 32\n');
    await admin.api.json('/api/user/affiliations', { affiliations: [{ username: 'pkg_alice', affiliation: 'TU Delft' }, { username: 'pkg_bob', affiliation: 'Peking University' }] });
    await admin.api.json('/api/organization/countries', { countries: [{ affiliation: 'TU Delft', country: 'NLD' }, { affiliation: 'Peking University', country: 'CHN' }] }, 'PUT');
    await admin.api.json('/api/contest/groups', { contestId, groups: [{ id: 'site-1', name: 'Site 1' }, { id: 'guests', name: 'Guests', hidden: true }] }, 'PUT');
    await admin.api.json(
      '/api/contest/teamGroups',
      { contestId, teams: [{ username: 'pkg_alice', groupIds: ['participants', 'site-1'] }, { username: 'pkg_bob', groupIds: ['guests'] }, { username: 'pkg_carol', groupIds: ['hidden'] }] },
      'PUT',
    );
    await insertJudged(from.services.db, { userId: teams[0].id, problemId: problems[0], contestId, status: 'AC', at: new Date(start + 10 * MINUTE) });
    await insertJudged(from.services.db, { userId: teams[1].id, problemId: problems[1], contestId, status: 'WA', at: new Date(start + 20 * MINUTE) });
  });
  after(async () => {
    box?.remove();
    await Promise.all([from?.destroy(), into?.destroy()]);
  });

  it('exports a package the resolver reads, imports it into an empty server, and exports the same set-up again', async () => {
    const first = path.join(box.work, 'first');
    await cli(['contest', 'export', String(contestId), first, '--server', from.url]);
    for (const file of [...SETUP, 'state.json', 'submissions.json', 'judgements.json', 'runs.json', 'clarifications.json', 'awards.json', 'scoreboard.json', 'event-feed.ndjson']) {
      assert.ok(fs.existsSync(path.join(first, file)), `${file} is in the package`);
    }
    const submissions = JSON.parse(fs.readFileSync(path.join(first, 'submissions.json'), 'utf8')) as { id: string }[];
    assert.equal(submissions.length, 2);
    for (const s of submissions) assert.ok(fs.statSync(path.join(first, 'submissions', s.id, 'files.zip')).size > 0);
    assert.ok(fs.existsSync(path.join(first, 'problems', '1', '1.zip')), "each problem's package");
    const feed = fs.readFileSync(path.join(first, 'event-feed.ndjson'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { type: string });
    assert.ok(['contest', 'problems', 'teams', 'submissions', 'judgements'].every((type) => feed.some((e) => e.type === type)));

    // A defined group's hidden flag is in groups.json (as DOMjudge has it), the package's limits in problems.json.
    const groups = JSON.parse(fs.readFileSync(path.join(first, 'groups.json'), 'utf8')) as { id: string; hidden?: boolean }[];
    assert.deepEqual(groups.filter((g) => g.hidden).map((g) => g.id).sort(), ['guests', 'hidden']);
    const problems = JSON.parse(fs.readFileSync(path.join(first, 'problems.json'), 'utf8')) as { output_limit: number; code_limit: number }[];
    assert.deepEqual(problems.map((p) => [p.output_limit, p.code_limit]), [[64, 64], [8, 32]]);

    const imported = await cli(['contest', 'import', first, '--server', into.url]);
    assert.match(imported.stdout, /contest 1: Package Cup, 2 problems, 3 teams, 2 groups, 2 organizations/);
    const intoAdmin = await adminAccount(into);
    const intoGroups = (await intoAdmin.api.get('/api/contest/groups', { contestId: 1 })).data as { groups: { id: string; hidden: boolean }[]; teams: { username: string; groupIds: string[] }[] };
    assert.deepEqual(intoGroups.groups.find((g) => g.id === 'guests'), { id: 'guests', name: 'Guests', hidden: true });
    assert.deepEqual(intoGroups.teams.find((t) => t.username === 'pkg_bob')?.groupIds, ['guests', 'participants'], 'a team of a hidden group is not put in the built-in hidden one');
    const board = await fetch(`${into.url}/api/ccs/contests/1/teams`).then((r) => r.json() as Promise<{ group_ids: string[] }[]>);
    assert.deepEqual(board.map((t) => t.group_ids), [['participants', 'site-1']], 'the hidden group hides its team after the import (pkg_alice alone is public)');
    assert.match(imported.stdout, /not imported \(results\): .*submissions\.json/);

    const second = path.join(box.work, 'second.zip');
    await cli(['contest', 'export', '1', second, '--server', into.url]);
    const unpacked = path.join(box.work, 'second');
    const { extractZip } = await import('@verdict/judge');
    await extractZip(second, unpacked);
    for (const file of SETUP) {
      assert.deepEqual(JSON.parse(fs.readFileSync(path.join(unpacked, file), 'utf8')), JSON.parse(fs.readFileSync(path.join(first, file), 'utf8')), `${file} is the same after the round trip`);
    }
  });

  it("writes problems.yaml's output_limit, code_limit and colour into the problems' packages on import", async () => {
    const edited = path.join(box.work, 'edited');
    fs.cpSync(path.join(box.work, 'first'), edited, { recursive: true });
    const problems = JSON.parse(fs.readFileSync(path.join(edited, 'problems.json'), 'utf8')) as Record<string, unknown>[];
    Object.assign(problems[0], { output_limit: 16, code_limit: 48, rgb: '#ff0000', color: 'red' });
    for (const p of problems) p.name = `${String(p.name)} again`; // titles are unique on a server
    const contest = JSON.parse(fs.readFileSync(path.join(edited, 'contest.json'), 'utf8')) as Record<string, unknown>;
    fs.writeFileSync(path.join(edited, 'contest.json'), JSON.stringify({ ...contest, name: 'Package Cup again', formal_name: 'Package Cup again' }));
    fs.writeFileSync(path.join(edited, 'problems.json'), JSON.stringify(problems));
    const imported = await cli(['contest', 'import', edited, '--server', into.url]);
    assert.match(imported.stdout, /problem A \(1\): Sum again → problem \d+ \(its package given output_limit 16, code_limit 48, color red\)/);
    const again = path.join(box.work, 'edited-again');
    await cli(['contest', 'export', /contest (\d+):/.exec(imported.stdout)![1], again, '--server', into.url]);
    const exported = JSON.parse(fs.readFileSync(path.join(again, 'problems.json'), 'utf8')) as Record<string, unknown>[];
    assert.deepEqual(
      exported.map((p) => [p.output_limit, p.code_limit, p.rgb ?? null, p.color ?? null]),
      [
        [16, 48, '#ff0000', 'red'],
        [8, 32, null, null],
      ],
    );
  });

  it('refuses by name a package Verdict cannot set up, creating nothing', async () => {
    const bad = path.join(box.work, 'bad');
    fs.cpSync(path.join(box.work, 'first'), bad, { recursive: true });
    const contest = JSON.parse(fs.readFileSync(path.join(bad, 'contest.json'), 'utf8'));
    fs.rmSync(path.join(bad, 'contest.json'));
    fs.writeFileSync(path.join(bad, 'contest.yaml'), `name: ${contest.name}\nstart_time: 2026-11-28T10:00:00+08\nduration: 5:00:00\npenalty_time: 0:30:00\n`);
    const refused = await box.run(['contest', 'import', bad, '--server', into.url]);
    assert.notEqual(refused.code, 0);
    assert.match(refused.stderr, /penalty_time "0:30:00" is not supported/);
    fs.writeFileSync(path.join(bad, 'contest.yaml'), `name: Hour offset Cup\nstart_time: 2026-11-28T10:00:00+08\nduration: 5:00:00\n`);
    fs.rmSync(path.join(bad, 'problems', '2'), { recursive: true });
    const noPackage = await box.run(['contest', 'import', bad, '--server', into.url]);
    assert.match(noPackage.stderr, /problem 2: its package is not in the package/);
    // A problem id that leads out of the unpacked package (the server unpacks it in <data>/tmp/<dir>)
    // to a zip of the server's (a stored problem package) is refused, not read.
    fs.writeFileSync(path.join(bad, 'contest.yaml'), `name: Escape Cup\nstart_time: 2026-11-28T10:00:00+08\nduration: 5:00:00\n`);
    const problems = JSON.parse(fs.readFileSync(path.join(bad, 'problems.json'), 'utf8')) as { id: string }[];
    const stored = await into.services.db.selectFrom('problems').select('package_hash').where('package_hash', 'is not', null).executeTakeFirstOrThrow();
    const id = `../../packages/${stored.package_hash}`;
    fs.writeFileSync(path.join(bad, 'problems.json'), JSON.stringify([{ ...problems[0], id, name: 'Escaped' }]));
    const escaping = await box.run(['contest', 'import', bad, '--server', into.url]);
    assert.notEqual(escaping.code, 0, escaping.stdout);
    assert.match(escaping.stderr, /problem "\.\.\/\.\.\/packages\/[0-9a-f]+": its id is not a Contest API ID/);
    const contests = await fetch(`${into.url}/api/ccs/contests`).then((r) => r.json());
    assert.equal(contests.length, 2, 'nothing was created');
  });

  it('leaves nothing behind when an import fails half-way, and refuses taken titles before it starts', async () => {
    const { db } = into.services;
    const state = async () => ({
      problems: (await db.selectFrom('problems').select('id').execute()).length,
      users: (await db.selectFrom('users').select('id').execute()).length,
      contests: (await db.selectFrom('contests').select('id').execute()).length,
    });
    const before = await state();
    const half = path.join(box.work, 'half');
    fs.cpSync(path.join(box.work, 'first'), half, { recursive: true });
    const contest = JSON.parse(fs.readFileSync(path.join(half, 'contest.json'), 'utf8')) as Record<string, unknown>;
    fs.writeFileSync(path.join(half, 'contest.json'), JSON.stringify({ ...contest, name: 'Half Cup', formal_name: 'Half Cup' }));
    const problems = JSON.parse(fs.readFileSync(path.join(half, 'problems.json'), 'utf8')) as Record<string, unknown>[];
    fs.writeFileSync(path.join(half, 'problems.json'), JSON.stringify(problems.map((p) => ({ ...p, name: `Half ${String(p.name)}` }))));
    const teams = JSON.parse(fs.readFileSync(path.join(half, 'teams.json'), 'utf8')) as Record<string, unknown>[];
    const accounts = JSON.parse(fs.readFileSync(path.join(half, 'accounts.json'), 'utf8')) as Record<string, unknown>[];
    // New teams: the import creates their accounts, which must go again.
    fs.writeFileSync(path.join(half, 'accounts.json'), JSON.stringify(accounts.map((a) => ({ ...a, username: `half_${String(a.username)}` }))));
    fs.writeFileSync(path.join(half, 'teams.json'), JSON.stringify(teams));
    // Problem 2's package is not a zip: it is refused after problem 1 was set up.
    fs.writeFileSync(path.join(half, 'problems', '2', '2.zip'), 'not a zip');
    const failed = await box.run(['contest', 'import', half, '--server', into.url]);
    assert.notEqual(failed.code, 0, failed.stdout);
    assert.deepEqual(await state(), before, 'the half-done import left rows behind');
    // Taken titles are refused before anything is made.
    const taken = await box.run(['contest', 'import', path.join(box.work, 'first'), '--server', into.url]);
    assert.notEqual(taken.code, 0, taken.stdout);
    assert.match(taken.stderr, /exists already/);
    assert.deepEqual(await state(), before);
  });
});
