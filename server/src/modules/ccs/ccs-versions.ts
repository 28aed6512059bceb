// The two releases of the Contest API Verdict serves from one model (docs/ccs-api.md, Versions):
// 2026-01, the default at /api/ccs, and 2023-06 at /api/ccs/2023-06. The object builders make
// each object in the model's form, which is 2026-01's with the scoreboard's times in minutes;
// serialize() writes it as the reader's release has it.
import { relTime } from './ccs-format.ts';
import { parseRelTime } from './ccs-time.ts';
import type { CcsContext } from './ccs-viewer.ts';

export const CCS_VERSIONS = ['2026-01', '2023-06'] as const;
export type CcsVersion = (typeof CCS_VERSIONS)[number];
export const DEFAULT_CCS_VERSION: CcsVersion = '2026-01';

/** A reader's context with the release it reads (the default when the path names none). */
export type VersionedContext = CcsContext & { version?: CcsVersion };

export const versionOf = (ctx: CcsContext): CcsVersion => (ctx as VersionedContext).version ?? DEFAULT_CCS_VERSION;

type Json = Record<string, unknown>;

const without = (object: Json, ...keys: string[]) => Object.fromEntries(Object.entries(object).filter(([k]) => !keys.includes(k)));

const minutesToRel = (minutes: unknown) => (typeof minutes === 'number' ? relTime(minutes * 60_000) : minutes);

/** 2023-06's form of a model object of an endpoint type (the types as the access endpoint names them). */
const TO_2023_06: Record<string, (o: Json) => Json> = {
  contest: (o) => ({ ...without(o, 'scoreboard_thaw_time'), ...(o.penalty_time === undefined ? {} : { penalty_time: Math.round((parseRelTime(String(o.penalty_time)) ?? 0) / 60_000) }) }),
  'judgement-types': (o) => without(o, 'simplified_judgement_type_id'),
  problems: (o) => without(o, 'memory_limit', 'output_limit', 'code_limit'),
  submissions: (o) => ({ ...without(o, 'account_id'), files: (o.files as Json[]).map((f) => without(f, 'filename')) }),
  judgements: (o) => without(o, 'current', 'simplified_judgement_type_id'),
  clarifications: (o) => {
    const to = o.to_team_ids as string[] | null;
    return { ...without(o, 'to_team_ids', 'to_group_ids'), to_team_id: to && to.length === 1 ? to[0] : null };
  },
};

/** 2026-01's form: the model's, but the scoreboard's times are RELTIME. */
const TO_2026_01: Record<string, (o: Json) => Json> = {
  scoreboard: (o) => ({
    ...o,
    rows: (o.rows as Json[]).map((row) => {
      const score = row.score as Json;
      return {
        ...row,
        score: { ...score, ...(score.total_time === undefined ? {} : { total_time: minutesToRel(score.total_time) }), time: score.time === undefined ? null : minutesToRel(score.time) },
        problems: (row.problems as Json[]).map((p) => (p.time === undefined ? p : { ...p, time: minutesToRel(p.time) })),
      };
    }),
  }),
};

/** `object` of endpoint type `type` as release `version` has it. */
export function serialize<T>(version: CcsVersion, type: string, object: T): T {
  const table = version === '2023-06' ? TO_2023_06 : TO_2026_01;
  const convert = table[type];
  return (convert ? convert(object as Json) : object) as T;
}

/** The API information of a release. */
export function apiInformation(version: CcsVersion) {
  return { version, version_url: `https://ccs-specs.icpc.io/${version}/contest_api`, provider: { name: 'Verdict' } };
}
