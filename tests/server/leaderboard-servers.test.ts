// Two API servers on one database (issue 18, item 5). Each keeps its contests' boards in memory
// and changes them in place; a change written through either server or straight into the
// database — a submission, a verdict, a rejudge, a deletion, a member added, removed or renamed,
// the problems reordered — must show on both at the very next request, equal to the board
// folded from scratch, plain and gzipped alike, live and frozen.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { embeddedUrlFile } from '@verdict/server/internal/db/database';
import { issueToken } from '@verdict/server/internal/modules/accounts/tokens';
import type { ContestRow } from '@verdict/server/internal/modules/contests/contest-access';
import { buildLeaderboard } from '@verdict/server/internal/modules/contests/leaderboard';
import { storeFinalVerdict } from '@verdict/server/internal/modules/submissions/submission-verdicts';
import { makeTempDir, startTestServer, type TestServer } from '../helpers/server.ts';
import { createUser } from '../helpers/users.ts';

const MINUTE = 60_000;
let contests = 0;

/** The board's reply fetched plain and gzipped: both must be the same bytes. */
function fetchBoard(server: TestServer, token: string, contestId: number, frozen?: boolean): Promise<unknown> {
  const get = (encoding: string) =>
    new Promise<{ body: Buffer; encoding?: string }>((resolve, reject) => {
      const url = `${server.url}/api/BangDan/AllResultList?contestId=${contestId}${frozen === undefined ? '' : `&frozen=${frozen ? 1 : 0}`}`;
      http
        .get(url, { headers: { Authorization: token, 'Accept-Encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: res.headers['content-encoding'] }));
          res.on('error', reject);
        })
        .on('error', reject);
    });
  return Promise.all([get('identity'), get('gzip')]).then(([plain, zipped]) => {
    assert.equal(zipped.encoding, 'gzip');
    assert.deepEqual(gunzipSync(zipped.body).toString('utf8'), plain.body.toString('utf8'), 'the gzipped reply is the plain one');
    const envelope = JSON.parse(plain.body.toString('utf8')) as { code: number; message: string; data: unknown };
    assert.equal(envelope.code, 0, envelope.message);
    return envelope.data;
  });
}

describe('leaderboards on two API servers sharing one database', function () {
  this.timeout(240_000);
  let a: TestServer & { databaseUrl?: string };
  let b: TestServer;
  let adminA: string;
  let adminB: string;

  before(async () => {
    a = await startTestServer();
    const databaseUrl = a.databaseUrl ?? fs.readFileSync(embeddedUrlFile(a.dataDir), 'utf8').trim();
    b = await startTestServer({}, { dataDir: makeTempDir(), databaseUrl });
    const admin = await a.services.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    adminA = await issueToken(a.services.db, admin.id);
    adminB = await issueToken(b.services.db, admin.id);
  });
  after(async () => {
    await b?.destroy();
    await a?.destroy();
  });

  interface Setup {
    contest: ContestRow;
    users: { id: number; token: string }[];
    problems: number[];
  }

  /** A contest started an hour ago, ending in an hour, with `members` members and 3 problems. */
  async function setUp(fields: { scoring_rule?: 'icpc' | 'ioi' | 'oi'; freeze_time?: Date } = {}, members = 4): Promise<Setup> {
    const { db } = a.services;
    const now = a.clock.now().getTime();
    const contest = await db
      .insertInto('contests')
      .values({ title: `Two servers ${++contests}`, start_time: new Date(now - 60 * MINUTE), end_time: new Date(now + 60 * MINUTE), ...fields })
      .returningAll()
      .executeTakeFirstOrThrow();
    const problems: number[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await db.insertInto('problems').values({ title: `P${i}`, time_limit: 1000, memory_limit: 256 }).returning('id').executeTakeFirstOrThrow();
      problems.push(p.id);
    }
    await db.insertInto('contest_problems').values(problems.map((problem_id, i) => ({ contest_id: contest.id, problem_id, position: i + 1 }))).execute();
    const users: Setup['users'] = [];
    for (let i = 0; i < members; i++) {
      const user = await createUser(a);
      await db.insertInto('contest_users').values({ contest_id: contest.id, user_id: user.id }).execute();
      users.push({ id: user.id, token: await issueToken(db, user.id) });
    }
    return { contest, users, problems };
  }

  const submit = (s: Setup, userId: number, problemId: number, status: string, minute: number, score?: number) =>
    b.services.db
      .insertInto('submissions')
      .values({
        user_id: userId,
        problem_id: problemId,
        contest_id: s.contest.id,
        language: 'cpp',
        code: 'x',
        status,
        tests: '[]',
        created_at: new Date(s.contest.start_time.getTime() + minute * MINUTE),
        ...(score === undefined ? {} : { score, max_score: 100 }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

  it('shows a verdict recorded through one server on the other at the next request', async () => {
    const s = await setUp();
    const [alice, bob] = s.users;
    await submit(s, bob.id, s.problems[0], 'WA', 3);
    // Both servers keep a board now.
    assert.deepEqual(await fetchBoard(a, alice.token, s.contest.id), await fetchBoard(b, alice.token, s.contest.id));
    const { id } = await submit(s, alice.id, s.problems[0], 'PD', 10);
    const pending = (await fetchBoard(a, alice.token, s.contest.id)) as { userName: string; acNum: number }[];
    assert.equal(pending.find((r) => r.acNum > 0), undefined, 'a pending submission is not counted');
    // The judge's final write, through server B's pool.
    assert.ok(await storeFinalVerdict(b.services.db, id, { attempt: 0, states: ['PD'] }, { status: 'AC' }));
    const onA = (await fetchBoard(a, alice.token, s.contest.id)) as { rank: number; acNum: number; timePenalty: number }[];
    assert.deepEqual(
      onA.map((r) => [r.rank, r.acNum, r.timePenalty]),
      [
        [1, 1, 10],
        [2, 0, 0],
        [2, 0, 0],
        [2, 0, 0],
      ],
    );
    assert.deepEqual(onA, await fetchBoard(b, alice.token, s.contest.id));
    assert.deepEqual(onA, await buildLeaderboard(a.services.db, s.contest));
  });

  it('gives contestants the frozen board on both servers: a verdict after the freeze is a pending try', async () => {
    const s = await setUp({ freeze_time: new Date(a.clock.now().getTime() - 30 * MINUTE) });
    const [alice] = s.users;
    await fetchBoard(a, alice.token, s.contest.id); // the frozen board kept on A
    await fetchBoard(a, adminA, s.contest.id); // the live one too
    const { id } = await submit(s, alice.id, s.problems[1], 'PD', 45);
    assert.ok(await storeFinalVerdict(b.services.db, id, { attempt: 0, states: ['PD'] }, { status: 'AC' }));
    for (const server of [a, b]) {
      const frozen = (await fetchBoard(server, alice.token, s.contest.id)) as { userName: string; acNum: number; judgeResultList: { result: string; pending?: number }[] }[];
      const row = frozen.find((r) => r.judgeResultList[1].pending)!;
      assert.equal(row.acNum, 0);
      assert.deepEqual(row.judgeResultList[1], { newId: 'B', result: '', cnt: 0, submitTime: 0, pending: 1 });
      const live = (await fetchBoard(server, server === a ? adminA : adminB, s.contest.id)) as { acNum: number }[];
      assert.equal(live[0].acNum, 1, 'administrators see the live board');
    }
    const contest = await a.services.db.selectFrom('contests').selectAll().where('id', '=', s.contest.id).executeTakeFirstOrThrow();
    assert.deepEqual(await fetchBoard(b, alice.token, s.contest.id), await buildLeaderboard(a.services.db, contest, 'frozen'));
  });

  for (const rule of ['icpc', 'ioi'] as const) {
    it(`stays equal to the board folded from scratch through random changes on either server (${rule})`, async () => {
      // 40 members: the rows are compressed in groups of 16 places, so rows move between groups.
      const s = await setUp({ scoring_rule: rule, freeze_time: new Date(a.clock.now().getTime() - 20 * MINUTE) }, 40);
      const { db } = a.services;
      let seed = rule === 'icpc' ? 7 : 11;
      const random = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed % n;
      };
      const statuses = ['AC', 'WA', 'TLE', 'CE', 'PD', 'SE', 'RE'];
      const outsiders: number[] = [];
      const changes: [string, () => Promise<unknown>][] = [
        ['a submission', () => submit(s, s.users[random(s.users.length)].id, s.problems[random(3)], statuses[random(statuses.length)], random(130) - 5, random(101))],
        [
          'a verdict',
          async () => {
            const row = await db.selectFrom('submissions').select('id').where('contest_id', '=', s.contest.id).where('status', '=', 'PD').executeTakeFirst();
            if (row) await storeFinalVerdict(b.services.db, row.id, { attempt: 0, states: ['PD'] }, { status: random(2) ? 'AC' : 'WA', score: random(101), max_score: 100 });
          },
        ],
        ['a rejudge', () => sql`update submissions set status = 'PD' where id = (select max(id) from submissions where contest_id = ${s.contest.id} and status <> 'PD')`.execute(db)],
        ['a deletion', () => sql`delete from submissions where id = (select min(id) from submissions where contest_id = ${s.contest.id})`.execute(b.services.db)],
        [
          'a new member',
          async () => {
            const user = await createUser(a);
            outsiders.push(user.id);
            await submit(s, user.id, s.problems[0], 'AC', 5, 100); // made before joining: counted once a member
            await db.insertInto('contest_users').values({ contest_id: s.contest.id, user_id: user.id }).execute();
          },
        ],
        ['a member removed', () => db.deleteFrom('contest_users').where('contest_id', '=', s.contest.id).where('user_id', '=', outsiders.pop() ?? -1).execute()],
        ['a rename', () => db.updateTable('users').set({ username: `renamed${random(1e6)}` }).where('id', '=', s.users[random(s.users.length)].id).execute()],
        ['problems reordered', () => db.updateTable('contest_problems').set({ position: sql`4 - position` }).where('contest_id', '=', s.contest.id).execute()],
        [
          'a submission, and the log pruned past both boards',
          async () => {
            await changes[0][1]();
            await sql`with v as (update leaderboard_versions set pruned_through = version where contest_id = ${s.contest.id} returning version)
                      delete from leaderboard_changes where contest_id = ${s.contest.id} and version <= (select version from v)`.execute(db);
          },
        ],
      ];
      for (let step = 0; step < 80; step++) {
        const [what, change] = step < 30 ? changes[0] : changes[random(changes.length)];
        // A change each time, and now and then one more right behind it, before any request.
        await change();
        if (random(4) === 0) await changes[random(3)][1]();
        const contest = await db.selectFrom('contests').selectAll().where('id', '=', s.contest.id).executeTakeFirstOrThrow();
        const live = await buildLeaderboard(db, contest, 'live');
        const frozen = await buildLeaderboard(db, contest, 'frozen');
        assert.deepEqual(await fetchBoard(step % 2 ? a : b, adminA, s.contest.id), live, `step ${step}, after ${what}: live board`);
        assert.deepEqual(await fetchBoard(step % 2 ? b : a, s.users[0].token, s.contest.id), frozen, `step ${step}, after ${what}: frozen board`);
        assert.deepEqual(await fetchBoard(b, adminB, s.contest.id, true), frozen, `step ${step}, after ${what}: the frozen board an administrator asks for`);
      }
    });
  }
});
