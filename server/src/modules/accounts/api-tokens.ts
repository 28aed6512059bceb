// API tokens for Contest API clients (the ICPC Resolver, the CDS, a shadow CCS), as DOMjudge's
// API users are: an administrator issues one for an account, it is shown once, it reads
// /api/ccs as that account until revoked (no 7-day expiry), and it is refused everywhere else.
// They are rows of auth_tokens (kind 'api', migration 0019): every token check and every
// revocation of the account's tokens (password or role change) covers them.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../common/errors.ts';
import type { CurrentUser } from './current-user.ts';
import { hashToken, newToken } from './tokens.ts';
import type { ApiTokenInfo, IssuedApiToken } from './wire.ts';

export const API_TOKEN_ONLY_CCS = 'An API token is accepted only on the Contest API (/api/ccs); log in for the rest';
const SUPERADMIN = 2;

/** `caller` null: the machine's operator (`verdict token issue` on the local database). */
export async function issueApiToken(db: Kysely<DB>, caller: CurrentUser | null, username: string, label: string): Promise<IssuedApiToken> {
  const user = await db.selectFrom('users').select(['id', 'username', 'auth']).where('username', '=', username).executeTakeFirst();
  if (!user) throw fail('NOT_FOUND', `No user named ${JSON.stringify(username)}`);
  if (caller && user.auth === SUPERADMIN && caller.auth !== SUPERADMIN) throw fail('FORBIDDEN', "Only a superadmin can issue a token for a superadmin's account");
  const token = newToken();
  const row = await db
    .insertInto('auth_tokens')
    .values({ user_id: user.id, token_hash: hashToken(token), expires_at: 'infinity', kind: 'api', label, issued_by: caller?.id ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token, username: user.username, label };
}

/** Every API token, newest first, without its secret; revoked ones until the chores prune them. */
export async function listApiTokens(db: Kysely<DB>): Promise<ApiTokenInfo[]> {
  const rows = await db
    .selectFrom('auth_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('users as i', 'i.id', 't.issued_by')
    .select(['t.id', 'u.username', 't.label', 'i.username as issuedBy', 't.created_at', 't.revoked_at'])
    .where('t.kind', '=', 'api')
    .orderBy('t.id', 'desc')
    .execute();
  return rows.map((r) => ({ id: r.id, username: r.username, label: r.label ?? '', issuedBy: r.issuedBy, createdAt: new Date(r.created_at).toISOString(), revoked: r.revoked_at !== null }));
}

export async function revokeApiToken(db: Kysely<DB>, id: number): Promise<void> {
  const row = await db.selectFrom('auth_tokens').select('revoked_at').where('id', '=', id).where('kind', '=', 'api').executeTakeFirst();
  if (!row) throw fail('NOT_FOUND', `No API token ${id}`);
  if (row.revoked_at === null) await db.updateTable('auth_tokens').set({ revoked_at: new Date() }).where('id', '=', id).execute();
}
