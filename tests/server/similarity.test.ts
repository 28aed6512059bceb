// Similarity checking (issue 31) on a real server and database: an administrator starts an
// analysis of a contest, follows its progress, reads the pairs (copies first), the clusters, one
// pair side by side with fragments that point into the sources, and the CSV; the last or the last
// accepted submission stands for a contestant; the templates and a base file do not count as
// shared; a language without a lexer is compared as generic tokens and said so. A contestant —
// even one of the pair — reaches none of it: every route is refused, nothing changes.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatTime } from '@verdict/server/internal/common/wire';
import { itRefusesNonAdmins } from '../helpers/admin-only.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, snapshot, type TestAccount } from '../helpers/tokens.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/similarity-evasion');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
const MINUTE = 60_000;

/** A long skeleton every contestant of problem B was given (the base file), then a few own lines. */
const SKELETON = Array.from({ length: 30 }, (_, i) => `int helper${i}(int x) { if (x > ${i}) return x * ${i} + helper${i}(x - 1); return ${i}; }`).join('\n');

describe('similarity runs', () => {
  let server: TestServer;
  let admin: TestAccount;
  let cup: number;
  const problems: number[] = [];
  const users: Record<string, TestAccount> = {};
  let mallory: TestAccount;

  async function submit(user: string, problem: number, code: string, status = 'AC', language = 'cpp', minute = 10): Promise<number> {
    const row = await server.services.db
      .insertInto('submissions')
      .values({ user_id: users[user].id, problem_id: problems[problem], contest_id: cup, language, code, status, tests: '[]', created_at: new Date(server.clock.now().getTime() - 60 * MINUTE + minute * MINUTE) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function runToEnd(body: Record<string, unknown>) {
    const started = await admin.api.json('/api/admin/similarity/run', { contestId: cup, ...body });
    assert.equal(started.code, 0, started.message);
    assert.equal(started.data.status, 'running');
    await server.services.similarity.idle();
    const run = await admin.api.get('/api/admin/similarity/run', { runId: started.data.runId });
    assert.equal(run.code, 0, run.message);
    assert.equal(run.data.status, 'done', run.data.message ?? '');
    return run.data;
  }

  const pairsOf = async (runId: number, problemId?: number) => {
    const r = await admin.api.get('/api/admin/similarity/pairs', { runId, ...(problemId ? { problemId } : {}), pageSize: 500 });
    assert.equal(r.code, 0, r.message);
    return r.data;
  };
  const names = (p: { userA: { username: string }; userB: { username: string } }) => [p.userA.username, p.userB.username].sort().join('~');

  before(async () => {
    server = await startTestServer();
    admin = await adminAccount(server);
    for (const name of ['alice', 'bob', 'carol', 'dave', 'erin', 'frank']) users[name] = await accountWithToken(server, { username: `sim_${name}` });
    mallory = await accountWithToken(server, { username: 'sim_mallory' });
    users.mallory = mallory;
    const start = server.clock.now().getTime() - 60 * MINUTE;
    const added = await admin.api.json('/api/contest/add', { title: 'Similarity Cup', startTimeStr: formatTime(new Date(start)), endTimeStr: formatTime(new Date(start + 120 * MINUTE)) });
    assert.equal(added.code, 0, added.message);
    cup = added.data.id;
    for (const title of ['Islands', 'Helpers', 'Words']) {
      const p = await admin.api.json('/api/admin/problem/add', { title, memoryLimit: 64, timeLimit: 1000 });
      problems.push(p.data.id);
      await admin.api.form('/api/contestProblem/addByProblemId', { contestId: cup, problemId: p.data.id });
    }
    for (const user of Object.values(users)) await admin.api.json('/api/contestRecord/add', { contestId: cup, userId: user.id });

    // A: alice wrote it; bob and dave copied it (renamed; everything at once); carol and erin wrote their own.
    await submit('alice', 0, fixture('original.cpp'));
    await submit('bob', 0, 'int main() { return 0; }', 'WA', 'cpp', 5);
    await submit('bob', 0, fixture('renamed.cpp'), 'AC', 'cpp', 20);
    await submit('dave', 0, fixture('combined.cpp'));
    await submit('carol', 0, fixture('independent-dsu.cpp'));
    await submit('erin', 0, fixture('independent-bfs.cpp'));
    // Frank's last is a wrong copy of alice's; his last accepted one is his own.
    await submit('frank', 0, fixture('independent-dfs.cpp'), 'AC', 'cpp', 10);
    await submit('frank', 0, fixture('reordered.cpp'), 'WA', 'cpp', 30);
    // B: everyone started from the skeleton; carol and erin added different lines.
    await submit('carol', 1, `${SKELETON}\nint main() { int n; cin >> n; cout << helper3(n) + helper7(n) << endl; }`);
    await submit('erin', 1, `${SKELETON}\nint main() { long long total = 0; for (int i = 0; i < 5; i++) total += helper1(i); printf("%lld", total); }`);
    // C: a language without a lexer, two identical sources.
    const haskell = 'main = interact $ \\s -> show (sum (map read (words s) :: [Integer])) ++ "\\n"\n-- sums the words of the input\n';
    await submit('alice', 2, haskell, 'AC', 'haskell');
    await submit('bob', 2, haskell, 'AC', 'haskell');
  });

  after(async () => {
    await server?.services.similarity.idle();
    await server?.close();
  });

  it('ranks the copies first, clusters them, and says which languages fell back to generic tokens', async () => {
    const run = await runToEnd({});
    assert.equal(run.progress, 1);
    assert.equal(run.selection, 'last');
    assert.equal(run.totalSources, 6 + 2 + 2);
    const islands = await pairsOf(run.runId, problems[0]);
    // Alice's and the three copies' six pairs come first.
    const copies = islands.items.slice(0, 6);
    assert.ok(copies.every((p) => /alice|bob|dave|frank/.test(p.userA.username) && /alice|bob|dave|frank/.test(p.userB.username)), JSON.stringify(copies.map(names)));
    const others = islands.items.slice(6);
    assert.ok(Math.min(...copies.map((p) => p.similarity)) > Math.max(...others.map((p) => p.similarity)));
    const bobAlice = islands.items.find((p) => names(p) === 'sim_alice~sim_bob')!;
    assert.equal(bobAlice.userA.username, 'sim_alice', 'the smaller user id first');
    assert.equal(bobAlice.userB.submissions, 2, "bob's two submissions on the problem");
    assert.equal(bobAlice.fallback, false);
    // Frank's last submission is the copy (a WA): it is the one compared.
    assert.ok(islands.items.find((p) => names(p) === 'sim_alice~sim_frank')!.similarity > 0.5);
    assert.deepEqual(
      run.clusters.map((c) => c.users.map((u) => u.username).sort()),
      [['sim_alice', 'sim_bob', 'sim_dave', 'sim_frank']],
    );
    const words = run.problems.find((p) => p.problemId === problems[2])!;
    assert.deepEqual([words.fallbackSources, words.fallbackLanguages], [2, ['haskell']]);
    const haskellPair = (await pairsOf(run.runId, problems[2])).items[0];
    assert.equal(haskellPair.fallback, true);
    assert.equal(haskellPair.similarity, 1);
  });

  it('compares the last accepted submissions when asked', async () => {
    const run = await runToEnd({ selection: 'accepted', problemId: problems[0] });
    assert.equal(run.problemId, problems[0]);
    assert.deepEqual(run.problems.map((p) => p.problemId), [problems[0]]);
    const frank = (await pairsOf(run.runId)).items.filter((p) => /frank/.test(names(p)));
    assert.ok(frank.every((p) => p.similarity < 0.3), JSON.stringify(frank.map((p) => p.similarity)));
    assert.deepEqual(run.clusters.map((c) => c.users.map((u) => u.username).sort()), [['sim_alice', 'sim_bob', 'sim_dave']]);
  });

  it('does not count a base file the administrator gives as shared', async () => {
    const plain = await runToEnd({ problemId: problems[1] });
    const withBase = await runToEnd({ problemId: problems[1], baseFile: SKELETON });
    assert.equal(withBase.hasBaseFile, true);
    const before = (await pairsOf(plain.runId)).items[0].similarity;
    const after = (await pairsOf(withBase.runId)).items[0]?.similarity ?? 0;
    assert.ok(before > 0.8, `without the base file: ${before}`);
    assert.ok(after < 0.2, `with the base file: ${after}`);
  });

  it('shows a pair side by side, its fragments inside both sources, and exports CSV', async () => {
    const [run] = (await admin.api.get('/api/admin/similarity/runs', { contestId: cup })).data.slice(-1);
    const top = (await pairsOf(run.runId, problems[0])).items.find((p) => names(p) === 'sim_alice~sim_bob')!;
    const pair = await admin.api.get('/api/admin/similarity/pair', { pairId: top.pairId });
    assert.equal(pair.code, 0, pair.message);
    assert.equal(pair.data.sourceA, fixture('original.cpp'));
    assert.equal(pair.data.sourceB, fixture('renamed.cpp'));
    assert.ok(pair.data.fragments.length > 0);
    const longest = pair.data.fragments[0];
    assert.equal(longest.tokens, top.longestFragment);
    assert.match(pair.data.sourceA.slice(longest.a.start, longest.a.end), /floodFill|grid|seen/);
    assert.match(pair.data.sourceB.slice(longest.b.start, longest.b.end), /explore|mapData|visited/);
    const csv = await fetch(`${server.url}/api/admin/similarity/csv?runId=${run.runId}`, { headers: { Authorization: admin.api.token! } });
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get('content-type') ?? '', /text\/csv/);
    const lines = (await csv.text()).trim().split('\n');
    assert.equal(lines[0], 'problem,user_a,user_b,similarity,longest_fragment_tokens,submission_a,submission_b,submissions_a,submissions_b,language_a,language_b,fallback');
    assert.ok(lines.some((l) => l.startsWith('A,sim_alice,sim_bob,')));
  });

  it('refuses a second run of a contest while one runs, and unknown contests, problems and runs', async () => {
    const { db } = server.services;
    const busy = await db
      .insertInto('similarity_runs')
      .values({ contest_id: cup, selection: 'last', status: 'running', clusters: '[]', created_at: new Date(), heartbeat_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await admin.api.json('/api/admin/similarity/run', { contestId: cup });
    assert.equal(refused.status, 409);
    assert.match(refused.message, /is running/);
    // Its process died: no heartbeat for over a minute. The next run ends it as failed and starts.
    await db.updateTable('similarity_runs').set({ heartbeat_at: new Date(Date.now() - 61_000) }).where('id', '=', busy.id).execute();
    const next = await admin.api.json('/api/admin/similarity/run', { contestId: cup, problemId: problems[2] });
    assert.equal(next.code, 0, next.message);
    await server.services.similarity.idle();
    const abandoned = await admin.api.get('/api/admin/similarity/run', { runId: busy.id });
    assert.deepEqual([abandoned.data.status, abandoned.data.message], ['failed', 'abandoned: the process running it stopped']);
    assert.equal((await admin.api.json('/api/admin/similarity/run', { contestId: 999999 })).status, 404);
    const notInContest = await admin.api.json('/api/admin/problem/add', { title: 'Elsewhere', memoryLimit: 64, timeLimit: 1000 });
    assert.equal((await admin.api.json('/api/admin/similarity/run', { contestId: cup, problemId: notInContest.data.id })).status, 404);
    assert.equal((await admin.api.get('/api/admin/similarity/run', { runId: 999999 })).status, 404);
    assert.equal((await admin.api.get('/api/admin/similarity/pair', { pairId: 999999 })).status, 404);
    assert.equal((await admin.api.json('/api/admin/similarity/run', { contestId: cup, selection: 'best' })).status, 400);
  });

  describe('a contestant (attack)', () => {
    let runId: number;
    let pairId: number;
    before(async () => {
      runId = (await admin.api.get('/api/admin/similarity/runs', { contestId: cup })).data.slice(-1)[0].runId;
      pairId = (await pairsOf(runId)).items[0].pairId;
    });
    const state = () => snapshot(server, ['similarity_runs', 'similarity_sources', 'similarity_pairs']);

    it('reaches no run, pair, source or CSV, even of a pair they are in', async () => {
      const before = await state();
      for (const who of [mallory, users.bob]) {
        const calls = [
          who.api.get('/api/admin/similarity/runs', { contestId: cup }),
          who.api.get('/api/admin/similarity/run', { runId }),
          who.api.get('/api/admin/similarity/pairs', { runId }),
          who.api.get('/api/admin/similarity/pair', { pairId }),
          who.api.get('/api/admin/similarity/csv', { runId }),
          who.api.json('/api/admin/similarity/run', { contestId: cup }),
        ];
        for (const reply of await Promise.all(calls)) {
          assert.equal(reply.status, 403);
          assert.equal(reply.data ?? null, null);
          assert.doesNotMatch(JSON.stringify(reply), /floodFill|explore|sim_alice/);
        }
      }
      assert.equal(await state(), before);
    });

    itRefusesNonAdmins(
      [
        ['post', '/api/admin/similarity/run', { contestId: 1 }],
        ['get', '/api/admin/similarity/runs?contestId=1', null],
        ['get', '/api/admin/similarity/run?runId=1', null],
        ['get', '/api/admin/similarity/pairs?runId=1', null],
        ['get', '/api/admin/similarity/pair?pairId=1', null],
        ['get', '/api/admin/similarity/csv?runId=1', null],
      ],
      () => ({ url: server.url, user: mallory.api, state }),
    );
  });
});
