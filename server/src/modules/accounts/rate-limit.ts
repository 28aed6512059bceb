// Counting events in the login_attempts table, so that every server process behind a load
// balancer sees the same counts. A row is one event under one key: a failed login under
// `user:<name>` and `ip:<address>`, an e-mail code sent under `mail-ip:<address>`. A key is
// blocked while it has too many rows in the 15-minute window. Before that, an account's failed
// logins slow its next tries down: a growing wait from its 5th failure. A login try counts
// against its account from the start and is forgotten if it succeeds.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../common/errors.ts';

export const WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_USER = 10;
export const MAX_FAILURES_PER_IP = 30;
// Generous: a classroom behind one NAT address registers at once.
export const MAX_CODES_PER_IP = 60;
export const SLOW_AFTER_USER_FAILURES = 5;
// Proof-of-work challenges (captcha.ts): a classroom behind one NAT address loads its login pages at once.
export const MAX_CAPTCHAS_PER_IP = 300;
const FIRST_DELAY_MS = 100;
const MAX_DELAY_MS = 1600;

interface Limit {
  key: string;
  max: number;
  /** Failures from which each try waits: 100 ms, doubling with each further failure, at most 1.6 s. */
  slowAfter?: number;
  /** The refusal, with {minutes} for the wait. */
  message: string;
}

export interface AttemptKeys {
  /** The username or e-mail address tried, or null when none was given. */
  account: string | null;
  ip: string;
}

const isAccountKey = (key: string) => key.startsWith('user:');

function loginLimits(k: AttemptKeys): Limit[] {
  const limits: Limit[] = [
    // Not slowed: a classroom behind one NAT address shares it.
    { key: `ip:${k.ip}`, max: MAX_FAILURES_PER_IP, message: 'Too many failed logins from your address; try again in {minutes}' },
  ];
  if (k.account) {
    limits.unshift({
      key: `user:${k.account.toLowerCase()}`,
      max: MAX_FAILURES_PER_USER,
      slowAfter: SLOW_AFTER_USER_FAILURES,
      message: 'Too many failed logins for this account; try again in {minutes}',
    });
  }
  return limits;
}

function mailLimit(ip: string): Limit {
  return { key: `mail-ip:${ip}`, max: MAX_CODES_PER_IP, message: 'Too many e-mail codes requested from your address; try again in {minutes}' };
}

/** The wait before a try after `failures` failures, for a limit that slows from `slowAfter`. */
export function loginDelayMs(failures: number, slowAfter: number): number {
  return failures < slowAfter ? 0 : Math.min(FIRST_DELAY_MS * 2 ** (failures - slowAfter), MAX_DELAY_MS);
}

/** Throws RATE_LIMITED for the first key at its limit; otherwise answers how long to slow down. */
async function assertUnder(db: Kysely<DB>, limits: Limit[], now: Date): Promise<number> {
  const since = new Date(now.getTime() - WINDOW_MS);
  let delayMs = 0;
  for (const { key, max, slowAfter, message } of limits) {
    const row = await db
      .selectFrom('login_attempts')
      .select([sql<number>`count(*)`.as('n'), sql<Date>`min(at)`.as('oldest')])
      .where('key', '=', key)
      .where('at', '>', since)
      .executeTakeFirstOrThrow();
    const earlier = Number(row.n);
    if (earlier >= max) {
      const wait = Math.max(1, Math.ceil((new Date(row.oldest).getTime() + WINDOW_MS - now.getTime()) / 60000));
      throw fail('RATE_LIMITED', message.replace('{minutes}', `${wait} minute${wait === 1 ? '' : 's'}`));
    }
    if (slowAfter !== undefined) delayMs = Math.max(delayMs, loginDelayMs(earlier, slowAfter));
  }
  return delayMs;
}

async function record(db: Kysely<DB>, limits: Limit[], now = new Date()): Promise<void> {
  await db.insertInto('login_attempts').values(limits.map(({ key }) => ({ key, at: now }))).execute();
}

/**
 * Counts the account's earlier tries and writes this one, as one step per account: tries of one
 * account take a transaction lock on its key in turn, so tries sent in parallel (to one server
 * or to several) cannot all pass a count taken before any of them was written. Sequence order
 * is not commit order, so counting rows "before mine" by id would not do.
 */
async function countAndRecordAccountTry(db: Kysely<DB>, account: Limit, now: Date): Promise<{ id: number; delayMs: number }> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${account.key}))`.execute(trx);
    const delayMs = await assertUnder(trx, [account], now);
    const { id } = await trx.insertInto('login_attempts').values({ key: account.key, at: now }).returning('id').executeTakeFirstOrThrow();
    return { id, delayMs };
  });
}

/**
 * Throws RATE_LIMITED when the account or the address has failed too often lately. The try
 * counts against the account from the start, as a failure until clearAccountFailures() forgets
 * it (see countAndRecordAccountTry). After a few failures the call then waits, before the
 * password is checked, so a quick reply never tells the right password apart from a wrong one.
 */
/** `now`: the services' clock (Services.clock); tries are counted in the 15 minutes before it. */
export async function assertLoginAllowed(db: Kysely<DB>, k: AttemptKeys, now = new Date()): Promise<void> {
  const limits = loginLimits(k);
  const account = limits.find((limit) => isAccountKey(limit.key));
  const own = account ? await countAndRecordAccountTry(db, account, now) : undefined;
  try {
    await assertUnder(db, limits.filter((limit) => limit !== account), now);
  } catch (err) {
    // A refused try is not a failure: hammering a blocked address does not count against the account.
    if (own) await db.deleteFrom('login_attempts').where('id', '=', own.id).execute();
    throw err;
  }
  const delayMs = own?.delayMs ?? 0;
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
}

/** Counts a failed try against the address (assertLoginAllowed already counted the account's). */
export function recordLoginFailure(db: Kysely<DB>, k: AttemptKeys, now = new Date()): Promise<void> {
  return record(db, loginLimits(k).filter((limit) => !isAccountKey(limit.key)), now);
}

/** A successful login forgets the account's failures (not the address's). */
export async function clearAccountFailures(db: Kysely<DB>, account: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', `user:${account.toLowerCase()}`).execute();
}

/** Throws RATE_LIMITED when the address has asked for too many e-mail codes lately. */
export async function assertMailAllowed(db: Kysely<DB>, ip: string): Promise<void> {
  await assertUnder(db, [mailLimit(ip)], new Date());
}

export function recordMailSent(db: Kysely<DB>, ip: string): Promise<void> {
  return record(db, [mailLimit(ip)]);
}

/**
 * Counts a captcha challenge against the client address, or throws RATE_LIMITED past the limit.
 * One locked step like an account's try, so a burst of parallel requests cannot all pass.
 */
export async function assertCaptchaAllowed(db: Kysely<DB>, ip: string, now = new Date()): Promise<void> {
  await countAndRecordAccountTry(db, { key: `captcha-ip:${ip}`, max: MAX_CAPTCHAS_PER_IP, message: 'Too many captchas from your address; try again in {minutes}' }, now);
}

export async function pruneLoginAttempts(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom('login_attempts').where('at', '<', new Date(Date.now() - WINDOW_MS)).execute();
}
