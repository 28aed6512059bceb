// Where the user commands create users and set passwords: the local database (through the
// server's own services) or a running server (through its admin REST API). Both answer the
// same way, so each command is written once.
import type { Database } from '@verdict/server/database';
import { addUser } from '@verdict/server/accounts';
import { hashPassword } from '@verdict/server/accounts';
import { replacePassword } from '@verdict/server/accounts';
import { isDomainError } from '@verdict/server/errors';
import { CliError } from './errors.ts';
import { openLocalDatabase } from './local-db.ts';
import { ServerClient, ServerError } from './server-client.ts';

export interface NewUserInput {
  username: string;
  email: string;
  nickname: string;
  password: string;
  auth: number;
  /** University or organisation; '' or left out: none. */
  affiliation?: string;
}

export type CreateOutcome = { status: 'created' } | { status: 'existed' } | { status: 'invalid'; reason: string };

export interface Membership {
  added: string[];
  alreadyMember: string[];
  unknown: string[];
}

export interface UserStore {
  /** "the local database in ./data" or "http://host:8080", for messages. */
  readonly where: string;
  createUser(user: NewUserInput): Promise<CreateOutcome>;
  hasUser(username: string): Promise<boolean>;
  /** Sets the password and revokes every token of the user. */
  setPassword(username: string, password: string): Promise<void>;
  joinContest(contestTitle: string, usernames: string[]): Promise<Membership>;
  close(): Promise<void>;
}

export async function openUserStore(serverUrl: string | undefined): Promise<UserStore> {
  return serverUrl ? serverStore(ServerClient.loggedIn(serverUrl)) : localStore(await openLocalDatabase());
}

const USERNAME_TAKEN = 'Username already exists';

function localStore(database: Database): UserStore {
  const { db } = database;
  const where = database.embedded ? 'the local database' : 'the PostgreSQL database (DATABASE_URL)';
  return {
    where,
    async createUser(user) {
      try {
        await addUser(db, { ...user, gender: 'male' });
        return { status: 'created' };
      } catch (err) {
        if (isDomainError(err, 'CONFLICT')) {
          return err.message === USERNAME_TAKEN ? { status: 'existed' } : { status: 'invalid', reason: err.message };
        }
        // A name the server refuses (invisible characters, mixed scripts): this row only.
        if (isDomainError(err, 'VALIDATION')) return { status: 'invalid', reason: err.message };
        throw err;
      }
    },
    async hasUser(username) {
      return (await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst()) !== undefined;
    },
    async setPassword(username, password) {
      const row = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
      if (!row) throw new CliError(`no user named "${username}" in ${where}`);
      await replacePassword(db, row.id, await hashPassword(password));
    },
    async joinContest(contestTitle, usernames) {
      const contest = await db.selectFrom('contests').select('id').where('title', '=', contestTitle).executeTakeFirst();
      if (!contest) throw new CliError(`no contest titled "${contestTitle}"`);
      const users = usernames.length ? await db.selectFrom('users').select(['id', 'username']).where('username', 'in', usernames).execute() : [];
      const byName = new Map(users.map((u) => [u.username, u.id]));
      const result: Membership = { added: [], alreadyMember: [], unknown: usernames.filter((n) => !byName.has(n)) };
      // All the memberships or none.
      await db.transaction().execute(async (trx) => {
        for (const [username, userId] of byName) {
          const inserted = await trx
            .insertInto('contest_users')
            .values({ contest_id: contest.id, user_id: userId })
            .onConflict((oc) => oc.doNothing())
            .returning('user_id')
            .executeTakeFirst();
          (inserted ? result.added : result.alreadyMember).push(username);
        }
      });
      return result;
    },
    close: () => database.close(),
  };
}

async function findUser(client: ServerClient, username: string): Promise<{ id: number } | undefined> {
  const users = await client.get('/api/user/list', { keyword: username });
  return users.find((u) => u.username === username);
}

function serverStore(client: ServerClient): UserStore {
  return {
    where: client.baseUrl,
    async createUser(user) {
      const auth = user.auth;
      if (auth !== 0 && auth !== 1) throw new CliError('a superadmin can only be created on the local database (the admin API assigns user or admin)');
      try {
        await client.json('/api/user/add', { ...user, auth, gender: 'male' });
        return { status: 'created' };
      } catch (err) {
        if (err instanceof ServerError && (err.status === 409 || err.status === 400)) {
          return err.serverMessage === USERNAME_TAKEN ? { status: 'existed' } : { status: 'invalid', reason: err.serverMessage };
        }
        throw err;
      }
    },
    hasUser: async (username) => (await findUser(client, username)) !== undefined,
    async setPassword(username, password) {
      const user = await findUser(client, username);
      if (!user) throw new CliError(`no user named "${username}" in ${client.baseUrl}`);
      await client.json('/api/user/updateUserPwd', { id: user.id, password });
    },
    async joinContest(contestTitle, usernames) {
      const reply = await client.json('/api/contestRecord/addByUserIdList', [contestTitle, ...usernames]);
      return { added: reply.added, alreadyMember: reply.alreadyMember, unknown: reply.unknown };
    },
    close: async () => {},
  };
}
