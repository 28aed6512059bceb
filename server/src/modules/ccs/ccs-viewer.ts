// Who reads the Contest API and what they may see (docs/ccs-api.md, Access). Administrators see
// everything. A contest's members are its teams: they see what the public sees and, besides, the
// judgements of their own submissions and their own clarifications. The public (no credentials,
// or an account outside the contest) sees every contest; its problems once it has started; the
// frozen scoreboard and no judgement of a submission made from the freeze on until the thaw.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../common/errors.ts';
import type { CurrentUser } from '../accounts/current-user.ts';
import { isAdmin, isContestMember, type ContestRow } from '../contests/contest-access.ts';
import { isBoardFrozen, type BoardView } from '../contests/contest-freeze.ts';

export type CcsViewer = { role: 'admin' } | { role: 'team'; userId: number } | { role: 'public' };

/** A request's contest, its reader and the time it is read at. */
export interface CcsContext {
  contest: ContestRow;
  viewer: CcsViewer;
  now: Date;
}

/** The contest named by an API id (Verdict's contest id as text); NOT_FOUND for anything else. */
export async function ccsContext(db: Kysely<DB>, user: CurrentUser | null, contestId: string, now: Date): Promise<CcsContext> {
  if (!/^[1-9][0-9]{0,9}$/.test(contestId) || Number(contestId) > 2_147_483_647) throw fail('NOT_FOUND', `No such contest: ${contestId}`);
  const contest = await db.selectFrom('contests').selectAll().where('id', '=', Number(contestId)).executeTakeFirst();
  if (!contest) throw fail('NOT_FOUND', `No such contest: ${contestId}`);
  return { contest, viewer: await viewerOf(db, user, contest.id), now };
}

export async function viewerOf(db: Kysely<DB>, user: CurrentUser | null, contestId: number): Promise<CcsViewer> {
  if (!user) return { role: 'public' };
  if (isAdmin(user)) return { role: 'admin' };
  return (await isContestMember(db, user.id, contestId)) ? { role: 'team', userId: user.id } : { role: 'public' };
}

/** Whether the reader sees the contest's problems: administrators always, others from the start. */
export function problemsOpen({ contest, viewer, now }: CcsContext): boolean {
  return viewer.role === 'admin' || now >= contest.start_time;
}

/** The time from which judgements of others' submissions are hidden from the reader; null: none hidden. */
export function hiddenFrom({ contest, viewer, now }: CcsContext): Date | null {
  return viewer.role !== 'admin' && isBoardFrozen(contest, now) ? contest.freeze_time : null;
}

/** Whether the reader sees the judgement of a submission made by `userId` at `createdAt`. */
export function seesJudgement(ctx: CcsContext, submission: { userId: number; createdAt: Date }): boolean {
  if (ctx.viewer.role === 'team' && ctx.viewer.userId === submission.userId) return true;
  const from = hiddenFrom(ctx);
  return from === null || submission.createdAt < from;
}

/** The leaderboard the reader gets: the live one for administrators, else the one contestants see. */
export function boardViewOf(ctx: CcsContext): BoardView {
  return hiddenFrom(ctx) ? 'frozen' : 'live';
}
