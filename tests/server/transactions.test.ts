// Every write of more than one row is all-or-nothing. Each test makes the database itself
// refuse one row in the middle of an operation (a PL/pgSQL trigger that raises), calls the
// real API, and checks that the caller gets a clear error and that the database and the data
// folder are exactly as before; then it drops the trigger and the same call succeeds.
import assert from 'node:assert/strict';
import type { DataOf } from '@verdict/shared';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { verifyPassword } from '@verdict/server/internal/modules/accounts/passwords';
import type { DB } from '@verdict/server/internal/db/schema';
import { SAMPLE_PROBLEMS_DIR, loadSamples } from '@verdict/server/internal/modules/problems/samples';
import { Api, type ApiReply } from '../helpers/api.ts';
import { buildZip, kattisEntries, zipForm } from '../helpers/package-zip.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { solveCaptcha } from '../helpers/users.ts';
import { CliSandbox } from '../cli/run-cli.ts';
import { writeXlsx } from '../cli/sheets.ts';

type Event = 'INSERT' | 'UPDATE' | 'DELETE';

/**
 * Makes the database raise on every `event` row of `table` matching `when` (an SQL condition on
 * NEW or OLD) until the returned function drops the trigger.
 */
async function injectFailure(db: Kysely<DB>, table: string, event: Event, when = 'true'): Promise<() => Promise<void>> {
  const name = `inject_${table}_${event.toLowerCase()}`;
  await sql
    .raw(
      `create or replace function inject_failure() returns trigger language plpgsql as $$
       begin raise exception 'injected failure: % on %', tg_op, tg_table_name; end $$`,
    )
    .execute(db);
  await sql.raw(`create trigger ${name} before ${event} on ${table} for each row when (${when}) execute function inject_failure()`).execute(db);
  return async () => {
    await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
  };
}

/**
 * Every table an operation here may touch, in a stable order (captchas are spent either way, and
 * each captcha fetched counts against the client address: neither is part of the operation).
 */
async function databaseState(db: Kysely<DB>, opts: { withoutAccountTries?: boolean } = {}): Promise<string> {
  const tries = db.selectFrom('login_attempts').select(['id', 'key']).where('key', 'not like', 'captcha-ip:%').orderBy('id');
  const tables = {
    users: db.selectFrom('users').select(['id', 'username', 'email', 'nickname', 'gender', 'auth', 'password_hash']).orderBy('id'),
    auth_tokens: db.selectFrom('auth_tokens').select(['id', 'user_id', 'token_hash', 'revoked_at']).orderBy('id'),
    email_codes: db.selectFrom('email_codes').select(['id', 'email', 'purpose', 'attempts', 'used_at']).orderBy('id'),
    login_attempts: opts.withoutAccountTries ? tries.where('key', 'not like', 'user:%') : tries,
    problems: db.selectFrom('problems').selectAll().orderBy('id'),
    packages: db.selectFrom('packages').select(['hash', 'size', 'meta']).orderBy('hash'),
    problem_versions: db.selectFrom('problem_versions').selectAll().orderBy('id'),
    contests: db.selectFrom('contests').selectAll().orderBy('id'),
    contest_users: db.selectFrom('contest_users').selectAll().orderBy('contest_id').orderBy('user_id'),
    contest_problems: db.selectFrom('contest_problems').selectAll().orderBy('contest_id').orderBy('problem_id'),
    templates: db.selectFrom('templates').selectAll().orderBy('id'),
    submissions: db.selectFrom('submissions').select(['id', 'user_id', 'problem_id', 'contest_id', 'template_id', 'status', 'package_hash']).orderBy('id'),
  };
  const out: Record<string, unknown> = {};
  for (const [name, q] of Object.entries(tables)) out[name] = await q.execute();
  return JSON.stringify(out);
}

/** The files of the data folder (the database's own files aside), with their sizes. */
function dataFiles(dataDir: string): string[] {
  return (fs.readdirSync(dataDir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(dataDir, path.join(d.parentPath, d.name)))
    .filter((f) => !f.startsWith('pgdata') && f !== 'pglite.url')
    .map((f) => `${f} ${fs.statSync(path.join(dataDir, f)).size}`)
    .sort();
}

function assertInternalError(r: ApiReply<unknown>): void {
  assert.equal(r.status, 500, `expected a 500 envelope, got ${r.status} ${r.code} ${r.message}`);
  assert.equal(r.code, 1500);
  assert.equal(r.message, 'Internal server error');
  assert.equal(r.data, null);
}

describe('transactions: a failure in the middle of a write changes nothing', function () {
  let smtp: TestSmtp;
  let server: TestServer;
  let db: Kysely<DB>;
  let api: Api;
  let admin: TestAccount;

  before(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({ SMTP_URL: smtp.url });
    db = server.services.db;
    api = new Api(server.url);
    admin = await adminAccount(server);
  });
  after(async () => {
    await server?.destroy();
    await smtp?.close();
  });

  /**
   * Runs `call` with the failure injected: it must answer 500 and leave the database and the
   * data folder as they were. Then, without the failure, `call` again must succeed.
   */
  async function atomic<T>(
    failure: [table: string, event: Event, when?: string],
    call: () => Promise<ApiReply<T>>,
    opts: { accountTryCounted?: boolean } = {},
  ): Promise<ApiReply<T>> {
    // A login try is counted against its account before the password or code is checked
    // (docs/auth.md), so a login that then fails, even with a 500, keeps that one row.
    const stateOpts = { withoutAccountTries: opts.accountTryCounted };
    const accountTries = async () => (await db.selectFrom('login_attempts').select('id').where('key', 'like', 'user:%').execute()).length;
    const triesBefore = await accountTries();
    const before = await databaseState(db, stateOpts);
    const files = dataFiles(server.dataDir);
    const drop = await injectFailure(db, ...failure);
    try {
      assertInternalError(await call());
    } finally {
      await drop();
    }
    assert.equal(await databaseState(db, stateOpts), before, 'the database changed');
    if (opts.accountTryCounted) assert.ok((await accountTries()) <= triesBefore + 1, 'more than the one counted try');
    assert.deepEqual(dataFiles(server.dataDir), files, 'the data folder changed');
    const r = await call();
    assert.equal(r.code, 0, r.message);
    return r;
  }

  async function mailCode(email: string, purpose: 'register' | 'login' | 'reset'): Promise<string> {
    const r = await api.form('/api/email/sendEmailCode', { email, purpose });
    assert.equal(r.code, 0, r.message);
    return smtp.waitForCode(email);
  }

  const liveTokens = async (userId: number) =>
    (await db.selectFrom('auth_tokens').select('id').where('user_id', '=', userId).where('revoked_at', 'is', null).execute()).length;

  describe('accounts', () => {
    it('register: the e-mail code is spent only with the account created', async () => {
      const code = await mailCode('reg@example.test', 'register');
      const fields = { email: 'reg@example.test', username: 'reg', password: 'reg-pass-1', code };
      const r = await atomic(['users', 'INSERT', `NEW.username = 'reg'`], async () => api.form('/api/user/register', { ...fields, ...(await solveCaptcha(api)) }), {
        accountTryCounted: true,
      });
      assert.equal(r.data.username, 'reg');
      const codes = await db.selectFrom('email_codes').select('used_at').where('email', '=', 'reg@example.test').execute();
      assert.ok(codes.length > 0 && codes.every((c) => c.used_at !== null), 'the code was used');
    });

    it('forgotten password: new hash, spent code and ended sessions together', async () => {
      const user = await accountWithToken(server, { email: 'reset@example.test' });
      const code = await mailCode(user.email, 'reset');
      await atomic(['auth_tokens', 'UPDATE', `OLD.user_id = ${user.id}`], async () =>
        api.form('/api/user/forgetPwd', { email: user.email, newPwd: 'new-pass-1', code, ...(await solveCaptcha(api)) }),
        { accountTryCounted: true },
      );
      assert.equal(await liveTokens(user.id), 0);
    });

    it('e-mail login: the code is spent only with the session issued', async () => {
      const user = await accountWithToken(server, { email: 'maillogin@example.test' });
      const code = await mailCode(user.email, 'login');
      const r = await atomic(['auth_tokens', 'INSERT', `NEW.user_id = ${user.id}`], async () =>
        api.form('/api/user/emailLogin', { email: user.email, code, ...(await solveCaptcha(api)) }),
        { accountTryCounted: true },
      );
      assert.equal(r.data.username, user.username);
    });

    it('password login: the account’s failures are forgotten only with the session issued', async () => {
      const user = await accountWithToken(server, { password: 'right-pass-1' });
      const wrong = await api.form('/api/user/login', { username: user.username, password: 'wrong-pass', ...(await solveCaptcha(api)) });
      assert.equal(wrong.code, 1004);
      await atomic(['auth_tokens', 'INSERT', `NEW.user_id = ${user.id}`], async () =>
        api.form('/api/user/login', { username: user.username, password: 'right-pass-1', ...(await solveCaptcha(api)) }),
        { accountTryCounted: true },
      );
      const left = await db.selectFrom('login_attempts').select('id').where('key', '=', `user:${user.username.toLowerCase()}`).execute();
      assert.equal(left.length, 0);
    });

    it('own password change: new hash and other sessions ended together', async () => {
      const user = await accountWithToken(server);
      const other = await accountWithToken(server, { username: `${user.username}x` });
      await db.updateTable('auth_tokens').set({ user_id: user.id }).where('user_id', '=', other.id).execute();
      const body = { userID: user.id, username: user.username, nickname: 'N', email: user.email, gender: 'female', password: 'changed-1', currentPassword: 'password-123' };
      await atomic(['auth_tokens', 'UPDATE', `OLD.user_id = ${user.id}`], () => user.api.json('/api/user/updateMyUser', body), { accountTryCounted: true });
      assert.equal(await liveTokens(user.id), 1, 'only the session that changed the password stays');
    });

    it('admin password change: new hash and the user’s sessions ended together', async () => {
      const user = await accountWithToken(server);
      await atomic(['auth_tokens', 'UPDATE', `OLD.user_id = ${user.id}`], () =>
        admin.api.json('/api/user/updateUserPwd', { id: user.id, password: 'by-admin-1', confirmPassword: 'by-admin-1' }),
      );
      assert.equal(await liveTokens(user.id), 0);
    });
  });

  describe('contests, problems, templates', () => {
    /** Two of each, linked: users in contests, problems in contests, submissions using templates. */
    async function fixture(tag: string) {
      const users = [await accountWithToken(server), await accountWithToken(server)];
      const contests = await db
        .insertInto('contests')
        .values([0, 1].map((i) => ({ title: `${tag} contest ${i}`, start_time: new Date(Date.now() - 3600_000), end_time: new Date(Date.now() + 3600_000) })))
        .returning('id')
        .execute();
      const problems = await db
        .insertInto('problems')
        .values([0, 1].map((i) => ({ title: `${tag} problem ${i}`, time_limit: 1000, memory_limit: 256 })))
        .returning('id')
        .execute();
      const templates = await db
        .insertInto('templates')
        .values([0, 1].map((i) => ({ language: 'C++', comment: `${tag} ${i}`, description: '' })))
        .returning('id')
        .execute();
      for (let i = 0; i < 2; i++) {
        await db.insertInto('contest_users').values({ contest_id: contests[i].id, user_id: users[i].id }).execute();
        await db.insertInto('contest_problems').values({ contest_id: contests[i].id, problem_id: problems[i].id, position: 1 }).execute();
        await db
          .insertInto('submissions')
          .values({ user_id: users[i].id, problem_id: problems[i].id, contest_id: contests[i].id, template_id: templates[i].id, language: 'cpp', code: 'x', status: 'AC' })
          .execute();
      }
      return { users: users.map((u) => u.id), contests: contests.map((r) => r.id), problems: problems.map((r) => r.id), templates: templates.map((r) => r.id) };
    }

    it('deleting users takes their memberships, sessions and submissions, all or none', async () => {
      const f = await fixture('users');
      await atomic(['contest_users', 'DELETE', `OLD.user_id = ${f.users[1]}`], () => admin.api.json('/api/user/deleteListById', f.users, 'DELETE'));
      assert.equal((await db.selectFrom('users').select('id').where('id', 'in', f.users).execute()).length, 0);
    });

    it('deleting contests takes their problem links and memberships, all or none', async () => {
      const f = await fixture('contests');
      await atomic(['contest_problems', 'DELETE', `OLD.contest_id = ${f.contests[1]}`], () => admin.api.json('/api/contest/deleteList', f.contests, 'DELETE'));
      assert.equal((await db.selectFrom('contest_users').select('user_id').where('contest_id', 'in', f.contests).execute()).length, 0);
    });

    it('deleting problems takes their submissions and contest links, all or none', async () => {
      const f = await fixture('problems');
      await atomic(['submissions', 'DELETE', `OLD.problem_id = ${f.problems[1]}`], () => admin.api.json('/api/admin/problem/deleteList', f.problems, 'DELETE'));
      assert.equal((await db.selectFrom('submissions').select('id').where('problem_id', 'in', f.problems).execute()).length, 0);
    });

    it('deleting templates unlinks their submissions, all or none', async () => {
      const f = await fixture('templates');
      await atomic(['submissions', 'UPDATE', `OLD.template_id = ${f.templates[1]}`], () => admin.api.json('/api/JudgeTemplate/deleteList', f.templates, 'DELETE'));
      assert.equal((await db.selectFrom('submissions').select('id').where('template_id', 'in', f.templates).execute()).length, 0);
    });

    it('adding users to a contest by list adds all or none', async () => {
      await fixture('members');
      const extra = [await accountWithToken(server), await accountWithToken(server)];
      const r = await atomic(['contest_users', 'INSERT', `NEW.user_id = ${extra[1].id}`], () =>
        admin.api.json('/api/contestRecord/addByUserIdList', ['members contest 0', ...extra.map((u) => u.username)]),
      );
      assert.deepEqual(r.data.added, extra.map((u) => u.username));
    });
  });

  describe('problem data upload', () => {
    it('a new version, its package, the problem row and the files on disk go together', async () => {
      const problem = await db.insertInto('problems').values({ title: 'Upload', time_limit: 1000, memory_limit: 256 }).returning('id').executeTakeFirstOrThrow();
      const zip = await buildZip(kattisEntries({ statement: '# Sum\n', pdf: Buffer.from('%PDF-1.4 transactions test\n') }));
      const upload = () => admin.api.multipart('/api/admin/problem/upload', zipForm(problem.id, zip));
      // The first upload places the zip and the PDF: a failure removes them again.
      const first = await atomic(['problems', 'UPDATE', `OLD.id = ${problem.id}`], upload);
      assert.equal(first.data.version, 1);
      const kept = dataFiles(server.dataDir).filter((f) => f.startsWith('packages/') || f.startsWith('statements/'));
      assert.equal(kept.length, 2, kept.join(', '));
      // The same content again: the files belong to version 1 and must survive a failed version 2.
      const second = await atomic(['problem_versions', 'INSERT', `NEW.problem_id = ${problem.id}`], upload);
      assert.equal(second.data.version, 2);
    });
  });

  describe('rejudge', () => {
    it('when the judge job cannot be written, the rejudge is still accepted and the chore enqueues it', async () => {
      const user = await accountWithToken(server);
      const problem = await db.insertInto('problems').values({ title: 'Rejudge', time_limit: 1000, memory_limit: 256 }).returning('id').executeTakeFirstOrThrow();
      const sub = await db
        .insertInto('submissions')
        .values({ user_id: user.id, problem_id: problem.id, language: 'cpp', code: 'x', status: 'WA', created_at: new Date(Date.now() - 3600_000) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const drop = await injectFailure(db, 'agenda_jobs', 'INSERT');
      let r: ApiReply<DataOf<'POST', '/api/JudgeRecord/rejudge'>>;
      try {
        r = await admin.api.json('/api/JudgeRecord/rejudge', { id: sub.id });
      } finally {
        await drop();
      }
      assert.equal(r.code, 0, r.message);
      assert.equal(r.data.judgeResult, 'PD');
      const jobs = () => sql<{ n: number }>`select count(*)::int as n from agenda_jobs where data->>'submissionId' = ${String(sub.id)}`.execute(db);
      assert.equal((await jobs()).rows[0].n, 0);
      const { requeued } = await server.services.judgeQueue.recoverStaleRecords();
      assert.ok(requeued.includes(sub.id), `requeued ${requeued.join(', ')}`);
      assert.equal((await jobs()).rows[0].n, 1);
    });
  });
});

describe('transactions: sample problems at first start', function () {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => server?.destroy());

  it('a failure at the second sample loads none of them; the next start loads them all', async () => {
    const slugs = fs.readdirSync(SAMPLE_PROBLEMS_DIR, { withFileTypes: true }).filter((e) => e.isDirectory());
    assert.ok(slugs.length >= 2);
    const { db } = server.services;
    // What a start with LOAD_SAMPLES=on runs, on this server's empty database.
    const start = () => loadSamples({ ...server.services, config: { ...server.services.config, loadSamples: true } });
    const counts = async () => ({
      problems: (await db.selectFrom('problems').select('id').execute()).length,
      versions: (await db.selectFrom('problem_versions').select('id').execute()).length,
      packages: (await db.selectFrom('packages').select('hash').execute()).length,
    });
    // The samples load in folder order: aplusb, then circle ("Circle Area").
    const drop = await injectFailure(db, 'problems', 'INSERT', `NEW.title = 'Circle Area'`);
    try {
      await start();
    } finally {
      await drop();
    }
    assert.deepEqual(await counts(), { problems: 0, versions: 0, packages: 0 });
    await start();
    assert.deepEqual(await counts(), { problems: slugs.length, versions: slugs.length, packages: slugs.length });
  });
});

describe('transactions: CLI commands on the local database', function () {
  let server: TestServer & { databaseUrl?: string };
  let box: CliSandbox;
  before(async () => {
    server = await startTestServer();
    box = new CliSandbox();
  });
  after(async () => {
    await server?.destroy();
    box?.remove();
  });
  // The CLI reaches the running server's database: its PGlite socket, or the same PostgreSQL database.
  const run = (args: string[]) => box.run(args, { env: { DATA_DIR: server.dataDir, ...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}) } });

  it('user passwd: the new hash and the ended sessions go together', async () => {
    const { db } = server.services;
    const user = await accountWithToken(server);
    const before = await databaseState(db);
    const drop = await injectFailure(db, 'auth_tokens', 'UPDATE', `OLD.user_id = ${user.id}`);
    try {
      const failed = await run(['user', 'passwd', user.username, '--password', 'cli-pass-1']);
      assert.equal(failed.code, 2, failed.stderr);
      assert.match(failed.stderr, /^error: injected failure: UPDATE on auth_tokens/m);
    } finally {
      await drop();
    }
    assert.equal(await databaseState(db), before);
    const changed = await run(['user', 'passwd', user.username, '--password', 'cli-pass-1']);
    assert.equal(changed.code, 0, changed.stderr);
    assert.equal((await user.api.get('/api/user/userInfo')).status, 401, 'the session ended');
  });

  it('user import: stopped by a failure, it hands out the passwords of the users it created; run again, it creates the rest', async () => {
    const { db } = server.services;
    writeXlsx(box.path('class.xlsx'), [['username', 'e-mail'], ['imp1', 'imp1@example.com'], ['imp2', 'imp2@example.com'], ['imp3', 'imp3@example.com']]);
    const drop = await injectFailure(db, 'users', 'INSERT', `NEW.username = 'imp2'`);
    try {
      const stopped = await run(['user', 'import', box.path('class.xlsx'), '--yes', '-o', box.path('first.csv')]);
      assert.equal(stopped.code, 2, stopped.stderr);
      assert.match(stopped.stderr, /the import stopped: injected failure: INSERT on users\. 1 users were created before that; their generated passwords are in .*first\.csv/);
    } finally {
      await drop();
    }
    const first = fs.readFileSync(box.path('first.csv'), 'utf8').trim().split('\n');
    assert.deepEqual(first.map((l) => l.split(',')[0]), ['username', 'imp1']);
    const imp1 = await db.selectFrom('users').select('password_hash').where('username', '=', 'imp1').executeTakeFirstOrThrow();
    assert.ok(await verifyPassword(imp1.password_hash, first[1].split(',')[2]), 'the written password is the account’s');

    const rest = await run(['user', 'import', box.path('class.xlsx'), '--yes', '-o', box.path('second.csv')]);
    assert.equal(rest.code, 0, rest.stderr);
    assert.match(rest.stdout, /2 created, 1 already existed, 0 invalid/);
    const names = (await db.selectFrom('users').select('username').where('username', 'like', 'imp%').orderBy('username').execute()).map((r) => r.username);
    assert.deepEqual(names, ['imp1', 'imp2', 'imp3']);
  });
});
