import { sql, type Kysely } from 'kysely';

// Scoring problems (Kattis type: scoring): a record's score, the most it could score, and each
// test data group's result; all null for a pass-fail problem.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('submissions')
    .addColumn('score', 'double precision')
    .addColumn('max_score', 'double precision')
    .addColumn('groups', sql`jsonb`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('submissions').dropColumn('groups').dropColumn('max_score').dropColumn('score').execute();
}
