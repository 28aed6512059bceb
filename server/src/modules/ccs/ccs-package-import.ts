// Setting a contest up from a Contest Package (docs/ccs-api.md, Contest packages) on this server:
// POST /api/contest/package (the admin web page, and `verdict contest import`). The package is
// read by ccs-package-read.ts, which refuses by name what Verdict cannot set up before anything
// is created; then, in order: the problems (their packages given output_limit, code_limit and
// colour: ccs-problem-fields.ts), the teams' users (a username that exists is used as it is),
// organizations' countries, the contest with its problems, members, groups and their teams.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { USER_LIMITS } from '@verdict/shared';
import { extractZip } from '@verdict/judge';
import type { Clock } from '../../common/clock.ts';
import { fail } from '../../common/errors.ts';
import { addContest, addContestProblem, addMembersByUsername } from '../contests/index.ts';
import { addProblem, importProblemPackage, makeScratchDir, type PackageStore } from '../problems/index.ts';
import { addUser, setAffiliations } from '../users/index.ts';
import { setContestGroups, setOrganizationCountries, setTeamGroups } from './ccs-groups.ts';
import { PackageError, readContestPackage, type PackagePlan } from './ccs-package-read.ts';
import { withProblemFields } from './ccs-problem-fields.ts';

/** What importing a contest package needs of the services. */
type ImportServices = PackageStore & { clock: Clock };

export interface PackageImport {
  contestId: number;
  /** What was done, a line each (the CLI prints them). */
  log: string[];
}

/** A password for a team account the package gives none (as `verdict user` makes them). */
function generatePassword(length = 14): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[crypto.randomInt(alphabet.length)];
  return out;
}

/** What the user table takes, checked before anything is created. */
function checkTeams(plan: PackagePlan): void {
  for (const team of plan.teams) {
    if (team.username.length > USER_LIMITS.usernameMax) throw new PackageError(`team ${team.id}: username ${JSON.stringify(team.username)} is longer than ${USER_LIMITS.usernameMax} characters`);
    const password = team.password;
    if (password !== null && (password.length < USER_LIMITS.adminPasswordMin || password.length > USER_LIMITS.adminPasswordMax)) {
      throw new PackageError(`account of team ${team.id}: a password of ${USER_LIMITS.adminPasswordMin} to ${USER_LIMITS.adminPasswordMax} characters is needed`);
    }
  }
}

/**
 * Refuses, before anything is created, what would stop the import half-way: a contest or a
 * problem title the server has already, or a problem title twice in the package (titles are
 * unique on a server).
 */
async function assertTitlesFree(db: ImportServices['db'], plan: PackagePlan): Promise<void> {
  const names = plan.problems.map((p) => p.name);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined) throw fail('VALIDATION', `The contest package was refused: two problems are named ${JSON.stringify(twice)} (problem titles are unique on a server)`);
  if (await db.selectFrom('contests').select('id').where('title', '=', plan.contest.name).executeTakeFirst()) {
    throw fail('CONFLICT', `The contest package was refused: a contest named ${JSON.stringify(plan.contest.name)} exists already`);
  }
  const taken = names.length ? await db.selectFrom('problems').select('title').where('title', 'in', names).execute() : [];
  if (taken.length) {
    throw fail('CONFLICT', `The contest package was refused: problems named ${taken.map((t) => JSON.stringify(t.title)).join(', ')} exist already (problem titles are unique on a server)`);
  }
}

/** What an import created, undone when it fails half-way: nothing is left half set up. */
interface Created {
  problems: number[];
  users: number[];
  contest: number | null;
}

async function undo(db: ImportServices['db'], created: Created): Promise<void> {
  // Members, contest problems, groups and submissions go with their contest, problems and users (cascades).
  if (created.contest !== null) await db.deleteFrom('contests').where('id', '=', created.contest).execute();
  if (created.problems.length) await db.deleteFrom('problems').where('id', 'in', created.problems).execute();
  if (created.users.length) await db.deleteFrom('users').where('id', 'in', created.users).execute();
}

/**
 * Sets up the contest a package's plan describes: all of it, or nothing (what it created is
 * removed again when a step fails; affiliations and countries it gave existing accounts stay).
 */
export async function importContestPlan(services: ImportServices, plan: PackagePlan): Promise<PackageImport> {
  checkTeams(plan);
  await assertTitlesFree(services.db, plan);
  const created: Created = { problems: [], users: [], contest: null };
  try {
    return await setUp(services, plan, created);
  } catch (err) {
    await undo(services.db, created).catch((undoErr: Error) => {
      throw new Error(`${(err as Error).message}; and undoing the half-done import failed too: ${undoErr.message}`, { cause: err });
    });
    throw err;
  }
}

async function setUp(services: ImportServices, plan: PackagePlan, created: Created): Promise<PackageImport> {
  const { db } = services;
  const log: string[] = [];
  const problemIds = created.problems;
  for (const p of plan.problems) {
    const work = await makeScratchDir(services.config, 'contest-import');
    try {
      const { zip, changed, kept } = await withProblemFields(p.packageZip, p.fields, work);
      const added = await addProblem(db, { title: p.name, timeLimit: p.timeLimitMs, memoryLimit: p.memoryLimitMb });
      problemIds.push(added.id);
      // The upload moves the zip it is given: a copy of the package's own.
      const upload = path.join(work, 'upload.zip');
      await fs.copyFile(zip, upload);
      await importProblemPackage(services, added.id, upload);
      log.push(`problem ${p.label} (${p.id}): ${p.name} → problem ${added.id}${changed.length ? ` (its package given ${changed.join(', ')})` : ''}`);
      if (kept.length) log.push(`problem ${p.label} (${p.id}): not applied: ${kept.join('; ')}`);
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  }
  const orgName = new Map(plan.organizations.map((o) => [o.id, o.name]));
  for (const team of plan.teams) {
    const affiliation = team.organization ? (orgName.get(team.organization) ?? null) : null;
    const exists = await db.selectFrom('users').select('id').where('username', '=', team.username).executeTakeFirst();
    if (exists) {
      log.push(`team ${team.id}: user ${team.username} exists; used as it is`);
      if (affiliation) await setAffiliations(db, [{ username: team.username, affiliation }]);
      continue;
    }
    const user = await addUser(db, { username: team.username, email: `${team.username}@contest.invalid`, nickname: team.name.slice(0, 30), gender: 'male', auth: 0, password: team.password ?? generatePassword(), affiliation });
    created.users.push(user.id);
  }
  const countries = plan.organizations.filter((o) => o.country).map((o) => ({ affiliation: o.name, country: o.country }));
  if (countries.length) await setOrganizationCountries(db, countries);
  const { contest } = plan;
  // Contest times are kept to the second, as the contest form takes them.
  const second = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);
  const added = await addContest(db, { title: contest.name, startTime: second(contest.start), endTime: second(contest.end), freezeTime: contest.freeze ? second(contest.freeze) : null, scoringRule: contest.scoring }, services.clock.now());
  created.contest = added.id;
  for (const problemId of problemIds) await addContestProblem(db, added.id, problemId);
  if (plan.teams.length) await addMembersByUsername(db, contest.name, plan.teams.map((t) => t.username));
  if (plan.groups.length) await setContestGroups(db, added.id, plan.groups);
  const grouped = plan.teams.filter((t) => t.groupIds.length);
  if (grouped.length) await setTeamGroups(db, added.id, grouped.map((t) => ({ username: t.username, groupIds: t.groupIds })));
  log.push(`contest ${added.id}: ${contest.name}, ${problemIds.length} problems, ${plan.teams.length} teams, ${plan.groups.length} groups, ${plan.organizations.length} organizations`);
  if (plan.ignored.length) log.push(`not imported (results): ${plan.ignored.join(', ')}`);
  return { contestId: added.id, log };
}

/** POST /api/contest/package: the uploaded zip unpacked, read and set up; a package Verdict cannot set up is refused by name, creating nothing. */
export async function importContestPackageZip(services: ImportServices, zipPath: string): Promise<PackageImport> {
  const dir = await makeScratchDir(services.config, 'contest-package');
  try {
    try {
      await extractZip(zipPath, dir, { maxFiles: 100_000, maxUnpackedBytes: services.config.uploadMaxBytes * 20, maxRatio: 1000 });
    } catch (err) {
      throw fail('VALIDATION', `The contest package cannot be unpacked: ${(err as Error).message}`);
    }
    // A zip of the package's folder: the folder inside it.
    const entries = await fs.readdir(dir, { withFileTypes: true });
    const root = entries.length === 1 && entries[0].isDirectory() ? path.join(dir, entries[0].name) : dir;
    let plan: PackagePlan;
    try {
      plan = readContestPackage(root);
      checkTeams(plan);
    } catch (err) {
      if (err instanceof PackageError) throw fail('VALIDATION', `The contest package was refused: ${err.message}`);
      throw err;
    }
    return await importContestPlan(services, plan);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
