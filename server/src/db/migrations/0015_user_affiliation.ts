import type { Kysely } from 'kysely';

// A user's affiliation (issue 16, item 6): the university or organisation a contestant belongs
// to, shown as the team's organization in the ICPC Contest API. Optional; null when unknown.
// Administrators edit it and the user-list spreadsheet may carry it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('affiliation', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('affiliation').execute();
}
