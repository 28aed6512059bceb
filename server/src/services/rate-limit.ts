// Failed-login counting in the login_attempts table, so that every server process behind a
// load balancer sees the same counts. A row is one failure under one key (`user:<name>` or
// `ip:<address>`); a key is blocked while it has too many rows in the window.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { fail } from '../http/errors.ts';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_USER = 10;
export const MAX_FAILURES_PER_IP = 30;

export interface AttemptKeys {
  /** The username or e-mail address tried (lowercased), or null when none was given. */
  account: string | null;
  ip: string;
}

function keysOf(k: AttemptKeys): { key: string; max: number; what: string }[] {
  const keys = [{ key: `ip:${k.ip}`, max: MAX_FAILURES_PER_IP, what: 'from your address' }];
  if (k.account) keys.unshift({ key: `user:${k.account.toLowerCase()}`, max: MAX_FAILURES_PER_USER, what: 'for this account' });
  return keys;
}

/** Throws RATE_LIMITED when the account or the address has failed too often lately. */
export async function assertLoginAllowed(db: Kysely<DB>, k: AttemptKeys): Promise<void> {
  const since = new Date(Date.now() - LOGIN_WINDOW_MS);
  for (const { key, max, what } of keysOf(k)) {
    const row = await db
      .selectFrom('login_attempts')
      .select([sql<number>`count(*)`.as('n'), sql<Date>`min(at)`.as('oldest')])
      .where('key', '=', key)
      .where('at', '>', since)
      .executeTakeFirstOrThrow();
    if (row.n >= max) {
      const waitMin = Math.max(1, Math.ceil((new Date(row.oldest).getTime() + LOGIN_WINDOW_MS - Date.now()) / 60000));
      throw fail('RATE_LIMITED', `Too many failed logins ${what}; try again in ${waitMin} minute${waitMin === 1 ? '' : 's'}`);
    }
  }
}

export async function recordLoginFailure(db: Kysely<DB>, k: AttemptKeys): Promise<void> {
  await db.insertInto('login_attempts').values(keysOf(k).map(({ key }) => ({ key }))).execute();
}

/** A successful login forgets the account's failures (not the address's). */
export async function clearAccountFailures(db: Kysely<DB>, account: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', `user:${account.toLowerCase()}`).execute();
}

export async function pruneLoginAttempts(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom('login_attempts').where('at', '<', new Date(Date.now() - LOGIN_WINDOW_MS)).execute();
}
