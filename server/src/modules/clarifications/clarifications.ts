// A contest member's side of clarifications: ask a question, read what they may see (their own
// questions, public answers, announcements), and mark it seen.
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { CLARIFICATION_LIMITS } from '@verdict/shared';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../common/errors.ts';
import type { CurrentUser } from '../accounts/index.ts';
import { assertCanSeeContest, assertContestStarted, isAdmin } from '../contests/index.ts';
import { memberView, selectClarifications } from './clarification-rows.ts';
import type { MemberClarification, MemberClarifications } from './wire.ts';

export interface QuestionInput {
  contestId: number;
  problemId?: number;
  text: string;
}

/**
 * What a member (or an administrator) may see in a contest: every announcement, their own
 * questions whatever their state, and other members' questions answered to everyone.
 */
function visibleTo(eb: ExpressionBuilder<DB & { q: DB['clarifications'] }, 'q'>, user: CurrentUser) {
  return eb.or([
    eb('q.kind', '=', 'announcement'),
    eb('q.asker_id', '=', user.id),
    eb.and([eb('q.visibility', '=', 'public'), eb('q.answer', 'is not', null)]),
  ]);
}

export async function clarificationsForMember(db: Kysely<DB>, user: CurrentUser, contestId: number, now: Date): Promise<MemberClarifications> {
  const contest = await assertCanSeeContest(db, user, contestId);
  const rows = await selectClarifications(db, contestId).where((eb) => visibleTo(eb, user)).execute();
  const titlesOpen = isAdmin(user) || now >= contest.start_time;
  const read = await db
    .selectFrom('clarification_reads')
    .select('seen_version')
    .where('contest_id', '=', contestId)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  return { items: rows.map((row) => memberView(row, user.id, titlesOpen)), seenVersion: read?.seen_version ?? 0 };
}

/** A member asks about a problem of the contest or the contest in general, once it has started. */
export async function askQuestion(db: Kysely<DB>, user: CurrentUser, input: QuestionInput, now: Date): Promise<MemberClarification> {
  if (isAdmin(user)) throw fail('FORBIDDEN', 'Administrators answer questions: to tell the contestants something, post an announcement');
  const contest = await assertCanSeeContest(db, user, input.contestId);
  assertContestStarted(contest, now);
  if (input.problemId !== undefined) await assertProblemOfContest(db, input.contestId, input.problemId);
  const id = await db.transaction().execute(async (trx) => {
    // Parallel questions of one user are counted one after the other.
    await sql`select pg_advisory_xact_lock(hashtext(${`clarify:${user.id}`}))`.execute(trx);
    await assertAskRate(trx, user.id, now);
    const row = await trx
      .insertInto('clarifications')
      .values({ contest_id: input.contestId, problem_id: input.problemId ?? null, kind: 'question', asker_id: user.id, text: input.text, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  const row = await selectClarifications(db, input.contestId).where('q.id', '=', id).executeTakeFirstOrThrow();
  return memberView(row, user.id, true);
}

export async function assertProblemOfContest(db: Kysely<DB>, contestId: number, problemId: number): Promise<void> {
  const row = await db
    .selectFrom('contest_problems')
    .select('problem_id')
    .where('contest_id', '=', contestId)
    .where('problem_id', '=', problemId)
    .executeTakeFirst();
  if (!row) throw fail('NOT_FOUND', 'No such problem in this contest');
}

async function assertAskRate(db: Kysely<DB>, userId: number, now: Date): Promise<void> {
  const hourAgo = new Date(now.getTime() - 3600_000);
  const { rows } = await sql<{ last: Date | null; count: number; first: Date | null }>`
    select max(created_at) as last, count(*)::int as count, min(created_at) as first
      from clarifications where asker_id = ${userId} and created_at > ${hourAgo}`.execute(db);
  const { last, count, first } = rows[0];
  if (last) {
    const waitMs = new Date(last).getTime() + CLARIFICATION_LIMITS.minIntervalMs - now.getTime();
    if (waitMs > 0) throw fail('RATE_LIMITED', `You are asking too fast: please wait ${Math.ceil(waitMs / 1000)} s before asking again.`, { retryAfterMs: waitMs });
  }
  if (count >= CLARIFICATION_LIMITS.perHour) {
    const retryAfterMs = Math.max(1000, new Date(first!).getTime() + 3600_000 - now.getTime());
    throw fail('RATE_LIMITED', `Too many questions: at most ${CLARIFICATION_LIMITS.perHour} an hour. Please wait a little.`, { retryAfterMs });
  }
}

/**
 * Marks the contest's clarifications seen up to `version` for the caller. The mark never moves
 * back, and never past the newest version the caller may see (what comes later stays unseen; the
 * versions of other members' private questions are not counted, so the reply tells nothing of them).
 */
export async function markClarificationsSeen(db: Kysely<DB>, user: CurrentUser, contestId: number, version: number): Promise<{ seenVersion: number }> {
  await assertCanSeeContest(db, user, contestId);
  const newest = await db
    .selectFrom('clarifications as q')
    .select((eb) => eb.fn.max<number | null>('q.version').as('v'))
    .where('q.contest_id', '=', contestId)
    .where((eb) => visibleTo(eb, user))
    .executeTakeFirst();
  const mark = Math.min(version, newest?.v ?? 0);
  const row = await db
    .insertInto('clarification_reads')
    .values({ contest_id: contestId, user_id: user.id, seen_version: mark })
    .onConflict((oc) => oc.columns(['contest_id', 'user_id']).doUpdateSet({ seen_version: sql<number>`greatest(clarification_reads.seen_version, excluded.seen_version)` }))
    .returning('seen_version')
    .executeTakeFirstOrThrow();
  return { seenVersion: row.seen_version };
}
