// Counting events in the login_attempts table, so that every server process behind a load
// balancer sees the same counts. A row is one event under one key: a failed login under
// `user:<name>` and `ip:<address>`, an e-mail code sent under `mail-ip:<address>`. A key is
// blocked while it has too many rows in the 15-minute window.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { fail } from '../http/errors.ts';

export const WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_USER = 10;
export const MAX_FAILURES_PER_IP = 30;
// Generous: a classroom behind one NAT address registers at once.
export const MAX_CODES_PER_IP = 60;

interface Limit {
  key: string;
  max: number;
  /** The refusal, with {minutes} for the wait. */
  message: string;
}

export interface AttemptKeys {
  /** The username or e-mail address tried, or null when none was given. */
  account: string | null;
  ip: string;
}

function loginLimits(k: AttemptKeys): Limit[] {
  const limits = [{ key: `ip:${k.ip}`, max: MAX_FAILURES_PER_IP, message: 'Too many failed logins from your address; try again in {minutes}' }];
  if (k.account) {
    limits.unshift({ key: `user:${k.account.toLowerCase()}`, max: MAX_FAILURES_PER_USER, message: 'Too many failed logins for this account; try again in {minutes}' });
  }
  return limits;
}

function mailLimit(ip: string): Limit {
  return { key: `mail-ip:${ip}`, max: MAX_CODES_PER_IP, message: 'Too many e-mail codes requested from your address; try again in {minutes}' };
}

async function assertUnder(db: Kysely<DB>, limits: Limit[]): Promise<void> {
  const since = new Date(Date.now() - WINDOW_MS);
  for (const { key, max, message } of limits) {
    const row = await db
      .selectFrom('login_attempts')
      .select([sql<number>`count(*)`.as('n'), sql<Date>`min(at)`.as('oldest')])
      .where('key', '=', key)
      .where('at', '>', since)
      .executeTakeFirstOrThrow();
    if (row.n >= max) {
      const wait = Math.max(1, Math.ceil((new Date(row.oldest).getTime() + WINDOW_MS - Date.now()) / 60000));
      throw fail('RATE_LIMITED', message.replace('{minutes}', `${wait} minute${wait === 1 ? '' : 's'}`));
    }
  }
}

async function record(db: Kysely<DB>, limits: Limit[]): Promise<void> {
  await db.insertInto('login_attempts').values(limits.map(({ key }) => ({ key }))).execute();
}

/** Throws RATE_LIMITED when the account or the address has failed too often lately. */
export function assertLoginAllowed(db: Kysely<DB>, k: AttemptKeys): Promise<void> {
  return assertUnder(db, loginLimits(k));
}

export function recordLoginFailure(db: Kysely<DB>, k: AttemptKeys): Promise<void> {
  return record(db, loginLimits(k));
}

/** A successful login forgets the account's failures (not the address's). */
export async function clearAccountFailures(db: Kysely<DB>, account: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', `user:${account.toLowerCase()}`).execute();
}

/** Throws RATE_LIMITED when the address has asked for too many e-mail codes lately. */
export function assertMailAllowed(db: Kysely<DB>, ip: string): Promise<void> {
  return assertUnder(db, [mailLimit(ip)]);
}

export function recordMailSent(db: Kysely<DB>, ip: string): Promise<void> {
  return record(db, [mailLimit(ip)]);
}

export async function pruneLoginAttempts(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom('login_attempts').where('at', '<', new Date(Date.now() - WINDOW_MS)).execute();
}
