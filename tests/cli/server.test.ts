import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { startTestServer, ADMIN_PASSWORD, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount } from '../helpers/tokens.ts';
import { CliSandbox, folderContents } from './run-cli.ts';

/** A port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('cli: commands against a server @slow', function () {
  this.timeout(180_000);
  let server: TestServer;
  let box: CliSandbox;

  const login = () => box.run(['login', '--server', server.url, '-u', 'admin', '--password-stdin'], { stdin: `${ADMIN_PASSWORD}\n` });

  before(async () => {
    server = await startTestServer({ CAPTCHA: 'off' });
  });
  after(async () => server?.destroy());
  beforeEach(() => (box = new CliSandbox()));
  afterEach(() => box.remove());

  it('logs in and keeps the token in a config file only the user can read', async () => {
    const result = await login();
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /Logged in to http:\/\/127\.0\.0\.1:\d+ as admin/);
    const file = path.join(box.configHome, 'verdict', 'config.json');
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    assert.equal(fs.statSync(path.dirname(file)).mode & 0o777, 0o700);
    const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
    const token = saved.servers[server.url].token;
    const me = await fetch(`${server.url}/api/user/userInfo`, { headers: { Authorization: token } }).then((r) => r.json());
    assert.equal(me.data.username, 'admin');
  });

  it('says so on a wrong password, a missing login and an unreachable server, saving nothing', async () => {
    const wrong = await box.run(['login', '--server', server.url, '-u', 'admin', '--password-stdin'], { stdin: 'not-the-password' });
    assert.equal(wrong.code, 2);
    assert.match(wrong.stderr, /Wrong username or password/);
    assert.equal(fs.existsSync(path.join(box.configHome, 'verdict', 'config.json')), false);

    assert.equal((await box.run(['problem', 'new', 'p', '--yes'])).code, 0);
    const notLoggedIn = await box.run(['problem', 'push', 'p', '--server', server.url]);
    assert.equal(notLoggedIn.code, 2);
    assert.match(notLoggedIn.stderr, new RegExp(`not logged in to ${server.url}: run \`verdict login --server ${server.url}\``));

    const port = await closedPort();
    const unreachable = await box.run(['login', '--server', `http://127.0.0.1:${port}`, '-u', 'admin', '--password-stdin'], { stdin: 'x' });
    assert.equal(unreachable.code, 2);
    assert.match(unreachable.stderr, new RegExp(`cannot reach the server at http://127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\)`));
    assert.doesNotMatch(unreachable.stderr, /at .*\.ts:\d+/, 'no stack trace');
  });

  it('round trip: new, edit, pack, push, pull gives the same package; a second push updates it', async () => {
    assert.equal((await login()).code, 0);
    assert.equal((await box.run(['problem', 'new', 'sum', '--title', 'CLI round trip', '--yes'])).code, 0);
    fs.writeFileSync(box.path('sum', 'data', 'secret', '2.in'), '-5 5\n');
    fs.writeFileSync(box.path('sum', 'data', 'secret', '2.ans'), '0\n');
    fs.appendFileSync(box.path('sum', 'problem_statement', 'problem.en.md'), '\nEdited for the round trip.\n');
    assert.equal((await box.run(['problem', 'pack', 'sum', '--no-validate'])).code, 0);

    const pushed = await box.run(['problem', 'push', 'sum.zip', '--server', server.url, '--json']);
    assert.equal(pushed.code, 0, pushed.stderr);
    const first = JSON.parse(pushed.stdout);
    assert.deepEqual([first.title, first.created, first.version, first.tests], ['CLI round trip', true, 1, 3]);

    const pulled = await box.run(['problem', 'pull', String(first.id), '--server', server.url, '-o', 'pulled']);
    assert.equal(pulled.code, 0, pulled.stderr);
    assert.deepEqual(folderContents(box.path('pulled')), folderContents(box.path('sum')));

    fs.writeFileSync(box.path('sum', 'problem.yaml'), 'name: "CLI round trip"\nlimits:\n  time_limit: 2\n  memory: 128\n');
    const updated = await box.run(['problem', 'push', 'sum', '--server', server.url]);
    assert.equal(updated.code, 0, updated.stderr);
    assert.match(updated.stdout, new RegExp(`Updated problem #${first.id} "CLI round trip" .*data version 2, 3 tests`));
    const row = await server.services.db.selectFrom('problems').select(['time_limit', 'memory_limit']).where('id', '=', first.id).executeTakeFirstOrThrow();
    assert.deepEqual(row, { time_limit: 2000, memory_limit: 128 });

    fs.mkdirSync(box.path('plain', 'data', 'secret'), { recursive: true });
    fs.writeFileSync(box.path('plain', 'data', 'secret', '1.in'), '1 1\n');
    fs.writeFileSync(box.path('plain', 'data', 'secret', '1.ans'), '2\n');
    assert.equal((await box.run(['problem', 'pack', 'plain', '-o', 'Plain Sum.zip'])).code, 0);
    const unnamed = await box.run(['problem', 'push', 'Plain Sum.zip', '--server', server.url, '--json']);
    assert.equal(unnamed.code, 0, unnamed.stderr);
    assert.equal(JSON.parse(unnamed.stdout).title, 'Plain Sum', 'a zip without a name in problem.yaml is titled after the zip');

    const refused = await box.run(['problem', 'pull', String(first.id), '--server', server.url, '-o', 'pulled']);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /pulled already exists and is not empty/);
    const unknown = await box.run(['problem', 'pull', '99999', '--server', server.url, '-o', 'none']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /No such problem/);
  });

  it('imports users from a spreadsheet through the server and adds them to the contest', async () => {
    assert.equal((await login()).code, 0);
    const { db } = server.services;
    const now = Date.now();
    const contest = await db
      .insertInto('contests')
      // Frozen 7 minutes in: the administrator's board is live unless --frozen.
      .values({ title: 'CLI Cup', start_time: new Date(now - 3600_000), end_time: new Date(now + 3600_000), freeze_time: new Date(now - 3600_000 + 7 * 60_000) })
      .returning(['id', 'start_time'])
      .executeTakeFirstOrThrow();
    fs.writeFileSync(
      box.path('team.csv'),
      'username,email,nickname,password,contest\nivy,ivy@example.com,Ivy,ivy-pass-1,CLI Cup\njoe,joe@example.com,,,CLI Cup\nbad,not-mail,,,\n',
    );
    const result = await box.run(['user', 'import', 'team.csv', '--server', server.url, '--yes', '--json']);
    assert.equal(result.code, 1, result.stderr);
    const report = JSON.parse(result.stdout) as { rows: { username: string; status: string }[]; passwordsFile: string };
    assert.deepEqual(report.rows.map((r) => [r.username, r.status]), [['ivy', 'created'], ['joe', 'created'], ['bad', 'invalid']]);
    assert.equal(report.passwordsFile, box.path('team-passwords.csv'));
    assert.equal(fs.statSync(report.passwordsFile).mode & 0o777, 0o600);
    const joePassword = fs.readFileSync(report.passwordsFile, 'utf8').split('\n')[1].split(',')[2];
    const joeLogin = await fetch(`${server.url}/api/user/login`, { method: 'POST', body: new URLSearchParams({ username: 'joe', password: joePassword }) }).then((r) => r.json());
    assert.equal(joeLogin.code, 0, joeLogin.message);

    const members = await db.selectFrom('contest_users').innerJoin('users', 'users.id', 'contest_users.user_id').select('username').where('contest_id', '=', contest.id).orderBy('username').execute();
    assert.deepEqual(members.map((m) => m.username), ['ivy', 'joe']);

    const again = await box.run(['user', 'import', 'team.csv', '--server', server.url, '--yes', '-o', 'again.csv']);
    assert.match(again.stdout, /0 created, 2 already existed, 1 invalid/);

    // The scoreboard over the server: ivy solved A after one wrong try, 10 minutes in.
    const problem = await db.insertInto('problems').values({ title: 'Board A', time_limit: 1000, memory_limit: 256 }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('contest_problems').values({ contest_id: contest.id, problem_id: problem.id, position: 0 }).execute();
    const ivy = await db.selectFrom('users').select('id').where('username', '=', 'ivy').executeTakeFirstOrThrow();
    const at = (minutes: number) => new Date(contest.start_time.getTime() + minutes * 60_000);
    await db
      .insertInto('submissions')
      .values([
        { user_id: ivy.id, problem_id: problem.id, contest_id: contest.id, language: 'python3', code: '', status: 'WA', created_at: at(5) },
        { user_id: ivy.id, problem_id: problem.id, contest_id: contest.id, language: 'python3', code: '', status: 'AC', created_at: at(10) },
      ])
      .execute();
    const board = await box.run(['contest', 'scoreboard', String(contest.id), '--server', server.url, '--csv']);
    assert.equal(board.code, 0, board.stdout + board.stderr);
    assert.deepEqual(board.stdout.trim().split('\n'), ['Rank,User,AC,Penalty,A', '1,ivy,1,30,+2 (10)', '2,joe,0,0,']);
    const frozen = await box.run(['contest', 'scoreboard', String(contest.id), '--server', server.url, '--csv', '--frozen']);
    assert.equal(frozen.code, 0, frozen.stdout + frozen.stderr);
    assert.deepEqual(frozen.stdout.trim().split('\n'), ['Rank,User,AC,Penalty,A', '1,ivy,0,0,-1 ?1', '1,joe,0,0,']);
  });

  it('creates a user and changes a password through the server, ending that user’s sessions', async () => {
    assert.equal((await login()).code, 0);
    const created = await box.run(['user', 'create', '-u', 'kim', '-e', 'kim@example.com', '--password', 'kim-pass-1', '--role', 'admin', '--server', server.url]);
    assert.equal(created.code, 0, created.stderr);
    const kim = await server.services.db.selectFrom('users').select(['auth', 'nickname']).where('username', '=', 'kim').executeTakeFirstOrThrow();
    assert.equal(kim.auth, 1);

    const lee = await accountWithToken(server, { username: 'lee' });
    assert.equal((await lee.api.get('/api/user/userInfo')).code, 0);
    const changed = await box.run(['user', 'passwd', 'lee', '--password', 'lee-new-pass', '--server', server.url]);
    assert.equal(changed.code, 0, changed.stderr);
    assert.equal((await lee.api.get('/api/user/userInfo')).status, 401, 'the old session ended');

    const asked = await box.run(['user', 'create', '--server', server.url], {
      answers: [
        { when: /Username/, send: 'max\n' },
        { when: /E-mail/, send: 'max@example.com\n' },
        { when: /Nickname/, send: '\n' },
        { when: /Role/, send: '\n' },
        { when: /Password/, send: 'max-pass-1\n' },
        { when: /Confirm password/, send: 'max-pass-1\n' },
      ],
    });
    assert.equal(asked.code, 0, asked.stdout + asked.stderr);
    assert.match(asked.stdout, /Created user "max" in http/);
    const max = await server.services.db.selectFrom('users').select(['auth', 'nickname']).where('username', '=', 'max').executeTakeFirstOrThrow();
    assert.deepEqual(max, { auth: 0, nickname: 'max' });

    const mismatch = await box.run(['user', 'passwd', 'max', '--server', server.url], {
      answers: [
        { when: /New password for max/, send: 'first-pass-1\n' },
        { when: /Confirm password/, send: 'other-pass-1\n' },
      ],
    });
    assert.equal(mismatch.code, 2);
    assert.match(mismatch.stderr, /Password dost not match/);

    const nobody = await box.run(['user', 'passwd', 'nobody', '--password', 'whatever1', '--server', server.url]);
    assert.equal(nobody.code, 2);
    assert.match(nobody.stderr, /no user named "nobody"/);
    const short = await box.run(['user', 'passwd', 'lee', '--password', '123', '--server', server.url]);
    assert.equal(short.code, 2);
    assert.match(short.stderr, /Password length is between 6 and 32/);
  });
});

describe('cli: login to a server that asks for a captcha @slow', function () {
  this.timeout(120_000);
  let server: TestServer;
  let box: CliSandbox;
  before(async () => {
    server = await startTestServer();
    box = new CliSandbox();
  });
  after(async () => {
    box?.remove();
    await server?.destroy();
  });

  it('solves the proof-of-work captcha itself, in a terminal and with --password-stdin', async () => {
    await adminAccount(server);
    const result = await box.run(['login', '--server', server.url], {
      answers: [
        { when: /Admin username/, send: 'admin\n' },
        { when: /Password/, send: `${ADMIN_PASSWORD}\n` },
      ],
    });
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(result.stderr, /Solving the server's proof-of-work captcha/);
    assert.match(result.stdout, /Logged in to .* as admin/);

    const scripted = await box.run(['login', '--server', server.url, '-u', 'admin', '--password-stdin'], { stdin: ADMIN_PASSWORD });
    assert.equal(scripted.code, 0, scripted.stdout + scripted.stderr);
    assert.match(scripted.stdout, /Logged in to .* as admin/);
    const used = await server.services.db.selectFrom('captchas').select('used_at').execute();
    assert.equal(used.length, 2);
    assert.ok(used.every((row) => row.used_at !== null), 'each login used one captcha');
  });
});
