// Proving the password again before a session changes what logs the account in (its password or
// its e-mail address, which receives login and reset codes): a stolen or forgotten-open session
// must not be enough to take the account over. Wrong passwords count like failed logins.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail, isDomainError } from '../../common/errors.ts';
import type { CurrentUser } from './current-user.ts';
import { verifyPassword } from './passwords.ts';
import { clearAccountFailures, underLoginTry } from './rate-limit.ts';

export const CURRENT_PASSWORD_NEEDED = 'Please enter your current password to change your password or e-mail';
export const CURRENT_PASSWORD_WRONG = 'The current password is wrong';

/** Throws VALIDATION (field currentPassword) unless `given` is the user's password. */
export async function assertCurrentPassword(db: Kysely<DB>, me: CurrentUser, given: string | undefined, ip: string, now: Date): Promise<void> {
  if (!given) throw fail('VALIDATION', CURRENT_PASSWORD_NEEDED, { field: 'currentPassword' });
  const wrong = (err: unknown) => isDomainError(err, 'VALIDATION');
  await underLoginTry(db, { account: me.username, ip }, now, wrong, async () => {
    const row = await db.selectFrom('users').select('password_hash').where('id', '=', me.id).executeTakeFirst();
    if (!row || !(await verifyPassword(row.password_hash, given))) throw fail('VALIDATION', CURRENT_PASSWORD_WRONG, { field: 'currentPassword' });
  });
  await clearAccountFailures(db, me.username);
}
