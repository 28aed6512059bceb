// Who reads the Contest API and what they may see (docs/ccs-api.md, Access). Administrators see
// everything. A contest's members are its teams: they see what the public sees and, besides, the
// judgements of their own submissions and their own clarifications. The public (no credentials,
// or an account outside the contest) sees every contest; its problems once it has started; the
// frozen scoreboard and no judgement of a submission made from the freeze on until the thaw.
// Anonymous visitors (no credentials) see what CCS_ANONYMOUS says: by default (`scoreboard`) the
// contest, its problems, state, scoreboard, awards and the teams the scoreboard names (without
// their usernames), nothing per user (no submissions, judgements, runs, clarifications); `all`: the public view;
// `none`: nothing (401).
import type { Kysely } from 'kysely';
import type { CcsAnonymous } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../common/errors.ts';
import type { CurrentUser } from '../accounts/index.ts';
import { isAdmin, isContestMember, type ContestRow, isBoardFrozen, type BoardView } from '../contests/index.ts';

export type CcsViewer = { role: 'admin' } | { role: 'team'; userId: number } | { role: 'public' } | { role: 'anonymous' };

/**
 * What anonymous visitors are served under CCS_ANONYMOUS=scoreboard: the scoreboard and what it
 * refers to (teams by the names the scoreboard shows, without usernames; their organizations), nothing per user.
 */
const ANONYMOUS_ENDPOINTS = new Set(['contests', 'contest', 'state', 'access', 'judgement-types', 'languages', 'problems', 'groups', 'organizations', 'teams', 'scoreboard', 'awards', 'event-feed']);

/** Whether the reader is served the endpoint (an event feed sends only the types it is served). */
export function serves(viewer: CcsViewer, endpoint: string): boolean {
  return viewer.role !== 'anonymous' || ANONYMOUS_ENDPOINTS.has(endpoint);
}

/** Refuses the endpoint (401) to a reader not served it. */
export function assertServed(viewer: CcsViewer, endpoint: string): void {
  if (!serves(viewer, endpoint)) {
    throw fail('NOT_LOGGED_IN', `The Contest API shows anonymous visitors the contest, its problems, teams and scoreboard only (CCS_ANONYMOUS=scoreboard): send credentials to read ${endpoint}`);
  }
}

/** The reader without credentials as CCS_ANONYMOUS has it; NOT_LOGGED_IN (401) when it is none. */
export function anonymousViewer(anonymous: CcsAnonymous): CcsViewer {
  if (anonymous === 'none') throw fail('NOT_LOGGED_IN', 'The Contest API needs credentials on this server (CCS_ANONYMOUS=none): a Verdict token or HTTP Basic');
  return anonymous === 'all' ? { role: 'public' } : { role: 'anonymous' };
}

/** A request's contest, its reader and the time it is read at. */
export interface CcsContext {
  contest: ContestRow;
  viewer: CcsViewer;
  now: Date;
}

/** The contest named by an API id (Verdict's contest id as text); NOT_FOUND for anything else. */
export async function ccsContext(db: Kysely<DB>, user: CurrentUser | null, contestId: string, now: Date, anonymous: CcsAnonymous): Promise<CcsContext> {
  if (!user) anonymousViewer(anonymous); // refused before saying whether the contest exists
  if (!/^[1-9][0-9]{0,9}$/.test(contestId) || Number(contestId) > 2_147_483_647) throw fail('NOT_FOUND', `No such contest: ${contestId}`);
  const contest = await db.selectFrom('contests').selectAll().where('id', '=', Number(contestId)).executeTakeFirst();
  if (!contest) throw fail('NOT_FOUND', `No such contest: ${contestId}`);
  return { contest, viewer: await viewerOf(db, user, contest.id, anonymous), now };
}

export async function viewerOf(db: Kysely<DB>, user: CurrentUser | null, contestId: number, anonymous: CcsAnonymous): Promise<CcsViewer> {
  if (!user) return anonymousViewer(anonymous);
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
