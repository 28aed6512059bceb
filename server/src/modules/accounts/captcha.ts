// Graphical captchas checked on the server: the answer is stored in the captchas table
// (shared by every server process), valid 5 minutes, consumed by its first check whether
// right or wrong, compared case-insensitively.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import svgCaptcha from 'svg-captcha';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../common/errors.ts';

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
/** Expired rows are kept this long after expiry, then pruned. */
const CAPTCHA_KEEP_MS = 60 * 60 * 1000;

export interface IssuedCaptcha {
  captchaId: string;
  /** An SVG data URL. */
  image: string;
}

export interface CaptchaAnswer {
  captchaId?: string;
  captcha?: string;
}

export async function issueCaptcha(db: Kysely<DB>): Promise<IssuedCaptcha> {
  // Letters and digits that cannot be mistaken for one another in the picture.
  const { text, data } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL', width: 120, height: 40 });
  const captchaId = crypto.randomBytes(16).toString('base64url');
  await db
    .insertInto('captchas')
    .values({ id: captchaId, answer: text.toLowerCase(), expires_at: new Date(Date.now() + CAPTCHA_TTL_MS) })
    .execute();
  return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
}

/**
 * Consumes the captcha and throws WRONG_CAPTCHA unless the answer was right. The update is
 * the single use: of two concurrent checks of one captcha, only one finds it unused.
 */
export async function checkCaptcha(db: Kysely<DB>, enabled: boolean, input: CaptchaAnswer): Promise<void> {
  if (!enabled) return;
  const id = input.captchaId?.trim();
  const given = input.captcha?.trim().toLowerCase();
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
