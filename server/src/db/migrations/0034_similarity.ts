import { sql, type Kysely } from 'kysely';

// Similarity checking (issue 31). A run analyses a contest's sources (or one problem's): one
// source per contestant and problem, the last or the last accepted. Its sources say which
// submission stood for whom and which lexer read it (`generic`: the language has none); its
// pairs are the most similar of each problem, with their shared fragments (character offsets in
// each source, JSON); its clusters are groups of more than two linked by similar pairs (JSON).
// A running run whose heartbeat stopped (its process died) is abandoned and ends as failed when
// the next run of its contest starts. A run belongs to its contest: deleting the contest deletes its runs.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('similarity_runs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('contest_id', 'integer', (c) => c.notNull().references('contests.id').onDelete('cascade'))
    .addColumn('problem_id', 'integer', (c) => c.references('problems.id').onDelete('cascade'))
    .addColumn('selection', 'text', (c) => c.notNull().check(sql`selection in ('last', 'accepted')`))
    .addColumn('base_file', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('running', 'done', 'failed')`))
    .addColumn('total_sources', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done_sources', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text')
    .addColumn('clusters', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    // Renewed every few seconds by the process running it: a run whose process died is seen as such.
    .addColumn('heartbeat_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('similarity_runs_contest').on('similarity_runs').columns(['contest_id', 'id']).execute();

  await db.schema
    .createTable('similarity_sources')
    .addColumn('run_id', 'integer', (c) => c.notNull().references('similarity_runs.id').onDelete('cascade'))
    .addColumn('problem_id', 'integer', (c) => c.notNull().references('problems.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('submission_id', 'integer', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
    .addColumn('submissions', 'integer', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('lexer', 'text', (c) => c.notNull())
    .addColumn('tokens', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('similarity_sources_pkey', ['run_id', 'problem_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('similarity_pairs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('run_id', 'integer', (c) => c.notNull().references('similarity_runs.id').onDelete('cascade'))
    .addColumn('problem_id', 'integer', (c) => c.notNull().references('problems.id').onDelete('cascade'))
    .addColumn('user_a', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_b', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('similarity', 'double precision', (c) => c.notNull())
    .addColumn('longest_fragment', 'integer', (c) => c.notNull())
    .addColumn('fragments', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('similarity_pairs_run').on('similarity_pairs').columns(['run_id', 'similarity']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('similarity_pairs').ifExists().execute();
  await db.schema.dropTable('similarity_sources').ifExists().execute();
  await db.schema.dropTable('similarity_runs').ifExists().execute();
}
