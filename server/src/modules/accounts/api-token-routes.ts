// Administrators issue, list and revoke API tokens for Contest API clients (api-tokens.ts).
import { z } from 'zod';
import { route } from '../../http/route.ts';
import { idField } from '../../http/fields.ts';
import { issueApiToken, listApiTokens, revokeApiToken } from './api-tokens.ts';
import { apiTokenInfo, issuedApiToken } from './wire.ts';

const TAG = 'admin api tokens';

export const apiTokenRoutes = [
  route({
    method: 'post',
    path: '/api/admin/apiToken/add',
    role: 'admin',
    tag: TAG,
    summary: 'Issue an API token for an account, for a Contest API client (Bearer on /api/ccs only); the token is shown this once',
    encoding: 'json',
    body: z
      .object({
        username: z.string({ error: 'username must be text' }).trim().min(1, 'username cannot be empty').max(100, 'No such user'),
        label: z.string({ error: 'label must be text' }).trim().min(1, 'label cannot be empty: say what the token is for').max(100, 'label: at most 100 characters'),
      })
      .strict(),
    reply: issuedApiToken,
    handler: ({ body, user }, { db }) => issueApiToken(db, user!, body.username, body.label),
  }),
  route({
    method: 'get',
    path: '/api/admin/apiToken/list',
    role: 'admin',
    tag: TAG,
    summary: 'Every API token (never its secret), newest first; revoked ones for a day',
    reply: z.array(apiTokenInfo),
    handler: (_input, { db }) => listApiTokens(db),
  }),
  route({
    method: 'post',
    path: '/api/admin/apiToken/revoke',
    role: 'admin',
    tag: TAG,
    summary: 'Revoke an API token: it stops working at once, open feeds included',
    encoding: 'json',
    body: z.object({ id: idField('id') }).strict(),
    reply: z.null(),
    handler: async ({ body }, { db }) => {
      await revokeApiToken(db, body.id);
      return null;
    },
  }),
];
