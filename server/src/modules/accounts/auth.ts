// Logging in and out, registering, resetting a forgotten password. Every entry point that
// a stranger can call checks the captcha first; password logins go through passport-local's
// Strategy and count failures per account and per address.
import { sql, type Kysely } from 'kysely';
import { Strategy as LocalStrategy } from 'passport-local';
import type { DB } from '../../db/schema.ts';
import { fail, isDomainError } from '../../common/errors.ts';
import { toWireUser, type WireUser } from '../../common/wire.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { issueToken, replacePassword, resolveToken, revokeToken } from './tokens.ts';
import type { Clock } from '../../common/clock.ts';
import type { Config } from '../../config.ts';
import type { Mailer } from '../mail/index.ts';
import { checkCaptcha, type CaptchaAnswer } from './captcha.ts';
import type { Session } from './wire.ts';
import { assertUsernameAllowed, assertUsernameFree, usernameColumns } from './usernames.ts';
import { consumeEmailCode, sendEmailCode, type CodePurpose } from './email-codes.ts';
import { assertMailAllowed, beginLoginTry, clearAccountFailures, recordMailSent, underLoginTry } from './rate-limit.ts';

export type LoginRole = 'user' | 'admin';

interface AuthServices {
  db: Kysely<DB>;
  config: Config;
  mailer: Mailer;
  clock: Clock;
}

interface UserRow {
  id: number;
  username: string;
  email: string;
  nickname: string;
  gender: string;
  auth: number;
  password_hash: string;
}

const NOT_ADMIN = 'This account is not an administrator; please use the user login';

export function findUserByEmail(db: Kysely<DB>, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'nickname', 'gender', 'auth', 'password_hash'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

// A hash to verify against when the username does not exist, so that a miss costs as much
// time as a wrong password and does not reveal which usernames exist.
let dummyHash: Promise<string> | undefined;

function localStrategy(db: Kysely<DB>): LocalStrategy {
  return new LocalStrategy((username, password, done) => {
    (async () => {
      const row = await db
        .selectFrom('users')
        .select(['id', 'username', 'auth', 'password_hash'])
        .where('username', '=', username)
        .executeTakeFirst();
      dummyHash ??= hashPassword('no such user');
      const valid = await verifyPassword(row?.password_hash ?? (await dummyHash), password);
      return row && valid ? { id: row.id, username: row.username, auth: row.auth } : false;
    })().then((user) => done(null, user), done);
  });
}

/** Runs passport-local's Strategy on the credentials: the user, or null when they are wrong. */
function verifyCredentials(db: Kysely<DB>, username: string, password: string): Promise<{ id: number; username: string; auth: number } | null> {
  const strategy = Object.create(localStrategy(db));
  return new Promise((resolve, reject) => {
    strategy.success = (user: { id: number; username: string; auth: number }) => resolve(user);
    strategy.fail = () => resolve(null);
    strategy.error = (err: Error) => reject(err);
    strategy.authenticate({ body: { username, password }, query: {} }, {});
  });
}

export async function passwordLogin(
  { db, config, clock }: AuthServices,
  input: { username: string; password: string; ip: string } & CaptchaAnswer,
  role: LoginRole,
): Promise<Session> {
  await checkCaptcha(db, config.captcha, input);
  const attempt = await beginLoginTry(db, { account: input.username, ip: input.ip }, clock.now());
  const user = await verifyCredentials(db, input.username, input.password).catch(async (err) => {
    await attempt.release();
    throw err;
  });
  // The right password of a non-administrator on the admin login still counts as a failure.
  if (!user || (role === 'admin' && user.auth < 1)) {
    await attempt.failed();
    throw user ? fail('FORBIDDEN', NOT_ADMIN) : fail('WRONG_CREDENTIALS');
  }
  await attempt.release();
  return db.transaction().execute(async (trx) => {
    await clearAccountFailures(trx, input.username);
    return { token: await issueToken(trx, user.id, clock.now()), username: user.username };
  });
}

export async function emailLogin(
  { db, config, clock }: AuthServices,
  input: { email: string; code: string; ip: string } & CaptchaAnswer,
  role: LoginRole,
): Promise<Session> {
  await checkCaptcha(db, config.captcha, input);
  const attempt = await beginLoginTry(db, { account: input.email, ip: input.ip }, clock.now());
  try {
    const session = await consumeEmailCode(db, input.email, 'login', input.code, async (trx) => {
      const user = await findUserByEmail(trx, input.email);
      if (!user) throw fail('EMAIL_CODE_INVALID');
      if (role === 'admin' && user.auth < 1) throw fail('FORBIDDEN', NOT_ADMIN);
      await clearAccountFailures(trx, input.email);
      return { token: await issueToken(trx, user.id, clock.now()), username: user.username };
    });
    await attempt.release();
    return session;
  } catch (err) {
    await (isDomainError(err, 'EMAIL_CODE_INVALID') ? attempt.failed() : attempt.release());
    throw err;
  }
}

/**
 * Mails a code. Without a purpose: `register` for an unknown address, `login` for a known one.
 * A register code needs an unused address; login and reset codes need an account's address.
 * Where the code would not serve (register for a used address, login or reset for an unknown
 * one) the address gets a notice instead, and the caller the same reply and the same limits as
 * for any other address: the reply never tells whether an address has an account. Besides the
 * one-per-minute limit of each address, a client address may ask for 60 codes per 15 minutes, so
 * the server cannot be used to flood many mailboxes. Answers the purpose asked for, or null.
 */
export async function requestEmailCode(
  { db, mailer }: AuthServices,
  input: { email: string; purpose?: CodePurpose; ip: string },
): Promise<CodePurpose | null> {
  const { email, purpose, ip } = input;
  await assertMailAllowed(db, ip);
  const user = await findUserByEmail(db, email);
  const chosen = purpose ?? (user ? 'login' : 'register');
  await sendEmailCode(db, mailer, email, chosen, (chosen === 'register') === !user);
  await recordMailSent(db, ip);
  return purpose ?? null;
}

export async function emailTaken(db: Kysely<DB>, email: string, exceptUserId?: number): Promise<boolean> {
  const user = await findUserByEmail(db, email);
  return user !== undefined && user.id !== exceptUserId;
}

export const USERNAME_TAKEN = 'This username is already taken';
export const EMAIL_TAKEN = 'This e-mail address is already registered';

/** Maps a unique-constraint violation on users to the conflict a person can act on. */
export function userConflict(err: unknown): Error {
  const e = err as { code?: string; constraint?: string; detail?: string };
  if (e?.code !== '23505') return err as Error;
  const where = `${e.constraint ?? ''} ${e.detail ?? ''}`;
  return fail('CONFLICT', /email/i.test(where) ? EMAIL_TAKEN : USERNAME_TAKEN);
}

/**
 * Creates an account. The username and the address are checked only once the e-mail code is
 * right, so only the holder of a register code learns that a name is taken; every wrong code and
 * every taken name counts against the address like a failed login (10 per 15 minutes).
 */
export async function register(
  { db, config, clock }: AuthServices,
  input: { email: string; username: string; password: string; code: string; ip: string } & CaptchaAnswer,
): Promise<WireUser> {
  await checkCaptcha(db, config.captcha, input);
  // What the name itself breaks (invisible characters, mixed scripts) is said at once: it tells
  // nothing about other accounts.
  assertUsernameAllowed(input.username);
  const passwordHash = await hashPassword(input.password);
  const counts = (err: unknown) => isDomainError(err, 'EMAIL_CODE_INVALID') || isDomainError(err, 'CONFLICT');
  const row = await underLoginTry(db, { account: input.email, ip: input.ip }, clock.now(), counts, async () => {
    try {
      return await consumeEmailCode(db, input.email, 'register', input.code, async (trx) => {
        await assertUsernameFree(trx, input.username, USERNAME_TAKEN);
        if (await emailTaken(trx, input.email)) throw fail('CONFLICT', EMAIL_TAKEN);
        const created = await trx
          .insertInto('users')
          .values({ username: input.username, ...usernameColumns(input.username), email: input.email, nickname: input.username, password_hash: passwordHash })
          .returning(['id', 'username', 'email', 'nickname', 'gender', 'auth'])
          .executeTakeFirstOrThrow();
        await clearAccountFailures(trx, input.email);
        return created;
      });
    } catch (err) {
      throw userConflict(err);
    }
  });
  return toWireUser(row);
}

/**
 * Sets a new password after proving the address; every session of the account ends. Nothing
 * about the account (whether the username matches) is said before the code is right, and wrong
 * codes count against the address like failed logins, whichever code they were meant for.
 */
export async function resetPassword(
  { db, config, clock }: AuthServices,
  input: { email: string; newPwd: string; code: string; username?: string; ip: string } & CaptchaAnswer,
): Promise<void> {
  await checkCaptcha(db, config.captcha, input);
  const passwordHash = await hashPassword(input.newPwd);
  const counts = (err: unknown) => isDomainError(err, 'EMAIL_CODE_INVALID');
  await underLoginTry(db, { account: input.email, ip: input.ip }, clock.now(), counts, () =>
    consumeEmailCode(db, input.email, 'reset', input.code, async (trx) => {
      const user = await findUserByEmail(trx, input.email);
      if (!user) throw fail('EMAIL_CODE_INVALID');
      if (input.username && input.username !== user.username) {
        throw fail('VALIDATION', 'The username does not match this e-mail address', { field: 'username' });
      }
      await replacePassword(trx, user.id, passwordHash);
      await clearAccountFailures(trx, user.username);
      await clearAccountFailures(trx, input.email);
    }),
  );
}

/** isUserLogin / isAdminLogin: the token must be live and belong to that username. */
export async function checkSession(db: Kysely<DB>, username: string, token: string, role: LoginRole): Promise<void> {
  const user = token ? await resolveToken(db, token) : null;
  if (!user || user.kind !== 'session' || user.username !== username) throw fail('NOT_LOGGED_IN', 'Not logged in as this user; please log in again');
  if (role === 'admin' && user.auth < 1) throw fail('FORBIDDEN', NOT_ADMIN);
}

export async function logout(db: Kysely<DB>, token: string): Promise<void> {
  await revokeToken(db, token);
}
