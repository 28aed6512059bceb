// The judges' (administrators') side of clarifications: the questions of every contest with who
// asked them, answers to the asker alone or to every member, and announcements.
import { sql, type Kysely } from 'kysely';
import type { ClarificationVisibility } from '@verdict/shared';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../common/errors.ts';
import type { CurrentUser } from '../accounts/index.ts';
import { findContest } from '../contests/index.ts';
import { judgeView, selectClarifications } from './clarification-rows.ts';
import type { JudgeClarification } from './wire.ts';
import { assertProblemOfContest } from './clarifications.ts';

export interface JudgeListFilter {
  contestId?: number;
  /** `unanswered`: the queue (questions without an answer); `all` (the default): everything. */
  status?: 'unanswered' | 'all';
}

export interface AnswerInput {
  id: number;
  answer: string;
  visibility: ClarificationVisibility;
}

export interface AnnouncementInput {
  contestId: number;
  problemId?: number;
  text: string;
}

/** Questions and announcements, ascending by id (the queue comes oldest first). */
export async function clarificationsForJudges(db: Kysely<DB>, filter: JudgeListFilter): Promise<JudgeClarification[]> {
  if (filter.contestId !== undefined) await findContest(db, filter.contestId);
  let query = selectClarifications(db, filter.contestId);
  if (filter.status === 'unanswered') query = query.where('q.kind', '=', 'question').where('q.answer', 'is', null);
  return (await query.execute()).map(judgeView);
}

/**
 * Answers a question, to its asker alone (`private`) or to every member of the contest
 * (`public`, the question then shown without the asker's name). Answering again replaces the
 * answer and its visibility; either way the members concerned see it as new.
 */
export async function answerQuestion(db: Kysely<DB>, judge: CurrentUser, input: AnswerInput, now: Date): Promise<JudgeClarification> {
  const found = await db.selectFrom('clarifications').select(['kind', 'contest_id']).where('id', '=', input.id).executeTakeFirst();
  if (!found) throw fail('NOT_FOUND', 'No such clarification');
  if (found.kind !== 'question') throw fail('CONFLICT', 'An announcement cannot be answered');
  await db
    .updateTable('clarifications')
    .set({
      answer: input.answer,
      visibility: input.visibility,
      answered_by: judge.id,
      answered_at: now,
      version: sql<number>`nextval(pg_get_serial_sequence('clarifications', 'version'))`,
    })
    .where('id', '=', input.id)
    .execute();
  return judgeView(await selectClarifications(db, found.contest_id).where('q.id', '=', input.id).executeTakeFirstOrThrow());
}

/** An announcement to every member of the contest, about one of its problems or the contest. */
export async function postAnnouncement(db: Kysely<DB>, judge: CurrentUser, input: AnnouncementInput, now: Date): Promise<JudgeClarification> {
  await findContest(db, input.contestId);
  if (input.problemId !== undefined) await assertProblemOfContest(db, input.contestId, input.problemId);
  const { id } = await db
    .insertInto('clarifications')
    .values({
      contest_id: input.contestId,
      problem_id: input.problemId ?? null,
      kind: 'announcement',
      asker_id: null,
      text: input.text,
      visibility: 'public',
      answered_by: judge.id,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return judgeView(await selectClarifications(db, input.contestId).where('q.id', '=', id).executeTakeFirstOrThrow());
}
