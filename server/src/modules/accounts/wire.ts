// The wire shapes of the accounts module's replies, declared once: the route tables reply with
// these schemas (OpenAPI and the generated client come from them), the services return their
// inferred types.
import { z } from 'zod';

/** A login's session: the token to send as Authorization, and whose it is. */
export const session = z.object({ token: z.string(), username: z.string() });
export type Session = z.infer<typeof session>;

/** An API token just issued: the secret is shown this once. */
export const issuedApiToken = z.object({ id: z.number().int(), token: z.string(), username: z.string(), label: z.string() });
export type IssuedApiToken = z.infer<typeof issuedApiToken>;

/** An API token as administrators list it (never its secret). */
export const apiTokenInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  label: z.string(),
  /** The administrator who issued it, null once that account is deleted. */
  issuedBy: z.string().nullable(),
  createdAt: z.string(),
  revoked: z.boolean(),
});
export type ApiTokenInfo = z.infer<typeof apiTokenInfo>;
