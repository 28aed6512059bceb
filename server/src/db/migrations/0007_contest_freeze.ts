import { sql, type Kysely } from 'kysely';

// Scoreboard freeze: from `freeze_time` on, contestants see later submissions as pending on the
// leaderboard until an administrator thaws it (`thawed_at`). Both optional; the freeze lies
// strictly inside the contest window (the service checks it first, with clear messages).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contests').addColumn('freeze_time', 'timestamptz').addColumn('thawed_at', 'timestamptz').execute();
  await db.schema
    .alterTable('contests')
    .addCheckConstraint('contests_freeze_inside', sql`freeze_time is null or (freeze_time > start_time and freeze_time < end_time)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contests').dropConstraint('contests_freeze_inside').execute();
  await db.schema.alterTable('contests').dropColumn('thawed_at').dropColumn('freeze_time').execute();
}
