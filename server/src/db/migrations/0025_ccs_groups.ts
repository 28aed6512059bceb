import type { Kysely } from 'kysely';

// Groups of teams and organizations' countries for the ICPC Contest API (issue 28, item 2).
// ccs_groups: the groups an administrator defines for a contest (the built-in participants,
// observers and hidden are not rows: every contest has them). ccs_team_groups: the groups each
// team of a contest is in, built-in or defined; a team in none of the built-in ones is a
// participant. organization_countries: the ISO 3166-1 alpha-3 country of an affiliation (an
// organization is made of an affiliation's text).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ccs_groups')
    .addColumn('contest_id', 'integer', (c) => c.notNull().references('contests.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('ccs_groups_pk', ['contest_id', 'id'])
    .execute();
  await db.schema
    .createTable('ccs_team_groups')
    .addColumn('contest_id', 'integer', (c) => c.notNull().references('contests.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ccs_team_groups_pk', ['contest_id', 'user_id', 'group_id'])
    .execute();
  await db.schema
    .createTable('organization_countries')
    .addColumn('affiliation', 'text', (c) => c.primaryKey())
    .addColumn('country', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('organization_countries').ifExists().execute();
  await db.schema.dropTable('ccs_team_groups').ifExists().execute();
  await db.schema.dropTable('ccs_groups').ifExists().execute();
}
