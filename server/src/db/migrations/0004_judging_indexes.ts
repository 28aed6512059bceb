import type { Kysely } from 'kysely';

// Judging and leaderboards: the newest submission and the newest verdict of a contest are
// the leaderboard cache's version (two index look-ups instead of a scan), and the admin
// record list pages newest first.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('submissions_contest_newest').on('submissions').columns(['contest_id', 'id']).execute();
  await db.schema.createIndex('submissions_contest_judged').on('submissions').columns(['contest_id', 'judged_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('submissions_contest_judged').ifExists().execute();
  await db.schema.dropIndex('submissions_contest_newest').ifExists().execute();
}
