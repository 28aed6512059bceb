// Clarifications survive a backup and restore, and their versions go on from the restored
// ones: a member's seen mark (a version) must never cover what is answered after a restore.
// Real PGlite (and PostgreSQL with TEST_DATABASE_URL).
import assert from 'node:assert/strict';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { DB } from '@verdict/server/internal/db/schema';
import { migrateToLatest } from '@verdict/server/internal/db/migrate';
import { restoreBackup, writeBackup } from '@verdict/server/internal/db/backup';
import { answerQuestion, postAnnouncement } from '@verdict/server/internal/modules/clarifications/clarifications-judges';
import { freshStores } from './fresh-stores.ts';

describe('clarifications in a backup', function () {
  this.timeout(120_000);
  const stores = freshStores('verdict-clar-backup-');
  after(() => stores.cleanup());
  const freshDatabase = () => stores.fresh();

  /** Both tables' rows as PostgreSQL writes them. */
  async function rows(db: Kysely<DB>): Promise<string[]> {
    const questions = await sql<{ row: string }>`select to_jsonb(t)::text as row from clarifications t order by id`.execute(db);
    const reads = await sql<{ row: string }>`select to_jsonb(t)::text as row from clarification_reads t order by contest_id, user_id`.execute(db);
    return [...questions.rows, ...reads.rows].map((r) => r.row);
  }

  it('keeps every question, answer, announcement and seen mark, and numbers later changes after them', async () => {
    const source = await freshDatabase();
    const db = source.database.db;
    await migrateToLatest(db);
    const [judge, alice] = await db
      .insertInto('users')
      .values([
        { username: 'judge', email: 'judge@example.test', password_hash: 'h', auth: 1 },
        { username: 'alice', email: 'alice@example.test', password_hash: 'h' },
      ])
      .returning(['id', 'username', 'auth'])
      .execute();
    const cup = await db.insertInto('contests').values({ title: 'Cup', start_time: new Date(Date.now() - 3600_000), end_time: new Date(Date.now() + 3600_000) }).returning('id').executeTakeFirstOrThrow();
    const now = new Date();
    const asked = await db.insertInto('clarifications').values({ contest_id: cup.id, kind: 'question', asker_id: alice.id, text: 'Is n > 0?', created_at: now }).returning('id').executeTakeFirstOrThrow();
    const answered = await answerQuestion(db, judge, { id: asked.id, answer: 'Yes.', visibility: 'public' }, now);
    await postAnnouncement(db, judge, { contestId: cup.id, text: 'Go!' }, now);
    await db.insertInto('clarification_reads').values({ contest_id: cup.id, user_id: alice.id, seen_version: answered.version }).execute();
    const before = await rows(db);

    const file = path.join(source.dataDir, 'backup.zip');
    const manifest = await writeBackup(db, source.dataDir, file);
    assert.equal(manifest.tables.clarifications, 2);
    assert.equal(manifest.tables.clarification_reads, 1);

    const target = await freshDatabase();
    await restoreBackup(target.database.db, target.dataDir, file);
    assert.deepEqual(await rows(target.database.db), before);

    const restoredMax = (await target.database.db.selectFrom('clarifications').select((eb) => eb.fn.max<number>('version').as('v')).executeTakeFirstOrThrow()).v;
    const again = await answerQuestion(target.database.db, judge, { id: asked.id, answer: 'Yes, n >= 1.', visibility: 'public' }, new Date());
    assert.ok(again.version > restoredMax, `a change after the restore got version ${again.version}, not above ${restoredMax}`);
    const next = await postAnnouncement(target.database.db, judge, { contestId: cup.id, text: 'Ten minutes left' }, new Date());
    assert.ok(next.id > asked.id + 1 && next.version > again.version);
  });
});
