// `verdict db backup` and `verdict db restore` (issue 18, item 4): a populated contest — users,
// a contest with a problem whose package has a PDF statement, judged submissions — is backed up
// while its server runs, restored into a fresh data folder (and, with TEST_DATABASE_URL, a fresh
// PostgreSQL database), and a server on the restored store shows the same rows, the same
// leaderboard, the same stored files, and takes the same passwords. Restoring into a store that
// holds data, or a file that is not a backup, is refused and changes nothing.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import fs from 'node:fs';
import path from 'node:path';
import { buildZip, kattisEntries, zipForm } from '../helpers/package-zip.ts';
import { freshPostgresDatabase, startTestServer, type TestServer } from '../helpers/server.ts';
import { waitFor } from '../helpers/processes.ts';
import { isFinal, SUM_AC } from '../helpers/slow-sum.ts';
import { accountWithToken, adminAccount } from '../helpers/tokens.ts';
import { verifyPassword } from '@verdict/server/internal/modules/accounts/passwords';
import { CliSandbox } from './run-cli.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** Every table's rows as JSON text, sorted (the migrations' own tables left out). */
async function contents(server: TestServer): Promise<Record<string, string[]>> {
  const { db } = server.services;
  // The leaderboards' change log is written by triggers, not backed up (migration 0014), nor are
  // the judge workers' heartbeats (migration 0018).
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'verdict_migrations%' and table_name not like 'agenda%'
       and table_name not in ('leaderboard_versions', 'leaderboard_changes', 'judge_workers') order by 1`.execute(db);
  const out: Record<string, string[]> = {};
  for (const { name } of rows) {
    const r = await sql<{ row: string }>`select to_jsonb(t)::text as row from ${sql.table(name)} t`.execute(db);
    out[name] = r.rows.map((x) => x.row).sort();
  }
  return out;
}

/** The data folder's stored files (folder/name → bytes). */
function storedFiles(dataDir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const folder of ['packages', 'statements']) {
    const dir = path.join(dataDir, folder);
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir)) files.set(`${folder}/${name}`, fs.readFileSync(path.join(dir, name)));
  }
  return files;
}

describe('cli: db backup and restore @slow', function () {
  this.timeout(240_000);
  let box: CliSandbox;
  let source: TestServer & { databaseUrl?: string };
  let restored: (TestServer & { databaseUrl?: string }) | undefined;
  const drops: (() => Promise<void>)[] = [];

  before(async () => {
    box = new CliSandbox();
    source = await startTestServer({ JUDGE_WORKERS: '1', SUBMIT_WAIT_MS: '0' });
  });
  after(async () => {
    await restored?.close();
    await source?.destroy();
    for (const drop of drops) await drop().catch(() => undefined);
    box.remove();
  });

  it('round-trips a populated contest, taken while its server runs, into a fresh store', async () => {
    const admin = await adminAccount(source);
    const alice = await accountWithToken(source, { password: 'alice-pass-1' });
    const zip = await buildZip(kattisEntries({ pdf: PDF }));
    const problemId = (
      await source.services.db.insertInto('problems').values({ title: 'Sum', time_limit: 1000, memory_limit: 256, statement: 's' }).returning('id').executeTakeFirstOrThrow()
    ).id;
    const uploaded = await admin.api.multipart('/api/admin/problem/upload', zipForm(problemId, zip));
    assert.equal(uploaded.code, 0, uploaded.message);
    const now = Date.now();
    const contest = await source.services.db
      .insertInto('contests')
      .values({ title: 'Backup Cup', start_time: new Date(now - 3600_000), end_time: new Date(now + 3600_000), create_time: new Date(now - 7200_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await source.services.db.insertInto('contest_problems').values({ contest_id: contest.id, problem_id: problemId, position: 0 }).execute();
    await source.services.db.insertInto('contest_users').values({ contest_id: contest.id, user_id: alice.id }).execute();
    const ids: number[] = [];
    for (const code of [SUM_AC, 'print(0)']) {
      const r = await alice.api.json('/api/submit', { problemId, language: 'python3', code, contestId: contest.id });
      assert.equal(r.code, 0, r.message);
      ids.push(r.data.id);
      source.clock.advance(5000);
    }
    await waitFor(
      'both submissions judged',
      async () => {
        const rows = await source.services.db.selectFrom('submissions').select('status').where('id', 'in', ids).execute();
        return rows.every((r) => isFinal(r.status)) ? rows : undefined;
      },
      60_000,
    );
    const board = await alice.api.get('/api/BangDan/AllResultList', { contestId: contest.id });
    assert.equal(board.code, 0, board.message);

    // Backed up while the server runs (the embedded database through its socket).
    const file = path.join(box.root, 'backup.zip');
    const sourceEnv = { DATA_DIR: source.dataDir, DATABASE_URL: source.databaseUrl ?? '' };
    const backup = await box.run(['db', 'backup', file], { env: sourceEnv });
    assert.equal(backup.code, 0, backup.stderr);
    assert.match(backup.stdout, /Backed up .* tables, \d+ rows, 2 stored files/);
    const before = await contents(source);
    const filesBefore = storedFiles(source.dataDir);
    assert.equal(filesBefore.size, 2, [...filesBefore.keys()].join(' '));
    await source.destroy();

    // A fresh data folder (and database).
    const target = path.join(box.root, 'restored');
    let databaseUrl: string | undefined;
    if (process.env.TEST_DATABASE_URL) {
      const fresh = await freshPostgresDatabase(process.env.TEST_DATABASE_URL);
      databaseUrl = fresh.url;
      drops.push(fresh.drop);
    }
    const targetEnv = { DATA_DIR: target, DATABASE_URL: databaseUrl ?? '' };
    const restore = await box.run(['db', 'restore', file], { env: targetEnv });
    assert.equal(restore.code, 0, restore.stderr);
    assert.match(restore.stdout, /Restored .* 2 stored files/);

    restored = await startTestServer({ JUDGE_WORKERS: '0' }, { dataDir: target, databaseUrl });
    assert.deepEqual(await contents(restored), before, 'the restored tables differ');
    // The same stored files, byte for byte.
    assert.deepEqual(storedFiles(target), filesBefore);
    // The same password; the same leaderboard; new rows continue after the restored ids.
    const row = await restored.services.db.selectFrom('users').select('password_hash').where('id', '=', alice.id).executeTakeFirstOrThrow();
    assert.equal(await verifyPassword(row.password_hash, 'alice-pass-1'), true);
    const newcomer = await accountWithToken(restored, { username: `${alice.username}x` });
    assert.ok(newcomer.id > alice.id);
    const adminAgain = await adminAccount(restored);
    const boardAgain = await adminAgain.api.get('/api/BangDan/AllResultList', { contestId: contest.id });
    assert.deepEqual(boardAgain.data, board.data);
  });

  it('refuses a store that holds data, and a file that is not a backup, changing nothing', async () => {
    const file = path.join(box.root, 'backup.zip');
    const targetEnv = { DATA_DIR: path.join(box.root, 'restored'), DATABASE_URL: restored?.databaseUrl ?? '' };
    await restored?.close();
    restored = undefined;
    const again = await box.run(['db', 'restore', file], { env: targetEnv });
    assert.equal(again.code, 2, again.stdout);
    assert.match(again.stderr, /not empty|already at migration/);
    fs.writeFileSync(path.join(box.root, 'junk.zip'), 'not a zip');
    const junk = await box.run(['db', 'restore', path.join(box.root, 'junk.zip')], { env: { DATA_DIR: path.join(box.root, 'other') } });
    assert.equal(junk.code, 2);
    assert.match(junk.stderr, /is not a Verdict backup/);
  });
});
