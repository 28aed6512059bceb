import { sql, type Kysely } from 'kysely';

// Balloons (issue 16, item 5). A problem may have a colour (`#rrggbb`, lowercase) and a name for
// it ("red"); a name needs a colour. The balloons themselves are not stored: each is a member's
// first accepted submission on a problem of the contest, read from the submissions. What is
// stored is their delivery, per contest, contestant and problem (a rejudge that moves the first
// AC keeps the balloon delivered): who delivered it and when. No row: not delivered.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('problems')
    .addColumn('color', 'varchar(7)')
    .addColumn('color_name', 'text')
    .execute();
  await db.schema
    .alterTable('problems')
    .addCheckConstraint('problems_color_hex', sql`color is null or color ~ '^#[0-9a-f]{6}$'`)
    .execute();
  await db.schema
    .alterTable('problems')
    .addCheckConstraint('problems_color_name_needs_color', sql`color_name is null or color is not null`)
    .execute();

  await db.schema
    .createTable('balloon_deliveries')
    .addColumn('contest_id', 'integer', (c) => c.notNull().references('contests.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('problem_id', 'integer', (c) => c.notNull().references('problems.id').onDelete('cascade'))
    // The administrator who marked it delivered; null once that account is deleted.
    .addColumn('delivered_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('delivered_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('balloon_deliveries_pkey', ['contest_id', 'user_id', 'problem_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('balloon_deliveries').ifExists().execute();
  await db.schema.alterTable('problems').dropConstraint('problems_color_name_needs_color').execute();
  await db.schema.alterTable('problems').dropConstraint('problems_color_hex').execute();
  await db.schema.alterTable('problems').dropColumn('color_name').dropColumn('color').execute();
}
