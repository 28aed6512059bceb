// One-time e-mail codes: 6 digits, valid 10 minutes, single use, dead after 5 wrong tries,
// at most one sent per address per minute. Only a salted hash is stored. Sending a new code
// retires the address's earlier unused codes, so only the latest one works.
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../common/errors.ts';
import type { Mailer } from '../mail/index.ts';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_TRIES = 5;
export const CODE_RESEND_MS = 60 * 1000;
/** Rows are kept a day for the per-address send limit and for audits, then pruned. */
const CODE_KEEP_MS = 24 * 3600 * 1000;

export type CodePurpose = 'register' | 'login' | 'reset';

/**
 * Which purposes a code may serve. A login code and a reset code both prove that the
 * address belongs to its account holder, so they are interchangeable; a register code is not.
 */
const ACCEPTED: Record<CodePurpose, CodePurpose[]> = {
  register: ['register'],
  login: ['login', 'reset'],
  reset: ['reset', 'login'],
};

function hashCode(code: string, salt: string): string {
  return `${salt}:${crypto.createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

function codeMatches(stored: string, code: string): boolean {
  const salt = stored.split(':')[0];
  const a = Buffer.from(stored);
  const b = Buffer.from(hashCode(code, salt));
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * Creates a code for the address and mails it; RATE_LIMITED within a minute of the last one.
 * `serves` false (a register code for a used address, a login or reset code for an unknown one):
 * the address gets a notice without a code, and the row is written already used, so that the
 * one-per-minute limit and the reply are the same as for a code.
 */
export async function sendEmailCode(db: Kysely<DB>, mailer: Mailer, email: string, purpose: CodePurpose, serves = true): Promise<void> {
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const id = await db.transaction().execute(async (trx) => {
    // Serialises senders of one address across processes, so two racing requests cannot both pass the limit.
    await sql`select pg_advisory_xact_lock(hashtext(${'email-code:' + email}))`.execute(trx);
    const last = await trx
      .selectFrom('email_codes')
      .select('created_at')
      .where('email', '=', email)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const waitMs = last ? new Date(last.created_at).getTime() + CODE_RESEND_MS - Date.now() : 0;
    if (waitMs > 0) {
      throw fail('RATE_LIMITED', `A code was sent to this address less than a minute ago; please wait ${Math.ceil(waitMs / 1000)} s before asking again`);
    }
    if (serves) await trx.updateTable('email_codes').set({ used_at: new Date() }).where('email', '=', email).where('used_at', 'is', null).execute();
    const row = await trx
      .insertInto('email_codes')
      .values({
        email,
        purpose,
        code_hash: hashCode(code, crypto.randomBytes(8).toString('hex')),
        created_at: new Date(),
        expires_at: new Date(Date.now() + CODE_TTL_MS),
        used_at: serves ? null : new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  try {
    await mailer.send(email, 'Verdict verification code', serves ? mailText(code, purpose) : noticeText(purpose));
  } catch {
    // Not sent: forget the code, so the address is not held back by the one-per-minute limit.
    await db.deleteFrom('email_codes').where('id', '=', id).execute();
    throw fail('MAIL_FAILED', 'Failed to send the e-mail; please try again later');
  }
}

function mailText(code: string, purpose: CodePurpose): string {
  const what = { register: 'finish your registration', login: 'log in', reset: 'reset your password' }[purpose];
  return [
    `Your Verdict verification code is ${code}`,
    '',
    `Use it to ${what}. It expires in ${CODE_TTL_MS / 60000} minutes and works once.`,
    'If you did not ask for it, ignore this message.',
  ].join('\n');
}

function noticeText(purpose: CodePurpose): string {
  const why =
    purpose === 'register'
      ? 'to register with this address, but it already belongs to an account. Log in, or reset your password if you forgot it.'
      : `to ${purpose === 'login' ? 'log in' : 'reset a password'} with this address, but no account uses this address. Register first.`;
  return [`Someone asked Verdict for a verification code ${why}`, '', 'No code was issued. If it was not you, ignore this message.'].join('\n');
}

/**
 * Checks the address's current code, then in one transaction marks it used and runs `unlock`
 * (what the code grants: an account, a password, a session). If `unlock` fails, the code stays
 * unused. A wrong code counts a try (the code dies at the fifth); every failure of the code
 * throws EMAIL_CODE_INVALID with the same message.
 */
export async function consumeEmailCode<T>(
  db: Kysely<DB>,
  email: string,
  purpose: CodePurpose,
  code: string,
  unlock: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  const row = await db
    .selectFrom('email_codes')
    .select(['id', 'code_hash'])
    .where('email', '=', email)
    .where('purpose', 'in', ACCEPTED[purpose])
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .where('attempts', '<', CODE_MAX_TRIES)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw fail('EMAIL_CODE_INVALID');
  if (!/^\d{6}$/.test(code) || !codeMatches(row.code_hash, code)) {
    // Outside the transaction: a wrong try counts even though the call fails.
    await db.updateTable('email_codes').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', '=', row.id).execute();
    throw fail('EMAIL_CODE_INVALID');
  }
  return db.transaction().execute(async (trx) => {
    // The guarded update is the single use: of two concurrent uses only one gets the row.
    const used = await trx
      .updateTable('email_codes')
      .set({ used_at: new Date() })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .where('attempts', '<', CODE_MAX_TRIES)
      .returning('id')
      .executeTakeFirst();
    if (!used) throw fail('EMAIL_CODE_INVALID');
    return unlock(trx);
  });
}

export async function pruneEmailCodes(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom('email_codes').where('created_at', '<', new Date(Date.now() - CODE_KEEP_MS)).execute();
}
