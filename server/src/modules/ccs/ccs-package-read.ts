// Reading a Contest Package (ICPC CCS specification 2026-01, Contest_Package.md) into what
// `verdict contest import` sets up: the contest, its problems with their packages, the teams'
// accounts, organizations (with countries) and groups. Read: contest.yaml|json,
// problems.yaml|json, teams.json, accounts.yaml|json, organizations.json, groups.json, and each
// problem's package (problems/<id>/<id>.zip, problems/<id>.zip or <id>.zip) with what
// problems.yaml says beyond its limits (output_limit, code_limit, rgb/color: ccs-problem-fields.ts). What Verdict cannot
// set up is refused by name; the results (submissions, judgements, runs, clarifications, awards,
// the event feed) are not imported, and the plan says so.
import fs from 'node:fs';
import path from 'node:path';
import { load as parseYaml } from 'js-yaml';
import { parseCcsTime, parseRelTime } from './ccs-time.ts';
import { parsePackageColor } from '@verdict/shared';
import { CCS_ID, isBuiltinGroup } from './ccs-groups.ts';
import type { ProblemFields } from './ccs-problem-fields.ts';

export class PackageError extends Error {}

export interface PackagePlan {
  contest: { id: string | null; name: string; start: Date; end: Date; freeze: Date | null; scoring: 'icpc' | 'ioi' };
  problems: { id: string; label: string; name: string; timeLimitMs: number; memoryLimitMb: number; packageZip: string; fields: ProblemFields }[];
  organizations: { id: string; name: string; country: string | null }[];
  groups: { id: string; name: string; hidden: boolean }[];
  teams: { id: string; username: string; name: string; password: string | null; organization: string | null; groupIds: string[] }[];
  /** Files of the package that are not imported (results). */
  ignored: string[];
}

type Obj = Record<string, unknown>;

const RESULTS = ['submissions', 'judgements', 'runs', 'clarifications', 'awards', 'scoreboard', 'state', 'commentary', 'event-feed'];

/** A package file as JSON, or its YAML form (contest, problems, accounts); null when neither is there. */
function readDoc(dir: string, name: string, yamlToo = false): unknown {
  for (const [file, parse] of [[`${name}.json`, JSON.parse], ...(yamlToo ? [[`${name}.yaml`, parseYaml]] : [])] as [string, (t: string) => unknown][]) {
    const full = path.join(dir, file);
    if (!fs.existsSync(full)) continue;
    try {
      return parse(fs.readFileSync(full, 'utf8'));
    } catch (err) {
      throw new PackageError(`${file} cannot be read: ${(err as Error).message}`);
    }
  }
  return null;
}

const list = (value: unknown, what: string): Obj[] => {
  if (value === null) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'object' || v === null)) throw new PackageError(`${what} must be a list of objects`);
  return value as Obj[];
};

const text = (o: Obj, key: string, what: string): string => {
  const v = o[key];
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string' || !v.trim()) throw new PackageError(`${what}: ${key} is missing`);
  return v.trim();
};

function time(value: unknown, what: string): Date {
  const ms = typeof value === 'string' ? parseCcsTime(value) : value instanceof Date ? value.getTime() : null;
  if (ms === null) throw new PackageError(`${what} must be a TIME such as 2026-06-25T10:00:00+02, not ${JSON.stringify(value)}`);
  return new Date(ms);
}

function relative(value: unknown, what: string): number {
  const ms = typeof value === 'string' ? parseRelTime(value) : null;
  if (ms === null || ms < 0) throw new PackageError(`${what} must be a RELTIME such as 5:00:00, not ${JSON.stringify(value)}`);
  return ms;
}

function readContest(dir: string): PackagePlan['contest'] {
  const c = readDoc(dir, 'contest', true);
  if (!c || typeof c !== 'object') throw new PackageError('the package has no contest.yaml or contest.json');
  const o = c as Obj;
  if (o.countdown_pause_time !== undefined && o.countdown_pause_time !== null) throw new PackageError('contest: countdown_pause_time is not supported (Verdict has no paused countdown): give a start_time');
  const penalty = o.penalty_time;
  if (penalty !== undefined && penalty !== null && penalty !== 20 && (typeof penalty !== 'string' || parseRelTime(penalty) !== 20 * 60_000)) {
    throw new PackageError(`contest: penalty_time ${JSON.stringify(penalty)} is not supported: Verdict's ICPC penalty is 20 minutes`);
  }
  const type = o.scoreboard_type ?? 'pass-fail';
  if (type !== 'pass-fail' && type !== 'score') throw new PackageError(`contest: scoreboard_type ${JSON.stringify(type)} is not supported (pass-fail or score)`);
  const start = time(o.start_time, 'contest: start_time');
  const end = new Date(start.getTime() + relative(o.duration, 'contest: duration'));
  const freezeMs = o.scoreboard_freeze_duration === undefined || o.scoreboard_freeze_duration === null ? 0 : relative(o.scoreboard_freeze_duration, 'contest: scoreboard_freeze_duration');
  return {
    id: typeof o.id === 'string' ? o.id : null,
    name: typeof o.formal_name === 'string' && o.formal_name.trim() ? o.formal_name.trim() : text(o, 'name', 'contest'),
    start,
    end,
    freeze: freezeMs > 0 ? new Date(end.getTime() - freezeMs) : null,
    scoring: type === 'score' ? 'ioi' : 'icpc',
  };
}

/** output_limit, code_limit and the colour (rgb, or color where it names the same): written into the problem's package. */
function problemFields(p: Obj, id: string): ProblemFields {
  const positive = (key: string) => {
    const v = p[key];
    if (v === undefined || v === null) return null;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw new PackageError(`problem ${id}: ${key} must be a positive integer, not ${JSON.stringify(v)}`);
    return v;
  };
  const rgb = typeof p.rgb === 'string' ? p.rgb : null;
  const name = typeof p.color === 'string' ? p.color : null;
  for (const [key, v] of [['rgb', rgb], ['color', name]] as const) {
    if (v !== null && !parsePackageColor(v)) throw new PackageError(`problem ${id}: ${key} ${JSON.stringify(v)} is neither a hex colour (#rrggbb) nor a CSS colour name`);
  }
  const sameColor = rgb !== null && name !== null && parsePackageColor(rgb)!.color === parsePackageColor(name)!.color;
  return { outputLimitMb: positive('output_limit'), codeLimitKb: positive('code_limit'), color: sameColor || rgb === null ? name : rgb };
}

function problemZip(dir: string, id: string): string {
  for (const candidate of [`problems/${id}/${id}.zip`, `problems/${id}.zip`, `${id}.zip`]) {
    if (fs.existsSync(path.join(dir, candidate))) return path.join(dir, candidate);
  }
  throw new PackageError(`problem ${id}: its package is not in the package (looked for problems/${id}/${id}.zip, problems/${id}.zip and ${id}.zip); Verdict judges from problem packages`);
}

/** Reads the package folder `dir` into a plan, or throws PackageError naming what is wrong or unsupported. */
export function readContestPackage(dir: string): PackagePlan {
  const contest = readContest(dir);
  const problems = list(readDoc(dir, 'problems', true), 'problems')
    .map((p, i) => {
      const id = text(p, 'id', `problem ${i + 1}`);
      // The id names the problem's package in the package: nothing outside it may be read.
      if (!CCS_ID.test(id)) throw new PackageError(`problem ${JSON.stringify(id)}: its id is not a Contest API ID (letters, digits, _ . -; at most 36; not starting with - or .)`);
      const timeLimit = typeof p.time_limit === 'number' ? p.time_limit : 1;
      return {
        id,
        label: typeof p.label === 'string' ? p.label : String.fromCharCode(65 + i),
        name: typeof p.name === 'string' && p.name.trim() ? p.name.trim() : id,
        ordinal: typeof p.ordinal === 'number' ? p.ordinal : i,
        timeLimitMs: Math.round(timeLimit * 1000),
        memoryLimitMb: typeof p.memory_limit === 'number' ? p.memory_limit : 256,
        packageZip: problemZip(dir, id),
        fields: problemFields(p, id),
      };
    })
    .sort((a, b) => a.ordinal - b.ordinal)
    .map(({ ordinal: _ordinal, ...p }) => p);
  if (!problems.length) throw new PackageError('the package has no problems (problems.yaml or problems.json)');

  const organizations = list(readDoc(dir, 'organizations'), 'organizations.json').map((o) => ({
    id: text(o, 'id', 'an organization'),
    name: typeof o.formal_name === 'string' && o.formal_name.trim() ? o.formal_name.trim() : text(o, 'name', `organization ${String(o.id)}`),
    country: typeof o.country === 'string' ? o.country : null,
  }));
  const groups = list(readDoc(dir, 'groups'), 'groups.json').map((g) => ({ id: text(g, 'id', 'a group'), name: text(g, 'name', `group ${String(g.id)}`), hidden: g.hidden === true }));
  const accounts = list(readDoc(dir, 'accounts', true), 'accounts');
  for (const a of accounts) {
    if (a.type !== undefined && a.type !== 'team') throw new PackageError(`account ${String(a.username ?? a.id)}: type ${JSON.stringify(a.type)} is not supported: only team accounts are imported (administrators are made in Verdict)`);
  }
  const accountOf = new Map(accounts.filter((a) => a.team_id !== undefined && a.team_id !== null).map((a) => [String(a.team_id), a]));
  const orgIds = new Set(organizations.map((o) => o.id));
  const groupIds = new Set(groups.map((g) => g.id));
  const hiddenGroups = new Set(['hidden', ...groups.filter((g) => g.hidden).map((g) => g.id)]);
  const teams = list(readDoc(dir, 'teams'), 'teams.json').map((t) => {
    const id = text(t, 'id', 'a team');
    const account = accountOf.get(id);
    const organization = typeof t.organization_id === 'string' ? t.organization_id : null;
    if (organization !== null && !orgIds.has(organization)) throw new PackageError(`team ${id}: organization ${organization} is not in organizations.json`);
    const ids = Array.isArray(t.group_ids) ? t.group_ids.map(String) : [];
    const unknown = ids.filter((g) => !groupIds.has(g) && !isBuiltinGroup(g));
    if (unknown.length) throw new PackageError(`team ${id}: group ${unknown.join(', ')} is not in groups.json`);
    return {
      id,
      username: account ? text(account, 'username', `account of team ${id}`) : typeof t.label === 'string' && t.label ? t.label : id,
      name: typeof t.display_name === 'string' && t.display_name ? t.display_name : typeof t.name === 'string' ? t.name : id,
      password: account && typeof account.password === 'string' ? account.password : null,
      organization,
      // A hidden team in no hidden group goes to the built-in hidden one; the groups are kept as they are.
      groupIds: t.hidden === true && !ids.some((g) => hiddenGroups.has(g)) ? [...ids.filter((g) => !['participants', 'observers'].includes(g)), 'hidden'] : ids,
    };
  });
  const ignored = fs.readdirSync(dir).filter((f) => RESULTS.includes(f.replace(/\.(json|ndjson|yaml)$/, '')));
  return { contest, problems, organizations, groups: groups.filter((g) => !isBuiltinGroup(g.id)), teams, ignored };
}
