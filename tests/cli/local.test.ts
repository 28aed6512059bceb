import assert from 'node:assert/strict';
import fs from 'node:fs';
import { verifyPassword } from '@verdict/server/internal/modules/accounts/passwords';
import { embeddedUrlFile } from '@verdict/server/internal/db/database';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken } from '../helpers/tokens.ts';
import { CliSandbox } from './run-cli.ts';
import { writeXlsx } from './sheets.ts';

describe('cli: user commands on the local database @slow', function () {
  this.timeout(240_000);
  let box: CliSandbox;
  before(() => (box = new CliSandbox()));
  after(() => box.remove());

  it('refuses a missing file, a text file and an empty sheet before touching the database', async () => {
    const missing = await box.run(['user', 'import', 'nothing.xlsx', '--yes']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /^error: Failed to read the file \(ENOENT/);
    fs.writeFileSync(box.path('list.txt'), 'alice\n');
    const text = await box.run(['user', 'import', 'list.txt', '--yes']);
    assert.equal(text.code, 2);
    assert.match(text.stderr, /list\.txt: not a spreadsheet; use an \.xlsx, \.xls or \.csv file/);
    writeXlsx(box.path('header.xlsx'), [['username', 'email']]);
    const empty = await box.run(['user', 'import', 'header.xlsx', '--yes']);
    assert.equal(empty.code, 2);
    assert.match(empty.stderr, /No data found in the Excel file\./);
    assert.equal(fs.existsSync(box.dataDir), false, 'no database was created');
  });

  it('shows a preview, asks on stdin, imports, and reports existing users the second time', async () => {
    writeXlsx(box.path('class.xlsx'), [
      ['username', 'e-mail', 'nickname', 'password'],
      ['mia', 'mia@example.com', 'Mia', 'mia-pass-1'],
      ['ned', 'ned@example.com'],
    ]);
    const declined = await box.run(['user', 'import', 'class.xlsx'], { answers: [{ when: /Create 2 users\?/, send: 'n\n' }] });
    assert.equal(declined.code, 1, declined.stderr);
    assert.match(declined.stdout, /mia@example\.com[\s\S]*\(generated\)/);
    assert.match(declined.stdout, /Nothing imported\./);

    const accepted = await box.run(['user', 'import', 'class.xlsx'], { answers: [{ when: /Create 2 users\?/, send: 'y\n' }] });
    assert.equal(accepted.code, 0, accepted.stderr);
    assert.match(accepted.stdout, /2 created, 0 already existed, 0 invalid/);
    const passwords = box.path('class-passwords.csv');
    assert.equal(fs.statSync(passwords).mode & 0o777, 0o600);
    assert.match(fs.readFileSync(passwords, 'utf8'), /^username,email,password\nned,ned@example\.com,\S{14}\n$/);

    const again = await box.run(['user', 'import', 'class.xlsx', '--yes', '-o', 'second.csv']);
    assert.match(again.stdout, /0 created, 2 already existed, 0 invalid/);
    assert.equal(fs.existsSync(box.path('second.csv')), false, 'no passwords file when nobody was created');
  });

  it('reports look-alike and invisible names as invalid rows and imports the rest', async () => {
    writeXlsx(box.path('alike.xlsx'), [
      ['username', 'e-mail'],
      ['MIA', 'mia2@example.com'],
      ['ad\u200bmin', 'adm@example.com'],
      ['oli', 'oli@example.com'],
    ]);
    const run = await box.run(['user', 'import', 'alike.xlsx', '--yes', '-o', 'alike.csv']);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stdout, /1 created, 0 already existed, 2 invalid/);
    assert.match(run.stdout, /too like an existing one/);
    assert.match(run.stdout, /invisible characters \(U\+200B\)/);
  });

  it('creates a superadmin from flags and changes a password', async () => {
    const created = await box.run(['user', 'create', '-u', 'root2', '-e', 'root2@example.com', '--password', 'root-pass-1', '--role', 'superadmin']);
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stdout, /Created superadmin "root2" in the local database/);
    const duplicate = await box.run(['user', 'create', '-u', 'root2', '-e', 'other@example.com', '--password', 'root-pass-1']);
    assert.equal(duplicate.code, 2);
    assert.match(duplicate.stderr, /a user named "root2" already exists/);
    const changed = await box.run(['user', 'passwd', 'mia', '--password', 'mia-new-pass']);
    assert.equal(changed.code, 0, changed.stderr);
  });

  describe('while a server runs on the same DATA_DIR', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ CAPTCHA: 'off' }, { dataDir: box.dataDir });
    });
    after(async () => server?.close());

    it('goes through the server’s database socket and sees the same data', async () => {
      assert.ok(fs.existsSync(embeddedUrlFile(box.dataDir)));
      const { db } = server.services;
      const mia = await db.selectFrom('users').select(['id', 'password_hash', 'auth']).where('username', '=', 'mia').executeTakeFirstOrThrow();
      assert.ok(await verifyPassword(mia.password_hash, 'mia-new-pass'));
      const root2 = await db.selectFrom('users').select('auth').where('username', '=', 'root2').executeTakeFirstOrThrow();
      assert.equal(root2.auth, 2);

      const session = await accountWithToken(server, { username: 'olga' });
      const changed = await box.run(['user', 'passwd', 'olga', '--password', 'olga-new-pass']);
      assert.equal(changed.code, 0, changed.stderr);
      assert.equal((await session.api.get('/api/user/userInfo')).status, 401, 'the password change ended her session');

      const now = Date.now();
      const contest = await db
        .insertInto('contests')
        // Frozen 5 minutes in: the administrator's board is live unless --frozen.
        .values({ title: 'Local Cup', start_time: new Date(now - 3600_000), end_time: new Date(now + 3600_000), freeze_time: new Date(now - 3300_000) })
        .returning(['id', 'start_time'])
        .executeTakeFirstOrThrow();
      const problem = await db.insertInto('problems').values({ title: 'Local A', time_limit: 1000, memory_limit: 256 }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('contest_problems').values({ contest_id: contest.id, problem_id: problem.id, position: 0 }).execute();
      await db.insertInto('contest_users').values({ contest_id: contest.id, user_id: mia.id }).execute();
      await db
        .insertInto('submissions')
        .values({ user_id: mia.id, problem_id: problem.id, contest_id: contest.id, language: 'python3', code: '', status: 'AC', created_at: new Date(contest.start_time.getTime() + 7 * 60_000) })
        .execute();
      const board = await box.run(['contest', 'scoreboard', String(contest.id), '--json']);
      assert.equal(board.code, 0, board.stderr);
      const parsed = JSON.parse(board.stdout);
      assert.equal(parsed.contest.title, 'Local Cup');
      // A nickname unlike the username is on the board (issue 30): mia's is Mia.
      assert.deepEqual(parsed.rows, [{ rank: 1, userName: 'mia', nickname: 'Mia', acNum: 1, timePenalty: 7, judgeResultList: [{ newId: 'A', result: 'AC', cnt: 1, submitTime: 7 }] }]);
      const table = await box.run(['contest', 'scoreboard', String(contest.id)]);
      assert.match(table.stdout, /Local Cup[\s\S]*│ 1 +│ mia +│ 1 +│ 7 +│ \+1 \(7\) │/);
      assert.match(table.stdout, /Freeze at \S+ \S+ \(frozen now\); showing the live board/);
      const frozen = await box.run(['contest', 'scoreboard', String(contest.id), '--frozen']);
      assert.equal(frozen.code, 0, frozen.stderr);
      assert.match(frozen.stdout, /showing the frozen board[\s\S]*│ 1 +│ mia +│ 0 +│ 0 +│ \?1 +│/);
      const frozenJson = JSON.parse((await box.run(['contest', 'scoreboard', String(contest.id), '--frozen', '--json'])).stdout);
      assert.deepEqual(frozenJson.rows[0].judgeResultList, [{ newId: 'A', result: '', cnt: 0, submitTime: 0, pending: 1 }]);
      assert.equal(frozenJson.contest.frozen, true);
      const missing = await box.run(['contest', 'scoreboard', '9999']);
      assert.equal(missing.code, 2);
      assert.match(missing.stderr, /contest 9999: No such contest/);
    });

    it('prints scores for an IOI contest: the total, and each problem’s score under its maximum', async () => {
      const { db } = server.services;
      const now = Date.now();
      const contest = await db
        .insertInto('contests')
        .values({ title: 'Local IOI', start_time: new Date(now - 3600_000), end_time: new Date(now + 3600_000), scoring_rule: 'ioi' })
        .returning(['id', 'start_time'])
        .executeTakeFirstOrThrow();
      const problem = await db.insertInto('problems').values({ title: 'Local Scored', time_limit: 1000, memory_limit: 256 }).returning('id').executeTakeFirstOrThrow();
      const mia = await db.selectFrom('users').select('id').where('username', '=', 'mia').executeTakeFirstOrThrow();
      await db.insertInto('contest_problems').values({ contest_id: contest.id, problem_id: problem.id, position: 0 }).execute();
      await db.insertInto('contest_users').values({ contest_id: contest.id, user_id: mia.id }).execute();
      const at = (minutes: number) => new Date(contest.start_time.getTime() + minutes * 60_000);
      // 30 at minute 4, then 70 at minute 9: the best, 70 of 100, counts.
      await db
        .insertInto('submissions')
        .values([
          { user_id: mia.id, problem_id: problem.id, contest_id: contest.id, language: 'python3', code: '', status: 'WA', score: 30, max_score: 100, created_at: at(4) },
          { user_id: mia.id, problem_id: problem.id, contest_id: contest.id, language: 'python3', code: '', status: 'WA', score: 70, max_score: 100, created_at: at(9) },
        ])
        .execute();
      const json = JSON.parse((await box.run(['contest', 'scoreboard', String(contest.id), '--json'])).stdout);
      assert.equal(json.contest.scoringRule, 'ioi');
      assert.deepEqual(json.rows, [
        { rank: 1, userName: 'mia', nickname: 'Mia', acNum: 0, timePenalty: 9, score: 70, judgeResultList: [{ newId: 'A', result: 'WA', cnt: 2, submitTime: 9, score: 70, maxScore: 100 }] },
      ]);
      const table = await box.run(['contest', 'scoreboard', String(contest.id)]);
      assert.equal(table.code, 0, table.stderr);
      assert.match(table.stdout, /Scoring: IOI: best score per problem/);
      assert.match(table.stdout, /│ Rank +│ User +│ Score +│ Full +│ Time +│ A\/100 +│/);
      assert.match(table.stdout, /│ 1 +│ mia +│ 70 +│ 0 +│ 9 +│ 70 +│/);
      const csv = await box.run(['contest', 'scoreboard', String(contest.id), '--csv']);
      assert.equal(csv.stdout, 'Rank,User,Score,Full,Time,A/100\n1,mia,70,0,9,70\n');
    });
  });
});
