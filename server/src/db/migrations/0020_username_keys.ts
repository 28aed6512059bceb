import type { Kysely } from 'kysely';
import { usernameKey } from '../../common/username-keys.ts';

// Canonical usernames (issue 26, item 6): users.username_key, the name's NFKC, lower-case,
// TR39-skeleton key (modules/accounts/usernames.ts), unique. Names chosen before may clash
// (`alice` and `Alice`): this migration does not fail on them. The account with the lowest id
// keeps the key; the others keep their names and logins but get no key (null), and are reported
// at every start (the log) and by `verdict doctor` until an administrator renames them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('username_key', 'text').execute();
  const users: { id: number; username: string }[] = await db.selectFrom('users').select(['id', 'username']).orderBy('id').execute();
  const taken = new Set<string>();
  for (const { id, username } of users) {
    const key = usernameKey(username);
    if (taken.has(key)) continue;
    taken.add(key);
    await db.updateTable('users').set({ username_key: key }).where('id', '=', id).execute();
  }
  await db.schema.createIndex('users_username_canonical').unique().on('users').column('username_key').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_username_canonical').execute();
  await db.schema.alterTable('users').dropColumn('username_key').execute();
}
