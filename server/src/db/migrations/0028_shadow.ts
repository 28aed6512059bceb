import type { Kysely } from 'kysely';

// Shadow mode (issue 28, item 6): a contest of this server shadowing another CCS's event feed.
// shadows: one row a shadowing contest: the feed's source (a URL or a file), the Authorization
// header to read it with, the last token read and the mapping of their teams and problems (to resume after a restart) and its state.
// shadow_submissions: each of their submissions: our copy (null until submitted, or when it
// could not be: `refused` says why) and their current judgement type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shadows')
    .addColumn('contest_id', 'integer', (c) => c.primaryKey().references('contests.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('authorization', 'text')
    .addColumn('since_token', 'text')
    .addColumn('mapping', 'text')
    .addColumn('running', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createTable('shadow_submissions')
    .addColumn('contest_id', 'integer', (c) => c.notNull().references('contests.id').onDelete('cascade'))
    .addColumn('their_id', 'text', (c) => c.notNull())
    .addColumn('submission_id', 'integer', (c) => c.references('submissions.id').onDelete('set null'))
    .addColumn('their_type', 'text')
    .addColumn('refused', 'text')
    .addPrimaryKeyConstraint('shadow_submissions_pk', ['contest_id', 'their_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shadow_submissions').ifExists().execute();
  await db.schema.dropTable('shadows').ifExists().execute();
}
