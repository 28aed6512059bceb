// Contest time pickers (spec §5): the start picker disables the past, the end picker anything
// before start + 1 hour. Contest times are Asia/Shanghai times everywhere (the wire, the tables,
// the contest pages), so the pickers show and take them too, whatever the browser's zone: a
// picker value is the contest's wall-clock time (a dayjs whose fields are the Shanghai time), and
// "now" is Shanghai's now. (UTC+8 has no daylight saving; a browser zone's own DST gap could only
// skip an hour of one night in its pickers.)
import dayjs, { type Dayjs } from 'dayjs';
import { formatServerTime, parseServerTime } from '../../../lib/time.ts';
import { ADMIN_MESSAGES } from './messages.ts';

export const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const MIN_CONTEST_LENGTH_MS = 60 * 60 * 1000;

export interface DisabledTimes {
  disabledHours?: () => number[];
  disabledMinutes?: (hour: number) => number[];
  disabledSeconds?: (hour: number, minute: number) => number[];
}

const range = (end: number) => Array.from({ length: Math.max(0, end) }, (_, i) => i);

/** Days before the limit's day are disabled. */
export function isDayBefore(current: Dayjs | null | undefined, limit: Dayjs): boolean {
  return !!current && current.isBefore(limit, 'day');
}

/** On the limit's own day, the hours, minutes and seconds before it are disabled. */
export function timesBefore(current: Dayjs | null | undefined, limit: Dayjs): DisabledTimes {
  if (current && !current.isSame(limit, 'day')) return {};
  const hour = limit.hour();
  const minute = limit.minute();
  return {
    disabledHours: () => range(hour),
    disabledMinutes: (h) => (h < hour ? range(60) : h === hour ? range(minute) : []),
    disabledSeconds: (h, m) =>
      h < hour || (h === hour && m < minute) ? range(60) : h === hour && m === minute ? range(limit.second()) : [],
  };
}

/** The earliest end the end picker offers: start + 1 hour (now + 1 hour before a start is chosen). */
export function earliestEnd(start: Dayjs | null | undefined, now: Dayjs): Dayjs {
  return (start ?? now).add(MIN_CONTEST_LENGTH_MS, 'millisecond');
}

export function isBeforeInstant(current: Dayjs | null | undefined, limit: Dayjs): boolean {
  return !!current && current.valueOf() < limit.valueOf();
}

/** A Shanghai wall-clock text as a picker value (fields as written). */
function wallClock(text: string): Dayjs {
  return dayjs(text); // "YYYY-MM-DD HH:mm:ss" parses as these fields, in no zone but the browser's
}

/** Now, as the pickers show it: Shanghai's wall clock. */
export function contestNow(nowMs = Date.now()): Dayjs {
  return wallClock(formatServerTime(nowMs));
}

/** Why a freeze time does not fit between start and end (as the server says it), or null; none chosen fits. */
export function freezeTimeProblem(freeze: Dayjs | null | undefined, start: Dayjs | null | undefined, end: Dayjs | null | undefined): string | null {
  if (!freeze) return null;
  if (start && !freeze.isAfter(start)) return ADMIN_MESSAGES.contestFreezeAfterStart;
  if (end && !freeze.isBefore(end)) return ADMIN_MESSAGES.contestFreezeBeforeEnd;
  return null;
}

export function toWireTime(value: Dayjs): string {
  return value.format(PICKER_FORMAT);
}

export function fromWireTime(text: string | null | undefined): Dayjs | null {
  const ms = parseServerTime(text);
  return Number.isFinite(ms) ? wallClock(formatServerTime(ms)) : null;
}
