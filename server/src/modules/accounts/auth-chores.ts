// Periodic clean-up of the short-lived rows of accounts: expired captchas, old e-mail codes,
// counted events outside the rate-limit window and tokens a day past their expiry or
// revocation. Harmless when several processes run it.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Logger } from '../../logger.ts';
import { pruneCaptchas } from './captcha.ts';
import { pruneEmailCodes } from './email-codes.ts';
import { pruneLoginAttempts } from './rate-limit.ts';

const PRUNE_EVERY_MS = 10 * 60 * 1000;

export async function pruneAuthRows(db: Kysely<DB>): Promise<void> {
  await pruneCaptchas(db);
  await pruneEmailCodes(db);
  await pruneLoginAttempts(db);
  const dayAgo = new Date(Date.now() - 24 * 3600 * 1000);
  await db
    .deleteFrom('auth_tokens')
    .where((eb) => eb.or([eb('expires_at', '<', dayAgo), eb('revoked_at', '<', dayAgo)]))
    .execute();
}

/** Starts the timer; the returned function stops it. */
export function startAuthChores(db: Kysely<DB>, log: Logger): () => Promise<void> {
  const timer = setInterval(() => {
    pruneAuthRows(db).catch((err) => log.warn({ err }, 'pruning captchas, e-mail codes and login attempts failed'));
  }, PRUNE_EVERY_MS);
  timer.unref();
  return async () => clearInterval(timer);
}
