// Submitting code: check who may submit what, store the record as PD, enqueue it, and wait a
// bounded time for the verdict. Rejudging resets a record and enqueues it again.
import { sql, type Kysely, type Selectable } from 'kysely';
import { languageRefusal, sourceFileNameProblem } from '@verdict/judge';
import type { DB, SubmissionsTable, SubmittedFile } from '../../db/schema.ts';
import type { Clock } from '../../common/clock.ts';
import { SUBMIT_LIMITS } from '@verdict/shared';
import { fail } from '../../common/errors.ts';
import type { CurrentUser } from '../accounts/index.ts';
import { formatTime } from '../../common/wire.ts';
import type { Logger } from '../../logger.ts';
import { assertCanOpenContestProblem, isAdmin } from '../contests/index.ts';
import type { VerdictWaiter } from './submissions-waiter.ts';
import { packageLanguages, findLanguage, languagesWithin, type LanguageCatalog } from '../problems/index.ts';
import { MAX_SOURCE_BYTES } from './source-limits.ts';
import type { SubmitReply } from './wire.ts';

/** The judge queue as submitting sees it: judging's JudgeQueue, owned here so submissions stays below judging. */
export interface SubmissionQueue {
  enqueue(submissionId: number): Promise<void>;
  /** Enqueues again later, with backoff, after a failed enqueue. */
  retryEnqueue(submissionId: number): void;
  /** Requests of this process waiting for verdicts. */
  readonly verdicts: Pick<VerdictWaiter, 'wait' | 'isClosed' | 'onClose'>;
}

export { MAX_SOURCE_BYTES };

/** All the files of a submission of several files together. */
export const MAX_FILES_BYTES = 256 * 1024;
/** Per user (administrators are not limited): one submission per interval, and a cap per minute. */
export const SUBMIT_MIN_INTERVAL_MS = SUBMIT_LIMITS.minIntervalMs;
export const SUBMITS_PER_MINUTE = SUBMIT_LIMITS.perMinute;
/** The longest a submit waits for the judge's first probe of its toolchains before checking the language against every defined one. */
const LANGUAGE_PROBE_WAIT_MS = 2000;

export interface SubmitInput {
  problemId: number;
  language: string;
  /** Required unless `files` is given. */
  code?: string;
  contestId?: number;
  /** A submission of several files (not in the spec). */
  files?: SubmittedFile[];
  /** The client's idempotency key (not in the spec; docs/api-decisions.md): a retry with it gets the record already stored. */
  submissionKey?: string;
}

export interface SubmissionDeps {
  db: Kysely<DB>;
  queue: SubmissionQueue;
  languages: LanguageCatalog;
  log: Logger;
  clock: Clock;
  waitMs: number;
}

type SubmissionRow = Selectable<SubmissionsTable>;

export async function submitCode(deps: SubmissionDeps, user: CurrentUser, input: SubmitInput): Promise<SubmitReply> {
  const { db } = deps;
  // The reply comes within SUBMIT_WAIT_MS of the request whatever the server is doing: the time
  // spent before the record is stored is taken off the wait for its verdict.
  const receivedAt = performance.now();
  const now = deps.clock.now();
  // A retry of a submission already stored (its reply lost to a crash, a shutdown, a network
  // error) gets that record, whatever changed since (the cooldown, the contest's end).
  const key = input.submissionKey;
  // Until the record is stored, a server that starts stopping answers at once that nothing was
  // stored (a 503 to retry elsewhere or later), rather than storing it after its connection was
  // cut: the client would not know, and its retry would store it twice.
  const checked = await beforeStop(deps, checkSubmission(deps, user, input, now));
  if (checked.earlier) return replyWithRecord(deps, checked.earlier, receivedAt);
  const { language, code, files, problem, packageHash, template } = checked;
  // The cooldown and the cap are checked and the record inserted under one lock per user:
  // parallel submits of one user are counted one after the other, never all "before" each other.
  const stored = await db.transaction().execute(async (trx) => {
    if (!isAdmin(user)) {
      await sql`select pg_advisory_xact_lock(hashtext(${`submit:${user.id}`}))`.execute(trx);
      // Two tries with one key at once: the second waited on the lock and finds the first's record.
      const raced = key === undefined ? undefined : await storedWithKey(trx, user.id, key);
      if (raced) return { row: raced, fresh: false };
      await assertSubmitRate(trx, user.id, now);
    }
    // The last moment to refuse: once inserted, the reply is the record, stopping or not.
    if (deps.queue.verdicts.isClosed) throw stoppingRefusal();
    const inserted = await trx
      .insertInto('submissions')
      .values({
        user_id: user.id,
        problem_id: problem.id,
        contest_id: input.contestId ?? null,
        template_id: template?.id ?? null,
        language: language.id,
        code,
        files: files ? JSON.stringify(files) : null,
        package_hash: packageHash,
        tests: '[]',
        // The clock's time, so the cooldown, the cap and the contest's minutes all read one clock.
        created_at: now,
        submission_key: key ?? null,
      })
      // Administrators take no lock: one key sent twice at once stores one record.
      .onConflict((oc) => oc.columns(['user_id', 'submission_key']).where('submission_key', 'is not', null).doNothing())
      .returningAll()
      .executeTakeFirst();
    return inserted ? { row: inserted, fresh: true } : { row: (await storedWithKey(trx, user.id, key!))!, fresh: false };
  });
  const { row } = stored;
  if (!stored.fresh) return replyWithRecord(deps, sameSubmission(row, input), receivedAt);
  try {
    await deps.queue.enqueue(row.id);
  } catch (err) {
    // The record stays PD; it is enqueued again with backoff (and by the chore, at the latest).
    deps.log.error({ err, submissionId: row.id }, 'could not enqueue a submission; retrying');
    deps.queue.retryEnqueue(row.id);
  }
  return replyWithRecord(deps, row, receivedAt);
}

/** The submission's checks before it is stored; `earlier`: a retry of a stored one (its key). */
async function checkSubmission(deps: SubmissionDeps, user: CurrentUser, input: SubmitInput, now: Date) {
  const { db } = deps;
  const key = input.submissionKey;
  const earlier = key === undefined ? undefined : await storedWithKey(db, user.id, key);
  if (earlier) return { earlier: sameSubmission(earlier, input) } as const;
  const language = findLanguage(await languagesWithin(deps.languages, LANGUAGE_PROBE_WAIT_MS), input.language);
  if (!language) throw fail('VALIDATION', `Unknown language "${input.language}"`, { field: 'language' });
  const { code, files } = submittedSources(input);
  if (input.contestId === undefined) {
    if (!isAdmin(user)) throw fail('VALIDATION', 'Please choose a contest first', { field: 'contestId' });
  } else {
    await assertCanOpenContestProblem(db, user, input.contestId, input.problemId, now);
  }
  const problem = await db.selectFrom('problems').select(['id', 'package_hash']).where('id', '=', input.problemId).executeTakeFirst();
  if (!problem) throw fail('NOT_FOUND', 'No such problem');
  const packageHash = problem.package_hash;
  if (!packageHash) throw fail('CONFLICT', 'This problem has no test data yet; please tell the administrator.');
  const refused = languageRefusal(await packageLanguages(db, packageHash), language);
  if (refused) throw fail('VALIDATION', `${refused}.`, { field: 'language' });
  const template = await db
    .selectFrom('templates')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['language']), 'in', [language.id.toLowerCase(), language.name.toLowerCase(), input.language.trim().toLowerCase()]))
    .orderBy('id')
    .executeTakeFirst();
  return { earlier: undefined, language, code, files, problem, packageHash, template };
}

/** `work`, unless the server starts stopping first: then a 503 saying nothing was stored. */
function beforeStop<T>(deps: SubmissionDeps, work: Promise<T>): Promise<T> {
  if (deps.queue.verdicts.isClosed) {
    work.catch(() => {}); // refused anyway
    return Promise.reject(stoppingRefusal());
  }
  return new Promise<T>((resolve, reject) => {
    const off = deps.queue.verdicts.onClose(() => reject(stoppingRefusal()));
    work.then(resolve, reject).finally(off);
  });
}

function stoppingRefusal(): Error {
  return fail('UNAVAILABLE', 'The server is stopping: your submission was not stored; please submit again in a moment.', { retryAfterMs: 2000 });
}

function storedWithKey(db: Kysely<DB>, userId: number, key: string): Promise<SubmissionRow | undefined> {
  return db.selectFrom('submissions').selectAll().where('user_id', '=', userId).where('submission_key', '=', key).executeTakeFirst();
}

/** The record a key names, when the request is the same submission; a key reused for another is refused. */
function sameSubmission(row: SubmissionRow, input: SubmitInput): SubmissionRow {
  const same = row.problem_id === input.problemId && row.contest_id === (input.contestId ?? null) && (input.code === undefined || row.code === input.code);
  if (!same) throw fail('CONFLICT', `submissionKey ${JSON.stringify(input.submissionKey)} already names your submission ${row.id}, of another problem or code: send a new key for a new submission.`, { field: 'submissionKey', id: row.id });
  return row;
}

/**
 * The reply to a stored submission: the record once judged, or as it is when SUBMIT_WAIT_MS
 * (counted from the request's arrival) has passed. Once stored, the request does not fail: when
 * the wait or the read after it fails (the database restarting, the server stopping), the reply
 * is the record as stored, with its id.
 */
async function replyWithRecord(deps: SubmissionDeps, row: SubmissionRow, receivedAt: number): Promise<SubmitReply> {
  const waitMs = Math.max(0, deps.waitMs - Math.round(performance.now() - receivedAt));
  try {
    return toSubmitReply(await waitForVerdict(deps.db, deps.queue, row.id, waitMs));
  } catch (err) {
    deps.log.warn({ reason: (err as Error).message, submissionId: row.id }, 'could not read a stored submission after its wait: replying with it as stored');
    return toSubmitReply(row);
  }
}

/**
 * The text stored as `code` and the files: one source as the spec has it, or several files (one
 * is the same as `code`), whose listing (each file under a header line) is what `code` shows.
 */
function submittedSources(input: SubmitInput): { code: string; files: SubmittedFile[] | null } {
  if (!input.files || (input.files.length === 1 && input.code === undefined && !input.files[0].name.includes('/'))) {
    const code = input.code ?? input.files![0].content;
    if (code.trim() === '') throw fail('VALIDATION', 'Please enter your code!', { field: 'code' });
    if (Buffer.byteLength(code, 'utf8') > MAX_SOURCE_BYTES) throw fail('TOO_LARGE', `Your code is too long: at most ${MAX_SOURCE_BYTES / 1024} KB.`);
    return { code, files: null };
  }
  const seen = new Set<string>();
  let bytes = 0;
  for (const file of input.files) {
    const problem = sourceFileNameProblem(file.name);
    if (problem) throw fail('VALIDATION', `File ${JSON.stringify(file.name.slice(0, 80))}: ${problem}`, { field: 'files' });
    if (seen.has(file.name)) throw fail('VALIDATION', `File ${file.name} appears twice`, { field: 'files' });
    seen.add(file.name);
    bytes += Buffer.byteLength(file.content, 'utf8');
  }
  if (bytes > MAX_FILES_BYTES) throw fail('TOO_LARGE', `Your files are too long: at most ${MAX_FILES_BYTES / 1024} KB together.`);
  if (input.files.every((f) => f.content.trim() === '')) throw fail('VALIDATION', 'Please enter your code!', { field: 'files' });
  const code = input.files.map((f) => `===== ${f.name} =====\n${f.content}${f.content.endsWith('\n') ? '' : '\n'}`).join('\n');
  return { code, files: input.files };
}

/**
 * The cooldown and the per-minute cap, on the records of the last minute up to now. Records
 * "from the future" (written before the server's clock was set back) do not count: they locked
 * a user out for as long as the clock had gone back (429 "please wait 1780 s"). So a wait is
 * never longer than the interval, and time only moves forward for the limits.
 */
async function assertSubmitRate(db: Kysely<DB>, userId: number, now: Date): Promise<void> {
  const { rows } = await sql<{ last: Date | null; minute: number; first: Date | null }>`
    select max(created_at) as last, count(*)::int as minute, min(created_at) as first
      from submissions where user_id = ${userId} and created_at > ${new Date(now.getTime() - 60_000)} and created_at <= ${now}`.execute(db);
  const { last, minute, first } = rows[0];
  // The wait goes along as data (SubmitRefusalData): the web app counts it down.
  if (last) {
    const waitMs = new Date(last).getTime() + SUBMIT_MIN_INTERVAL_MS - now.getTime();
    if (waitMs > 0) throw fail('RATE_LIMITED', `You are submitting too fast: please wait ${Math.ceil(waitMs / 1000)} s before submitting again.`, { retryAfterMs: waitMs });
  }
  if (minute >= SUBMITS_PER_MINUTE) {
    const retryAfterMs = Math.max(1000, new Date(first!).getTime() + 60_000 - now.getTime());
    throw fail('RATE_LIMITED', `Too many submissions: at most ${SUBMITS_PER_MINUTE} per minute. Please wait a little.`, { retryAfterMs });
  }
}

/** Waits (shared poll) until the record has a final verdict or `waitMs` passed; returns it as it is then. */
export async function waitForVerdict(db: Kysely<DB>, queue: SubmissionQueue, id: number, waitMs: number): Promise<SubmissionRow> {
  await queue.verdicts.wait(id, waitMs);
  return db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export function toSubmitReply(row: SubmissionRow): SubmitReply {
  return {
    id: row.id,
    result: row.status === 'AC',
    runTime: row.run_time,
    runMemory: row.run_memory,
    judgeResult: row.status,
    compileMessage: row.compile_message,
    judgeTime: formatTime(row.created_at),
    score: row.score,
    maxScore: row.max_score,
  };
}

/** Administrators: judge a record again against its problem's current test data. */
export async function rejudge(db: Kysely<DB>, queue: SubmissionQueue, log: Logger, id: number): Promise<SubmitReply> {
  const row = await db
    .updateTable('submissions')
    .set({
      status: 'PD',
      judge_attempts: 0,
      compile_message: '',
      run_time: 0,
      run_memory: 0,
      tests: '[]',
      score: null,
      max_score: null,
      groups: null,
      judged_at: null,
      package_hash: sql<string | null>`(select package_hash from problems where problems.id = submissions.problem_id)`,
    })
    .where('id', '=', id)
    .where('status', 'not in', ['CP', 'JG'])
    .returningAll()
    .executeTakeFirst();
  if (!row) {
    const exists = await db.selectFrom('submissions').select('status').where('id', '=', id).executeTakeFirst();
    if (!exists) throw fail('NOT_FOUND', 'No such record');
    throw fail('CONFLICT', 'The record is being judged right now; rejudge it once it has a verdict.');
  }
  // The job lives in Agenda's table, outside this update's reach: if it cannot be written, the
  // record stays PD and the stale-record chore enqueues it again, so the rejudge still happens.
  await queue.enqueue(id).catch((err) => {
    log.error({ err, submissionId: id }, 'could not enqueue a rejudged submission; retrying');
    queue.retryEnqueue(id);
  });
  return toSubmitReply(row);
}
