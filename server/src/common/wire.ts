// Values as they travel on the wire (spec §3, issue "wire values"): times as
// `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai (UTC+8, no daylight saving), users without secrets.

import { z } from 'zod';
import { formatContestTime, isRoleCode, parseContestTime, type WireUser } from '@verdict/shared';

export function formatTime(date: Date | string | null | undefined): string {
  if (date === null || date === undefined) return '';
  return formatContestTime(new Date(date).getTime());
}

/** Parses `yyyy-MM-dd HH:mm:ss` as Asia/Shanghai time; null when malformed or not a real date. */
export function parseTime(text: string): Date | null {
  const ms = parseContestTime(text);
  return Number.isNaN(ms) ? null : new Date(ms);
}

export type { WireUser } from '@verdict/shared';

export function toWireUser(row: { id: number; username: string; email: string; nickname: string; gender: string; auth: number }): WireUser {
  // The database's own check allows only the three roles.
  if (!isRoleCode(row.auth)) throw new Error(`user ${row.id} has an unknown role ${row.auth}`);
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    nickname: row.nickname,
    gender: row.gender === 'female' ? 'female' : 'male',
    auth: row.auth,
  };
}

/** The user as replies describe it (the OpenAPI document and the generated client's types). */
export const wireUserReply = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  nickname: z.string(),
  gender: z.enum(['male', 'female']),
  auth: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});
