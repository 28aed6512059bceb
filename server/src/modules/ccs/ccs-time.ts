// Reading the Contest API's times by the specification's grammar (not Date.parse, which refuses
// the hour-only offset `+01` the grammar allows and accepts much the grammar does not):
//   TIME     yyyy-mm-ddThh:mm:ss(.uuu)?[+-]zz(:mm)?   or the zone Z
//   RELTIME  (-)?(h)*h:mm:ss(.uuu)?
// The fraction may have 1 to 9 digits (read to the millisecond); a leading '+' on a RELTIME is
// taken too, as the issue asks for an optional sign.

const TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:(Z)|([+-])(\d{2})(?::?(\d{2}))?)$/;
const RELTIME = /^([+-])?(\d+):(\d{2}):(\d{2})(?:\.(\d{1,9}))?$/;

/** Milliseconds of a fraction's digits (`5` → 500, `1234` → 123). */
const fractionMs = (digits: string | undefined) => (digits ? Number(digits.padEnd(3, '0').slice(0, 3)) : 0);

/** A TIME as epoch milliseconds, or null when the text is not one (or names no real moment). */
export function parseCcsTime(text: string): number | null {
  const m = TIME.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  const offsetHours = m[9] ? Number(m[10]) : 0;
  const offsetMinutes = m[9] ? Number(m[11] ?? 0) : 0;
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return null;
  const local = Date.UTC(year, month - 1, day, hour, minute, second, fractionMs(m[7]));
  // Date.UTC rolls 31 February into March and maps years 0-99 onto 1900-1999: refuse the first, fix the second.
  const check = new Date(local);
  if (year < 100) check.setUTCFullYear(year);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null;
  const sign = m[9] === '-' ? -1 : 1;
  return check.getTime() - sign * (offsetHours * 60 + offsetMinutes) * 60_000;
}

/** A RELTIME as milliseconds (negative with '-'), or null when the text is not one. */
export function parseRelTime(text: string): number | null {
  const m = RELTIME.exec(text);
  if (!m) return null;
  const [hours, minutes, seconds] = [Number(m[2]), Number(m[3]), Number(m[4])];
  if (minutes > 59 || seconds > 59 || !Number.isSafeInteger(hours * 3_600_000)) return null;
  const ms = hours * 3_600_000 + minutes * 60_000 + seconds * 1000 + fractionMs(m[5]);
  return m[1] === '-' ? -ms || 0 : ms;
}
