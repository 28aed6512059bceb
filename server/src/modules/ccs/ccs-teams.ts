// Teams and organizations: a contest's members are its teams (one account, one team), in the
// contest's groups (ccs-groups.ts), and the affiliations of its members are its organizations,
// with a country when one was set for the affiliation.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { organizationId } from './ccs-format.ts';
import { contestGroups, isBuiltinGroup, teamGroupIds, type GroupRow } from './ccs-groups.ts';

export interface TeamRow {
  id: number;
  username: string;
  nickname: string;
  affiliation: string | null;
  /** The ISO 3166-1 alpha-3 country of the affiliation, when set. */
  country: string | null;
  group_ids: string[];
  /** In a hidden group: off the scoreboards, and seen by administrators only. */
  hidden: boolean;
}

export interface ContestTeams {
  teams: TeamRow[];
  groups: GroupRow[];
}

/** Every team of the contest (hidden ones too) and the contest's groups. */
export async function contestTeams(db: Kysely<DB>, contestId: number): Promise<ContestTeams> {
  const [rows, groups] = await Promise.all([
    db
      .selectFrom('contest_users as cu')
      .innerJoin('users as u', 'u.id', 'cu.user_id')
      .leftJoin('organization_countries as oc', (join) => join.on((eb) => eb(eb.fn('btrim', ['u.affiliation']), '=', eb.ref('oc.affiliation'))))
      .select(['u.id', 'u.username', 'u.nickname', 'u.affiliation', 'oc.country'])
      .where('cu.contest_id', '=', contestId)
      .orderBy('u.id')
      .execute(),
    contestGroups(db, contestId),
  ]);
  const hiddenGroups = new Set(groups.filter((g) => g.hidden).map((g) => g.id));
  const groupIds = await teamGroupIds(db, contestId, rows.map((r) => r.id));
  const teams = rows.map((r) => {
    const ids = groupIds.get(r.id) ?? ['participants'];
    return { ...r, country: r.country ?? null, group_ids: ids, hidden: ids.some((id) => hiddenGroups.has(id)) };
  });
  return { teams, groups };
}

/** The affiliation a team's organization is made of; null when the member has none. */
const affiliationOf = (team: TeamRow) => team.affiliation?.trim() || null;

/**
 * A team as the API serves it. `anonymous`: as anonymous visitors see it (CCS_ANONYMOUS=scoreboard):
 * the name the scoreboard shows, never the account's username (its login name), `label` its id.
 */
export function teamObject(team: TeamRow, anonymous = false) {
  const affiliation = affiliationOf(team);
  return {
    id: String(team.id),
    name: team.nickname.trim() || (anonymous ? `Team ${team.id}` : team.username),
    label: anonymous ? String(team.id) : team.username,
    display_name: null,
    organization_id: affiliation ? organizationId(affiliation) : null,
    group_ids: team.group_ids,
    hidden: team.hidden,
  };
}

/** A group as the API has it (no hidden property: its teams say they are hidden); the built-in ones are of type category. */
export function groupObject(group: GroupRow) {
  return { id: group.id, name: group.name, type: isBuiltinGroup(group.id) ? 'category' : null };
}

export function organizationObjects(teams: TeamRow[]) {
  const countries = new Map<string, string | null>();
  for (const team of teams) {
    const name = affiliationOf(team);
    if (name !== null) countries.set(name, team.country);
  }
  return [...countries.keys()].sort().map((name) => {
    const country = countries.get(name);
    return { id: organizationId(name), name, formal_name: name, ...(country ? { country } : {}) };
  });
}
