// Contests' scoring rules on the real database (issue 15, item 5): the sample scoring problem
// (problems/squares, subtasks 30 + 70) uploaded and judged for real in an IOI contest, the same
// submissions under OI, a pass-fail problem in an IOI contest, the freeze with scores, and the
// scoringRule field of the contest routes. The SQL folds must agree with the pure rules.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { PASS_FAIL_POINTS, SCORING_RULE_MESSAGE } from '@verdict/shared';
import { formatTime } from '@verdict/server/internal/common/wire';
import { createProblemFromPackage } from '@verdict/server/internal/modules/problems/upload';
import { buildLeaderboard } from '@verdict/server/internal/modules/contests/leaderboard';
import { computeScoredBoard, type ScoreRule } from '@verdict/server/internal/modules/contests/scored-scoreboard';
import { zipOf } from '../helpers/package-zip.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, snapshot, type TestAccount } from '../helpers/tokens.ts';

const MINUTE = 60_000;
const SQUARES = path.resolve(import.meta.dirname, '../../problems/squares');
const source = (file: string) => fs.readFileSync(path.join(SQUARES, 'submissions', file), 'utf8');

interface Cell {
  newId: string;
  result: string;
  cnt: number;
  submitTime: number;
  score?: number;
  maxScore?: number;
  pending?: number;
}
interface Row {
  rank: number;
  userName: string;
  acNum: number;
  timePenalty: number;
  score?: number;
  judgeResultList: Cell[];
}

/** Every file of a package folder, under its folder's name, as zipOf takes them. */
function packageFiles(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[path.join(path.basename(dir), path.relative(dir, full))] = fs.readFileSync(full, 'utf8');
  }
  return files;
}

describe('contest scoring rules: IOI and OI leaderboards', function () {
  this.timeout(240_000);
  let server: TestServer;
  let admin: TestAccount;
  let alice: TestAccount;
  let bob: TestAccount;
  let carl: TestAccount;
  let squares: number;
  let passFail: number;

  const board = async (who: TestAccount, contestId: number, query: Record<string, string | number> = {}) => {
    const reply = await who.api.get('/api/BangDan/AllResultList', { contestId, ...query });
    assert.equal(reply.code, 0, reply.message);
    return reply.data as Row[];
  };
  const table = (rows: Row[]) => rows.map((r) => [r.rank, r.userName, r.score, r.acNum, r.timePenalty]);
  const cells = (rows: Row[], name: string) => Object.fromEntries(rows.find((r) => r.userName === name)!.judgeResultList.map(({ newId, ...cell }) => [newId, cell]));

  async function contestWith(title: string, fields: Record<string, string>, members: TestAccount[], problems: number[]): Promise<number> {
    const added = await admin.api.json('/api/contest/add', { title, ...fields });
    assert.equal(added.code, 0, added.message);
    for (const problemId of problems) await admin.api.form('/api/contestProblem/addByProblemId', { contestId: added.data.id, problemId });
    for (const user of members) await admin.api.json('/api/contestRecord/add', { contestId: added.data.id, userId: user.id });
    return added.data.id;
  }

  /** A judged record written straight into the table (score and max_score null: pass-fail). */
  async function record(user: TestAccount, problem: number, contest: number, status: string, at: Date, score: number | null = null, maxScore: number | null = null) {
    await server.services.db
      .insertInto('submissions')
      .values({ user_id: user.id, problem_id: problem, contest_id: contest, language: 'cpp', code: '// x', status, tests: '[]', score, max_score: maxScore, created_at: at, judged_at: server.clock.now() })
      .execute();
  }

  /** The board of the pure rules from the contest's rows, to hold the SQL fold against. */
  async function pureBoard(contestId: number, rule: ScoreRule, frozen = false) {
    const { db } = server.services;
    const contest = await db.selectFrom('contests').selectAll().where('id', '=', contestId).executeTakeFirstOrThrow();
    const members = await db
      .selectFrom('contest_users as cu')
      .innerJoin('users as u', 'u.id', 'cu.user_id')
      .select(['u.id as userId', 'u.username as userName'])
      .where('cu.contest_id', '=', contestId)
      .execute();
    const problems = await db.selectFrom('contest_problems').select('problem_id').where('contest_id', '=', contestId).orderBy('position').execute();
    const subs = await db.selectFrom('submissions').selectAll().where('contest_id', '=', contestId).execute();
    const raw = subs.map((s) => ({ id: s.id, userId: s.user_id, problemId: s.problem_id, status: s.status, createdAt: s.created_at, score: s.score, maxScore: s.max_score }));
    const window = { startTime: contest.start_time, endTime: contest.end_time, ...(frozen ? { freezeTime: contest.freeze_time! } : {}) };
    return computeScoredBoard(rule, window, problems.map((p) => ({ problemId: p.problem_id, maxScore: 100 })), members, raw);
  }

  before(async () => {
    server = await startTestServer({ JUDGE_WORKERS: '1' });
    admin = await adminAccount(server);
    alice = await accountWithToken(server, { username: 'ioi_alice' });
    bob = await accountWithToken(server, { username: 'ioi_bob' });
    carl = await accountWithToken(server, { username: 'ioi_carl' });
    const zipPath = path.join(server.dataDir, 'squares.zip');
    fs.writeFileSync(zipPath, await zipOf(packageFiles(SQUARES)));
    squares = (await createProblemFromPackage(server.services, zipPath)).problemId;
    passFail = (await admin.api.json('/api/admin/problem/add', { title: 'Pass or fail', memoryLimit: 64, timeLimit: 1000 })).data.id;
  });
  after(() => server?.destroy());

  describe('an IOI contest judged for real', () => {
    let contestId: number;
    let t0: number;
    const submit = async (who: TestAccount, language: string, file: string) => {
      const reply = await who.api.json('/api/submit', { problemId: squares, contestId, language, code: source(file) });
      assert.equal(reply.code, 0, reply.message);
      return reply.data;
    };

    before(async () => {
      t0 = server.clock.now().getTime();
      contestId = await contestWith(
        'IOI Cup',
        { startTimeStr: formatTime(new Date(t0 - 30 * MINUTE)), endTimeStr: formatTime(new Date(t0 + 120 * MINUTE)), scoringRule: 'ioi' },
        [alice, bob, carl],
        [squares, passFail],
      );
    });

    it('shows a partial score: 30 of 100 after the small subtask', async () => {
      const partial = await submit(alice, 'c', 'partially_accepted/overflow.c');
      assert.deepEqual([partial.judgeResult, partial.score, partial.maxScore], ['WA', 30, 100]);
      const rows = await board(alice, contestId);
      assert.deepEqual(table(rows), [
        [1, 'ioi_alice', 30, 0, 30],
        [2, 'ioi_bob', 0, 0, 0],
        [2, 'ioi_carl', 0, 0, 0],
      ]);
      assert.deepEqual(cells(rows, 'ioi_alice'), {
        A: { result: 'WA', cnt: 1, submitTime: 30, score: 30, maxScore: 100 },
        B: { result: '', cnt: 0, submitTime: 0, score: 0, maxScore: PASS_FAIL_POINTS },
      });
    });

    it('ranks 100 at once above 30 → 100 later, by the minute the score last rose', async () => {
      server.clock.advance(2 * MINUTE);
      assert.equal((await submit(bob, 'python3', 'accepted/formula.py')).score, 100);
      server.clock.advance(3 * MINUTE);
      assert.equal((await submit(alice, 'python3', 'accepted/formula.py')).score, 100);
      const rows = await board(bob, contestId);
      assert.deepEqual(table(rows), [
        [1, 'ioi_bob', 100, 1, 32],
        [2, 'ioi_alice', 100, 1, 35],
        [3, 'ioi_carl', 0, 0, 0],
      ]);
      assert.deepEqual(cells(rows, 'ioi_alice').A, { result: 'AC', cnt: 2, submitTime: 35, score: 100, maxScore: 100 });
      assert.deepEqual(cells(rows, 'ioi_bob').A, { result: 'AC', cnt: 1, submitTime: 32, score: 100, maxScore: 100 });
    });

    it('keeps the best score when a worse submission follows', async () => {
      server.clock.advance(5 * MINUTE);
      assert.equal((await submit(alice, 'c', 'partially_accepted/overflow.c')).score, 30);
      const rows = await board(alice, contestId);
      assert.deepEqual(cells(rows, 'ioi_alice').A, { result: 'AC', cnt: 3, submitTime: 35, score: 100, maxScore: 100 });
      assert.deepEqual(await board(admin, contestId), rows);
    });

    it('scores a pass-fail problem 100 for AC and 0 otherwise', async () => {
      const start = t0 - 30 * MINUTE;
      await record(carl, passFail, contestId, 'WA', new Date(start + 5 * MINUTE));
      await record(carl, passFail, contestId, 'AC', new Date(start + 8 * MINUTE));
      await record(bob, passFail, contestId, 'TLE', new Date(start + 9 * MINUTE));
      await record(bob, passFail, contestId, 'CE', new Date(start + 10 * MINUTE));
      server.clock.advance(1500);
      const rows = await board(carl, contestId);
      assert.deepEqual(cells(rows, 'ioi_carl').B, { result: 'AC', cnt: 2, submitTime: 8, score: 100, maxScore: 100 });
      assert.deepEqual(cells(rows, 'ioi_bob').B, { result: 'WA', cnt: 1, submitTime: 9, score: 0, maxScore: 100 });
      assert.deepEqual(table(rows), [
        [1, 'ioi_carl', 100, 1, 8],
        [2, 'ioi_bob', 100, 1, 32],
        [3, 'ioi_alice', 100, 1, 35],
      ]);
      assert.deepEqual(rows, await pureBoard(contestId, 'ioi'));
    });

    it('switches to OI at once when the rule changes: the last submission counts, so alice drops to 30', async () => {
      const info = (await admin.api.get('/api/contest/ContestInfo', { contestId })).data;
      const edit = (scoringRule: string) =>
        admin.api.json('/api/contest/update', { id: contestId, title: info.title, startTimeStr: info.startTime, endTimeStr: info.endTime, scoringRule }, 'PUT');
      await board(alice, contestId); // the IOI board is cached
      assert.equal((await edit('oi')).data.scoringRule, 'oi');
      const rows = await board(alice, contestId); // no time passes: the cache must not answer with the IOI board
      assert.deepEqual(table(rows), [
        [1, 'ioi_carl', 100, 1, 8],
        [2, 'ioi_bob', 100, 1, 32],
        [3, 'ioi_alice', 30, 0, 40],
      ]);
      assert.deepEqual(cells(rows, 'ioi_alice').A, { result: 'WA', cnt: 3, submitTime: 40, score: 30, maxScore: 100 });
      assert.deepEqual(rows, await pureBoard(contestId, 'oi'));
      // ICPC: the spec's board, without any score.
      await edit('icpc');
      const icpc = await board(alice, contestId);
      assert.deepEqual(
        icpc.map((r) => [r.rank, r.userName, r.acNum, r.timePenalty]),
        [
          [1, 'ioi_carl', 1, 28],
          [2, 'ioi_bob', 1, 32],
          [3, 'ioi_alice', 1, 55],
        ],
      );
      assert.ok(icpc.every((r) => !('score' in r) && r.judgeResultList.every((c) => Object.keys(c).join() === 'newId,result,cnt,submitTime')));
      await edit('ioi');
      assert.equal(cells(await board(alice, contestId), 'ioi_alice').A.score, 100);
    });

    it("takes a problem's maximum from its package, else from its records", async () => {
      const { db } = server.services;
      const contest = await db.selectFrom('contests').selectAll().where('id', '=', contestId).executeTakeFirstOrThrow();
      const hash = (await db.selectFrom('problems').select('package_hash').where('id', '=', squares).executeTakeFirstOrThrow()).package_hash!;
      const meta = (await db.selectFrom('packages').select('meta').where('hash', '=', hash).executeTakeFirstOrThrow()).meta;
      assert.equal(meta.maxScore, 100);
      const maxOfA = async () => (await buildLeaderboard(db, contest))[0].judgeResultList[0].maxScore;
      try {
        await db.updateTable('packages').set({ meta: JSON.stringify({ ...meta, maxScore: 250 }) }).where('hash', '=', hash).execute();
        assert.equal(await maxOfA(), 250);
        const { maxScore: _, ...older } = meta;
        await db.updateTable('packages').set({ meta: JSON.stringify(older) }).where('hash', '=', hash).execute();
        assert.equal(await maxOfA(), 100, 'the judged records say 100');
      } finally {
        await db.updateTable('packages').set({ meta: JSON.stringify(meta) }).where('hash', '=', hash).execute();
      }
    });
  });

  describe('the freeze with scores', () => {
    let contestId: number;
    let start: number;

    before(async () => {
      const now = server.clock.now().getTime();
      start = now - 60 * MINUTE;
      contestId = await contestWith(
        'Frozen IOI Cup',
        { startTimeStr: formatTime(new Date(start)), endTimeStr: formatTime(new Date(now + 60 * MINUTE)), freezeTimeStr: formatTime(new Date(now - 20 * MINUTE)), scoringRule: 'ioi' },
        [alice, bob],
        [squares, passFail],
      );
      const at = (minutes: number) => new Date(start + minutes * MINUTE);
      // Before the freeze (minute 40): alice 30 on A; bob 100 on A and a WA on B.
      await record(alice, squares, contestId, 'WA', at(10), 30, 100);
      await record(bob, squares, contestId, 'AC', at(20), 100, 100);
      await record(bob, passFail, contestId, 'WA', at(25));
      // From the freeze on: alice reaches 100 on A and solves B; bob tries A again (30).
      await record(alice, squares, contestId, 'AC', at(45), 100, 100);
      await record(alice, passFail, contestId, 'AC', at(50));
      await record(bob, squares, contestId, 'WA', at(55), 30, 100);
    });

    it('shows contestants the tries from the freeze on as pending, with the scores and ranks of the freeze', async () => {
      for (const who of [alice, bob]) {
        const rows = await board(who, contestId);
        assert.deepEqual(table(rows), [
          [1, 'ioi_bob', 100, 1, 20],
          [2, 'ioi_alice', 30, 0, 10],
        ]);
        assert.deepEqual(cells(rows, 'ioi_alice'), {
          A: { result: 'WA', cnt: 1, submitTime: 10, score: 30, maxScore: 100, pending: 1 },
          B: { result: '', cnt: 0, submitTime: 0, score: 0, maxScore: 100, pending: 1 },
        });
        // At full score before the freeze: nothing to hide under IOI.
        assert.deepEqual(cells(rows, 'ioi_bob').A, { result: 'AC', cnt: 1, submitTime: 20, score: 100, maxScore: 100 });
        assert.deepEqual(rows, await pureBoard(contestId, 'ioi', true));
      }
    });

    it('gives administrators the live board, and the frozen one when they ask', async () => {
      const live = await board(admin, contestId);
      assert.deepEqual(table(live), [
        [1, 'ioi_alice', 200, 2, 50],
        [2, 'ioi_bob', 100, 1, 20],
      ]);
      assert.ok(live.every((r) => r.judgeResultList.every((c) => c.pending === undefined)));
      assert.deepEqual(live, await pureBoard(contestId, 'ioi'));
      assert.deepEqual(await board(admin, contestId, { frozen: 1 }), await board(alice, contestId));
    });

    it('under OI, shows a try after full score as pending too, and the live board takes the last score', async () => {
      const info = (await admin.api.get('/api/contest/ContestInfo', { contestId })).data;
      const edited = await admin.api.json('/api/contest/update', { id: contestId, title: info.title, startTimeStr: info.startTime, endTimeStr: info.endTime, scoringRule: 'oi' }, 'PUT');
      assert.deepEqual([edited.data.scoringRule, edited.data.freezeTime, edited.data.frozen], ['oi', info.freezeTime, true]);
      const frozen = await board(bob, contestId);
      assert.deepEqual(cells(frozen, 'ioi_bob').A, { result: 'AC', cnt: 1, submitTime: 20, score: 100, maxScore: 100, pending: 1 });
      assert.deepEqual(table(frozen), [
        [1, 'ioi_bob', 100, 1, 20],
        [2, 'ioi_alice', 30, 0, 10],
      ]);
      assert.deepEqual(frozen, await pureBoard(contestId, 'oi', true));
      const live = await board(admin, contestId);
      assert.deepEqual(table(live), [
        [1, 'ioi_alice', 200, 2, 50],
        [2, 'ioi_bob', 30, 0, 55],
      ]);
      assert.deepEqual(live, await pureBoard(contestId, 'oi'));
    });
  });

  describe('scoringRule on the contest routes', () => {
    const HOUR = '2031-05-01 10:00:00';
    const END = '2031-05-01 15:00:00';
    const unchanged = () => snapshot(server, ['contests']);

    it('defaults to icpc, is returned by every contest route, and is kept by an update that leaves it out', async () => {
      const plain = await admin.api.json('/api/contest/add', { title: 'Plain Rule Cup', startTimeStr: HOUR, endTimeStr: END });
      assert.equal(plain.data.scoringRule, 'icpc');
      const ioi = await admin.api.form('/api/contest/add', { title: 'Form IOI Cup', startTimeStr: HOUR, endTimeStr: END, scoringRule: 'ioi' });
      assert.equal(ioi.code, 0, ioi.message);
      assert.equal(ioi.data.scoringRule, 'ioi');
      await admin.api.json('/api/contestRecord/add', { contestId: ioi.data.id, userId: carl.id });
      const reads = [
        (await admin.api.get('/api/contest/list', { id: ioi.data.id })).data[0],
        (await carl.api.get('/api/contest/ContestInfo', { contestId: ioi.data.id })).data,
        (await carl.api.form('/api/contest/findByTitle', { title: 'Form IOI Cup' })).data,
        (await carl.api.get('/api/contest/findByUserId', { username: carl.username })).data.find((c) => c.id === ioi.data.id)!,
      ];
      assert.deepEqual(reads.map((c) => c.scoringRule), ['ioi', 'ioi', 'ioi', 'ioi']);
      const kept = await admin.api.json('/api/contest/update', { id: ioi.data.id, title: 'Form IOI Cup', startTimeStr: HOUR, endTimeStr: END }, 'PUT');
      assert.equal(kept.data.scoringRule, 'ioi');
      const changed = await admin.api.json('/api/contest/update', { id: ioi.data.id, title: 'Form IOI Cup', startTimeStr: HOUR, endTimeStr: END, scoringRule: 'oi' }, 'PUT');
      assert.equal(changed.data.scoringRule, 'oi');
    });

    for (const [what, scoringRule] of [
      ['an unknown rule', 'acm'],
      ['a rule in capitals', 'IOI'],
      ['an empty rule', ''],
      ['a number', 1],
      ['null', null],
    ] as const) {
      it(`refuses ${what} on add and update with a message naming the rules, changing nothing`, async () => {
        const target = (await admin.api.get('/api/contest/list', { title: 'Plain Rule Cup' })).data[0];
        const before = await unchanged();
        const add = await admin.api.json('/api/contest/add', { title: 'Bad Rule Cup', startTimeStr: HOUR, endTimeStr: END, scoringRule });
        assert.deepEqual([add.status, add.message], [400, SCORING_RULE_MESSAGE]);
        const update = await admin.api.json('/api/contest/update', { id: target.id, title: 'Plain Rule Cup', startTimeStr: HOUR, endTimeStr: END, scoringRule }, 'PUT');
        assert.deepEqual([update.status, update.message], [400, SCORING_RULE_MESSAGE]);
        assert.equal(await unchanged(), before);
      });
    }

    it('is refused by the database itself outside icpc, ioi and oi', async () => {
      await assert.rejects(
        server.services.db.insertInto('contests').values({ title: 'Sneaky', start_time: new Date(), end_time: new Date(Date.now() + 3600_000), scoring_rule: 'acm' as 'icpc' }).execute(),
        /contests_scoring_rule_known/,
      );
    });
  });
});
