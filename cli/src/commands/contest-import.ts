// `verdict contest import <package>`: a contest set up from a Contest Package (a folder or a zip;
// ICPC CCS specification 2026-01, as DOMjudge and `verdict contest export` write them) on a
// server, through its admin API: the problems from their packages, the teams' accounts (new
// users; a username that exists is used as it is), organizations with countries, groups, then
// the contest with its problems, members and their groups. The package is read by the server's
// package reader (@verdict/server/ccs), which refuses by name what Verdict cannot set up.
// Results (submissions, judgements, clarifications, the event feed) are not imported.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { formatContestTime } from '@verdict/shared';
import { extractZip } from '@verdict/judge';
import { PackageError, readContestPackage, withProblemFields, type PackagePlan } from '@verdict/server/ccs';
import { CliError } from '../errors.ts';
import { ServerClient, ServerError } from '../server-client.ts';
import { generatePassword } from '../user-rules.ts';

interface ImportOptions {
  server?: string;
}

/** Sets the plan up on the server; the new contest's id. */
export async function importPlan(client: ServerClient, plan: PackagePlan, log: (line: string) => void): Promise<number> {
  const problemIds: number[] = [];
  for (const p of plan.problems) {
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'verdict-problem-'));
    try {
      // output_limit, code_limit and the colour go into the problem's package, where Verdict keeps them.
      const { zip, changed, kept } = await withProblemFields(p.packageZip, p.fields, work);
      const added = await client.json('/api/admin/problem/add', { title: p.name, memoryLimit: p.memoryLimitMb, timeLimit: p.timeLimitMs });
      await client.upload('/api/admin/problem/upload', { problemId: added.id }, 'file', zip);
      problemIds.push(added.id);
      log(`problem ${p.label} (${p.id}): ${p.name} → problem ${added.id}${changed.length ? ` (its package given ${changed.join(', ')})` : ''}`);
      if (kept.length) log(`problem ${p.label} (${p.id}): not applied: ${kept.join('; ')}`);
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  }
  const orgName = new Map(plan.organizations.map((o) => [o.id, o.name]));
  for (const team of plan.teams) {
    const affiliation = team.organization ? orgName.get(team.organization) : undefined;
    try {
      const password = team.password ?? generatePassword();
      await client.json('/api/user/add', {
        username: team.username,
        email: `${team.username}@contest.invalid`,
        nickname: team.name.slice(0, 30),
        gender: 'male',
        auth: 0,
        password,
        confirmPassword: password,
        ...(affiliation ? { affiliation } : {}),
      });
    } catch (err) {
      if (!(err instanceof ServerError && /Username already exists/.test(err.serverMessage))) throw err;
      log(`team ${team.id}: user ${team.username} exists; used as it is`);
      if (affiliation) await client.json('/api/user/affiliations', { affiliations: [{ username: team.username, affiliation }] });
    }
  }
  const countries = plan.organizations.filter((o) => o.country).map((o) => ({ affiliation: o.name, country: o.country }));
  if (countries.length) await client.json('/api/organization/countries', { countries }, 'PUT');
  const { contest } = plan;
  const added = await client.json('/api/contest/add', {
    title: contest.name,
    startTimeStr: formatContestTime(contest.start.getTime()),
    endTimeStr: formatContestTime(contest.end.getTime()),
    ...(contest.freeze ? { freezeTimeStr: formatContestTime(contest.freeze.getTime()) } : {}),
    scoringRule: contest.scoring,
  });
  for (const problemId of problemIds) await client.form('/api/contestProblem/addByProblemId', { contestId: added.id, problemId });
  if (plan.teams.length) await client.json('/api/contestRecord/addByUserIdList', [contest.name, ...plan.teams.map((t) => t.username)]);
  if (plan.groups.length) await client.json('/api/contest/groups', { contestId: added.id, groups: plan.groups }, 'PUT');
  const grouped = plan.teams.filter((t) => t.groupIds.length);
  if (grouped.length) await client.json('/api/contest/teamGroups', { contestId: added.id, teams: grouped.map((t) => ({ username: t.username, groupIds: t.groupIds })) }, 'PUT');
  log(`contest ${added.id}: ${contest.name}, ${problemIds.length} problems, ${plan.teams.length} teams, ${plan.groups.length} groups, ${plan.organizations.length} organizations`);
  if (plan.ignored.length) log(`not imported (results): ${plan.ignored.join(', ')}`);
  return added.id;
}

export default async function contestImport(source: string, opts: ImportOptions): Promise<void> {
  if (!opts.server) throw new CliError('contest import sets the contest up on a running server: give --server URL (log in first with `verdict login --server URL`)');
  const client = ServerClient.loggedIn(opts.server);
  const stat = await fs.stat(source).catch(() => null);
  if (!stat) throw new CliError(`no such package: ${source}`);
  const unpacked = stat.isDirectory() ? null : await fs.mkdtemp(path.join(os.tmpdir(), 'verdict-import-'));
  try {
    if (unpacked) await extractZip(path.resolve(source), unpacked);
    let plan: PackagePlan;
    try {
      plan = readContestPackage(unpacked ?? path.resolve(source));
    } catch (err) {
      if (err instanceof PackageError) throw new CliError(`${source}: ${err.message}`);
      throw err;
    }
    await importPlan(client, plan, (line) => process.stdout.write(`${line}\n`));
  } finally {
    if (unpacked) await fs.rm(unpacked, { recursive: true, force: true });
  }
}
