// `verdict token issue <username> --label <text>`: an API token for a Contest API client (the
// Resolver, the CDS), on the local database or through a server; printed this once.
import { issueApiToken } from '@verdict/server/accounts';
import { CliError } from '../errors.ts';
import { printJson } from '../output.ts';
import { onTokens } from './token-list.ts';

interface IssueOptions {
  label: string;
  server?: string;
  json?: boolean;
}

export default async function tokenIssue(username: string, opts: IssueOptions): Promise<void> {
  const label = opts.label.trim();
  if (!label) throw new CliError('--label cannot be empty: say what the token is for');
  const issued = await onTokens(opts.server, {
    local: (db) => issueApiToken(db, null, username, label),
    server: (client) => client.json('/api/admin/apiToken/add', { username, label }),
  });
  if (opts.json) return printJson(issued);
  console.log(`API token ${issued.id} for "${issued.username}" (${issued.label}); it is shown only now:`);
  console.log(issued.token);
  console.log('Use it as "Authorization: Bearer <token>" on /api/ccs; revoke it with `verdict token revoke ' + issued.id + '`.');
}
