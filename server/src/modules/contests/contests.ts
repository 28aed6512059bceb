// Contests (spec §2 contest management, §5 contest rules) and the contest reads of a user:
// their own contests, one contest by title or id.
import type { Kysely } from 'kysely';
import type { ScoringRule } from '@verdict/shared';
import type { DB } from '../../db/schema.ts';
import { containsPattern } from '../../db/like.ts';
import { uniqueViolation } from '../../db/unique.ts';
import { fail } from '../../common/errors.ts';
import type { CurrentUser } from '../accounts/index.ts';
import { formatTime } from '../../common/wire.ts';
import { assertCanSeeContest, isAdmin, type ContestRow } from './contest-access.ts';
import { freezeOutsideWindow, isBoardFrozen } from './contest-freeze.ts';
import type { WireContest } from './wire.ts';

export interface ContestFields {
  title: string;
  startTime: Date;
  endTime: Date;
  /** When the public board freezes; null: never; undefined (an update without it): unchanged. */
  freezeTime?: Date | null;
  /** How the leaderboard scores; undefined: icpc when added, unchanged when updated. */
  scoringRule?: ScoringRule;
  /** Run every test of an ICPC submission (shown in the submission view); undefined: false when added, unchanged when updated. */
  showAllTests?: boolean;
}

export function toWireContest(row: ContestRow, now: Date): WireContest {
  return {
    id: row.id,
    title: row.title,
    startTime: formatTime(row.start_time),
    endTime: formatTime(row.end_time),
    createTime: formatTime(row.create_time),
    freezeTime: row.freeze_time ? formatTime(row.freeze_time) : null,
    thawTime: row.thawed_at ? formatTime(row.thawed_at) : null,
    frozen: isBoardFrozen(row, now),
    serverTime: formatTime(now),
    scoringRule: row.scoring_rule,
    showAllTests: row.show_all_tests,
  };
}

export async function listContests(db: Kysely<DB>, now: Date, filter: { id?: number; title?: string } = {}): Promise<WireContest[]> {
  let q = db.selectFrom('contests').selectAll().orderBy('id');
  if (filter.id !== undefined) q = q.where('id', '=', filter.id);
  if (filter.title) q = q.where('title', 'ilike', containsPattern(filter.title));
  return (await q.execute()).map((row) => toWireContest(row, now));
}

function assertWindow(fields: ContestFields): void {
  if (fields.endTime <= fields.startTime) throw fail('VALIDATION', 'End time must be greater than start time', { field: 'endTimeStr' });
  const outside = fields.freezeTime ? freezeOutsideWindow(fields, fields.freezeTime) : null;
  if (outside) throw fail('VALIDATION', outside, { field: 'freezeTimeStr' });
}

const TITLE_TAKEN = 'A contest with this title already exists';

function rethrowUnique(err: unknown): never {
  if (uniqueViolation(err) !== undefined) throw fail('CONFLICT', TITLE_TAKEN);
  throw err;
}

async function assertTitleFree(db: Kysely<DB>, title: string, exceptId?: number): Promise<void> {
  let q = db.selectFrom('contests').select('id').where('title', '=', title);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw fail('CONFLICT', TITLE_TAKEN);
}

export async function addContest(db: Kysely<DB>, fields: ContestFields, now: Date): Promise<WireContest> {
  assertWindow(fields);
  await assertTitleFree(db, fields.title);
  const row = await db
    .insertInto('contests')
    .values({
      title: fields.title,
      start_time: fields.startTime,
      end_time: fields.endTime,
      freeze_time: fields.freezeTime ?? null,
      ...(fields.scoringRule ? { scoring_rule: fields.scoringRule } : {}),
      ...(fields.showAllTests !== undefined ? { show_all_tests: fields.showAllTests } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch(rethrowUnique);
  return toWireContest(row, now);
}

/**
 * Edits a contest. Without a freeze time in `fields` the contest keeps its own, which must still
 * lie inside the new window. A freeze time that changes (or goes) starts the board unthawed.
 * Without a scoring rule or showAllTests the contest keeps its own.
 */
export async function updateContest(db: Kysely<DB>, id: number, fields: ContestFields, now: Date): Promise<WireContest> {
  assertWindow(fields);
  await assertTitleFree(db, fields.title, id);
  const row = await db
    .transaction()
    .execute(async (trx) => {
      const current = await trx.selectFrom('contests').select(['freeze_time', 'thawed_at']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!current) throw fail('NOT_FOUND', 'No such contest');
      const freezeTime = fields.freezeTime === undefined ? current.freeze_time : fields.freezeTime;
      if (freezeTime !== null && freezeOutsideWindow(fields, freezeTime)) {
        const why = `The contest freezes at ${formatTime(freezeTime)}, outside the new times: send a new freezeTimeStr, or an empty one for no freeze`;
        throw fail('VALIDATION', why, { field: 'freezeTimeStr' });
      }
      const sameFreeze = freezeTime?.getTime() === current.freeze_time?.getTime();
      return trx
        .updateTable('contests')
        .set({
          title: fields.title,
          start_time: fields.startTime,
          end_time: fields.endTime,
          freeze_time: freezeTime,
          thawed_at: sameFreeze ? current.thawed_at : null,
          ...(fields.scoringRule ? { scoring_rule: fields.scoringRule } : {}),
      ...(fields.showAllTests !== undefined ? { show_all_tests: fields.showAllTests } : {}),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    })
    .catch(rethrowUnique);
  return toWireContest(row, now);
}

/** Deletes all the contests or none; memberships and problem links go with them. */
export async function deleteContests(db: Kysely<DB>, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('contests').select('id').where('id', 'in', unique).execute();
    if (found.length !== unique.length) {
      const have = new Set(found.map((r) => r.id));
      throw fail('NOT_FOUND', `No such contest: ${unique.filter((id) => !have.has(id)).join(', ')}`);
    }
    await trx.deleteFrom('contests').where('id', 'in', unique).execute();
    return unique.length;
  });
}

/** The contests a user takes part in; a user may ask only about themself, an admin about anyone. */
export async function contestsOfUser(db: Kysely<DB>, caller: CurrentUser, username: string, now: Date): Promise<WireContest[]> {
  if (username !== caller.username && !isAdmin(caller)) throw fail('FORBIDDEN', 'You can only see your own contests');
  const user = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
  if (!user) throw fail('NOT_FOUND', 'No such user');
  const rows = await db
    .selectFrom('contests as c')
    .innerJoin('contest_users as cu', 'cu.contest_id', 'c.id')
    .selectAll('c')
    .where('cu.user_id', '=', user.id)
    .orderBy('c.id')
    .execute();
  return rows.map((row) => toWireContest(row, now));
}

export async function contestByTitle(db: Kysely<DB>, caller: CurrentUser, title: string, now: Date): Promise<WireContest> {
  const row = await db.selectFrom('contests').select('id').where('title', '=', title).executeTakeFirst();
  if (!row) throw fail('NOT_FOUND', 'No such contest');
  return toWireContest(await assertCanSeeContest(db, caller, row.id), now);
}

export async function contestInfo(db: Kysely<DB>, caller: CurrentUser, contestId: number, now: Date): Promise<WireContest> {
  return toWireContest(await assertCanSeeContest(db, caller, contestId), now);
}
