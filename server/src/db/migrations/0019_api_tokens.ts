import { sql, type Kysely } from 'kysely';

// API tokens for Contest API clients (issue 26, item 5): rows of auth_tokens like the login
// sessions, so that every check of a token (routes, open streams) and every revocation covers
// them. `kind` tells them apart ('session' or 'api'); an API token has a label, the
// administrator who issued it, and expires_at 'infinity' (it lives until revoked).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('auth_tokens')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('session').check(sql`kind in ('session', 'api')`))
    .addColumn('label', 'text')
    .addColumn('issued_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('auth_tokens_api').on('auth_tokens').column('kind').where(sql.ref('kind'), '=', 'api').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('auth_tokens_api').execute();
  await db.schema.alterTable('auth_tokens').dropColumn('kind').dropColumn('label').dropColumn('issued_by').execute();
}
