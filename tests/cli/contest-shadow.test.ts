// Shadow mode (issue 28, item 6): a Verdict (B) set up from another Verdict's (A) contest
// package (verdict contest import) shadows A: it reads A's event feed through HTTP with an API
// token, fetches each submission's files, judges them itself, and its matrix (A's judgement type
// × B's) is all-diagonal on AC, WA, TLE, RTE and CE. The same from the package's
// event-feed.ndjson (a replay); a feed it cannot read is refused by name.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { extractZip } from '@verdict/judge';
import { issueApiToken } from '@verdict/server/internal/modules/accounts/api-tokens';
import { formatTime } from '@verdict/server/internal/common/wire';
import { startTestServer, ADMIN_PASSWORD, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { stockContest } from '../helpers/ccs.ts';
import { zipOf } from '../helpers/package-zip.ts';
import { CliSandbox } from './run-cli.ts';

const MINUTE = 60_000;

const HEAD = '#include <stdio.h>\n#include <stdlib.h>\nint main(void){int a,b;if(scanf("%d %d",&a,&b)!=2)return 3;';
const PROGRAMS: Record<string, string> = {
  AC: `${HEAD}printf("%d\\n",a+b);return 0;}\n`,
  WA: `${HEAD}printf("%d\\n",a-b);return 0;}\n`,
  TLE: `${HEAD}volatile unsigned long x=0;for(;;)x++;}\n`,
  RE: `${HEAD}abort();}\n`,
  CE: `${HEAD}this is not C;}\n`,
};
/** A's verdicts as the API names them. */
const TYPE: Record<string, string> = { AC: 'AC', WA: 'WA', TLE: 'TLE', RE: 'RTE', CE: 'CE' };

interface Report {
  running: boolean;
  error: string | null;
  submissions: number;
  differences: number;
  matrix: { theirs: string; ours: string; submissions: { theirId: string; submissionId: number | null; refused: string | null }[] }[];
}

describe('shadow mode: another CCS judged again, verdicts compared', function () {
  this.timeout(300_000);
  let a: TestServer;
  let b: TestServer;
  let box: CliSandbox;
  let aContest: number;
  let packageDir: string;
  let bAdmin: TestAccount;
  /** B's contest, set up from A's package. */
  let contestId: number;


  const settled = async (contestId: number, count: number): Promise<Report> => {
    const deadline = Date.now() + 240_000;
    for (;;) {
      const r = await bAdmin.api.get('/api/shadow', { contestId });
      assert.equal(r.code, 0, r.message);
      const report = r.data as Report;
      const judged = report.matrix.filter((c) => c.ours !== 'pending' && c.theirs !== 'pending').reduce((n, c) => n + c.submissions.length, 0);
      if (judged === count) return report;
      if (Date.now() > deadline) assert.fail(`not settled: ${JSON.stringify(report)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };

  const assertDiagonal = (report: Report) => {
    assert.equal(report.error, null);
    assert.equal(report.differences, 0, JSON.stringify(report.matrix));
    assert.deepEqual(report.matrix.map((c) => [c.theirs, c.ours, c.submissions.length]).sort(), Object.values(TYPE).map((t) => [t, t, 1]).sort());
    for (const cell of report.matrix) assert.ok(cell.submissions.every((s) => s.submissionId !== null && s.refused === null));
  };

  before(async () => {
    [a, b] = await Promise.all([startTestServer({ CAPTCHA: 'off' }), startTestServer({ CAPTCHA: 'off', JUDGE_WORKERS: '1' })]);
    box = new CliSandbox();
    const login = await box.run(['login', '--server', b.url, '-u', 'admin', '--password-stdin'], { stdin: `${ADMIN_PASSWORD}\n` });
    assert.equal(login.code, 0, login.stderr);
    bAdmin = await adminAccount(b);
    const admin = await adminAccount(a);
    const team = await accountWithToken(a, { username: 'shadow_team' });
    const start = Math.floor(a.clock.now().getTime() / 1000) * 1000 - 60 * MINUTE;
    const added = await admin.api.json('/api/contest/add', { title: 'Shadow Cup', startTimeStr: formatTime(new Date(start)), endTimeStr: formatTime(new Date(start + 300 * MINUTE)) });
    aContest = added.data.id;
    const [problemId] = await stockContest(admin, aContest, ['Sum'], [team], { memoryLimit: 128, timeLimit: 1000 });
    const form = new FormData();
    form.set('problemId', String(problemId));
    const files = { 'sum/problem.yaml': 'name: Sum\nlimits:\n  time_limit: 1\n  memory: 128\n', 'sum/data/secret/1.in': '1 2\n', 'sum/data/secret/1.ans': '3\n' };
    form.set('file', new Blob([new Uint8Array(await zipOf(files))], { type: 'application/zip' }), 'sum.zip');
    assert.equal((await admin.api.multipart('/api/admin/problem/upload', form)).code, 0);
    // A's verdicts as A gave them (A does not judge here: B must reach them by itself).
    let minute = 5;
    for (const [status, code] of Object.entries(PROGRAMS)) {
      const at = new Date(start + (minute += 5) * MINUTE);
      const row = await a.services.db
        .insertInto('submissions')
        .values({ user_id: team.id, problem_id: problemId, contest_id: aContest, language: 'c', code, status, run_time: 10, tests: '[]', created_at: at, judge_started_at: at, judged_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await a.services.db.insertInto('submission_verdicts').values({ submission_id: row.id, attempt: 1, status, run_time: 10, run_memory: 900, judged_by: 'test#1', judged_at: at }).execute();
    }
    const zip = await admin.api.raw(`/api/contest/package?contestId=${aContest}`, {});
    assert.equal(zip.status, 200);
    const zipFile = path.join(box.work, 'a.zip');
    fs.writeFileSync(zipFile, Buffer.from(await zip.arrayBuffer()));
    packageDir = path.join(box.work, 'a-package');
    await extractZip(zipFile, packageDir);
    const imported = await box.run(['contest', 'import', packageDir, '--server', b.url]);
    assert.equal(imported.code, 0, `${imported.stdout}\n${imported.stderr}`);
    contestId = Number(/contest (\d+):/.exec(imported.stdout)![1]);
  });
  after(async () => {
    box?.remove();
    await Promise.all([a?.destroy(), b?.destroy()]);
  });

  it("shadows another Verdict's event feed over HTTP with an API token: an all-diagonal matrix on AC, WA, TLE, RTE and CE", async () => {
    const { token } = await issueApiToken(a.services.db, null, 'admin', 'shadow');
    const started = await bAdmin.api.json('/api/shadow/start', { contestId, source: `${a.url}/api/ccs/contests/${aContest}/event-feed`, token });
    assert.equal(started.code, 0, started.message);
    const report = await settled(contestId, 5);
    assertDiagonal(report);
    assert.equal(report.running, true, 'a URL feed is read on until stopped');
    const stopped = await bAdmin.api.json('/api/shadow/stop', { contestId });
    assert.equal((stopped.data as Report).running, false);
  });

  it("verdict shadow start replays a contest package's event-feed.ndjson: the same all-diagonal matrix, shown by verdict shadow status (started again, the matrix starts anew)", async () => {
    const started = await box.run(['shadow', 'start', String(contestId), path.join(packageDir, 'event-feed.ndjson'), '--server', b.url]);
    assert.equal(started.code, 0, started.stderr);
    assertDiagonal(await settled(contestId, 5));
    const status = await box.run(['shadow', 'status', String(contestId), '--server', b.url]);
    assert.equal(status.code, 0, status.stderr);
    assert.match(status.stdout, /5 submissions, 0 differences/);
    assert.match(status.stdout, /theirs TLE +ours TLE /);
  });

  it('refuses by name what it cannot read', async () => {
    const relative = await bAdmin.api.json('/api/shadow/start', { contestId, source: 'event-feed.ndjson' });
    assert.notEqual(relative.code, 0);
    assert.match(relative.message, /absolute path/);
    const old = path.join(box.work, 'old-feed.ndjson');
    fs.writeFileSync(old, `${JSON.stringify({ type: 'teams', op: 'create', data: { id: '1' } })}\n`);
    assert.equal((await bAdmin.api.json('/api/shadow/start', { contestId, source: old })).code, 0);
    const deadline = Date.now() + 30_000;
    let report: Report;
    do {
      report = (await bAdmin.api.get('/api/shadow', { contestId })).data as Report;
    } while (report.error === null && Date.now() < deadline && (await new Promise((resolve) => setTimeout(resolve, 200))) === undefined);
    assert.match(report.error ?? '', /2020-03 feed form .* is not supported/);
    assert.equal(report.running, false);
  });
});
