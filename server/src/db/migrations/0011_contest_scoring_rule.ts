import { sql, type Kysely } from 'kysely';

// A contest's scoring rule (issue 15, item 5): icpc (every contest so far), ioi or oi. The
// service refuses other values first, with a message naming these.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('contests')
    .addColumn('scoring_rule', 'text', (c) => c.notNull().defaultTo('icpc'))
    .execute();
  await db.schema
    .alterTable('contests')
    .addCheckConstraint('contests_scoring_rule_known', sql`scoring_rule in ('icpc', 'ioi', 'oi')`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contests').dropConstraint('contests_scoring_rule_known').execute();
  await db.schema.alterTable('contests').dropColumn('scoring_rule').execute();
}
