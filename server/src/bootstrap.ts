// First-start chores: the superadmin account (printed once) and anything else a fresh
// installation needs.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from './db/schema.ts';
import type { Logger } from './logger.ts';
import { hashPassword, usernameColumns } from './modules/accounts/index.ts';

export interface FirstAdmin {
  username: string;
  password: string;
}

/** Creates the superadmin `admin` when no administrator exists yet; returns its credentials once. */
export async function ensureFirstAdmin(db: Kysely<DB>, adminPassword: string | undefined, log: Logger): Promise<FirstAdmin | null> {
  const existing = await db.selectFrom('users').select('id').where('auth', '>=', 1).limit(1).executeTakeFirst();
  if (existing) return null;
  const password = adminPassword ?? crypto.randomBytes(9).toString('base64url');
  const inserted = await db
    .insertInto('users')
    .values({ username: 'admin', ...usernameColumns('admin'), email: 'admin@verdict.local', nickname: 'Administrator', auth: 2, password_hash: await hashPassword(password) })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null; // another process won the race
  log.info('created the first administrator "admin"');
  return { username: 'admin', password };
}
