import { sql, type Kysely } from 'kysely';

// Clarifications (issue 16, item 2): a contestant's question about a problem of a contest or the
// contest in general, answered by a judge privately or to everyone, and the judges' announcements.
// `version` takes the next number of its own sequence on every change (asked, answered, posted),
// so a client knows what changed since it last looked; `clarification_reads` holds, per member
// and contest, the version up to which the member has seen them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('clarifications')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('contest_id', 'integer', (c) => c.notNull().references('contests.id').onDelete('cascade'))
    // A problem of the contest, or null for the contest in general (a deleted problem leaves the question general).
    .addColumn('problem_id', 'integer', (c) => c.references('problems.id').onDelete('set null'))
    .addColumn('kind', 'varchar(12)', (c) => c.notNull().check(sql`kind in ('question', 'announcement')`))
    // The contestant who asked; null for an announcement.
    .addColumn('asker_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('answer', 'text')
    // 'private': only the asker sees it (and its answer); 'public': every member does, without the asker's name.
    .addColumn('visibility', 'varchar(8)', (c) => c.notNull().defaultTo('private').check(sql`visibility in ('private', 'public')`))
    // The judge who answered, or who posted the announcement.
    .addColumn('answered_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('answered_at', 'timestamptz')
    .addColumn('version', 'serial', (c) => c.notNull())
    .addCheckConstraint('clarifications_shape', sql`(kind = 'question' and asker_id is not null) or (kind = 'announcement' and asker_id is null and visibility = 'public')`)
    .execute();
  await db.schema.createIndex('clarifications_contest').on('clarifications').columns(['contest_id', 'id']).execute();
  // The judges' queue: unanswered questions.
  await db.schema.createIndex('clarifications_unanswered').on('clarifications').column('id').where(sql.ref('answer'), 'is', null).execute();
  // The ask cooldown reads a user's latest questions.
  await db.schema.createIndex('clarifications_asker').on('clarifications').columns(['asker_id', 'created_at']).execute();

  await db.schema
    .createTable('clarification_reads')
    .addColumn('contest_id', 'integer', (c) => c.notNull().references('contests.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('seen_version', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('clarification_reads_pkey', ['contest_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('clarification_reads').ifExists().execute();
  await db.schema.dropTable('clarifications').ifExists().execute();
}
