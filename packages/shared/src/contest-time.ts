// Times on the wire (spec §3): `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai (UTC+8, no daylight
// saving), whatever the zone of the server, the browser or the terminal.

export const CONTEST_TIME_ZONE = 'Asia/Shanghai';

const OFFSET_MS = 8 * 3600 * 1000;
const TIME_RE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;

/** The instant (ms since the epoch) of a wire time; NaN when malformed or not a real date. */
export function parseContestTime(text: string | null | undefined): number {
  const m = TIME_RE.exec((text ?? '').trim());
  if (!m) return NaN;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(utc);
  // Date.UTC reads years 0–99 as 1900–1999: those are refused rather than moved.
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return NaN;
  return utc - OFFSET_MS;
}

/** An instant as a wire time; '' for an invalid one. */
export function formatContestTime(ms: number): string {
  if (!Number.isFinite(ms)) return '';
  const t = new Date(ms + OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(t.getUTCFullYear()).padStart(4, '0')}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;
}
