// Who may reach a contest and its problems, enforced on the server (spec §4 contest window).
// Administrators reach everything. A user reaches a contest only as a member, and its
// problems only once it has started; opening a problem to submit also needs it not ended.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ContestsTable, DB } from '../../db/schema.ts';
import { fail } from '../../common/errors.ts';
import type { CurrentUser } from '../accounts/index.ts';

export type ContestRow = Selectable<ContestsTable>;

export function isAdmin(user: CurrentUser): boolean {
  return user.auth >= 1;
}

export async function findContest(db: Kysely<DB>, contestId: number): Promise<ContestRow> {
  const contest = await db.selectFrom('contests').selectAll().where('id', '=', contestId).executeTakeFirst();
  if (!contest) throw fail('NOT_FOUND', 'No such contest');
  return contest;
}

export async function isContestMember(db: Kysely<DB>, userId: number, contestId: number): Promise<boolean> {
  const row = await db
    .selectFrom('contest_users')
    .select('user_id')
    .where('contest_id', '=', contestId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The contest, when the user is an administrator or a member of it; NOT_MEMBER otherwise.
 * One query (contest and membership together): every contestant's poll of the contest page
 * and the leaderboard goes through here.
 */
export async function assertCanSeeContest(db: Kysely<DB>, user: CurrentUser, contestId: number): Promise<ContestRow> {
  const { is_member, ...contest } = mayUserSee(user, await contestAndMembership(db, user, contestId).executeTakeFirst());
  return contest;
}

/** assertCanSeeContest, with the contest's leaderboard version (migration 0014) in the same query. */
export async function assertCanSeeContestBoard(db: Kysely<DB>, user: CurrentUser, contestId: number): Promise<{ contest: ContestRow; boardVersion: number }> {
  const row = await contestAndMembership(db, user, contestId)
    .leftJoin('leaderboard_versions as lv', 'lv.contest_id', 'c.id')
    .select(sql<number>`coalesce(lv.version, 0)::float8`.as('board_version'))
    .executeTakeFirst();
  const { is_member, board_version, ...contest } = mayUserSee(user, row);
  return { contest, boardVersion: board_version };
}

function contestAndMembership(db: Kysely<DB>, user: CurrentUser, contestId: number) {
  return db
    .selectFrom('contests as c')
    .selectAll('c')
    .select((eb) =>
      eb
        .exists(eb.selectFrom('contest_users as cu').select('cu.user_id').whereRef('cu.contest_id', '=', 'c.id').where('cu.user_id', '=', user.id))
        .as('is_member'),
    )
    .where('c.id', '=', contestId);
}

function mayUserSee<R extends { is_member: unknown }>(user: CurrentUser, row: R | undefined): R {
  if (!row) throw fail('NOT_FOUND', 'No such contest');
  if (!isAdmin(user) && !row.is_member) throw fail('NOT_MEMBER');
  return row;
}

/** Throws CONTEST_NOT_STARTED / CONTEST_ENDED when `now` is outside the contest window. */
export function assertContestRunning(contest: ContestRow, now: Date): void {
  if (now < contest.start_time) throw fail('CONTEST_NOT_STARTED');
  if (now >= contest.end_time) throw fail('CONTEST_ENDED');
}

export function assertContestStarted(contest: ContestRow, now: Date): void {
  if (now < contest.start_time) throw fail('CONTEST_NOT_STARTED');
}

async function assertProblemInContest(db: Kysely<DB>, contestId: number, problemId: number): Promise<void> {
  const row = await db
    .selectFrom('contest_problems')
    .select('problem_id')
    .where('contest_id', '=', contestId)
    .where('problem_id', '=', problemId)
    .executeTakeFirst();
  if (!row) throw fail('NOT_FOUND', 'No such problem in this contest');
}

/**
 * The check before a submission (or anything that "opens" a contest problem): the problem
 * belongs to the contest, and a non-administrator is a member and the contest is running.
 */
export async function assertCanOpenContestProblem(db: Kysely<DB>, user: CurrentUser, contestId: number, problemId: number, now: Date): Promise<ContestRow> {
  const contest = await assertCanSeeContest(db, user, contestId);
  await assertProblemInContest(db, contestId, problemId);
  if (!isAdmin(user)) assertContestRunning(contest, now);
  return contest;
}

/**
 * Whether a user may read a problem (title, limits, statement): administrators always; a
 * user when the problem is in a started contest they belong to — the given one, or any.
 */
export async function assertCanReadProblem(db: Kysely<DB>, user: CurrentUser, problemId: number, now: Date, contestId?: number): Promise<void> {
  if (isAdmin(user)) return;
  if (contestId !== undefined) {
    const contest = await assertCanSeeContest(db, user, contestId);
    await assertProblemInContest(db, contestId, problemId);
    assertContestStarted(contest, now);
    return;
  }
  const starts = await db
    .selectFrom('contest_problems as cp')
    .innerJoin('contest_users as cu', 'cu.contest_id', 'cp.contest_id')
    .innerJoin('contests as c', 'c.id', 'cp.contest_id')
    .select('c.start_time')
    .where('cp.problem_id', '=', problemId)
    .where('cu.user_id', '=', user.id)
    .execute();
  if (starts.length === 0) throw fail('NOT_FOUND', 'No such problem');
  if (!starts.some((s) => s.start_time <= now)) throw fail('CONTEST_NOT_STARTED');
}
