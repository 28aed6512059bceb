// HTTP Basic credentials of a Verdict account (RFC 7617), for the tools that log in that way
// (the ICPC Resolver, the Contest Data Server, DOMjudge's shadow mode) on the routes that accept
// them. The password is checked as a login checks it: argon2, and the same failure counts and
// lock-outs per account and address. A verified pair is remembered for a minute, so a tool that
// polls every second costs no hash each time; a remembered pair still has to match the account's
// current password hash, so a changed password or a deleted account counts at once.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../common/errors.ts';
import type { CurrentUser } from './current-user.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { assertLoginAllowed, clearAccountFailures, recordLoginFailure } from './rate-limit.ts';

export interface BasicCredentials {
  username: string;
  password: string;
}

/** What a 401 answers so that a client knows to send Basic credentials. */
export const BASIC_CHALLENGE = 'Basic realm="Verdict", charset="UTF-8"';

const REMEMBER_MS = 60_000;
const MAX_REMEMBERED = 1000;
const remembered = new Map<string, { passwordHash: string; until: number }>();
let dummyHash: Promise<string> | undefined;

/** The credentials of an `Authorization: Basic …` header; null when the header is not Basic. */
export function basicCredentials(header: string | undefined): BasicCredentials | null {
  const match = /^Basic\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) throw fail('WRONG_CREDENTIALS', 'Malformed Basic credentials: send base64 of username:password');
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** The account the credentials name, when the password is right; WRONG_CREDENTIALS otherwise. */
export async function userFromBasic(db: Kysely<DB>, credentials: BasicCredentials, ip: string, now: Date): Promise<CurrentUser> {
  const { username, password } = credentials;
  const row = await db.selectFrom('users').select(['id', 'username', 'auth', 'password_hash']).where('username', '=', username).executeTakeFirst();
  const key = crypto.createHash('sha256').update(`${username}\0${password}`).digest('hex');
  const known = remembered.get(key);
  if (row && known && known.passwordHash === row.password_hash && known.until > now.getTime()) return { id: row.id, username: row.username, auth: row.auth };
  const keys = { account: username, ip };
  await assertLoginAllowed(db, keys, now);
  // An unknown name costs a verification too: the time does not tell which names exist.
  dummyHash ??= hashPassword('no such user');
  const valid = await verifyPassword(row?.password_hash ?? (await dummyHash), password);
  if (!row || !valid) {
    await recordLoginFailure(db, keys, now);
    throw fail('WRONG_CREDENTIALS');
  }
  await clearAccountFailures(db, username);
  if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
  remembered.set(key, { passwordHash: row.password_hash, until: now.getTime() + REMEMBER_MS });
  return { id: row.id, username: row.username, auth: row.auth };
}
