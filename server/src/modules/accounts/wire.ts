// The wire shapes of the accounts module's replies, declared once: the route tables reply with
// these schemas (OpenAPI and the generated client come from them), the services return their
// inferred types.
import { z } from 'zod';
import type { CaptchaChallenge } from '@verdict/shared/captcha';

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

/** GET /api/captcha: a proof-of-work challenge (ALTCHA v2's parameters, as @verdict/shared's solver reads them). */
export const issuedCaptcha = z.object({
  captchaId: z.string(),
  /** An SVG data URL: a fixed badge that carries no answer (kept for clients that show a picture). */
  image: z.string(),
  challenge: z.object({ algorithm: z.string(), cost: z.number(), keyLength: z.number(), keyPrefix: z.string(), nonce: z.string(), salt: z.string() }),
});
export type IssuedCaptcha = z.infer<typeof issuedCaptcha>;

/** True only when A and B are the same type. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The solver in @verdict/shared reads the challenge this schema sends: the type checker fails here if the two drift apart. */
export const CHALLENGE_MATCHES_SOLVER: Same<IssuedCaptcha['challenge'], CaptchaChallenge> = true;
