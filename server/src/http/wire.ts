// Values as they travel on the wire (spec §3, issue "wire values"): times as
// `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai (UTC+8, no daylight saving), users without secrets.

const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;
const TIME_RE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;

export function formatTime(date: Date | string | null | undefined): string {
  if (date === null || date === undefined) return '';
  const d = new Date(new Date(date).getTime() + SHANGHAI_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** Parses `yyyy-MM-dd HH:mm:ss` as Asia/Shanghai time; null when malformed or not a real date. */
export function parseTime(text: string): Date | null {
  const m = TIME_RE.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(utc);
  // Date.UTC reads years 0–99 as 1900–1999: those are refused rather than moved.
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  return new Date(utc - SHANGHAI_OFFSET_MS);
}

export interface WireUser {
  id: number;
  username: string;
  email: string;
  nickname: string;
  gender: 'male' | 'female';
  auth: number;
}

export function toWireUser(row: { id: number; username: string; email: string; nickname: string; gender: string; auth: number }): WireUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    nickname: row.nickname,
    gender: row.gender === 'female' ? 'female' : 'male',
    auth: row.auth,
  };
}
