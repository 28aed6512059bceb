import type { Kysely } from 'kysely';

// Whether a contest's ICPC submissions run every test (issue 17, the submission view): the judge
// stops at the first failing test by default, as ICPC judges do; a contest that shows contestants
// every test's verdict runs them all. Scoring problems run their groups' tests either way.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contests').addColumn('show_all_tests', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contests').dropColumn('show_all_tests').execute();
}
