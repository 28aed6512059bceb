// Shadow mode in tests: a Verdict (A) with a contest whose submissions A "judged" (its verdicts
// written in, so that B must reach them by judging), its contest package, and a Verdict (B) whose
// contest is set up from that package by `verdict contest import`, ready to shadow A.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { extractZip } from '@verdict/judge';
import { formatTime } from '@verdict/server/internal/common/wire';
import { startTestServer, ADMIN_PASSWORD, type TestServer } from './server.ts';
import { accountWithToken, adminAccount, type TestAccount } from './tokens.ts';
import { stockContest } from './ccs.ts';
import { zipOf } from './package-zip.ts';
import { CliSandbox } from '../cli/run-cli.ts';

const MINUTE = 60_000;

const HEAD = '#include <stdio.h>\n#include <stdlib.h>\nint main(void){int a,b;if(scanf("%d %d",&a,&b)!=2)return 3;';
/** A C program per verdict Verdict gives, on the problem "print a+b". */
export const PROGRAMS: Record<string, string> = {
  AC: `${HEAD}printf("%d\\n",a+b);return 0;}\n`,
  WA: `${HEAD}printf("%d\\n",a-b);return 0;}\n`,
  TLE: `${HEAD}volatile unsigned long x=0;for(;;)x++;}\n`,
  RE: `${HEAD}abort();}\n`,
  CE: `${HEAD}this is not C;}\n`,
};
/** Each verdict as the API names it. */
export const TYPE: Record<string, string> = { AC: 'AC', WA: 'WA', TLE: 'TLE', RE: 'RTE', CE: 'CE' };

export interface ShadowReport {
  running: boolean;
  error: string | null;
  sinceToken: string | null;
  submissions: number;
  differences: number;
  matrix: { theirs: string; ours: string; submissions: { theirId: string; submissionId: number | null; refused: string | null }[] }[];
}

export interface ShadowPair {
  a: TestServer;
  b: TestServer;
  box: CliSandbox;
  /** A's contest. */
  aContest: number;
  /** A's contest package, unzipped. */
  packageDir: string;
  bAdmin: TestAccount;
  /** B's contest, set up from A's package. */
  contestId: number;
  /** B's report once `count` submissions are judged on both sides. */
  settled(count: number): Promise<ShadowReport>;
  destroy(): Promise<void>;
}

/** A with one submission per verdict of `verdicts` (keys of PROGRAMS), five minutes apart; B set up from A's package. */
export async function shadowPair(verdicts: string[]): Promise<ShadowPair> {
  const [a, b] = await Promise.all([startTestServer({ CAPTCHA: 'off' }), startTestServer({ CAPTCHA: 'off', JUDGE_WORKERS: '1' })]);
  const box = new CliSandbox();
  const login = await box.run(['login', '--server', b.url, '-u', 'admin', '--password-stdin'], { stdin: `${ADMIN_PASSWORD}\n` });
  assert.equal(login.code, 0, login.stderr);
  const bAdmin = await adminAccount(b);
  const admin = await adminAccount(a);
  const team = await accountWithToken(a, { username: 'shadow_team' });
  const start = Math.floor(a.clock.now().getTime() / 1000) * 1000 - 60 * MINUTE;
  const added = await admin.api.json('/api/contest/add', { title: 'Shadow Cup', startTimeStr: formatTime(new Date(start)), endTimeStr: formatTime(new Date(start + 300 * MINUTE)) });
  const aContest = added.data.id as number;
  const [problemId] = await stockContest(admin, aContest, ['Sum'], [team], { memoryLimit: 128, timeLimit: 1000 });
  const form = new FormData();
  form.set('problemId', String(problemId));
  const files = { 'sum/problem.yaml': 'name: Sum\nlimits:\n  time_limit: 1\n  memory: 128\n', 'sum/data/secret/1.in': '1 2\n', 'sum/data/secret/1.ans': '3\n' };
  form.set('file', new Blob([new Uint8Array(await zipOf(files))], { type: 'application/zip' }), 'sum.zip');
  assert.equal((await admin.api.multipart('/api/admin/problem/upload', form)).code, 0);
  // A's verdicts as A gave them (A does not judge here: B must reach them by itself).
  let minute = 5;
  for (const status of verdicts) {
    const at = new Date(start + (minute += 5) * MINUTE);
    const row = await a.services.db
      .insertInto('submissions')
      .values({ user_id: team.id, problem_id: problemId, contest_id: aContest, language: 'c', code: PROGRAMS[status], status, run_time: 10, tests: '[]', created_at: at, judge_started_at: at, judged_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await a.services.db.insertInto('submission_verdicts').values({ submission_id: row.id, attempt: 1, status, run_time: 10, run_memory: 900, judged_by: 'test#1', judged_at: at }).execute();
  }
  const zip = await admin.api.raw(`/api/contest/package?contestId=${aContest}`, {});
  assert.equal(zip.status, 200);
  const zipFile = path.join(box.work, 'a.zip');
  fs.writeFileSync(zipFile, Buffer.from(await zip.arrayBuffer()));
  const packageDir = path.join(box.work, 'a-package');
  await extractZip(zipFile, packageDir);
  const imported = await box.run(['contest', 'import', packageDir, '--server', b.url]);
  assert.equal(imported.code, 0, `${imported.stdout}\n${imported.stderr}`);
  const contestId = Number(/contest (\d+):/.exec(imported.stdout)![1]);

  const settled = async (count: number): Promise<ShadowReport> => {
    const deadline = Date.now() + 240_000;
    for (;;) {
      const r = await bAdmin.api.get('/api/shadow', { contestId });
      assert.equal(r.code, 0, r.message);
      const report = r.data as ShadowReport;
      const judged = report.matrix.filter((c) => c.ours !== 'pending' && c.theirs !== 'pending').reduce((n, c) => n + c.submissions.length, 0);
      if (judged === count) return report;
      if (Date.now() > deadline) assert.fail(`not settled: ${JSON.stringify(report)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
  return {
    a,
    b,
    box,
    aContest,
    packageDir,
    bAdmin,
    contestId,
    settled,
    destroy: async () => {
      box.remove();
      await Promise.all([a.destroy(), b.destroy()]);
    },
  };
}

/** The matrix is all-diagonal: each of `verdicts` once, every submission submitted. */
export function assertDiagonal(report: ShadowReport, verdicts: string[]): void {
  assert.equal(report.error, null);
  assert.equal(report.differences, 0, JSON.stringify(report.matrix));
  assert.deepEqual(report.matrix.map((c) => [c.theirs, c.ours, c.submissions.length]).sort(), verdicts.map((v) => [TYPE[v], TYPE[v], 1]).sort());
  for (const cell of report.matrix) assert.ok(cell.submissions.every((s) => s.submissionId !== null && s.refused === null));
}
