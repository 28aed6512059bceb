import { sql, type Kysely } from 'kysely';

// Accounts: one e-mail address per account whatever its letter case (logins by e-mail
// compare lowercased), and an index for pruning expired captchas.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create unique index users_email_lower on users (lower(email))`.execute(db);
  await db.schema.createIndex('captchas_expires').on('captchas').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('captchas_expires').ifExists().execute();
  await db.schema.dropIndex('users_email_lower').ifExists().execute();
}
