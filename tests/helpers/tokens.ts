// Logged-in clients without the login screen: users inserted with a real password hash and
// a real token from issueToken(), as the login route would issue it.
import { hashPassword } from '@verdict/server/internal/modules/accounts/passwords';
import { issueToken } from '@verdict/server/internal/modules/accounts/tokens';
import type { RunningServer } from '@verdict/server/internal/server';
import { Api } from './api.ts';

export interface TestAccount {
  id: number;
  username: string;
  email: string;
  auth: number;
  api: Api;
}

let counter = 0;

/** A server, in process or not: its address and a connection to its database. */
export interface ServerAccess {
  url: string;
  services: Pick<RunningServer['services'], 'db'>;
}

export async function accountWithToken(
  server: ServerAccess,
  fields: { username?: string; email?: string; auth?: number; password?: string } = {},
): Promise<TestAccount> {
  counter += 1;
  const username = fields.username ?? `acct${process.pid % 10000}n${counter}`;
  const email = fields.email ?? `${username}@example.test`;
  const auth = fields.auth ?? 0;
  const { db } = server.services;
  const row = await db
    .insertInto('users')
    .values({ username, email, nickname: username, auth, password_hash: await hashPassword(fields.password ?? 'password-123') })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, username, email, auth, api: new Api(server.url).withToken(await issueToken(db, row.id)) };
}

/** A client logged in as the first superadmin (`admin`). */
export async function adminAccount(server: Pick<RunningServer, 'services' | 'url'>): Promise<TestAccount> {
  const { db } = server.services;
  const row = await db.selectFrom('users').select(['id', 'username', 'email', 'auth']).where('username', '=', 'admin').executeTakeFirstOrThrow();
  return { ...row, api: new Api(server.url).withToken(await issueToken(db, row.id)) };
}

/** A snapshot of tables, to check that a refused call changed nothing. */
export async function snapshot(server: Pick<RunningServer, 'services'>, tables: string[]): Promise<string> {
  const out: Record<string, unknown> = {};
  for (const t of tables) {
    const { rows } = await server.services.database.pool.query(`select * from ${t} order by 1, 2`);
    out[t] = rows;
  }
  return JSON.stringify(out);
}
