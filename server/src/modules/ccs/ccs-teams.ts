// Teams and organizations: a contest's members are its teams (one account, one team), and the
// affiliations of its members are its organizations. Verdict has no groups of teams.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { organizationId } from './ccs-format.ts';

export interface TeamRow {
  id: number;
  username: string;
  nickname: string;
  affiliation: string | null;
}

export function contestTeams(db: Kysely<DB>, contestId: number): Promise<TeamRow[]> {
  return db
    .selectFrom('contest_users as cu')
    .innerJoin('users as u', 'u.id', 'cu.user_id')
    .select(['u.id', 'u.username', 'u.nickname', 'u.affiliation'])
    .where('cu.contest_id', '=', contestId)
    .orderBy('u.id')
    .execute();
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
    group_ids: [],
    hidden: false,
  };
}

export function organizationObjects(teams: TeamRow[]) {
  const names = [...new Set(teams.map(affiliationOf).filter((a): a is string => a !== null))].sort();
  return names.map((name) => ({ id: organizationId(name), name, formal_name: name }));
}
