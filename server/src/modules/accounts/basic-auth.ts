// HTTP Basic credentials of a Verdict account (RFC 7617), for the tools that log in that way
// (the ICPC Resolver, the Contest Data Server, DOMjudge's shadow mode) on the routes that accept
// them. The password is checked as a login checks it: argon2, and the same failure counts and
// lock-outs per account and address, where only a wrong password counts (rate-limit.ts). A tool
// opens tens of connections at once with one account: the same credentials arriving together
// share one check, and a verified pair is remembered for a minute (basic-memory.ts), so a tool
// that polls costs no hash each time and is never refused for arriving together.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../common/errors.ts';
import type { CurrentUser } from './current-user.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { assertNotBlocked, beginLoginTry } from './rate-limit.ts';
import { recallCredential, rememberCredential } from './basic-memory.ts';

export interface BasicCredentials {
  username: string;
  password: string;
}

/** What a 401 answers so that a client knows to send Basic credentials. */
export const BASIC_CHALLENGE = 'Basic realm="Verdict", charset="UTF-8"';

export const BASIC_PASSWORDS_OFF = 'HTTP Basic with a password is switched off on this server (BASIC_PASSWORDS=off); send an API token as Bearer instead';

let dummyHash: Promise<string> | undefined;
let checks = 0;
/** How many passwords Basic credentials had checked with argon2 so far (in this process). */
export const passwordChecks = () => checks;

// Checks of the same credentials in flight in this process: arriving together, they share one.
const inFlight = new Map<string, Promise<CurrentUser>>();
// A key of the pair for this process only, so that the memory never holds a plain SHA-256 of a password.
const pepper = crypto.randomBytes(32);

/** The credentials of an `Authorization: Basic …` header; null when the header is not Basic. */
export function basicCredentials(header: string | undefined): BasicCredentials | null {
  const match = /^Basic\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) throw fail('WRONG_CREDENTIALS', 'Malformed Basic credentials: send base64 of username:password');
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function findAccount(db: Kysely<DB>, username: string) {
  return db.selectFrom('users').select(['id', 'username', 'auth', 'password_hash']).where('username', '=', username).executeTakeFirst();
}

async function checkPassword(db: Kysely<DB>, { username, password }: BasicCredentials, key: string, ip: string, now: Date): Promise<CurrentUser> {
  const attempt = await beginLoginTry(db, { account: username, ip }, now);
  let row: Awaited<ReturnType<typeof findAccount>>;
  let valid: boolean;
  try {
    row = await findAccount(db, username);
    // An unknown name costs a verification too: the time does not tell which names exist.
    dummyHash ??= hashPassword('no such user');
    checks += 1;
    valid = await verifyPassword(row?.password_hash ?? (await dummyHash), password);
  } catch (err) {
    await attempt.release();
    throw err;
  }
  if (!row || !valid) {
    await attempt.failed();
    throw fail('WRONG_CREDENTIALS');
  }
  // A right password counts nothing and clears nothing: a tool's logins every minute must not
  // wipe out the failures of someone guessing at the same account.
  await attempt.release();
  rememberCredential(key, { userId: row.id, passwordHash: row.password_hash, auth: row.auth }, now);
  return { id: row.id, username: row.username, auth: row.auth };
}

/** The account the credentials name, when the password is right; WRONG_CREDENTIALS otherwise. */
export async function userFromBasic(db: Kysely<DB>, credentials: BasicCredentials, ip: string, now: Date, allowed = true): Promise<CurrentUser> {
  if (!allowed) throw fail('WRONG_CREDENTIALS', BASIC_PASSWORDS_OFF);
  const key = crypto.createHmac('sha256', pepper).update(`${credentials.username}\0${credentials.password}`).digest('hex');
  const row = await findAccount(db, credentials.username);
  if (row && recallCredential(key, { userId: row.id, passwordHash: row.password_hash, auth: row.auth }, now)) {
    // A blocked account or address is refused even so: else wrong guesses would be refused and
    // the right one let through, which tells it apart at any speed.
    await assertNotBlocked(db, { account: credentials.username, ip }, now);
    return { id: row.id, username: row.username, auth: row.auth };
  }
  let check = inFlight.get(key);
  if (!check) {
    check = checkPassword(db, credentials, key, ip, now).finally(() => inFlight.delete(key));
    inFlight.set(key, check);
  }
  return check;
}
