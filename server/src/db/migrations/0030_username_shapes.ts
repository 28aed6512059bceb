import type { Kysely } from 'kysely';
import { usernameShape } from '../../common/username-keys.ts';

// Usernames' shapes (accounts/usernames.ts usernameShape, found in review): the TR39 skeleton
// taken before lower-casing, so that `AIice` (capital I, which TR39 maps to l) is too like
// `alice`; the key of migration 0020 lower-cases first and saw another name. Unique, so that two
// look-alikes created at once cannot both be kept. As in 0020, names chosen before that share a
// shape do not fail the migration: the oldest account gets the shape, the others keep their
// names with none (they are not told apart by it; new names are still compared to them).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('username_shape', 'text').execute();
  const users: { id: number; username: string }[] = await db.selectFrom('users').select(['id', 'username']).orderBy('id').execute();
  const taken = new Set<string>();
  for (const { id, username } of users) {
    const shape = usernameShape(username);
    if (taken.has(shape)) continue;
    taken.add(shape);
    await db.updateTable('users').set({ username_shape: shape }).where('id', '=', id).execute();
  }
  await db.schema.createIndex('users_username_shape').unique().on('users').column('username_shape').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_username_shape').execute();
  await db.schema.alterTable('users').dropColumn('username_shape').execute();
}
