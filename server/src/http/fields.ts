// Zod building blocks for request fields shared by the admin and contest routes. Form bodies
// arrive as strings, JSON bodies as numbers: both are accepted, anything else is refused
// with the field's own message (spec §5).
import { z } from 'zod';
import { parseTime } from '../common/wire.ts';

const asNumber = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);

/** An integer in [min, max]; every way of getting it wrong answers with `message`. */
export function intField(message: string, min: number, max: number) {
  return z
    .preprocess(asNumber, z.number({ error: message }).int(message).min(min, message).max(max, message))
    .meta({ type: 'integer', minimum: min, maximum: max });
}

/** A database id (positive integer). */
export function idField(name: string) {
  return intField(`${name} must be a positive integer`, 1, 2_147_483_647);
}

/** Required text, trimmed: empty answers `required`, too long answers `tooLong`. */
export function textField(required: string, max: number, tooLong: string) {
  return z.string({ error: required }).trim().min(1, required).max(max, tooLong);
}

// Line breaks (CR, LF, U+2028/9), tabs and other C0/C1 controls: a title is shown on one line
// (lists, scoreboards, CSV exports, the Contest API) and must not break out of it.
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
export const TITLE_ONE_LINE = 'The title must be one line, without control characters';

/** A title: required text like textField, on one line (no CR/LF or other control characters). */
export function titleField(required: string, max: number, tooLong: string) {
  return textField(required, max, tooLong).refine((v) => !CONTROL_CHARS.test(v), TITLE_ONE_LINE);
}

/** A time `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai, turned into a Date. */
export function timeField(required: string, name: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .transform((text, ctx) => {
      const date = parseTime(text);
      if (!date) {
        ctx.addIssue({ code: 'custom', message: `${name} must be written yyyy-MM-dd HH:mm:ss` });
        return z.NEVER;
      }
      return date;
    })
    .meta({ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$', description: 'yyyy-MM-dd HH:mm:ss, Asia/Shanghai' });
}

/**
 * An optional time `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai: absent stays undefined ("unchanged"),
 * an empty string is null ("none"), anything else must be a well-formed time.
 */
export function optionalTimeField(name: string) {
  const malformed = `${name} must be written yyyy-MM-dd HH:mm:ss, or be empty for none`;
  return z
    .string({ error: malformed })
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return undefined;
      if (text.trim() === '') return null;
      const date = parseTime(text.trim());
      if (!date) {
        ctx.addIssue({ code: 'custom', message: malformed });
        return z.NEVER;
      }
      return date;
    })
    .meta({ description: 'yyyy-MM-dd HH:mm:ss, Asia/Shanghai; empty for none' });
}

/**
 * A list of ids for the bulk deletes: a JSON array `[1, 2]` (what the spec sends) or, for
 * form bodies, `{ids: "1,2"}`. An empty list answers `empty`.
 */
export function idListBody(empty: string) {
  const list = z.array(idField('id'), { error: empty }).min(1, empty).max(10_000, 'Too many ids at once');
  return z
    .preprocess((v) => {
      if (v && typeof v === 'object' && !Array.isArray(v) && 'ids' in v) {
        const ids = (v as { ids: unknown }).ids;
        return typeof ids === 'string' ? ids.split(',').filter((s) => s.trim() !== '') : ids;
      }
      if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0) return [];
      return v;
    }, list)
    .meta({ type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1 });
}

/** Optional numeric search field of a list query: blank means "no filter". */
export function optionalIntQuery(message: string) {
  return z
    .preprocess((v) => (v === '' ? undefined : asNumber(v)), z.number({ error: message }).int(message).min(0, message).optional())
    .meta({ type: 'integer', minimum: 0 });
}

/** Optional text search field of a list query: blank means "no filter". */
export function optionalTextQuery(max = 100) {
  return z
    .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(max).optional())
    .meta({ type: 'string' });
}
