// The ICPC Contest API 2023-06 (/api/ccs/2023-06) against the specification's own JSON schemas: a whole small
// contest — contestants with affiliations, two problems, submissions judged by the real judge
// before and after a scoreboard freeze, a clarification answered to everyone, an announcement —
// then every endpoint's reply and every event-feed line, as an administrator, a team (token and
// Basic credentials) and the public, during the freeze and after the end and the thaw. The
// schemas are strict (no property they do not define), as check-api.sh runs them.
import assert from 'node:assert/strict';
import { formatTime } from '@verdict/server/internal/common/wire';
import { zipOf } from '../helpers/package-zip.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { issueToken } from '@verdict/server/internal/modules/accounts/tokens';
import { Api } from '../helpers/api.ts';
import { adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { ccs, CcsSchemas, feedEvents, feedText, type CcsAuth, type CcsObject, type FeedEvent } from '../helpers/ccs.ts';

/** What one reader got. */
interface ReaderView {
  collections: Record<string, CcsObject[]>;
  state: Record<string, string | null>;
  access: { capabilities: string[] };
  feed: FeedEvent[];
}

const MINUTE = 60_000;

function packageFiles(dir: string, name: string, op: (a: number, b: number) => number): Record<string, string> {
  const files: Record<string, string> = { [`${dir}/problem.yaml`]: `name: ${name}\nlimits:\n  time_limit: 1\n  memory: 128\n` };
  [[1, 2], [7, 6], [-3, 9]].forEach(([a, b], i) => {
    files[`${dir}/data/secret/${i + 1}.in`] = `${a} ${b}\n`;
    files[`${dir}/data/secret/${i + 1}.ans`] = `${op(a, b)}\n`;
  });
  return files;
}

const code = (expr: string) => `#include <cstdio>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",${expr});}\n`;
const CODE = { add: code('a+b'), sub: code('a-b'), mul: code('a*b'), broken: 'int main( {\n' };

/** Each collection endpoint, with the schema of the collection and of one of its objects. */
const COLLECTIONS: [string, string][] = [
  ['judgement-types', 'judgement-type'],
  ['languages', 'language'],
  ['problems', 'problem'],
  ['groups', 'group'],
  ['organizations', 'organization'],
  ['teams', 'team'],
  ['submissions', 'submission'],
  ['judgements', 'judgement'],
  ['runs', 'run'],
  ['clarifications', 'clarification'],
  ['awards', 'award'],
];

describe('the Contest API against the 2023-06 JSON schemas @slow', function () {
  this.timeout(300_000);
  let server: TestServer;
  let admin: TestAccount;
  const teams: TestAccount[] = [];
  let contestId: number;
  const schemas = new CcsSchemas();

  const readers = (): [string, CcsAuth][] => [
    ['administrator', { token: admin.api.token! }],
    ['team (token)', { token: teams[0].api.token! }],
    ['team (Basic)', { basic: [teams[1].username, 'password-123'] }],
    ['public', null],
  ];

  function valid(schema: string, data: unknown, where: string): void {
    const errors = schemas.errors(schema, data);
    assert.equal(errors, '', `${where} does not validate against ${schema}.json:\n${errors}\n${JSON.stringify(data, null, 1).slice(0, 3000)}`);
  }

  async function get<T = unknown>(path: string, auth: CcsAuth, who: string): Promise<T> {
    const reply = await ccs<T>(server.url, `/2023-06${path}`, auth);
    assert.equal(reply.status, 200, `${who} GET ${path}: ${JSON.stringify(reply.body)}`);
    assert.match(reply.headers.get('content-type') ?? '', /^application\/json/);
    return reply.body;
  }

  /** Every endpoint and every event-feed line, for every reader. Returns what each reader got. */
  async function validateEverything(): Promise<Map<string, ReaderView>> {
    const seen = new Map<string, ReaderView>();
    for (const [who, auth] of readers()) {
      const got: ReaderView = { collections: {}, state: {}, access: { capabilities: [] }, feed: [] };
      valid('api_information', await get('', auth, who), `${who}: GET /api/ccs`);
      valid('contests', await get('/contests', auth, who), `${who}: contests`);
      const base = `/contests/${contestId}`;
      valid('contest', await get(base, auth, who), `${who}: contest`);
      valid('state', (got.state = await get(`${base}/state`, auth, who)), `${who}: state`);
      valid('access', (got.access = await get(`${base}/access`, auth, who)), `${who}: access`);
      valid('scoreboard', await get(`${base}/scoreboard`, auth, who), `${who}: scoreboard`);
      for (const [collection, single] of COLLECTIONS) {
        const list = (got.collections[collection] = await get<CcsObject[]>(`${base}/${collection}`, auth, who));
        valid(collection, list, `${who}: ${collection}`);
        for (const object of list) valid(single, await get(`${base}/${collection}/${encodeURIComponent(object.id)}`, auth, who), `${who}: ${collection}/${object.id}`);
      }
      const feed = await feedText(server.url, contestId, auth, undefined, '/2023-06');
      assert.equal(feed.status, 200, feed.text);
      assert.match(feed.contentType ?? '', /^application\/x-ndjson/);
      assert.ok(feed.text.endsWith('\n'), 'every notification ends its line');
      const events = feedEvents(feed.text);
      events.forEach((event, i) => valid('event-feed', event, `${who}: event-feed line ${i + 1} (${event.type} ${event.id})`));
      valid('event-feed-array', events, `${who}: the whole event feed`);
      got.feed = events;
      seen.set(who, got);
    }
    return seen;
  }

  before(async () => {
    server = await startTestServer({ JUDGE_WORKERS: '1', CCS_ANONYMOUS: 'all' });
    admin = await adminAccount(server);
    const affiliations = ['Peking University', 'Peking University', null];
    for (const [i, name] of ['ccs_ann', 'ccs_bob', 'ccs_cid'].entries()) {
      const added = await admin.api.json('/api/user/add', {
        username: name,
        email: `${name}@example.test`,
        nickname: `Team ${name.slice(4)}`,
        gender: 'female',
        auth: 0,
        password: 'password-123',
        ...(affiliations[i] ? { affiliation: affiliations[i] } : {}),
      });
      assert.equal(added.code, 0, added.message);
      assert.equal(added.data.affiliation, affiliations[i]);
      const token = await issueToken(server.services.db, added.data.id, server.clock.now());
      teams.push({ id: added.data.id, username: name, email: `${name}@example.test`, auth: 0, api: new Api(server.url).withToken(token) });
    }
    const problems: number[] = [];
    for (const [title, dir, op] of [
      ['Add two', 'add', (a: number, b: number) => a + b],
      ['Multiply two', 'mul', (a: number, b: number) => a * b],
    ] as const) {
      const added = await admin.api.json('/api/admin/problem/add', { title, memoryLimit: 128, timeLimit: 1000 });
      const form = new FormData();
      form.set('problemId', String(added.data.id));
      form.set('file', new Blob([new Uint8Array(await zipOf(packageFiles(dir, title, op)))], { type: 'application/zip' }), `${dir}.zip`);
      const uploaded = await admin.api.multipart('/api/admin/problem/upload', form);
      assert.equal(uploaded.code, 0, uploaded.message);
      problems.push(added.data.id);
    }
    await server.services.db.updateTable('problems').set({ color: '#ff0000', color_name: 'red' }).where('id', '=', problems[0]).execute();
    const now = server.clock.now().getTime();
    const contest = await admin.api.json('/api/contest/add', {
      title: 'CCS Cup',
      startTimeStr: formatTime(new Date(now - 60 * MINUTE)),
      endTimeStr: formatTime(new Date(now + 90 * MINUTE)),
      freezeTimeStr: formatTime(new Date(now + 30 * MINUTE)),
    });
    assert.equal(contest.code, 0, contest.message);
    contestId = contest.data.id;
    await admin.api.json('/api/contestRecord/addByUserIdList', ['CCS Cup', ...teams.map((t) => t.username)]);
    for (const problemId of problems) await admin.api.form('/api/contestProblem/addByProblemId', { problemId, contestId });

    const [A, B] = problems;
    const [ann, bob, cid] = teams;
    const submit = async (team: TestAccount, problemId: number, source: string, verdict: string) => {
      server.clock.advance(3100);
      const r = await team.api.json('/api/submit', { problemId, language: 'cpp', code: source, contestId });
      assert.equal(r.code, 0, r.message);
      assert.equal(r.data.judgeResult, verdict, r.data.compileMessage);
    };
    await submit(ann, A, CODE.sub, 'WA');
    await submit(ann, A, CODE.add, 'AC');
    await submit(bob, A, CODE.broken, 'CE');
    await submit(bob, B, CODE.mul, 'AC');
    const question = await bob.api.json('/api/clarification/ask', { contestId, problemId: A, text: 'May a and b be negative?' });
    assert.equal(question.code, 0, question.message);
    assert.equal((await admin.api.json('/api/clarification/admin/answer', { id: question.data.id, answer: 'Yes.', visibility: 'public' })).code, 0);
    assert.equal((await admin.api.json('/api/clarification/admin/announce', { contestId, text: 'Welcome to the CCS Cup.' })).code, 0);
    // Into the freeze: these verdicts are the public's to wait for.
    server.clock.advance(31 * MINUTE);
    await submit(ann, B, CODE.mul, 'AC');
    await submit(cid, A, CODE.sub, 'WA');
  });
  after(() => server?.destroy());

  it('serves every endpoint and every event-feed line in the schemas, for every reader, during the freeze', async () => {
    const seen = await validateEverything();
    const adminView = seen.get('administrator')!.collections;
    const publicView = seen.get('public')!.collections;
    // Affiliations are the teams' organizations.
    assert.deepEqual(adminView.organizations.map((o) => o.name), ['Peking University']);
    const orgId = adminView.organizations[0].id;
    assert.deepEqual(
      adminView.teams.map((t) => [t.label, t.organization_id]),
      [
        ['ccs_ann', orgId],
        ['ccs_bob', orgId],
        ['ccs_cid', null],
      ],
    );
    // Six submissions, judged; the public sees the four made before the freeze judged, not the two after.
    assert.equal(adminView.submissions.length, 6);
    assert.equal(adminView.judgements.length, 6);
    assert.equal(publicView.submissions.length, 6);
    assert.equal(publicView.judgements.length, 4);
    assert.ok(adminView.runs.length > publicView.runs.length);
    const state = seen.get('administrator')!.state;
    assert.equal(state.frozen !== null && state.thawed === null, true);
    // The question is the judges' and its asker's; its answer to everyone reaches all, quoting it.
    assert.equal(adminView.clarifications.length, 3);
    assert.equal(publicView.clarifications.length, 2);
    assert.ok(publicView.clarifications.some((c) => String(c.text).startsWith('> May a and b be negative?')));
    assert.deepEqual(seen.get('administrator')!.access.capabilities, ['contest_thaw']);
    assert.deepEqual(seen.get('public')!.access.capabilities, []);
    // The feed carries every kind of object, and the strict schemas do refuse what they do not define.
    assert.deepEqual(
      [...new Set(seen.get('administrator')!.feed.map((e) => e.type))].sort(),
      ['awards', 'clarifications', 'contest', 'groups', 'judgement-types', 'judgements', 'languages', 'organizations', 'persons', 'problems', 'runs', 'state', 'submissions', 'teams'],
    );
    assert.notEqual(schemas.errors('team', { ...adminView.teams[0], affiliation: 'Peking University' }), '');
  });

  it('still validates after the end and the thaw, with the awards', async () => {
    server.clock.advance(60 * MINUTE);
    const thaw = await ccs(server.url, `/2023-06/contests/${contestId}`, { basic: ['admin', server.adminPassword] }, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: String(contestId), scoreboard_thaw_time: server.clock.now().toISOString() }),
    });
    assert.equal(thaw.status, 200, JSON.stringify(thaw.body));
    valid('contest', thaw.body, 'the PATCH reply');
    const seen = await validateEverything();
    const publicView = seen.get('public')!;
    assert.equal(publicView.collections.judgements.length, 6);
    assert.ok(publicView.state.finalized);
    const winner = publicView.collections.awards.find((a) => a.id === 'winner');
    assert.deepEqual(winner?.team_ids, [String(teams[0].id)]);
  });
});
