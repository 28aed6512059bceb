// Who takes part in a contest and which problems it has (spec §2 contest management row
// actions). Problem letters follow the order problems were added: A, B, C...
import { problemLetter } from '@verdict/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../common/errors.ts';
import type { CurrentUser } from '../accounts/index.ts';
import { assertCanSeeContest, findContest, isAdmin } from './contest-access.ts';
import type { ContestMember, ContestProblem, UserListOutcome } from './wire.ts';

async function findUserId(db: Kysely<DB>, userId: number): Promise<void> {
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!row) throw fail('NOT_FOUND', 'No such user');
}

export async function addMember(db: Kysely<DB>, contestId: number, userId: number): Promise<void> {
  await findContest(db, contestId);
  await findUserId(db, userId);
  const inserted = await db
    .insertInto('contest_users')
    .values({ contest_id: contestId, user_id: userId })
    .onConflict((oc) => oc.doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (!inserted) throw fail('CONFLICT', 'The user is already in this contest');
}

/** Adds the named users to the contest named by title; unknown names are reported, not fatal. */
export async function addMembersByUsername(db: Kysely<DB>, contestTitle: string, usernames: string[]): Promise<UserListOutcome> {
  const contest = await db.selectFrom('contests').select('id').where('title', '=', contestTitle).executeTakeFirst();
  if (!contest) throw fail('NOT_FOUND', `No such contest: ${contestTitle}`);
  const names = [...new Set(usernames)];
  return db.transaction().execute(async (trx) => {
    const users = await trx.selectFrom('users').select(['id', 'username']).where('username', 'in', names).execute();
    const byName = new Map(users.map((u) => [u.username, u.id]));
    const inserted = users.length
      ? await trx
          .insertInto('contest_users')
          .values(users.map((u) => ({ contest_id: contest.id, user_id: u.id })))
          .onConflict((oc) => oc.doNothing())
          .returning('user_id')
          .execute()
      : [];
    const addedIds = new Set(inserted.map((r) => r.user_id));
    const outcome: UserListOutcome = { added: [], alreadyMember: [], unknown: [] };
    for (const name of names) {
      const id = byName.get(name);
      if (id === undefined) outcome.unknown.push(name);
      else if (addedIds.has(id)) outcome.added.push(name);
      else outcome.alreadyMember.push(name);
    }
    return outcome;
  });
}

export async function removeMember(db: Kysely<DB>, contestId: number, userId: number): Promise<void> {
  const removed = await db
    .deleteFrom('contest_users')
    .where('contest_id', '=', contestId)
    .where('user_id', '=', userId)
    .returning('user_id')
    .executeTakeFirst();
  if (!removed) throw fail('NOT_FOUND', 'The user is not in this contest');
}

export async function listMembers(db: Kysely<DB>, contestId: number): Promise<ContestMember[]> {
  await findContest(db, contestId);
  const rows = await db
    .selectFrom('contest_users as cu')
    .innerJoin('users as u', 'u.id', 'cu.user_id')
    .select(['cu.contest_id', 'u.id', 'u.username', 'u.nickname'])
    .where('cu.contest_id', '=', contestId)
    .orderBy('u.id')
    .execute();
  return rows.map((r) => ({ contestId: r.contest_id, userId: r.id, username: r.username, nickname: r.nickname }));
}

export async function addContestProblem(db: Kysely<DB>, contestId: number, problemId: number): Promise<void> {
  await findContest(db, contestId);
  const problem = await db.selectFrom('problems').select('id').where('id', '=', problemId).executeTakeFirst();
  if (!problem) throw fail('NOT_FOUND', 'No such problem');
  await db.transaction().execute(async (trx) => {
    // Lock the contest row so that two concurrent adds do not take the same position.
    await trx.selectFrom('contests').select('id').where('id', '=', contestId).forUpdate().execute();
    const last = await trx
      .selectFrom('contest_problems')
      .select((eb) => eb.fn.max<number | null>('position').as('p'))
      .where('contest_id', '=', contestId)
      .executeTakeFirst();
    const inserted = await trx
      .insertInto('contest_problems')
      .values({ contest_id: contestId, problem_id: problemId, position: (last?.p ?? 0) + 1 })
      .onConflict((oc) => oc.doNothing())
      .returning('problem_id')
      .executeTakeFirst();
    if (!inserted) throw fail('CONFLICT', 'The problem is already in this contest');
  });
}

export async function removeContestProblem(db: Kysely<DB>, contestId: number, problemId: number): Promise<void> {
  const removed = await db
    .deleteFrom('contest_problems')
    .where('contest_id', '=', contestId)
    .where('problem_id', '=', problemId)
    .returning('problem_id')
    .executeTakeFirst();
  if (!removed) throw fail('NOT_FOUND', 'The problem is not in this contest');
}

/** The contest's problems in contest order, with their letters. */
export async function listContestProblems(db: Kysely<DB>, contestId: number): Promise<ContestProblem[]> {
  const rows = await db
    .selectFrom('contest_problems as cp')
    .innerJoin('problems as p', 'p.id', 'cp.problem_id')
    .select(['cp.contest_id', 'p.id', 'p.title', 'p.time_limit', 'p.memory_limit'])
    .where('cp.contest_id', '=', contestId)
    .orderBy('cp.position')
    .orderBy('p.id')
    .execute();
  return rows.map((r, i) => ({
    contestId: r.contest_id,
    problemId: r.id,
    letter: problemLetter(i),
    title: r.title,
    timeLimit: r.time_limit,
    memoryLimit: r.memory_limit,
  }));
}

/**
 * The problem list for members and admins. Before the start a member sees how many problems
 * there are and their letters and limits, not their titles (a title can give a problem away):
 * `title` is empty until `now` reaches the start. Administrators always see everything.
 */
export async function contestProblemsFor(db: Kysely<DB>, caller: CurrentUser, contestId: number, now: Date): Promise<ContestProblem[]> {
  const contest = await assertCanSeeContest(db, caller, contestId);
  const problems = await listContestProblems(db, contestId);
  if (isAdmin(caller) || now >= contest.start_time) return problems;
  return problems.map((p) => ({ ...p, title: '' }));
}
