import type { Kysely } from 'kysely';

// Per-language time and memory factors as a setting per problem (issue 15, item 3): null keeps what
// the problem's package format says (Kattis and DOMjudge packages: off, their limits hold for every
// language; Verdict's own and flat packages: on), true or false is an administrator's choice.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('problems').addColumn('language_factors', 'boolean').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('problems').dropColumn('language_factors').execute();
}
