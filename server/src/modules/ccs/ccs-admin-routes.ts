// Administrators' routes beside the Contest API (docs/ccs-api.md): a contest's defined groups,
// the groups of its teams, the countries of organizations, and the contest as a Contest Package
// (out, and in: a contest set up from one).
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../common/errors.ts';
import { idField } from '../../http/fields.ts';
import { fileReply, route, type RouteDef } from '../../http/route.ts';
import { setContestGroups, setOrganizationCountries, setTeamGroups } from './ccs-groups.ts';
import { checkZipUpload } from '../problems/index.ts';
import { importContestPackageZip } from './ccs-package-import.ts';
import { contestPackageZip } from './ccs-package-write.ts';
import { contestTeams } from './ccs-teams.ts';
import { teamGroupsOutcome } from './wire.ts';

const TAG = 'admin contests';

const group = z
  .object({
    id: z.string({ error: 'A group id must be text' }).meta({ description: 'a Contest API ID: letters, digits, _ . - (at most 36)' }),
    name: z.string({ error: 'A group name must be text' }).trim().min(1, 'A group name cannot be empty').max(100, 'A group name is at most 100 characters'),
    hidden: z.boolean({ error: 'hidden must be true or false' }).default(false).meta({ description: 'its teams are left off the scoreboards and out of the public API' }),
  })
  .strict();

const groupsReply = z.object({
  groups: z.array(z.object({ id: z.string(), name: z.string(), hidden: z.boolean() })),
  teams: z.array(z.object({ username: z.string(), groupIds: z.array(z.string()) })),
});

async function existingContest(db: Kysely<DB>, contestId: number): Promise<number> {
  const row = await db.selectFrom('contests').select('id').where('id', '=', contestId).executeTakeFirst();
  if (!row) throw fail('NOT_FOUND', `No such contest: ${contestId}`);
  return row.id;
}

async function groupsOf(db: Kysely<DB>, contestId: number) {
  const { teams, groups } = await contestTeams(db, await existingContest(db, contestId));
  return { groups, teams: teams.map((t) => ({ username: t.username, groupIds: t.group_ids })) };
}

export const ccsAdminRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/contest/package',
    role: 'admin',
    tag: TAG,
    summary: "The contest as an ICPC Contest Package (2026-01) zip: the Contest API's JSON, event-feed.ndjson, submissions' files, problems' packages",
    query: z.object({ contestId: idField('contestId') }).strict(),
    reply: fileReply('application/zip'),
    handler: ({ query }, services) => contestPackageZip(services, query.contestId),
  }),
  route({
    method: 'post',
    path: '/api/contest/package',
    role: 'admin',
    tag: TAG,
    summary:
      'Set a contest up from an ICPC Contest Package zip (as DOMjudge or GET /api/contest/package writes it): problems from their packages, teams as users, organizations, groups; results are not imported. What Verdict cannot set up is refused by name, creating nothing',
    encoding: 'multipart',
    maxFileSize: (config) => config.uploadMaxBytes,
    body: z.object({}),
    reply: z.object({ contestId: z.number().int(), log: z.array(z.string()) }),
    handler: async ({ files }, services) => importContestPackageZip(services, (await checkZipUpload(files.file)).path),
  }),
  route({
    method: 'get',
    path: '/api/contest/groups',
    role: 'admin',
    tag: TAG,
    summary: "A contest's groups of teams (built-in participants, observers, hidden, and those defined) and each team's groups",
    query: z.object({ contestId: idField('contestId') }).strict(),
    reply: groupsReply,
    handler: ({ query }, { db }) => groupsOf(db, query.contestId),
  }),
  route({
    method: 'put',
    path: '/api/contest/groups',
    role: 'admin',
    tag: TAG,
    summary: "Replace a contest's defined groups (the built-in ones stay); teams leave groups removed",
    encoding: 'json',
    body: z.object({ contestId: idField('contestId'), groups: z.array(group, { error: 'groups must be a list of {id, name, hidden}' }).max(1000, 'At most 1000 groups') }).strict(),
    reply: groupsReply,
    handler: async ({ body }, { db }) => {
      await setContestGroups(db, await existingContest(db, body.contestId), body.groups);
      return groupsOf(db, body.contestId);
    },
  }),
  route({
    method: 'put',
    path: '/api/contest/teamGroups',
    role: 'admin',
    tag: TAG,
    summary: "Set the groups of a contest's teams by username (at most one of participants, observers, hidden); names not in the contest are reported",
    encoding: 'json',
    body: z
      .object({
        contestId: idField('contestId'),
        teams: z
          .array(z.object({ username: z.string({ error: 'username must be text' }).min(1, 'username cannot be empty'), groupIds: z.array(z.string()).max(100, 'At most 100 groups a team') }).strict(), {
            error: 'teams must be a list of {username, groupIds}',
          })
          .min(1, 'No teams to set')
          .max(10_000, 'At most 10000 teams at once'),
      })
      .strict(),
    reply: teamGroupsOutcome,
    handler: async ({ body }, { db }) => setTeamGroups(db, await existingContest(db, body.contestId), body.teams),
  }),
  route({
    method: 'put',
    path: '/api/organization/countries',
    role: 'admin',
    tag: 'admin users',
    summary: "Set the ISO 3166-1 alpha-3 country of affiliations' organizations (a user-list spreadsheet's Country column); null clears",
    encoding: 'json',
    body: z
      .object({
        countries: z
          .array(z.object({ affiliation: z.string({ error: 'affiliation must be text' }).max(100), country: z.string({ error: 'country must be text or null' }).nullable() }).strict())
          .min(1, 'No countries to set')
          .max(10_000, 'At most 10000 countries at once'),
      })
      .strict(),
    reply: z.object({ updated: z.number().int() }),
    handler: async ({ body }, { db }) => {
      await setOrganizationCountries(db, body.countries);
      return { updated: body.countries.length };
    },
  }),
];
