// The Contest API's value formats: absolute times as ISO 8601 with milliseconds and a
// zone, relative times as h:mm:ss.uuu, and the identifiers Verdict's rows get (docs/ccs-api.md).
import crypto from 'node:crypto';

/** ABSTIME: `2024-06-25T10:00:00.000Z`. */
export function absTime(date: Date): string {
  return date.toISOString();
}

export function absTimeOrNull(date: Date | null): string | null {
  return date ? absTime(date) : null;
}

/** RELTIME: `[-]h:mm:ss.uuu`, hours unbounded. */
export function relTime(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  const abs = Math.round(Math.abs(ms));
  const h = Math.floor(abs / 3_600_000);
  const m = Math.floor((abs % 3_600_000) / 60_000);
  const s = Math.floor((abs % 60_000) / 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${sign}${h}:${pad(m)}:${pad(s)}.${pad(abs % 1000, 3)}`;
}

/** The contest time of `date`: relative to the contest's start. */
export function contestTime(date: Date, start: Date): string {
  return relTime(date.getTime() - start.getTime());
}

/** Milliseconds as the API's seconds with three decimals (time limits, run times). */
export function seconds(ms: number): number {
  return Math.round(ms) / 1000;
}

/**
 * An organization's id for an affiliation text: a readable slug and a hash of the exact text, so
 * two affiliations that slug alike stay apart and the id stays within the API's 36 characters.
 */
export function organizationId(affiliation: string): string {
  const slug = affiliation
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 24)
    .replace(/-+$/, '');
  const hash = crypto.createHash('sha256').update(affiliation).digest('hex').slice(0, 8);
  return slug ? `${slug}-${hash}` : `org-${hash}`;
}

/** The judgement type of a Verdict verdict (final states only; null for PD, CP, JG). */
export function judgementTypeOf(status: string): string | null {
  return JUDGEMENT_TYPE_OF[status] ?? null;
}

const JUDGEMENT_TYPE_OF: Record<string, string> = {
  AC: 'AC',
  WA: 'WA',
  PE: 'PE',
  TLE: 'TLE',
  MLE: 'MLE',
  RE: 'RTE',
  OLE: 'OLE',
  CE: 'CE',
  SE: 'JE',
};

/**
 * The judgement types Verdict gives, as the API lists them, each with its simplified type (2026-01):
 * the five a contestant may be told — AC, WA, TLE, RTE, CE — and JE.
 */
export const JUDGEMENT_TYPES = [
  { id: 'AC', name: 'Accepted', penalty: false, solved: true, simplified_judgement_type_id: 'AC' },
  { id: 'WA', name: 'Wrong Answer', penalty: true, solved: false, simplified_judgement_type_id: 'WA' },
  { id: 'PE', name: 'Presentation Error', penalty: true, solved: false, simplified_judgement_type_id: 'WA' },
  { id: 'TLE', name: 'Time Limit Exceeded', penalty: true, solved: false, simplified_judgement_type_id: 'TLE' },
  { id: 'MLE', name: 'Memory Limit Exceeded', penalty: true, solved: false, simplified_judgement_type_id: 'RTE' },
  { id: 'RTE', name: 'Run-Time Error', penalty: true, solved: false, simplified_judgement_type_id: 'RTE' },
  { id: 'OLE', name: 'Output Limit Exceeded', penalty: true, solved: false, simplified_judgement_type_id: 'WA' },
  { id: 'CE', name: 'Compile Error', penalty: false, solved: false, simplified_judgement_type_id: 'CE' },
  { id: 'JE', name: 'Judging Error', penalty: false, solved: false, simplified_judgement_type_id: 'JE' },
] as const;

/** The simplified type of a judgement type. */
export function simplifiedTypeOf(type: string): string {
  return JUDGEMENT_TYPES.find((t) => t.id === type)?.simplified_judgement_type_id ?? type;
}
