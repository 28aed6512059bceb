// Groups of teams (docs/ccs-api.md, Groups): every contest has the built-in groups participants,
// observers and hidden, and those its administrators define (ccs_groups, migration 0025). A team
// is in the groups ccs_team_groups lists for it; one in none of the built-in groups is a
// participant. A team in a hidden group is hidden: left out of every scoreboard and, for all but
// administrators, out of the API altogether (teams, submissions, judgements, runs, awards, feed).
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../common/errors.ts';
import type { TeamGroupsOutcome } from './wire.ts';

export interface GroupRow {
  id: string;
  name: string;
  hidden: boolean;
}

export const BUILTIN_GROUPS: readonly GroupRow[] = [
  { id: 'participants', name: 'Participants', hidden: false },
  { id: 'observers', name: 'Observers', hidden: false },
  { id: 'hidden', name: 'Hidden', hidden: true },
];

const BUILTIN_IDS = new Set(BUILTIN_GROUPS.map((g) => g.id));

export const isBuiltinGroup = (id: string) => BUILTIN_IDS.has(id);

/** The API's ID grammar: [a-zA-Z0-9_.-], at most 36, not starting with - or . nor ending with . */
export const CCS_ID = /^(?![-.])[A-Za-z0-9_.-]{1,36}(?<!\.)$/;

/** The contest's groups: the built-in ones, then those defined, by id. */
export async function contestGroups(db: Kysely<DB>, contestId: number): Promise<GroupRow[]> {
  const defined = await db.selectFrom('ccs_groups').select(['id', 'name', 'hidden']).where('contest_id', '=', contestId).orderBy('id').execute();
  return [...BUILTIN_GROUPS, ...defined];
}

/** Each team's group ids by id (a team with no built-in group is a participant), by user id. */
export async function teamGroupIds(db: Kysely<DB>, contestId: number, userIds: number[]): Promise<Map<number, string[]>> {
  const rows = await db.selectFrom('ccs_team_groups').select(['user_id', 'group_id']).where('contest_id', '=', contestId).orderBy('group_id').execute();
  const byUser = new Map<number, string[]>(userIds.map((id) => [id, []]));
  for (const row of rows) byUser.get(row.user_id)?.push(row.group_id);
  // By id, whether a team's participation is stored or implied (the same after an import).
  for (const ids of byUser.values()) {
    if (!ids.some((id) => BUILTIN_IDS.has(id))) ids.push('participants');
    ids.sort();
  }
  return byUser;
}

/** Replaces the groups the contest's administrators define (the built-in ones stay); members of a removed group leave it. */
export async function setContestGroups(db: Kysely<DB>, contestId: number, groups: GroupRow[]): Promise<GroupRow[]> {
  const ids = new Set<string>();
  for (const g of groups) {
    if (!CCS_ID.test(g.id)) throw fail('VALIDATION', `Group id ${JSON.stringify(g.id)} is not a Contest API ID (letters, digits, _ . -; at most 36; not starting with - or .)`);
    if (BUILTIN_IDS.has(g.id)) throw fail('VALIDATION', `Group id ${g.id} is built in: every contest has participants, observers and hidden`);
    if (ids.has(g.id)) throw fail('VALIDATION', `Group id ${g.id} is given twice`);
    ids.add(g.id);
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('ccs_groups').where('contest_id', '=', contestId).execute();
    if (groups.length) await trx.insertInto('ccs_groups').values(groups.map((g) => ({ contest_id: contestId, id: g.id, name: g.name, hidden: g.hidden }))).execute();
    let orphans = trx.deleteFrom('ccs_team_groups').where('contest_id', '=', contestId);
    for (const builtin of [...BUILTIN_IDS, ...ids]) orphans = orphans.where('group_id', '!=', builtin);
    await orphans.execute();
  });
  return contestGroups(db, contestId);
}

/** Sets the groups of the contest's teams named by username; every group must exist, a team at most one built-in group. */
export async function setTeamGroups(db: Kysely<DB>, contestId: number, teams: { username: string; groupIds: string[] }[]): Promise<TeamGroupsOutcome> {
  const known = new Set((await contestGroups(db, contestId)).map((g) => g.id));
  for (const { username, groupIds } of teams) {
    const missing = groupIds.filter((id) => !known.has(id));
    if (missing.length) throw fail('VALIDATION', `No such group in this contest: ${missing.join(', ')} (for ${username}); define it first`);
    if (groupIds.filter((id) => BUILTIN_IDS.has(id)).length > 1) throw fail('VALIDATION', `${username}: a team is in at most one of participants, observers and hidden`);
  }
  return db.transaction().execute(async (trx) => {
    const outcome: TeamGroupsOutcome = { updated: [], unknown: [] };
    for (const { username, groupIds } of teams) {
      const member = await trx
        .selectFrom('contest_users as cu')
        .innerJoin('users as u', 'u.id', 'cu.user_id')
        .select('u.id')
        .where('cu.contest_id', '=', contestId)
        .where('u.username', '=', username)
        .executeTakeFirst();
      if (!member) {
        outcome.unknown.push(username);
        continue;
      }
      await trx.deleteFrom('ccs_team_groups').where('contest_id', '=', contestId).where('user_id', '=', member.id).execute();
      const unique = [...new Set(groupIds)];
      if (unique.length) await trx.insertInto('ccs_team_groups').values(unique.map((group_id) => ({ contest_id: contestId, user_id: member.id, group_id }))).execute();
      outcome.updated.push(username);
    }
    return outcome;
  });
}

/** An ISO 3166-1 alpha-3 code as the API wants it (three capital letters); VALIDATION otherwise. */
export function countryCode(text: string): string {
  const code = text.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) throw fail('VALIDATION', `Country ${JSON.stringify(text)} is not an ISO 3166-1 alpha-3 code (three letters, such as CHN, NLD, USA)`);
  return code;
}

/** Sets (or, with null, clears) the country of each affiliation's organization. */
export async function setOrganizationCountries(db: Kysely<DB>, entries: { affiliation: string; country: string | null }[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const { affiliation, country } of entries) {
      const name = affiliation.trim();
      if (!name) continue;
      if (country === null) await trx.deleteFrom('organization_countries').where('affiliation', '=', name).execute();
      else await trx.insertInto('organization_countries').values({ affiliation: name, country: countryCode(country) }).onConflict((oc) => oc.column('affiliation').doUpdateSet({ country: countryCode(country) })).execute();
    }
  });
}
