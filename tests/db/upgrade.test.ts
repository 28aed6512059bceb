// Upgrades (issue 18, item 4): the migrations run forward on a populated database, from the first
// migration's schema with data in it, in place and through a backup made by that older schema
// and restored into this version. Real PGlite (and PostgreSQL with TEST_DATABASE_URL).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '@verdict/server/internal/db/database';
import { latestMigration, migrateTo, migrateToLatest } from '@verdict/server/internal/db/migrate';
import { restoreBackup, writeBackup } from '@verdict/server/internal/db/backup';
import { freshStores } from './fresh-stores.ts';

const FIRST = '0001_initial';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows as the first schema had them
async function populateFirstSchema(db: Kysely<any>): Promise<void> {
  const [alice] = await db.insertInto('users').values([{ username: 'alice', email: 'alice@example.com', password_hash: 'h1' }]).returning('id').execute();
  const [sum] = await db.insertInto('problems').values({ title: 'Sum', time_limit: 1000, memory_limit: 256 }).returning('id').execute();
  const [cup] = await db
    .insertInto('contests')
    .values({ title: 'Cup', start_time: new Date('2026-01-01T01:00:00Z'), end_time: new Date('2026-01-01T04:00:00Z') })
    .returning('id')
    .execute();
  await db.insertInto('contest_users').values({ contest_id: cup.id, user_id: alice.id }).execute();
  await db.insertInto('contest_problems').values({ contest_id: cup.id, problem_id: sum.id, position: 0 }).execute();
  await db
    .insertInto('submissions')
    .values([
      { user_id: alice.id, problem_id: sum.id, contest_id: cup.id, language: 'cpp', code: 'int main(){}', status: 'WA', created_at: new Date('2026-01-01T01:10:00Z') },
      { user_id: alice.id, problem_id: sum.id, contest_id: cup.id, language: 'cpp', code: 'int main(){return 0;}', status: 'AC', created_at: new Date('2026-01-01T01:20:00Z') },
    ])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- read back by name, whatever the schema
async function assertDataKept(db: Kysely<any>): Promise<void> {
  assert.equal(await latestMigration(db), await latestKnown());
  const subs = await sql<{ status: string; code: string; username: string; title: string }>`
    select s.status, s.code, u.username, c.title from submissions s
      join users u on u.id = s.user_id join contests c on c.id = s.contest_id order by s.id`.execute(db);
  assert.deepEqual(
    subs.rows.map((r) => [r.status, r.code, r.username, r.title]),
    [
      ['WA', 'int main(){}', 'alice', 'Cup'],
      ['AC', 'int main(){return 0;}', 'alice', 'Cup'],
    ],
  );
  // A contest from before scoring rules is an ICPC contest (migration 0011).
  const rules = await sql<{ scoring_rule: string }>`select scoring_rule from contests`.execute(db);
  assert.deepEqual(rules.rows.map((r) => r.scoring_rule), ['icpc']);
  // What later migrations added works on the old rows: a verdict row, a new submission after them.
  const first = await sql<{ id: number }>`select id from submissions order by id limit 1`.execute(db);
  await sql`insert into submission_verdicts (submission_id, attempt, status, run_time, run_memory, judged_by, judged_at)
            values (${first.rows[0].id}, 1, 'WA', 0, 0, 'upgrade-test', now())`.execute(db);
  const added = await sql<{ id: number }>`insert into submissions (user_id, problem_id, language, code) select user_id, problem_id, 'cpp', 'x' from submissions limit 1 returning id`.execute(db);
  assert.ok(added.rows[0].id > first.rows[0].id + 1);
}

let latest: string | null = null;
async function latestKnown(): Promise<string> {
  if (latest) return latest;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-upgrade-probe-'));
  const probe = await openDatabase({ dataDir: dir });
  try {
    await migrateToLatest(probe.db);
    latest = (await latestMigration(probe.db))!;
    return latest;
  } finally {
    await probe.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('upgrades: migrations run forward on a populated database @slow', function () {
  this.timeout(120_000);
  const stores = freshStores('verdict-upgrade-');
  after(() => stores.cleanup());
  const freshDatabase = () => stores.fresh();

  it('in place: data written under the first schema survives every later migration', async () => {
    const { database } = await freshDatabase();
    await migrateTo(database.db, FIRST);
    assert.equal(await latestMigration(database.db), FIRST);
    await populateFirstSchema(database.db);
    await migrateToLatest(database.db);
    await assertDataKept(database.db);
  });

  it('through a backup made by the first schema, restored into this version', async () => {
    const old = await freshDatabase();
    await migrateTo(old.database.db, FIRST);
    await populateFirstSchema(old.database.db);
    const file = path.join(old.dataDir, 'old-backup.zip');
    const manifest = await writeBackup(old.database.db, old.dataDir, file);
    assert.equal(manifest.migration, FIRST);
    const target = await freshDatabase();
    await restoreBackup(target.database.db, target.dataDir, file);
    await assertDataKept(target.database.db);
  });
});
