// User management for administrators (spec §2 user management, §5 admin user rules): list,
// add, edit, change password, bulk delete. Only a superadmin touches a superadmin's account
// (else any admin could take it over by resetting its password); the last superadmin can
// never be deleted or demoted, and nobody deletes their own account from here. A role change
// revokes the account's tokens.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { containsPattern } from '../../db/like.ts';
import { uniqueViolation } from '../../db/unique.ts';
import { hashPassword, replacePassword, revokeUserTokens, assertUsernameFree, usernameColumns, type CurrentUser } from '../accounts/index.ts';
import { fail } from '../../common/errors.ts';
import { toWireUser, type WireUser } from '../../common/wire.ts';
import type { AffiliationOutcome } from './wire.ts';

/** A user as administrators see it: with the affiliation (migration 0014), null when none. */
export interface AdminUser extends WireUser {
  affiliation: string | null;
}

export interface NewUser {
  username: string;
  email: string;
  nickname: string;
  gender: 'male' | 'female';
  auth: number;
  password: string;
  /** null or empty: none. */
  affiliation?: string | null;
}

export interface UserChanges {
  id: number;
  username: string;
  email: string;
  nickname: string;
  gender: 'male' | 'female';
  auth: number;
  /** undefined: unchanged; null or empty: none. */
  affiliation?: string | null;
}

const USER_COLUMNS = ['id', 'username', 'email', 'nickname', 'gender', 'auth', 'affiliation'] as const;

function toAdminUser(row: Parameters<typeof toWireUser>[0] & { affiliation: string | null }): AdminUser {
  return { ...toWireUser(row), affiliation: row.affiliation };
}

/** What is stored for an affiliation: trimmed text, or null for none. */
export const affiliationValue = (text: string | null | undefined) => text?.trim() || null;
const SUPERADMIN = 2;

export async function listUsers(db: Kysely<DB>, keyword?: string): Promise<AdminUser[]> {
  let q = db.selectFrom('users').select(USER_COLUMNS).orderBy('id');
  if (keyword) {
    const pattern = containsPattern(keyword);
    q = q.where((eb) => eb.or([eb('username', 'ilike', pattern), eb('email', 'ilike', pattern)]));
  }
  return (await q.execute()).map(toAdminUser);
}

export async function listUsersByAuth(db: Kysely<DB>, auth: number): Promise<AdminUser[]> {
  const rows = await db.selectFrom('users').select(USER_COLUMNS).where('auth', '=', auth).orderBy('id').execute();
  return rows.map(toAdminUser);
}

/** `username` null: kept as it is (even if it clashed before migration 0020, its account keeps it). */
async function assertUnique(db: Kysely<DB>, username: string | null, email: string, exceptId?: number): Promise<void> {
  if (username !== null) await assertUsernameFree(db, username, 'Username already exists', exceptId);
  let q = db.selectFrom('users').select('id').where(db.fn('lower', ['email']), '=', email.toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw fail('CONFLICT', 'Email already exists');
}

/** The same answers as assertUnique when a concurrent request won the race to the index. */
function rethrowUnique(err: unknown): never {
  const constraint = uniqueViolation(err);
  if (constraint !== undefined) throw fail('CONFLICT', constraint.includes('email') ? 'Email already exists' : 'Username already exists');
  throw err;
}

export async function addUser(db: Kysely<DB>, input: NewUser): Promise<AdminUser> {
  await assertUnique(db, input.username, input.email);
  const { password, affiliation, ...fields } = input;
  const row = await db
    .insertInto('users')
    .values({ ...fields, ...usernameColumns(fields.username), affiliation: affiliationValue(affiliation), password_hash: await hashPassword(password) })
    .returning(USER_COLUMNS)
    .executeTakeFirstOrThrow()
    .catch(rethrowUnique);
  return toAdminUser(row);
}

async function findUser(db: Kysely<DB>, id: number) {
  const row = await db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw fail('NOT_FOUND', 'No such user');
  return row;
}

function assertMayManage(caller: CurrentUser, target: { auth: number }): void {
  if (target.auth === SUPERADMIN && caller.auth !== SUPERADMIN) throw fail('FORBIDDEN', "Only a superadmin can change a superadmin's account");
}

async function superadminCount(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('auth', '=', SUPERADMIN).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateUser(db: Kysely<DB>, caller: CurrentUser, changes: UserChanges): Promise<AdminUser> {
  return db.transaction().execute(async (trx) => {
    const current = await findUser(trx, changes.id);
    assertMayManage(caller, current);
    // The admin form assigns user or admin only; a superadmin keeps that role when edited.
    if (changes.auth === SUPERADMIN && current.auth !== SUPERADMIN) {
      throw fail('VALIDATION', 'Authority must be user or admin', { field: 'auth' });
    }
    if (current.auth === SUPERADMIN && changes.auth !== SUPERADMIN && (await superadminCount(trx)) <= 1) {
      throw fail('CONFLICT', 'The last superadmin cannot be demoted');
    }
    const renamed = changes.username !== current.username;
    await assertUnique(trx, renamed ? changes.username : null, changes.email, changes.id);
    const { id, affiliation, ...fields } = changes;
    const set = {
      ...fields,
      ...(renamed ? { ...usernameColumns(changes.username) } : {}),
      ...(affiliation === undefined ? {} : { affiliation: affiliationValue(affiliation) }),
    };
    const row = await trx.updateTable('users').set(set).where('id', '=', id).returning(USER_COLUMNS).executeTakeFirstOrThrow().catch(rethrowUnique);
    // A role change, down or up, ends every session and API token of the account: what it may
    // see changed, so its clients log in again (open streams re-check their token).
    if (changes.auth !== current.auth) await revokeUserTokens(trx, id);
    return toAdminUser(row);
  });
}

/** Sets a new password and ends the user's sessions (except the caller's own, when it is them). */
export async function setUserPassword(db: Kysely<DB>, caller: CurrentUser, callerToken: string | null, id: number, password: string): Promise<void> {
  assertMayManage(caller, await findUser(db, id));
  await replacePassword(db, id, await hashPassword(password), caller.id === id ? (callerToken ?? undefined) : undefined);
}

export async function deleteUsers(db: Kysely<DB>, caller: CurrentUser, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  if (unique.includes(caller.id)) throw fail('CONFLICT', 'You cannot delete your own account');
  return db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('users').select(['id', 'auth']).where('id', 'in', unique).forUpdate().execute();
    if (rows.length !== unique.length) {
      const found = new Set(rows.map((r) => r.id));
      throw fail('NOT_FOUND', `No such user: ${unique.filter((id) => !found.has(id)).join(', ')}`);
    }
    for (const row of rows) assertMayManage(caller, row);
    const superadmins = rows.filter((r) => r.auth === SUPERADMIN).length;
    if (superadmins > 0 && superadmins >= (await superadminCount(trx))) {
      throw fail('CONFLICT', 'The last superadmin cannot be deleted');
    }
    await trx.deleteFrom('users').where('id', 'in', unique).execute();
    return unique.length;
  });
}

/**
 * Sets the affiliations of users named by username (a user-list spreadsheet's Affiliation
 * column), all or none; unknown names are reported, not fatal. Empty text clears one.
 */
export async function setAffiliations(db: Kysely<DB>, entries: { username: string; affiliation: string | null }[]): Promise<AffiliationOutcome> {
  const latest = new Map(entries.map((e) => [e.username, affiliationValue(e.affiliation)]));
  return db.transaction().execute(async (trx) => {
    const outcome: AffiliationOutcome = { updated: [], unknown: [] };
    for (const [username, affiliation] of latest) {
      const row = await trx.updateTable('users').set({ affiliation }).where('username', '=', username).returning('id').executeTakeFirst();
      (row ? outcome.updated : outcome.unknown).push(username);
    }
    return outcome;
  });
}
