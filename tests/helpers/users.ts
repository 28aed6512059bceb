// Accounts for tests: create users straight in the database, solve captchas through the
// test-only route, log in through the real API.
//
//   const alice = await createUser(server, { username: 'alice' });
//   const aliceApi = await loginAs(api, 'alice', alice.password);          // user login
//   const adminApi = await loginAs(api, 'admin', server.adminPassword, { admin: true });
import { hashPassword } from '@verdict/server/internal/modules/accounts/passwords';
import type { RunningServer } from '@verdict/server/internal/server';
import type { WireUser } from '@verdict/shared';
import type { Api } from './api.ts';

export interface CreatedUser extends WireUser {
  /** The plain password (the database holds only its hash). */
  password: string;
}

let counter = 0;

/** Inserts a user directly (no captcha, no e-mail code). Defaults: a unique name, auth 0, password `password-123`. */
export async function createUser(
  server: Pick<RunningServer, 'services'>,
  fields: Partial<Omit<CreatedUser, 'id'>> = {},
): Promise<CreatedUser> {
  counter += 1;
  const username = fields.username ?? `user${process.pid}x${counter}`;
  const user = {
    username,
    email: fields.email ?? `${username.replace(/[^a-zA-Z0-9._-]/g, '_')}.${counter}@example.test`.toLowerCase(),
    nickname: fields.nickname ?? username,
    gender: fields.gender ?? 'male',
    auth: fields.auth ?? 0,
    password: fields.password ?? 'password-123',
  };
  const row = await server.services.db
    .insertInto('users')
    .values({
      username: user.username,
      email: user.email,
      nickname: user.nickname,
      gender: user.gender,
      auth: user.auth,
      password_hash: await hashPassword(user.password),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, ...user };
}

/** A fresh captcha with its answer, read from GET /api/test/captcha/:id (NODE_ENV=test only). */
export async function solveCaptcha(api: Api): Promise<{ captchaId: string; captcha: string }> {
  const issued = await api.get('/api/captcha');
  if (issued.code !== 0) throw new Error(`GET /api/captcha failed: ${issued.message}`);
  const answer = await api.get(`/api/test/captcha/${encodeURIComponent(issued.data.captchaId)}`);
  if (answer.code !== 0) throw new Error(`captcha answer not readable: ${answer.message}`);
  // A test-only route, not in the API's operations.
  return { captchaId: issued.data.captchaId, captcha: (answer.data as { answer: string }).answer };
}

/** Logs in through /api/user/login (or adminLogin) and returns an Api that sends the token. */
export async function loginAs(api: Api, username: string, password: string, opts: { admin?: boolean } = {}): Promise<Api> {
  const path = opts.admin ? '/api/user/adminLogin' : '/api/user/login';
  const r = await api.withToken(null).form(path, { username, password, ...(await solveCaptcha(api)) });
  if (r.code !== 0) throw new Error(`login as ${username} failed: ${r.message}`);
  return api.withToken(r.data.token);
}

/**
 * A snapshot of everything an account call may change (users with their hashes, live tokens).
 * Compare before and after a refused call: `assert.equal(await accountState(server), before)`.
 */
export async function accountState(server: Pick<RunningServer, 'services'>): Promise<string> {
  const db = server.services.db;
  const users = await db.selectFrom('users').select(['id', 'username', 'email', 'nickname', 'gender', 'auth', 'password_hash']).orderBy('id').execute();
  const tokens = await db.selectFrom('auth_tokens').select(['id', 'user_id', 'revoked_at']).orderBy('id').execute();
  return JSON.stringify({ users, tokens });
}
