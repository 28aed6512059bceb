// Submitting and judging for real: an in-process worker, the real sandbox, the real database.
import assert from 'node:assert/strict';
import type { SubmitRefusalData } from '@verdict/shared';
import fs from 'node:fs';
import path from 'node:path';
import { createProblemFromPackage } from '@verdict/server/internal/modules/problems/upload';
import { computeScoreboard } from '@verdict/server/internal/modules/contests/scoreboard';
import type { Api } from '../helpers/api.ts';
import { zipOf } from '../helpers/package-zip.ts';
import { waitFor } from '../helpers/processes.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, type TestAccount } from '../helpers/tokens.ts';

const SUM_PACKAGE = {
  'sum/problem.yaml': 'name: Sum of two\nlimits:\n  time_limit: 1\n  memory: 128\n',
  'sum/data/sample/1.in': '1 2\n',
  'sum/data/sample/1.ans': '3\n',
  'sum/data/secret/1.in': '40 2\n',
  'sum/data/secret/1.ans': '42\n',
  'sum/data/secret/2.in': '-5 5\n',
  'sum/data/secret/2.ans': '0\n',
};

const PROGRAMS = {
  cpp: {
    AC: '#include <cstdio>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a+b);}\n',
    WA: '#include <cstdio>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a-b);}\n',
    TLE: 'int main(){volatile unsigned long x=0;for(;;)x++;}\n',
    CE: 'int main(){ this is not C++ }\n',
  },
  python3: {
    AC: 'a, b = map(int, input().split())\nprint(a + b)\n',
    WA: 'a, b = map(int, input().split())\nprint(a - b)\n',
    TLE: 'while True:\n    pass\n',
    CE: 'def broken(:\n    pass\n',
  },
} as const;

const TIME_RE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe('submitting and judging', function () {
  this.timeout(180_000);
  let server: TestServer;
  let admin: TestAccount;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;
  let problemId: number;
  let running: number;
  let notStarted: number;
  let ended: number;

  async function contest(title: string, startOffsetMin: number, endOffsetMin: number): Promise<number> {
    const now = Date.now();
    const row = await server.services.db
      .insertInto('contests')
      .values({ title, start_time: new Date(now + startOffsetMin * 60_000), end_time: new Date(now + endOffsetMin * 60_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.services.db.insertInto('contest_problems').values({ contest_id: row.id, problem_id: problemId, position: 0 }).execute();
    return row.id;
  }

  async function join(contestId: number, ...users: TestAccount[]) {
    await server.services.db.insertInto('contest_users').values(users.map((u) => ({ contest_id: contestId, user_id: u.id }))).execute();
  }

  const submit = (api: Api, body: Record<string, unknown>) => api.json('/api/submit', body);

  before(async () => {
    // Polling far beyond the file's length: every verdict below arrives because the worker
    // hears of new jobs at once (NOTIFY on PostgreSQL, in-process on the embedded database).
    server = await startTestServer({ JUDGE_WORKERS: '1', JUDGE_POLL_MS: '600000' });
    admin = await accountWithToken(server, { auth: 1 });
    alice = await accountWithToken(server);
    bob = await accountWithToken(server);
    carol = await accountWithToken(server);
    const zipPath = path.join(server.dataDir, 'sum.zip');
    fs.writeFileSync(zipPath, await zipOf(SUM_PACKAGE));
    problemId = (await createProblemFromPackage(server.services, zipPath)).problemId;
    running = await contest('Running', -60, 60);
    notStarted = await contest('Later', 60, 120);
    ended = await contest('Over', -180, -120);
    for (const c of [running, notStarted, ended]) await join(c, alice, bob);
  });

  after(async () => {
    await server?.destroy();
  });

  for (const language of ['cpp', 'python3'] as const) {
    for (const verdict of ['AC', 'WA', 'TLE', 'CE'] as const) {
      it(`judges ${verdict} in ${language}`, async () => {
        const r = await submit(admin.api, { problemId, language, code: PROGRAMS[language][verdict], contestId: running });
        assert.equal(r.code, 0, r.message);
        assert.equal(r.data.judgeResult, verdict, r.data.compileMessage);
        assert.equal(r.data.result, verdict === 'AC');
        assert.match(r.data.judgeTime, TIME_RE);
        assert.equal(typeof r.data.id, 'number');
        if (verdict === 'CE') assert.notEqual(r.data.compileMessage.trim(), '');
        if (verdict === 'AC') assert.ok(r.data.runMemory > 0, `runMemory ${r.data.runMemory}`);
      });
    }
  }

  it('stores when each judged record was claimed and where its judging time went', async () => {
    const rows = await server.services.db
      .selectFrom('submissions')
      .select(['language', 'status', 'created_at', 'judge_started_at', 'judged_at', 'timings'])
      .where('user_id', '=', admin.id)
      .execute();
    assert.equal(rows.length, 8);
    for (const row of rows) {
      const what = `${row.language} ${row.status}`;
      const started = row.judge_started_at?.getTime() ?? NaN;
      assert.ok(row.created_at.getTime() <= started && started <= row.judged_at!.getTime(), `${what}: queued, claimed, judged in order`);
      const t = row.timings;
      assert.ok(t, `${what}: timings stored`);
      for (const ms of [t.compileMs, t.runMs, t.checkMs]) assert.ok(ms >= 0, `${what}: ${JSON.stringify(t)}`);
      assert.ok(t.compileMs > 0, `${what}: both languages compile`);
      assert.ok(t.compileMs + t.runMs + t.checkMs <= t.totalMs, `${what}: phases within the total ${JSON.stringify(t)}`);
      // Dates keep whole milliseconds: allow the one lost between the claim and the store.
      assert.ok(t.totalMs <= row.judged_at!.getTime() - started + 1, `${what}: judging within claim → store`);
      if (row.status === 'CE') assert.equal(t.runMs + t.checkMs, 0, `${what}: nothing runs`);
      // A TLE burned at least the 1 s limit of CPU inside the run phase (a Kattis package: no per-language factor).
      if (row.status === 'TLE') assert.ok(t.runMs >= 1000, `${what}: runMs ${t.runMs}`);
      if (row.status === 'AC' || row.status === 'WA') assert.ok(t.runMs > 0 && t.checkMs > 0, `${what}: ${JSON.stringify(t)}`);
    }
  });

  it('judges submissions queued behind a busy worker as soon as it is free, not at its next poll', async () => {
    // One worker, polling every 10 minutes: the second and third jobs are announced while it is
    // busy, so only the announcement of a freed worker can start them within the wait.
    const { db } = server.services;
    const judging = async () => (await db.selectFrom('submissions').select('id').where('status', '=', 'JG').execute()).length > 0;
    const pending: ReturnType<typeof submit>[] = [];
    for (const v of ['AC', 'WA', 'AC'] as const) {
      pending.push(submit(admin.api, { problemId, language: 'python3', code: PROGRAMS.python3[v] }));
      // Each later job is announced only once the worker is busy with an earlier one.
      await waitFor('the worker to be judging', async () => ((await judging()) ? true : undefined), 30_000, 20);
    }
    const replies = await Promise.all(pending);
    assert.deepEqual(
      replies.map((r) => r.data?.judgeResult),
      ['AC', 'WA', 'AC'],
      JSON.stringify(replies.map((r) => r.message)),
    );
  });

  it('accepts the language by its display name, as templates name it', async () => {
    const r = await submit(admin.api, { problemId, language: 'Python 3', code: PROGRAMS.python3.AC });
    assert.equal(r.code, 0, r.message);
    assert.equal(r.data.judgeResult, 'AC');
  });

  it('refuses a missing language or blank code with the spec messages, storing nothing', async () => {
    const before = await server.services.db.selectFrom('submissions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const noLanguage = await submit(alice.api, { problemId, language: '', code: 'x', contestId: running });
    assert.equal(noLanguage.status, 400);
    assert.equal(noLanguage.message, 'Please select a language!');
    const missing = await submit(alice.api, { problemId, code: 'x', contestId: running });
    assert.equal(missing.message, 'Please select a language!');
    const blank = await submit(alice.api, { problemId, language: 'cpp', code: ' \n\t ', contestId: running });
    assert.equal(blank.status, 400);
    assert.equal(blank.message, 'Please enter your code!');
    const unknown = await submit(alice.api, { problemId, language: 'intercal', code: 'x', contestId: running });
    assert.equal(unknown.status, 400);
    assert.match(unknown.message, /Unknown language "intercal"/);
    const after = await server.services.db.selectFrom('submissions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    assert.equal(after.n, before.n);
  });

  it('judges a submission of several files, shows their listing as its code, and refuses bad file lists', async () => {
    const files = [
      { name: 'main.cpp', content: '#include <cstdio>\n#include "lib/sum.h"\nint main(){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",sum(a,b));}\n' },
      { name: 'lib/sum.h', content: 'inline long long sum(long long a, long long b) { return a + b; }\n' },
    ];
    const r = await submit(admin.api, { problemId, language: 'cpp', files, contestId: running });
    assert.equal(r.code, 0, r.message);
    assert.equal(r.data.judgeResult, 'AC', r.data.compileMessage);
    const row = await server.services.db.selectFrom('submissions').select(['code', 'files']).where('id', '=', r.data.id).executeTakeFirstOrThrow();
    assert.deepEqual(row.files, files);
    assert.match(row.code, /===== main\.cpp =====\n#include <cstdio>/);
    assert.match(row.code, /===== lib\/sum\.h =====/);
    const py = await submit(admin.api, {
      problemId,
      language: 'python3',
      files: [
        { name: 'helper.py', content: 'def add(a, b):\n    return a + b\n' },
        { name: '__main__.py', content: 'from helper import add\nprint(add(*map(int, input().split())))\n' },
      ],
    });
    assert.equal(py.data?.judgeResult, 'AC', py.message ?? py.data?.compileMessage);
    const refusals: [unknown, RegExp][] = [
      [[{ name: '../evil.cpp', content: 'x' }, files[0]], /must not hold empty, "\." or "\.\." parts/],
      [[files[0], files[0]], /appears twice/],
      [[{ name: '/etc/passwd', content: 'x' }, files[0]], /relative path/],
      [[{ name: 'a.cpp', content: ' ' }, { name: 'b.cpp', content: '' }], /Please enter your code/],
      [[{ name: 'big.cpp', content: '#'.repeat(200 * 1024) }, { name: 'big2.cpp', content: '#'.repeat(100 * 1024) }], /256 KB together/],
      [[], /at least one file/],
      ['main.cpp', /files must be a list/],
    ];
    for (const [bad, message] of refusals) {
      const refused = await submit(alice.api, { problemId, language: 'cpp', files: bad, contestId: running });
      assert.ok(refused.code !== 0, `${JSON.stringify(bad).slice(0, 80)} refused`);
      assert.match(refused.message, message);
    }
  });

  it('refuses code over 64 KB', async () => {
    const r = await submit(alice.api, { problemId, language: 'python3', code: '#'.repeat(64 * 1024 + 1), contestId: running });
    assert.equal(r.status, 413);
    assert.match(r.message, /64 KB/);
  });

  it('needs a contest for users, and refuses contests not started, ended, or not joined', async () => {
    const none = await submit(alice.api, { problemId, language: 'python3', code: PROGRAMS.python3.AC });
    assert.equal(none.status, 400);
    const later = await submit(alice.api, { problemId, language: 'python3', code: PROGRAMS.python3.AC, contestId: notStarted });
    assert.equal(later.message, 'The contest has not started yet.');
    const over = await submit(alice.api, { problemId, language: 'python3', code: PROGRAMS.python3.AC, contestId: ended });
    assert.equal(over.message, 'The contest has ended.');
    const stranger = await submit(carol.api, { problemId, language: 'python3', code: PROGRAMS.python3.AC, contestId: running });
    assert.equal(stranger.status, 403);
    assert.equal(stranger.code, 1013);
    const anonymous = await submit(alice.api.withToken(null), { problemId, language: 'python3', code: PROGRAMS.python3.AC, contestId: running });
    assert.equal(anonymous.status, 401);
  });

  it('lets a member submit, then rate-limits a second submission within 3 s', async () => {
    const first = await submit(alice.api, { problemId, language: 'python3', code: PROGRAMS.python3.WA, contestId: running });
    assert.equal(first.code, 0, first.message);
    assert.equal(first.data.judgeResult, 'WA');
    const second = await submit(alice.api, { problemId, language: 'python3', code: PROGRAMS.python3.AC, contestId: running });
    assert.equal(second.status, 429);
    assert.match(second.message, /too fast/);
    // The wait goes along, for the web app's countdown.
    const { retryAfterMs } = second.data as unknown as SubmitRefusalData;
    assert.ok(retryAfterMs > 0 && retryAfterMs <= 3000, `retryAfterMs ${retryAfterMs}`);
    server.clock.advance(3100);
    const third = await submit(alice.api, { problemId, language: 'python3', code: PROGRAMS.python3.AC, contestId: running });
    assert.equal(third.code, 0, third.message);
    assert.equal(third.data.judgeResult, 'AC');
  });

  it('counts parallel submits of one user one after the other: of 30 at once, exactly one is taken', async () => {
    const erin = await accountWithToken(server);
    await join(running, erin);
    const replies = await Promise.all(
      Array.from({ length: 30 }, () => submit(erin.api, { problemId, language: 'python3', code: PROGRAMS.python3.AC, contestId: running })),
    );
    const taken = replies.filter((r) => r.code === 0);
    assert.equal(taken.length, 1, `${taken.length} submits slipped through: ${JSON.stringify(replies.map((r) => r.status))}`);
    assert.ok(replies.filter((r) => r !== taken[0]).every((r) => r.status === 429 && /too fast/.test(r.message)));
    const stored = await server.services.db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', erin.id)
      .executeTakeFirstOrThrow();
    assert.equal(Number(stored.n), 1);
  });

  it('caps submissions at 20 per minute', async () => {
    const dave = await accountWithToken(server);
    await join(running, dave);
    const rows = Array.from({ length: 20 }, (_, i) => ({
      user_id: dave.id,
      problem_id: problemId,
      contest_id: running,
      language: 'python3',
      code: 'print(0)',
      status: 'WA',
      tests: '[]',
      created_at: new Date(Date.now() - 10_000 - i * 2000),
    }));
    await server.services.db.insertInto('submissions').values(rows).execute();
    const r = await submit(dave.api, { problemId, language: 'python3', code: PROGRAMS.python3.AC, contestId: running });
    assert.equal(r.status, 429);
    assert.match(r.message, /20 per minute/);
  });

  it("lists a user's own records (MyList, MyAllList) without anyone's code", async () => {
    await submit(bob.api, { problemId, language: 'cpp', code: PROGRAMS.cpp.AC, contestId: running });
    const mine = await alice.api.form('/api/JudgeRecord/MyList', { contestId: running });
    assert.equal(mine.code, 0, mine.message);
    assert.deepEqual(
      mine.data.map((r) => r.judgeResult),
      ['AC', 'WA'],
    );
    const rec = mine.data[0];
    for (const field of ['problemId', 'problemTitle', 'judgeResult', 'runTime', 'runMemory', 'judgeTime', 'username', 'contestId', 'templateName']) {
      assert.ok(field in rec, `missing ${field}`);
    }
    assert.equal(rec.problemTitle, 'Sum of two');
    assert.equal(rec.username, alice.username);
    assert.ok(!('code' in rec));
    const all = await alice.api.form('/api/JudgeRecord/MyAllList', { username: alice.username });
    assert.equal(all.code, 0);
    assert.ok(all.data.every((r) => r.username === alice.username && !('code' in r)));
    const others = await alice.api.form('/api/JudgeRecord/MyAllList', { username: bob.username });
    assert.equal(others.status, 403);
    const strangerList = await carol.api.form('/api/JudgeRecord/MyList', { contestId: running });
    assert.equal(strangerList.status, 403);
  });

  it('shows code and tests to the owner and administrators only', async () => {
    const mine = await alice.api.form('/api/JudgeRecord/MyAllList', { username: alice.username });
    const id = mine.data[0].id;
    const own = await alice.api.get('/api/JudgeRecord/detail', { id });
    assert.equal(own.code, 0);
    assert.equal(own.data.code, PROGRAMS.python3.AC);
    assert.equal(own.data.tests.length, 3);
    assert.ok(own.data.tests.every((t) => t.verdict === 'AC'));
    const other = await bob.api.get('/api/JudgeRecord/detail', { id });
    assert.equal(other.status, 404);
    assert.equal(other.data, null);
    const byAdmin = await admin.api.get('/api/JudgeRecord/detail', { id });
    assert.equal(byAdmin.data.code, PROGRAMS.python3.AC);
  });

  it('lists every record for administrators, newest first, with filters', async () => {
    const all = await admin.api.get('/api/JudgeRecord/list');
    assert.equal(all.code, 0);
    const ids = all.data.map((r) => r.id);
    assert.deepEqual(ids, [...ids].sort((a: number, b: number) => b - a));
    for (const field of ['id', 'problemTitle', 'username', 'templateId', 'runMemory', 'runTime', 'judgeTime', 'judgeResult', 'problemId', 'language', 'contestId']) {
      assert.ok(field in all.data[0], `missing ${field}`);
    }
    const byUser = await admin.api.get('/api/JudgeRecord/list', { username: alice.username, result: 'wa' });
    assert.ok(byUser.data.length >= 1);
    assert.ok(byUser.data.every((r) => r.username === alice.username && r.judgeResult === 'WA'));
    const byTitle = await admin.api.get('/api/JudgeRecord/list', { problem: 'sum of' });
    assert.equal(byTitle.data.length, all.data.length);
    const byId = await admin.api.get('/api/JudgeRecord/list', { problem: String(problemId + 1000) });
    assert.deepEqual(byId.data, []);
    const refused = await alice.api.get('/api/JudgeRecord/list');
    assert.equal(refused.status, 403);
  });

  it('rejudges a record for administrators', async () => {
    const list = await admin.api.get('/api/JudgeRecord/list', { username: bob.username });
    const id = list.data[0].id;
    const r = await admin.api.json('/api/JudgeRecord/rejudge', { id });
    assert.equal(r.code, 0, r.message);
    assert.equal(r.data.judgeResult, 'PD');
    let status = 'PD';
    for (let i = 0; i < 200 && !['AC', 'WA'].includes(status); i++) {
      await new Promise((res) => setTimeout(res, 100));
      status = (await admin.api.get('/api/JudgeRecord/detail', { id })).data.judgeResult;
    }
    assert.equal(status, 'AC');
    const refused = await bob.api.json('/api/JudgeRecord/rejudge', { id });
    assert.equal(refused.status, 403);
    const busy = await server.services.db
      .insertInto('submissions')
      .values({ user_id: bob.id, problem_id: problemId, language: 'cpp', code: 'x', status: 'JG', tests: '[]' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const conflict = await admin.api.json('/api/JudgeRecord/rejudge', { id: busy.id });
    assert.equal(conflict.status, 409);
    assert.match(conflict.message, /being judged/);
    await server.services.db.deleteFrom('submissions').where('id', '=', busy.id).execute();
    assert.equal((await admin.api.json('/api/JudgeRecord/rejudge', { id: 999_999 })).status, 404);
  });

  it('serves the leaderboard to members and administrators, as the pure ranking computes it', async () => {
    const board = await alice.api.get('/api/BangDan/AllResultList', { contestId: running });
    assert.equal(board.code, 0, board.message);
    const { db } = server.services;
    const contestRow = await db.selectFrom('contests').selectAll().where('id', '=', running).executeTakeFirstOrThrow();
    const members = await db
      .selectFrom('contest_users as cu')
      .innerJoin('users as u', 'u.id', 'cu.user_id')
      .select(['u.id as userId', 'u.username as userName'])
      .where('cu.contest_id', '=', running)
      .execute();
    const subs = await db.selectFrom('submissions').select(['id', 'user_id', 'problem_id', 'status', 'created_at']).where('contest_id', '=', running).execute();
    const expected = computeScoreboard(
      { startTime: contestRow.start_time, endTime: contestRow.end_time },
      [{ problemId }],
      members,
      subs.map((s) => ({ id: s.id, userId: s.user_id, problemId: s.problem_id, status: s.status, createdAt: s.created_at })),
    );
    assert.deepEqual(board.data, expected);
    const aliceRow = board.data.find((r) => r.userName === alice.username)!;
    assert.equal(aliceRow.acNum, 1);
    assert.equal(aliceRow.judgeResultList[0].cnt, 2);
    assert.equal(aliceRow.judgeResultList[0].newId, 'A');
    assert.equal(aliceRow.timePenalty, aliceRow.judgeResultList[0].submitTime + 20);
    assert.equal((await admin.api.get('/api/BangDan/AllResultList', { contestId: running })).code, 0);
    const stranger = await carol.api.get('/api/BangDan/AllResultList', { contestId: running });
    assert.equal(stranger.status, 403);
  });

  it('keeps the leaderboard current as submissions, verdicts and members change', async () => {
    const { db } = server.services;
    const board = async () => (await alice.api.get('/api/BangDan/AllResultList', { contestId: running })).data;
    const rowOf = (rows: Awaited<ReturnType<typeof board>>, name: string) => rows.find((r) => r.userName === name)!;
    const before = await board();
    assert.equal(rowOf(before, bob.username).acNum, 1);
    assert.equal(rowOf(before, carol.username), undefined);
    // carol joins; she has a pending record that later turns AC; bob's AC is rejudged to WA.
    await join(running, carol);
    const pending = await db
      .insertInto('submissions')
      .values({ user_id: carol.id, problem_id: problemId, contest_id: running, language: 'python3', code: 'x', status: 'JG', tests: '[]' })
      .returning('id')
      .executeTakeFirstOrThrow();
    server.clock.advance(1100); // past the board's freshness
    const joined = await board();
    assert.deepEqual(rowOf(joined, carol.username).judgeResultList[0], { newId: 'A', result: '', cnt: 0, submitTime: 0 });
    await db.updateTable('submissions').set({ status: 'AC', judged_at: new Date() }).where('id', '=', pending.id).execute();
    await db.updateTable('submissions').set({ status: 'WA', judged_at: new Date() }).where('user_id', '=', bob.id).where('contest_id', '=', running).execute();
    server.clock.advance(1100); // past the board's freshness
    const after = await board();
    assert.equal(rowOf(after, carol.username).acNum, 1);
    assert.equal(rowOf(after, bob.username).acNum, 0);
    assert.equal(rowOf(after, bob.username).judgeResultList[0].result, 'WA');
  });
});
