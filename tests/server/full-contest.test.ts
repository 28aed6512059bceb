// A whole contest over the API: the administrator creates problems (uploading Kattis zips),
// templates, a contest and its members; users submit in two languages; the leaderboard
// matches what the ICPC rules give by hand for those submissions.
import assert from 'node:assert/strict';
import { formatTime, parseTime } from '@verdict/server/internal/common/wire';
import type { Api } from '../helpers/api.ts';
import { zipOf } from '../helpers/package-zip.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, type TestAccount } from '../helpers/tokens.ts';

/** Problem A adds two numbers, problem B multiplies them. */
function packageFiles(dir: string, name: string, op: (a: number, b: number) => number): Record<string, string> {
  const files: Record<string, string> = { [`${dir}/problem.yaml`]: `name: ${name}\nlimits:\n  time_limit: 1\n  memory: 128\n` };
  [[1, 2], [7, 6], [-3, 9]].forEach(([a, b], i) => {
    files[`${dir}/data/secret/${i + 1}.in`] = `${a} ${b}\n`;
    files[`${dir}/data/secret/${i + 1}.ans`] = `${op(a, b)}\n`;
  });
  return files;
}

const CODE = {
  cpp: {
    add: '#include <cstdio>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a+b);}\n',
    sub: '#include <cstdio>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a-b);}\n',
    loop: 'int main(){volatile unsigned long x=0;for(;;)x++;}\n',
    broken: 'int main( { return 0; }\n',
  },
  python3: {
    add: 'a, b = map(int, input().split())\nprint(a + b)\n',
    mul: 'a, b = map(int, input().split())\nprint(a * b)\n',
    broken: 'print(\n',
  },
};

describe('a full contest over the API @slow', function () {
  this.timeout(300_000);
  let server: TestServer;
  let admin: TestAccount;
  const users: TestAccount[] = [];
  let contestId: number;
  let startTime: Date;
  const problems: number[] = [];

  before(async () => {
    server = await startTestServer({ JUDGE_WORKERS: '1' });
    admin = await accountWithToken(server, { auth: 1 });
    for (const name of ['fc_ann', 'fc_bob', 'fc_cid', 'fc_dan']) users.push(await accountWithToken(server, { username: name }));
  });

  after(async () => {
    await server?.destroy();
  });

  it('sets up problems, templates, a running contest and its members', async () => {
    const api = admin.api;
    for (const [title, dir, op] of [
      ['Add two', 'add', (a: number, b: number) => a + b],
      ['Multiply two', 'mul', (a: number, b: number) => a * b],
    ] as const) {
      const added = await api.json('/api/admin/problem/add', { title, memoryLimit: 128, timeLimit: 1000 });
      assert.equal(added.code, 0, added.message);
      const form = new FormData();
      form.set('problemId', String(added.data.id));
      form.set('file', new Blob([new Uint8Array(await zipOf(packageFiles(dir, title, op)))], { type: 'application/zip' }), `${dir}.zip`);
      const uploaded = await api.multipart('/api/admin/problem/upload', form);
      assert.equal(uploaded.code, 0, uploaded.message);
      problems.push(added.data.id);
    }
    for (const language of ['cpp', 'python3']) {
      const t = await api.json('/api/JudgeTemplate/add', { language, comment: `${language} starter`, description: '// your code' });
      assert.equal(t.code, 0, t.message);
    }
    const start = formatTime(new Date(Date.now() - 30 * 60_000));
    const end = formatTime(new Date(Date.now() + 90 * 60_000));
    const contest = await api.json('/api/contest/add', { title: 'Full contest', startTimeStr: start, endTimeStr: end });
    assert.equal(contest.code, 0, contest.message);
    contestId = contest.data.id;
    startTime = parseTime(start)!;
    const members = await api.json('/api/contestRecord/addByUserIdList', ['Full contest', ...users.map((u) => u.username)]);
    assert.deepEqual(members.data.added.sort(), users.map((u) => u.username).sort());
    for (const problemId of problems) {
      const linked = await api.form('/api/contestProblem/addByProblemId', { problemId, contestId });
      assert.equal(linked.code, 0, linked.message);
    }
  });

  it('judges what the users submit and ranks them by the ICPC rules', async () => {
    const templates = await users[0].api.get('/api/JudgeTemplate/listUnConditional');
    const language = (id: string) => templates.data.find((t) => t.language === id)!.language;
    const [A, B] = problems;
    // Each user's attempts in order: problem, language, code, expected verdict.
    const plans: [TestAccount, [number, string, string, string][]][] = [
      [users[0], [[A, 'cpp', CODE.cpp.sub, 'WA'], [A, 'cpp', CODE.cpp.add, 'AC'], [B, 'python3', CODE.python3.mul, 'AC'], [A, 'python3', CODE.python3.broken, 'CE']]],
      [users[1], [[A, 'python3', CODE.python3.broken, 'CE'], [A, 'python3', CODE.python3.add, 'AC'], [B, 'cpp', CODE.cpp.loop, 'TLE']]],
      [users[2], [[A, 'cpp', CODE.cpp.broken, 'CE']]],
    ];
    const minuteOf = new Map<string, number>();
    await Promise.all(
      plans.map(async ([user, attempts]) => {
        for (const [i, [problemId, lang, code, verdict]] of attempts.entries()) {
          // Past the cooldown: the server's clock moves, nobody waits.
          if (i > 0) server.clock.advance(3100);
          const r = await (user.api as Api).json('/api/submit', { problemId, language: language(lang), code, contestId });
          assert.equal(r.code, 0, r.message);
          assert.equal(r.data.judgeResult, verdict, `${user.username} #${i}: ${r.data.compileMessage}`);
          minuteOf.set(`${user.username}#${i}`, Math.floor((parseTime(r.data.judgeTime)!.getTime() - startTime.getTime()) / 60_000));
        }
      }),
    );
    const m = (user: TestAccount, i: number) => minuteOf.get(`${user.username}#${i}`)!;
    const [ann, bob, cid, dan] = users;
    const cell = (newId: string, result: string, cnt: number, submitTime: number) => ({ newId, result, cnt, submitTime });
    const empty = (newId: string) => cell(newId, '', 0, 0);
    const expected = [
      // ann: A after one WA (the later CE does not count), B first try.
      { rank: 1, userName: ann.username, acNum: 2, timePenalty: m(ann, 1) + 20 + m(ann, 2), judgeResultList: [cell('A', 'AC', 2, m(ann, 1)), cell('B', 'AC', 1, m(ann, 2))] },
      // bob: the CE before the AC is not a rejection; B has one TLE.
      { rank: 2, userName: bob.username, acNum: 1, timePenalty: m(bob, 1), judgeResultList: [cell('A', 'AC', 1, m(bob, 1)), cell('B', 'WA', 1, m(bob, 2))] },
      // cid (only a CE) and dan (nothing) tie.
      { rank: 3, userName: cid.username, acNum: 0, timePenalty: 0, judgeResultList: [empty('A'), empty('B')] },
      { rank: 3, userName: dan.username, acNum: 0, timePenalty: 0, judgeResultList: [empty('A'), empty('B')] },
    ];
    const board = await dan.api.get('/api/BangDan/AllResultList', { contestId });
    assert.equal(board.code, 0, board.message);
    assert.deepEqual(board.data, expected);
    const adminBoard = await admin.api.get('/api/BangDan/AllResultList', { contestId });
    assert.deepEqual(adminBoard.data, expected);

    const history = await ann.api.form('/api/JudgeRecord/MyList', { contestId });
    assert.deepEqual(
      history.data.map((r) => [r.problemTitle, r.templateName, r.judgeResult]),
      [
        ['Add two', 'python3', 'CE'],
        ['Multiply two', 'python3', 'AC'],
        ['Add two', 'cpp', 'AC'],
        ['Add two', 'cpp', 'WA'],
      ],
    );
  });
});
