// Balloons survive a backup and restore: the problems' colours and the deliveries (who, when)
// come back, so the volunteers' list after a restore is the one before it. Real PGlite (and
// PostgreSQL with TEST_DATABASE_URL).
import assert from 'node:assert/strict';
import path from 'node:path';
import { migrateToLatest } from '@verdict/server/internal/db/migrate';
import { restoreBackup, writeBackup } from '@verdict/server/internal/db/backup';
import { listBalloons, markBalloon } from '@verdict/server/internal/modules/balloons/balloons';
import { freshStores } from './fresh-stores.ts';

describe('balloons in a backup', function () {
  this.timeout(120_000);
  const stores = freshStores('verdict-balloon-backup-');
  after(() => stores.cleanup());
  const freshDatabase = () => stores.fresh();

  it('keeps the colours and the deliveries', async () => {
    const source = await freshDatabase();
    const db = source.database.db;
    await migrateToLatest(db);
    const [judge, alice, bob] = await db
      .insertInto('users')
      .values([
        { username: 'judge', email: 'judge@example.test', password_hash: 'h', auth: 1 },
        { username: 'alice', email: 'alice@example.test', password_hash: 'h' },
        { username: 'bob', email: 'bob@example.test', password_hash: 'h' },
      ])
      .returning(['id', 'username', 'auth'])
      .execute();
    const start = Date.now() - 3600_000;
    const cup = await db.insertInto('contests').values({ title: 'Cup', start_time: new Date(start), end_time: new Date(start + 7200_000) }).returning('id').executeTakeFirstOrThrow();
    const problem = await db
      .insertInto('problems')
      .values({ title: 'Apples', time_limit: 1000, memory_limit: 64, color: '#ff0000', color_name: 'red' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('contest_problems').values({ contest_id: cup.id, problem_id: problem.id, position: 1 }).execute();
    await db.insertInto('contest_users').values([alice, bob].map((u) => ({ contest_id: cup.id, user_id: u.id }))).execute();
    await db
      .insertInto('submissions')
      .values([alice, bob].map((u, i) => ({ user_id: u.id, problem_id: problem.id, contest_id: cup.id, language: 'cpp', code: '', status: 'AC', tests: '[]', created_at: new Date(start + (i + 1) * 60_000) })))
      .execute();
    await markBalloon(db, judge, { contestId: cup.id, userId: alice.id, problemId: problem.id, delivered: true }, new Date(start + 5 * 60_000));
    const before = await listBalloons(db, cup.id);
    assert.deepEqual(before.items.map((b) => [b.username, b.color, b.colorName, b.firstToSolve, b.delivered, b.deliveredBy]), [
      ['alice', '#ff0000', 'red', true, true, 'judge'],
      ['bob', '#ff0000', 'red', false, false, null],
    ]);

    const file = path.join(source.dataDir, 'backup.zip');
    const manifest = await writeBackup(db, source.dataDir, file);
    assert.equal(manifest.tables.balloon_deliveries, 1);

    const target = await freshDatabase();
    await restoreBackup(target.database.db, target.dataDir, file);
    assert.deepEqual(await listBalloons(target.database.db, cup.id), before);
  });
});
