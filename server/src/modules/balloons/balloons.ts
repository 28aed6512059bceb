// Balloons (issue 16, item 5): each member's first accepted submission on each problem of a
// contest, in the order they were accepted, with the problem's colour, for the volunteers who
// carry a balloon of that colour to the contestant. Only delivery is stored (who and when, per
// contest, contestant and problem); the balloons are read from the submissions. Judges see every
// balloon, also those of the scoreboard freeze (marked, so they may hold them back).
import { sql, type Kysely } from 'kysely';
import { problemLetter } from '@verdict/shared';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../common/errors.ts';
import { formatTime } from '../../common/wire.ts';
import type { CurrentUser } from '../accounts/index.ts';
import { findContest, type ContestRow } from '../contests/index.ts';
import type { Balloon, BalloonList } from './wire.ts';

export interface DeliveryInput {
  contestId: number;
  userId: number;
  problemId: number;
  delivered: boolean;
}

/**
 * The contest's balloons in the order they were accepted: for each member and problem of the
 * contest, the first AC submitted inside the contest's window. Non-members' submissions (an
 * administrator's test, a removed member's) and problems no longer in the contest give none.
 */
async function contestBalloons(db: Kysely<DB>, contest: ContestRow): Promise<Balloon[]> {
  const firsts = db
    .selectFrom('submissions as s')
    .innerJoin('contest_users as cu', (join) => join.onRef('cu.user_id', '=', 's.user_id').on('cu.contest_id', '=', contest.id))
    .select(['s.id', 's.user_id', 's.problem_id', 's.created_at'])
    .distinctOn(['s.user_id', 's.problem_id'])
    .where('s.contest_id', '=', contest.id)
    .where('s.status', '=', 'AC')
    .where('s.created_at', '>=', contest.start_time)
    .where('s.created_at', '<', contest.end_time)
    .orderBy('s.user_id')
    .orderBy('s.problem_id')
    .orderBy('s.created_at')
    .orderBy('s.id');
  const lettered = db
    .selectFrom('contest_problems')
    .select(['problem_id', sql<number>`row_number() over (order by position, problem_id)`.as('position_number')])
    .where('contest_id', '=', contest.id);
  const rows = await db
    .selectFrom(firsts.as('f'))
    .innerJoin(lettered.as('cp'), 'cp.problem_id', 'f.problem_id')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .innerJoin('problems as p', 'p.id', 'f.problem_id')
    .leftJoin('balloon_deliveries as d', (join) =>
      join.on('d.contest_id', '=', contest.id).onRef('d.user_id', '=', 'f.user_id').onRef('d.problem_id', '=', 'f.problem_id'),
    )
    .leftJoin('users as deliverer', 'deliverer.id', 'd.delivered_by')
    .select([
      'f.id',
      'f.user_id',
      'f.problem_id',
      'f.created_at',
      'cp.position_number',
      'u.username',
      'u.nickname',
      'p.title',
      'p.color',
      'p.color_name',
      'd.delivered_at',
      'deliverer.username as deliverer',
    ])
    .orderBy('f.created_at')
    .orderBy('f.id')
    .execute();
  const solved = new Set<number>();
  return rows.map((row) => {
    const firstToSolve = !solved.has(row.problem_id);
    solved.add(row.problem_id);
    return {
      submissionId: row.id,
      contestId: contest.id,
      userId: row.user_id,
      username: row.username,
      nickname: row.nickname,
      problemId: row.problem_id,
      problemLetter: problemLetter(Number(row.position_number) - 1),
      problemTitle: row.title,
      color: row.color,
      colorName: row.color_name,
      acceptTime: formatTime(row.created_at),
      contestSeconds: Math.floor((row.created_at.getTime() - contest.start_time.getTime()) / 1000),
      firstToSolve,
      afterFreeze: contest.freeze_time !== null && row.created_at >= contest.freeze_time,
      delivered: row.delivered_at !== null,
      deliveredBy: row.deliverer,
      deliveredAt: row.delivered_at ? formatTime(row.delivered_at) : null,
    };
  });
}

/** A contest's balloons, in the order accepted; `undelivered` keeps those not delivered yet. */
export async function listBalloons(db: Kysely<DB>, contestId: number, status: 'undelivered' | 'all' = 'all'): Promise<BalloonList> {
  const all = await contestBalloons(db, await findContest(db, contestId));
  const waiting = all.filter((b) => !b.delivered);
  return { items: status === 'undelivered' ? waiting : all, total: all.length, undelivered: waiting.length };
}

/**
 * Marks a balloon delivered (by `judge`, now) or not delivered. Delivering one already delivered
 * keeps who delivered it first; either way the reply is the balloon as it now stands.
 */
export async function markBalloon(db: Kysely<DB>, judge: CurrentUser, input: DeliveryInput, now: Date): Promise<Balloon> {
  const contest = await findContest(db, input.contestId);
  const find = async () => (await contestBalloons(db, contest)).find((b) => b.userId === input.userId && b.problemId === input.problemId);
  if (!(await find())) throw fail('NOT_FOUND', 'No such balloon: this contestant has no accepted submission on this problem in this contest');
  const key = { contest_id: input.contestId, user_id: input.userId, problem_id: input.problemId };
  if (input.delivered) {
    await db
      .insertInto('balloon_deliveries')
      .values({ ...key, delivered_by: judge.id, delivered_at: now })
      .onConflict((oc) => oc.columns(['contest_id', 'user_id', 'problem_id']).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom('balloon_deliveries')
      .where('contest_id', '=', key.contest_id)
      .where('user_id', '=', key.user_id)
      .where('problem_id', '=', key.problem_id)
      .execute();
  }
  const balloon = await find();
  if (!balloon) throw fail('NOT_FOUND', 'No such balloon: this contestant has no accepted submission on this problem in this contest');
  return balloon;
}
