import type { Kysely } from 'kysely';
import { usernameShape } from '../../modules/accounts/usernames.ts';

// Usernames' shapes (accounts/usernames.ts usernameShape, found in review): the TR39 skeleton
// taken before lower-casing, so that `AIice` (capital I, which TR39 maps to l) is too like
// `alice`; the key of migration 0020 lower-cases first and saw another name. Not unique: names
// chosen before that share a shape are kept as they are; new names and renames are compared.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('username_shape', 'text').execute();
  const users: { id: number; username: string }[] = await db.selectFrom('users').select(['id', 'username']).execute();
  for (const { id, username } of users) await db.updateTable('users').set({ username_shape: usernameShape(username) }).where('id', '=', id).execute();
  await db.schema.createIndex('users_username_shape').on('users').column('username_shape').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_username_shape').execute();
  await db.schema.alterTable('users').dropColumn('username_shape').execute();
}
