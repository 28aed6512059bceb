import { sql, type Kysely } from 'kysely';

// Idempotent submits (issue 33): a client may name its submission with a key of its own
// (`submissionKey`, at most 64 characters); a retry with the same key returns the record
// already stored instead of storing a second one. Unique per user, across processes.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('submissions').addColumn('submission_key', 'text').execute();
  await sql`create unique index submissions_user_key on submissions (user_id, submission_key) where submission_key is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists submissions_user_key`.execute(db);
  await db.schema.alterTable('submissions').dropColumn('submission_key').execute();
}
