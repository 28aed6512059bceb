// A contest that shows every test (issue 17, the submission view): its ICPC submissions run all
// their tests, each verdict is stored and shown in the submission view, and the record's verdict is
// still the first failing test's. Without the setting the judge stops at the first failure. The
// setting is kept by an update that leaves it out, and refused when it is not a boolean.
import assert from 'node:assert/strict';
import { formatTime } from '@verdict/server/internal/common/wire';
import { zipOf } from '../helpers/package-zip.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, type TestAccount } from '../helpers/tokens.ts';

/** Four tests; the program below fails the second and the fourth. */
const INPUTS = [
  [1, 2],
  [5, 5],
  [7, 6],
  [5, 9],
];
const FAILS_ON_FIVE = 'a, b = map(int, input().split())\nprint(a + b + (1 if a == 5 else 0))\n';

describe('a contest that runs and shows every test', function () {
  this.timeout(180_000);
  let server: TestServer;
  let admin: TestAccount;
  let alice: TestAccount;
  let problemId: number;
  const times = { startTimeStr: '', endTimeStr: '' };

  before(async () => {
    server = await startTestServer({ JUDGE_WORKERS: '1' });
    admin = await accountWithToken(server, { auth: 1 });
    alice = await accountWithToken(server);
    const added = await admin.api.json('/api/admin/problem/add', { title: 'Every test', memoryLimit: 128, timeLimit: 1000 });
    problemId = added.data.id;
    const files: Record<string, string> = { 'every/problem.yaml': 'name: Every test\n' };
    INPUTS.forEach(([a, b], i) => {
      files[`every/data/secret/${i + 1}.in`] = `${a} ${b}\n`;
      files[`every/data/secret/${i + 1}.ans`] = `${a + b}\n`;
    });
    const form = new FormData();
    form.set('problemId', String(problemId));
    form.set('file', new Blob([new Uint8Array(await zipOf(files))], { type: 'application/zip' }), 'every.zip');
    const uploaded = await admin.api.multipart('/api/admin/problem/upload', form);
    assert.equal(uploaded.code, 0, uploaded.message);
    times.startTimeStr = formatTime(new Date(Date.now() - 30 * 60_000));
    times.endTimeStr = formatTime(new Date(Date.now() + 90 * 60_000));
  });
  after(() => server?.destroy());

  async function contestWith(title: string, showAllTests?: boolean): Promise<number> {
    const added = await admin.api.json('/api/contest/add', { title, ...times, ...(showAllTests === undefined ? {} : { showAllTests }) });
    assert.equal(added.code, 0, added.message);
    const id = added.data.id;
    await server.services.db.insertInto('contest_users').values({ contest_id: id, user_id: alice.id }).execute();
    const linked = await admin.api.form('/api/contestProblem/addByProblemId', { problemId, contestId: id });
    assert.equal(linked.code, 0, linked.message);
    return id;
  }

  async function judged(contestId: number) {
    server.clock.advance(3100);
    const submitted = await alice.api.json('/api/submit', { problemId, language: 'python3', code: FAILS_ON_FIVE, contestId });
    assert.equal(submitted.code, 0, submitted.message);
    assert.equal(submitted.data.judgeResult, 'WA', submitted.data.compileMessage);
    const detail = await alice.api.get('/api/JudgeRecord/detail', { id: submitted.data.id });
    assert.equal(detail.code, 0, detail.message);
    return detail.data;
  }

  it('stops at the first failing test by default', async () => {
    const contestId = await contestWith('Stops at the first failure');
    const info = await alice.api.get('/api/contest/ContestInfo', { contestId });
    assert.equal(info.data.showAllTests, false);
    const detail = await judged(contestId);
    assert.deepEqual(
      detail.tests.map((t) => t.verdict),
      ['AC', 'WA'],
    );
    assert.equal(detail.allTests, false);
  });

  it('runs every test and shows each verdict when the contest says so; the verdict is the first failure', async () => {
    const contestId = await contestWith('Shows every test', true);
    const detail = await judged(contestId);
    assert.deepEqual(
      detail.tests.map((t) => [t.name, t.verdict]),
      [
        ['secret/1', 'AC'],
        ['secret/2', 'WA'],
        ['secret/3', 'AC'],
        ['secret/4', 'WA'],
      ],
    );
    assert.equal(detail.judgeResult, 'WA');
    assert.equal(detail.allTests, true);
  });

  it('keeps the setting on an update without it, changes it with it, and refuses a non-boolean', async () => {
    const contestId = await contestWith('Edited setting', true);
    const update = (extra: Record<string, unknown>) => admin.api.json('/api/contest/update', { id: contestId, title: 'Edited setting', ...times, ...extra }, 'PUT');
    const kept = await update({});
    assert.equal(kept.code, 0, kept.message);
    assert.equal(kept.data.showAllTests, true);
    const off = await update({ showAllTests: false });
    assert.equal(off.data.showAllTests, false);
    const refused = await update({ showAllTests: 'yes' });
    assert.notEqual(refused.code, 0);
    assert.match(refused.message, /showAllTests must be true or false/);
    const listed = await admin.api.get('/api/contest/list', { id: String(contestId) });
    assert.equal(listed.data[0].showAllTests, false);
  });
});
