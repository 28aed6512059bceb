import type { Kysely } from 'kysely';

// Every final verdict written to a record, with the attempt that wrote it and the process that
// judged it: written in the same statement as the record's verdict (modules/submissions/submission-verdicts.ts),
// so a record has exactly one row per judging that reached a verdict (a rejudge adds one).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('submission_verdicts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('submission_id', 'integer', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(4)', (c) => c.notNull())
    .addColumn('run_time', 'integer', (c) => c.notNull())
    .addColumn('run_memory', 'integer', (c) => c.notNull())
    .addColumn('judged_by', 'text', (c) => c.notNull())
    .addColumn('judged_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('submission_verdicts_submission').on('submission_verdicts').columns(['submission_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('submission_verdicts').ifExists().execute();
}
