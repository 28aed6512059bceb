// Clarifications as rows (with their contest, problem letter and people) and as the two views
// that travel: a member's, which never names who asked, and the judges', which does.
import { sql, type Kysely } from 'kysely';
import { problemLetter } from '@verdict/shared';
import type { DB } from '../../db/schema.ts';
import { formatTime } from '../../common/wire.ts';
import type { JudgeClarification, MemberClarification } from './wire.ts';

/** The rows with everything both views need; callers add their own conditions. */
export function selectClarifications(db: Kysely<DB>, contestId?: number) {
  let lettered = db
    .selectFrom('contest_problems')
    .select(['contest_id', 'problem_id', sql<number>`(row_number() over (partition by contest_id order by position, problem_id))::int - 1`.as('letter_index')]);
  if (contestId !== undefined) lettered = lettered.where('contest_id', '=', contestId);
  let query = db
    .selectFrom('clarifications as q')
    .innerJoin('contests as c', 'c.id', 'q.contest_id')
    .leftJoin(lettered.as('cp'), (join) => join.onRef('cp.contest_id', '=', 'q.contest_id').onRef('cp.problem_id', '=', 'q.problem_id'))
    .leftJoin('problems as p', 'p.id', 'q.problem_id')
    .leftJoin('users as asker', 'asker.id', 'q.asker_id')
    .leftJoin('users as judge', 'judge.id', 'q.answered_by')
    .select([
      'q.id',
      'q.contest_id',
      'q.problem_id',
      'q.kind',
      'q.asker_id',
      'q.text',
      'q.answer',
      'q.visibility',
      'q.created_at',
      'q.answered_at',
      'q.version',
      'c.title as contest_title',
      'c.start_time',
      'cp.letter_index',
      'p.title as problem_title',
      'asker.username as asker_username',
      'asker.nickname as asker_nickname',
      'judge.username as judge_username',
    ])
    .orderBy('q.id');
  if (contestId !== undefined) query = query.where('q.contest_id', '=', contestId);
  return query;
}

export type ClarificationRow = Awaited<ReturnType<ReturnType<typeof selectClarifications>['executeTakeFirstOrThrow']>>;

/**
 * A member's view of a row the caller may see. Built field by field: nothing of the asker
 * travels but whether it is the caller.
 */
export function memberView(row: ClarificationRow, viewerId: number, titlesOpen: boolean): MemberClarification {
  const inContest = row.letter_index !== null;
  return {
    id: row.id,
    contestId: row.contest_id,
    kind: row.kind,
    problemId: row.problem_id,
    problemLetter: inContest ? problemLetter(row.letter_index!) : null,
    problemTitle: inContest && titlesOpen ? (row.problem_title ?? '') : '',
    text: row.text,
    answer: row.answer,
    visibility: row.visibility,
    mine: row.asker_id === viewerId,
    createTime: formatTime(row.created_at),
    answerTime: row.answered_at ? formatTime(row.answered_at) : null,
    version: row.version,
  };
}

export function judgeView(row: ClarificationRow): JudgeClarification {
  return {
    ...memberView(row, 0, true),
    mine: false,
    problemTitle: row.problem_title ?? '',
    contestTitle: row.contest_title,
    userId: row.asker_id,
    username: row.asker_username,
    nickname: row.asker_nickname,
    answeredBy: row.answer !== null || row.kind === 'announcement' ? row.judge_username : null,
  };
}
