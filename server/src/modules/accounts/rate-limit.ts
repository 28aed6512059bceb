// Counting events in the login_attempts table, so that every server process behind a load
// balancer sees the same counts. A row is one event under one key: a failed login under
// `user:<name>` and `ip:<address>`, an e-mail code sent under `mail-ip:<address>`, and a login
// being checked right now under `try:user:<name>` and `try:ip:<address>`. A key is blocked while
// it has too many failures in the 15-minute window. Before that, an account's failed logins slow
// its next tries down: a growing wait from its 5th failure. A login try holds a place under both
// keys while its password is checked: failures and places together never pass the limit, so
// parallel guesses cannot slip past it; a right password gives its place back and counts nothing.
import { isIPv6 } from 'node:net';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../common/errors.ts';
import { usernameKey } from './usernames.ts';

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

/**
 * The key of a client address: an IPv6 address by its /64, what one subscriber, host or VPS is
 * given (counted address by address, a /64 had 2^64 allowances: found in review); an IPv4-mapped
 * IPv6 address as its IPv4 address.
 */
export function addressKey(ip: string): string {
  const bare = ip.replace(/%.*$/, '').toLowerCase();
  if (!isIPv6(bare)) return bare;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return mapped[1];
  let text = bare;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const before = head ? head.split(':') : [];
  const after = tail ? tail.split(':') : [];
  const groups = tail === undefined ? before : [...before, ...Array<string>(8 - before.length - after.length).fill('0'), ...after];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** Every spelling of a name (case, width, look-alike letters) counts on one key (usernames.ts). */
const accountKey = (account: string) => `user:${usernameKey(account)}`;

function loginLimits(k: AttemptKeys): Limit[] {
  const limits: Limit[] = [
    // Not slowed: a classroom behind one NAT address shares it.
    { key: `ip:${addressKey(k.ip)}`, max: MAX_FAILURES_PER_IP, message: 'Too many failed logins from your address; try again in {minutes}' },
  ];
  if (k.account) {
    limits.unshift({
      key: accountKey(k.account),
      max: MAX_FAILURES_PER_USER,
      slowAfter: SLOW_AFTER_USER_FAILURES,
      message: 'Too many failed logins for this account; try again in {minutes}',
    });
  }
  return limits;
}

function mailLimit(ip: string): Limit {
  return { key: `mail-ip:${addressKey(ip)}`, max: MAX_CODES_PER_IP, message: 'Too many e-mail codes requested from your address; try again in {minutes}' };
}

/** The wait before a try after `failures` failures, for a limit that slows from `slowAfter`. */
export function loginDelayMs(failures: number, slowAfter: number): number {
  return failures < slowAfter ? 0 : Math.min(FIRST_DELAY_MS * 2 ** (failures - slowAfter), MAX_DELAY_MS);
}

/** A try being checked holds its place this long at most (its process may have died meanwhile). */
export const TRY_HOLD_MS = 30_000;
/** How long a try waits for a place while the other tries in flight fill the limit. */
export const MAX_TRY_WAIT_MS = 15_000;
const TRY = 'try:';

function refusal({ message }: Limit, oldest: Date, now: Date): Error {
  const wait = Math.max(1, Math.ceil((new Date(oldest).getTime() + WINDOW_MS - now.getTime()) / 60000));
  return fail('RATE_LIMITED', message.replace('{minutes}', `${wait} minute${wait === 1 ? '' : 's'}`));
}

/**
 * Throws RATE_LIMITED for the first key at its limit of failures. Otherwise answers how long to
 * slow down, and whether failures and tries in flight together fill a limit (`full`).
 */
async function assertUnder(db: Kysely<DB>, limits: Limit[], now: Date): Promise<{ delayMs: number; full: boolean }> {
  const since = new Date(now.getTime() - WINDOW_MS);
  const holdSince = new Date(now.getTime() - TRY_HOLD_MS);
  let delayMs = 0;
  let full = false;
  for (const limit of limits) {
    const { key, max, slowAfter } = limit;
    const row = await db
      .selectFrom('login_attempts')
      .select([
        sql<number>`count(*) filter (where key = ${key})`.as('n'),
        sql<number>`count(*) filter (where key = ${TRY + key} and at > ${holdSince})`.as('inFlight'),
        sql<Date>`min(at) filter (where key = ${key})`.as('oldest'),
      ])
      .where('key', 'in', [key, TRY + key])
      .where('at', '>', since)
      .executeTakeFirstOrThrow();
    const earlier = Number(row.n);
    if (earlier >= max) throw refusal(limit, row.oldest, now);
    if (earlier + Number(row.inFlight) >= max) full = true;
    if (slowAfter !== undefined) delayMs = Math.max(delayMs, loginDelayMs(earlier, slowAfter));
  }
  return { delayMs, full };
}

async function record(db: Kysely<DB>, limits: Limit[], now = new Date()): Promise<void> {
  await db.insertInto('login_attempts').values(limits.map(({ key }) => ({ key, at: now }))).execute();
}

/**
 * Takes a place for one try under each key, in one step per key: tries take a transaction lock
 * on each key in turn (account before address, always in that order), so tries sent in parallel
 * (to one server or to several) cannot all pass a count taken before any of them was written.
 * Answers null when the places are all taken by tries still being checked.
 */
async function takePlaces(db: Kysely<DB>, limits: Limit[], now: Date): Promise<{ ids: number[]; delayMs: number } | null> {
  return db.transaction().execute(async (trx) => {
    for (const { key } of limits) await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
    const { delayMs, full } = await assertUnder(trx, limits, now);
    if (full) return null;
    const rows = await trx
      .insertInto('login_attempts')
      .values(limits.map(({ key }) => ({ key: TRY + key, at: now })))
      .returning('id')
      .execute();
    return { ids: rows.map((r) => r.id), delayMs };
  });
}

/**
 * Counts a key's earlier events and writes this one, as one step per key: calls take a
 * transaction lock on the key in turn, so a burst sent in parallel (to one server or to several)
 * cannot all pass a count taken before any of them was written. Throws RATE_LIMITED at the limit.
 * (Login tries use takePlaces instead: theirs is undone when the password is right.)
 */
export async function countAndRecordAccountTry(db: Kysely<DB>, limit: Limit, now: Date): Promise<{ id: number; delayMs: number }> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${limit.key}))`.execute(trx);
    const { delayMs } = await assertUnder(trx, [limit], now);
    const { id } = await trx.insertInto('login_attempts').values({ key: limit.key, at: now }).returning('id').executeTakeFirstOrThrow();
    return { id, delayMs };
  });
}

/** A password or code being checked: say how it ended, exactly once. */
export interface LoginTry {
  /** Wrong: the try becomes a failure of the account and of the address. */
  failed(): Promise<void>;
  /** Right, or not checked after all: the try leaves nothing behind. */
  release(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts a login try: throws RATE_LIMITED when the account or the address has failed too often
 * lately, else holds a place under both until the caller says how the check ended. When the
 * tries in flight fill a limit, this one waits for them (a right password never fails because
 * others were being checked at the same time). After a few failures the call then waits, before
 * the password is checked, so a quick reply never tells the right password apart from a wrong one.
 * `now`: the services' clock (Services.clock); failures are counted in the 15 minutes before it.
 */
export async function beginLoginTry(db: Kysely<DB>, k: AttemptKeys, now = new Date()): Promise<LoginTry> {
  const limits = loginLimits(k);
  const deadline = performance.now() + MAX_TRY_WAIT_MS;
  let places = await takePlaces(db, limits, now);
  while (!places) {
    if (performance.now() > deadline) throw fail('RATE_LIMITED', 'Too many logins are being checked at once for this account or address; try again in a minute');
    await sleep(20 + Math.random() * 30);
    places = await takePlaces(db, limits, now);
  }
  const { ids, delayMs } = places;
  if (delayMs > 0) await sleep(delayMs);
  const release = async () => {
    await db.deleteFrom('login_attempts').where('id', 'in', ids).execute();
  };
  return {
    release,
    failed: () =>
      db.transaction().execute(async (trx) => {
        await trx.deleteFrom('login_attempts').where('id', 'in', ids).execute();
        await record(trx, limits, now);
      }),
  };
}

/**
 * Runs `check` as one login try (beginLoginTry): an error `counts` says is a wrong secret (a wrong
 * code, a wrong password) becomes a failure of the account and the address; success and any
 * other error give the try back.
 */
export async function underLoginTry<T>(db: Kysely<DB>, k: AttemptKeys, now: Date, counts: (err: unknown) => boolean, check: () => Promise<T>): Promise<T> {
  const attempt = await beginLoginTry(db, k, now);
  let result: T;
  try {
    result = await check();
  } catch (err) {
    await (counts(err) ? attempt.failed() : attempt.release());
    throw err;
  }
  await attempt.release();
  return result;
}

/** Throws RATE_LIMITED when the account or the address is blocked (for a credential checked earlier). */
export async function assertNotBlocked(db: Kysely<DB>, k: AttemptKeys, now = new Date()): Promise<void> {
  await assertUnder(db, loginLimits(k), now);
}

/** A successful login forgets the account's failures (not the address's). */
export async function clearAccountFailures(db: Kysely<DB>, account: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', accountKey(account)).execute();
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
  await countAndRecordAccountTry(db, { key: `captcha-ip:${addressKey(ip)}`, max: MAX_CAPTCHAS_PER_IP, message: 'Too many captchas from your address; try again in {minutes}' }, now);
}

export async function pruneLoginAttempts(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom('login_attempts').where('at', '<', new Date(Date.now() - WINDOW_MS)).execute();
}
