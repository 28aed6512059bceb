// Contests (spec §2 contest management, §5 contest rules) and the contest reads of a user:
// their own contests, one contest by title or id.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { containsPattern } from '../../db/like.ts';
import { uniqueViolation } from '../../db/unique.ts';
import { fail } from '../../common/errors.ts';
import type { CurrentUser } from '../accounts/current-user.ts';
import { formatTime } from '../../common/wire.ts';
import { assertCanSeeContest, isAdmin, type ContestRow } from './contest-access.ts';

export interface ContestFields {
  title: string;
  startTime: Date;
  endTime: Date;
}

export interface WireContest {
  id: number;
  title: string;
  startTime: string;
  endTime: string;
  createTime: string;
}

export function toWireContest(row: ContestRow): WireContest {
  return {
    id: row.id,
    title: row.title,
    startTime: formatTime(row.start_time),
    endTime: formatTime(row.end_time),
    createTime: formatTime(row.create_time),
  };
}

export async function listContests(db: Kysely<DB>, filter: { id?: number; title?: string } = {}): Promise<WireContest[]> {
  let q = db.selectFrom('contests').selectAll().orderBy('id');
  if (filter.id !== undefined) q = q.where('id', '=', filter.id);
  if (filter.title) q = q.where('title', 'ilike', containsPattern(filter.title));
  return (await q.execute()).map(toWireContest);
}

function assertWindow(fields: ContestFields): void {
  if (fields.endTime <= fields.startTime) throw fail('VALIDATION', 'End time must be greater than start time', { field: 'endTimeStr' });
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

export async function addContest(db: Kysely<DB>, fields: ContestFields): Promise<WireContest> {
  assertWindow(fields);
  await assertTitleFree(db, fields.title);
  const row = await db
    .insertInto('contests')
    .values({ title: fields.title, start_time: fields.startTime, end_time: fields.endTime })
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch(rethrowUnique);
  return toWireContest(row);
}

export async function updateContest(db: Kysely<DB>, id: number, fields: ContestFields): Promise<WireContest> {
  assertWindow(fields);
  await assertTitleFree(db, fields.title, id);
  const row = await db
    .updateTable('contests')
    .set({ title: fields.title, start_time: fields.startTime, end_time: fields.endTime })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
    .catch(rethrowUnique);
  if (!row) throw fail('NOT_FOUND', 'No such contest');
  return toWireContest(row);
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
export async function contestsOfUser(db: Kysely<DB>, caller: CurrentUser, username: string): Promise<WireContest[]> {
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
  return rows.map(toWireContest);
}

export async function contestByTitle(db: Kysely<DB>, caller: CurrentUser, title: string): Promise<WireContest> {
  const row = await db.selectFrom('contests').select('id').where('title', '=', title).executeTakeFirst();
  if (!row) throw fail('NOT_FOUND', 'No such contest');
  return toWireContest(await assertCanSeeContest(db, caller, row.id));
}

export async function contestInfo(db: Kysely<DB>, caller: CurrentUser, contestId: number): Promise<WireContest> {
  return toWireContest(await assertCanSeeContest(db, caller, contestId));
}
