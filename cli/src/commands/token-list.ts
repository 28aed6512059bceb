// `verdict token list`: the API tokens (never their secrets), on the local database or a server.
// Also the one place the token commands choose between the two.
import { listApiTokens } from '@verdict/server/accounts';
import type { Database } from '@verdict/server/database';
import { DomainError } from '@verdict/server/errors';
import { CliError } from '../errors.ts';
import { withLocalDatabase } from '../local-db.ts';
import { printJson, printTable } from '../output.ts';
import { ServerClient } from '../server-client.ts';

/** Runs the local or the server variant of a token command; a refusal becomes the CLI's error. */
export async function onTokens<T>(serverUrl: string | undefined, run: { local: (db: Database['db']) => Promise<T>; server: (client: ServerClient) => Promise<T> }): Promise<T> {
  if (serverUrl) return run.server(ServerClient.loggedIn(serverUrl));
  return withLocalDatabase(async ({ db }) => {
    try {
      return await run.local(db);
    } catch (err) {
      if (err instanceof DomainError) throw new CliError(err.message);
      throw err;
    }
  });
}

export default async function tokenList(opts: { server?: string; json?: boolean }): Promise<void> {
  const tokens = await onTokens(opts.server, { local: listApiTokens, server: (client) => client.get('/api/admin/apiToken/list') });
  if (opts.json) return printJson(tokens);
  if (tokens.length === 0) return console.log('No API tokens.');
  printTable(
    ['id', 'account', 'label', 'issued by', 'created', 'state'],
    tokens.map((t) => [t.id, t.username, t.label, t.issuedBy ?? '-', t.createdAt, t.revoked ? 'revoked' : 'live']),
  );
}
