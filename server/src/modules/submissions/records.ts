// Judge records as users and administrators read them (spec §3 "Judge record" and
// "Submission (admin list)"). Source code is shown only to its owner and administrators.
import type { Kysely } from 'kysely';
import { containsPattern } from '../../db/like.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../common/errors.ts';
import type { CurrentUser } from '../accounts/index.ts';
import { formatTime } from '../../common/wire.ts';
import { assertCanSeeContest, isAdmin } from '../contests/index.ts';
import { findLanguage, type LanguageChoice } from '../problems/index.ts';
import type { WireRecord, WireRecordDetail } from './wire.ts';

export const ADMIN_LIST_DEFAULT_LIMIT = 1000;

function baseQuery(db: Kysely<DB>) {
  return db
    .selectFrom('submissions as s')
    .innerJoin('problems as p', 'p.id', 's.problem_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('templates as t', 't.id', 's.template_id')
    .leftJoin('contests as c', 'c.id', 's.contest_id')
    .select([
      's.id', 's.problem_id', 'p.title', 'u.username', 's.contest_id', 'c.title as contest_title', 's.template_id', 't.language as template_language',
      's.language', 's.status', 's.run_time', 's.run_memory', 's.created_at', 's.score', 's.max_score',
    ]);
}

type BaseRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

function toWire(r: BaseRow): WireRecord {
  return {
    id: r.id,
    problemId: r.problem_id,
    problemTitle: r.title,
    username: r.username,
    contestId: r.contest_id,
    contestTitle: r.contest_title ?? null,
    templateId: r.template_id,
    templateName: r.template_language ?? r.language,
    language: r.language,
    judgeResult: r.status,
    runTime: r.run_time,
    runMemory: r.run_memory,
    score: r.score,
    maxScore: r.max_score,
    judgeTime: formatTime(r.created_at),
  };
}

async function run(q: ReturnType<typeof baseQuery>): Promise<BaseRow[]> {
  return q.orderBy('s.id', 'desc').execute();
}

/** The caller's own records in one contest (they must be able to see the contest). */
export async function myContestRecords(db: Kysely<DB>, user: CurrentUser, contestId: number): Promise<WireRecord[]> {
  await assertCanSeeContest(db, user, contestId);
  const rows = await run(baseQuery(db).where('s.user_id', '=', user.id).where('s.contest_id', '=', contestId));
  return rows.map(toWire);
}

/** A user's records; a user may only ask for their own, administrators for anyone's. */
export async function userRecords(db: Kysely<DB>, user: CurrentUser, username: string | undefined): Promise<WireRecord[]> {
  const wanted = username?.trim() || user.username;
  if (wanted !== user.username && !isAdmin(user)) throw fail('FORBIDDEN', 'You can only see your own judge records');
  const rows = await run(baseQuery(db).where('u.username', '=', wanted));
  return rows.map(toWire);
}

export interface RecordFilter {
  /** A problem id, or a part of its title. */
  problem?: string;
  /** A part of the username. */
  username?: string;
  /** A verdict code (AC, WA, ...). */
  result?: string;
  limit?: number;
}

/** Administrators: every record, newest first. */
export async function listRecords(db: Kysely<DB>, filter: RecordFilter): Promise<WireRecord[]> {
  let q = baseQuery(db);
  const problem = filter.problem?.trim();
  if (problem) {
    q = /^\d+$/.test(problem) ? q.where('s.problem_id', '=', Number(problem)) : q.where('p.title', 'ilike', containsPattern(problem));
  }
  if (filter.username?.trim()) q = q.where('u.username', 'ilike', containsPattern(filter.username.trim()));
  if (filter.result?.trim()) q = q.where('s.status', '=', filter.result.trim().toUpperCase());
  const rows = await run(q.limit(filter.limit ?? ADMIN_LIST_DEFAULT_LIMIT));
  return rows.map(toWire);
}

/** One record with its code and per-test results: for its owner and administrators. */
export async function recordDetail(db: Kysely<DB>, user: CurrentUser, id: number, languages: LanguageChoice[] = []): Promise<WireRecordDetail> {
  const row = await baseQuery(db)
    .select(['s.user_id', 's.code', 's.files', 's.compile_message', 's.tests', 's.groups', 'c.show_all_tests'])
    .where('s.id', '=', id)
    .executeTakeFirst();
  // Someone else's record answers like a missing one: no hint that it exists.
  if (!row || (row.user_id !== user.id && !isAdmin(user))) throw fail('NOT_FOUND', 'No such record');
  const language = findLanguage(languages, row.language);
  return {
    ...toWire(row),
    code: row.code,
    files: row.files,
    languageName: language?.name ?? row.language,
    editorMode: language?.editorMode ?? 'text/plain',
    compileMessage: row.compile_message,
    tests: row.tests,
    groups: row.groups,
    allTests: row.show_all_tests ?? false,
  };
}
