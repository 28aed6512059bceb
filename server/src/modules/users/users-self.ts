// A user's own record: reading it and editing personal info (spec: personal info and admin
// profile pages). Nobody edits another person's record here; admins use the user management calls.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail, isDomainError } from '../../common/errors.ts';
import { type CurrentUser, hashPassword, revokeUserTokens, assertCurrentPassword, underLoginTry, EMAIL_TAKEN, USERNAME_TAKEN, emailTaken, userConflict, assertUsernameFree, usernameColumns } from '../accounts/index.ts';
import { toWireUser, type WireUser } from '../../common/wire.ts';

const WIRE_COLUMNS = ['id', 'username', 'email', 'nickname', 'gender', 'auth'] as const;

export async function getOwnUser(db: Kysely<DB>, me: CurrentUser): Promise<WireUser> {
  const row = await db.selectFrom('users').select(WIRE_COLUMNS).where('id', '=', me.id).executeTakeFirst();
  if (!row) throw fail('NOT_LOGGED_IN');
  return toWireUser(row);
}

/** findByUserName1: a user may read only their own record, an administrator anyone's. */
export async function findByUsername(db: Kysely<DB>, me: CurrentUser, username: string): Promise<WireUser & { password: '' }> {
  if (me.auth < 1 && username !== me.username) throw fail('FORBIDDEN', 'You can only read your own information');
  const row = await db.selectFrom('users').select(WIRE_COLUMNS).where('username', '=', username).executeTakeFirst();
  if (!row) throw fail('NOT_FOUND', 'No such user');
  return { ...toWireUser(row), password: '' };
}

export interface OwnUserUpdate {
  userID: number;
  username: string;
  nickname: string;
  email: string;
  gender: 'male' | 'female';
  /** Empty: unchanged. */
  password: string;
  /** Needed to change the password or the e-mail address. */
  currentPassword?: string;
}

/**
 * updateMyUser: a new password ends every other session of the user (not this one). A new
 * password or e-mail address needs the current password.
 */
export async function updateOwnUser(db: Kysely<DB>, me: CurrentUser, token: string, input: OwnUserUpdate, ip: string, now: Date): Promise<WireUser> {
  if (input.userID !== me.id) throw fail('FORBIDDEN', 'You can only update your own information');
  const stored = await db.selectFrom('users').select('email').where('id', '=', me.id).executeTakeFirst();
  if (!stored) throw fail('NOT_LOGGED_IN');
  if (input.password || input.email !== stored.email) await assertCurrentPassword(db, me, input.currentPassword, ip, now);
  const renamed = input.username !== me.username;
  if (renamed) await assertUsernameFree(db, input.username, USERNAME_TAKEN, me.id);
  // A taken address counts like a failed login of the account and the address: else a session
  // (of any account, with its own password) could ask about address after address (review).
  if (input.email !== stored.email) {
    await underLoginTry(db, { account: me.username, ip }, now, (err) => isDomainError(err, 'CONFLICT'), async () => {
      if (await emailTaken(db, input.email, me.id)) throw fail('CONFLICT', EMAIL_TAKEN);
    });
  }
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('users')
        .set({
          username: input.username,
          ...(renamed ? { ...usernameColumns(input.username) } : {}),
          nickname: input.nickname,
          email: input.email,
          gender: input.gender,
          ...(passwordHash ? { password_hash: passwordHash } : {}),
        })
        .where('id', '=', me.id)
        .returning(WIRE_COLUMNS)
        .executeTakeFirst();
      if (!row) throw fail('NOT_LOGGED_IN');
      if (passwordHash) await revokeUserTokens(trx, me.id, token);
      return toWireUser(row);
    });
  } catch (err) {
    throw userConflict(err);
  }
}
