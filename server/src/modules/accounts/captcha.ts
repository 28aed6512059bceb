// Proof-of-work captchas (ALTCHA, altcha-lib 2.x): a challenge is a random nonce and salt and the
// first 16 bytes of PBKDF2-SHA256(nonce ‖ counter, salt, 5,000 iterations) for a secret counter
// drawn below COUNTER_MAX. Nothing in it can be read off: the client finds the counter only by
// deriving keys for 0, 1, 2, ... until one matches (1,500 derivations on average, about 1.4 s of
// one core here; docs/auth.md, "Captcha", has the sums). The counter is the answer. It is stored
// in the captchas table (shared by every server process), valid 5 minutes and consumed by its
// first check whether right or wrong. Each client address gets MAX_CAPTCHAS_PER_IP challenges
// per 15 minutes.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../common/errors.ts';
import { assertCaptchaAllowed } from './rate-limit.ts';
import type { IssuedCaptcha } from './wire.ts';

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
/** Expired rows are kept this long after expiry, then pruned. */
const CAPTCHA_KEEP_MS = 60 * 60 * 1000;
export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 iterations of one try: about 0.95 ms of one core of this project's machines. */
export const CAPTCHA_COST = 5000;
/** The counter is drawn from 0 to COUNTER_MAX - 1: half of it is the mean number of tries. */
export const CAPTCHA_COUNTER_MAX = 3000;

export interface CaptchaAnswer {
  captchaId?: string;
  captcha?: string;
}

const BADGE = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" rx="4" fill="#f6ffed" stroke="#b7eb8f"/><text x="60" y="25" font-family="sans-serif" font-size="12" text-anchor="middle" fill="#389e0d">proof of work</text></svg>`;
const BADGE_URL = `data:image/svg+xml;base64,${Buffer.from(BADGE).toString('base64')}`;

export async function issueCaptcha(db: Kysely<DB>, ip: string): Promise<IssuedCaptcha> {
  await assertCaptchaAllowed(db, ip);
  const counter = crypto.randomInt(0, CAPTCHA_COUNTER_MAX);
  const { parameters } = await createChallenge({ algorithm: CAPTCHA_ALGORITHM, cost: CAPTCHA_COST, counter, deriveKey });
  const captchaId = crypto.randomBytes(16).toString('base64url');
  await db
    .insertInto('captchas')
    .values({ id: captchaId, answer: String(counter), expires_at: new Date(Date.now() + CAPTCHA_TTL_MS) })
    .execute();
  const { algorithm, cost, keyLength, keyPrefix, nonce, salt } = parameters;
  return { captchaId, image: BADGE_URL, challenge: { algorithm, cost, keyLength, keyPrefix, nonce, salt } };
}

/**
 * Consumes the captcha and throws WRONG_CAPTCHA unless the answer is its counter. The update is
 * the single use: of two concurrent checks of one captcha, only one finds it unused.
 */
export async function checkCaptcha(db: Kysely<DB>, enabled: boolean, input: CaptchaAnswer): Promise<void> {
  if (!enabled) return;
  const id = input.captchaId?.trim();
  const given = input.captcha?.trim();
  if (!id || !given) throw fail('WRONG_CAPTCHA');
  const row = await db
    .updateTable('captchas')
    .set({ used_at: new Date() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('answer')
    .executeTakeFirst();
  if (!row || !safeEqual(row.answer, given)) throw fail('WRONG_CAPTCHA');
}

/** The stored answer, for the test-only route (NODE_ENV=test). */
export async function captchaAnswer(db: Kysely<DB>, captchaId: string): Promise<string | null> {
  const row = await db.selectFrom('captchas').select('answer').where('id', '=', captchaId).executeTakeFirst();
  return row?.answer ?? null;
}

export async function pruneCaptchas(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom('captchas').where('expires_at', '<', new Date(Date.now() - CAPTCHA_KEEP_MS)).execute();
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
