// Opaque bearer tokens: 32 random bytes shown to the client once, stored only as a SHA-256
// hash, revocable one by one (logout) or all together (password or role change). API tokens
// (api-tokens.ts) are rows of the same table, so every check and revocation here covers them.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { CurrentUser } from './current-user.ts';
import { forgetCredentials } from './basic-memory.ts';

export const TOKEN_TTL_MS = 7 * 24 * 3600 * 1000;

/** 32 random bytes, base64url: what a client is handed once. */
export const newToken = () => crypto.randomBytes(32).toString('base64url');

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** `now`: the services' clock (Services.clock), which the token's lifetime counts from. */
export async function issueToken(db: Kysely<DB>, userId: number, now = new Date()): Promise<string> {
  const token = newToken();
  await db
    .insertInto('auth_tokens')
    .values({ user_id: userId, token_hash: hashToken(token), expires_at: new Date(now.getTime() + TOKEN_TTL_MS) })
    .execute();
  return token;
}

/** Who a token speaks for, and whether it is a login session or an administrator-issued API token. */
export type TokenHolder = CurrentUser & { kind: 'session' | 'api' };

export async function resolveToken(db: Kysely<DB>, token: string, now = new Date()): Promise<TokenHolder | null> {
  const row = await db
    .selectFrom('auth_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['u.id', 'u.username', 'u.auth', 't.kind'])
    .where('t.token_hash', '=', hashToken(token))
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', now)
    .executeTakeFirst();
  return row ?? null;
}

export async function revokeToken(db: Kysely<DB>, token: string): Promise<void> {
  await db.updateTable('auth_tokens').set({ revoked_at: new Date() }).where('token_hash', '=', hashToken(token)).execute();
}

/** Revokes every token of a user, except the one given (the session that changed the password). */
export async function revokeUserTokens(db: Kysely<DB>, userId: number, keepToken?: string): Promise<void> {
  let q = db.updateTable('auth_tokens').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepToken) q = q.where('token_hash', '!=', hashToken(keepToken));
  await q.execute();
  forgetCredentials(userId);
}

/**
 * A new password for a user and the end of their other sessions, together or not at all (in
 * the caller's transaction when `db` is one). Hash the password before: not inside a transaction.
 */
export function replacePassword(db: Kysely<DB>, userId: number, passwordHash: string, keepToken?: string): Promise<void> {
  return inTransaction(db, async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    await revokeUserTokens(trx, userId, keepToken);
  });
}

/** The token sent in the Authorization header, raw or as "Bearer <token>". */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 && token.length <= 200 ? token : null;
}
