// `verdict token revoke <id>`: an API token stops working at once (open feeds included).
import { revokeApiToken } from '@verdict/server/accounts';
import { CliError } from '../errors.ts';
import { onTokens } from './token-list.ts';

export default async function tokenRevoke(idText: string, opts: { server?: string }): Promise<void> {
  const id = Number(idText);
  if (!Number.isInteger(id) || id <= 0) throw new CliError(`the token id must be a positive integer (see \`verdict token list\`), got "${idText}"`);
  await onTokens(opts.server, {
    local: (db) => revokeApiToken(db, id),
    server: (client) => client.json('/api/admin/apiToken/revoke', { id }),
  });
  console.log(`API token ${id} revoked.`);
}
