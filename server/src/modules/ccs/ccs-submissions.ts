// Submissions, judgements and runs. A submission is a contest member's record on a problem of the
// contest. A judgement is one judging that reached a verdict: a row of submission_verdicts, kept
// when the record is rejudged (the newest judgement of a submission is its current one). Runs are
// the test results of a submission's current judgement only: Verdict keeps no others.
import type { Kysely } from 'kysely';
import type { DB, TestResult } from '../../db/schema.ts';
import { PENDING_STATES } from '../submissions/index.ts';
import { absTime, contestTime, judgementTypeOf, seconds, simplifiedTypeOf } from './ccs-format.ts';
import { seesJudgement, type CcsContext } from './ccs-viewer.ts';

export interface SubmissionRow {
  id: number;
  user_id: number;
  problem_id: number;
  language: string;
  created_at: Date;
  status: string;
  judge_started_at: Date | null;
  judged_at: Date | null;
  run_time: number;
  tests: TestResult[];
  score: number | null;
}

export interface VerdictRow {
  id: number;
  submission_id: number;
  status: string;
  run_time: number;
  judged_at: Date;
}

/** What the three endpoints are made of, read together. */
export interface Judging {
  submissions: SubmissionRow[];
  verdicts: VerdictRow[];
}

/** The contest's submissions by its members on its problems, with their verdicts, ascending by id. */
export async function readJudging(db: Kysely<DB>, contestId: number): Promise<Judging> {
  const counted = db
    .selectFrom('submissions as s')
    .innerJoin('contest_users as cu', (join) => join.onRef('cu.contest_id', '=', 's.contest_id').onRef('cu.user_id', '=', 's.user_id'))
    .innerJoin('contest_problems as cp', (join) => join.onRef('cp.contest_id', '=', 's.contest_id').onRef('cp.problem_id', '=', 's.problem_id'))
    .where('s.contest_id', '=', contestId);
  const [submissions, verdicts] = await Promise.all([
    counted
      .select(['s.id', 's.user_id', 's.problem_id', 's.language', 's.created_at', 's.status', 's.judge_started_at', 's.judged_at', 's.run_time', 's.tests', 's.score'])
      .orderBy('s.id')
      .execute(),
    counted
      .innerJoin('submission_verdicts as v', 'v.submission_id', 's.id')
      .select(['v.id', 'v.submission_id', 'v.status', 'v.run_time', 'v.judged_at'])
      .orderBy('v.id')
      .execute(),
  ]);
  return { submissions, verdicts };
}

const isFinal = (status: string) => !(PENDING_STATES as readonly string[]).includes(status);

export function submissionFilesHref(contestId: number, submissionId: number): string {
  return `contests/${contestId}/submissions/${submissionId}/files`;
}

/** Whether the reader may download a submission's source: administrators, and the team that made it. */
export function seesSource(ctx: CcsContext, userId: number): boolean {
  return ctx.viewer.role === 'admin' || (ctx.viewer.role === 'team' && ctx.viewer.userId === userId);
}

export function submissionObjects(ctx: CcsContext, { submissions }: Judging) {
  const start = ctx.contest.start_time;
  return submissions.map((s) => ({
    id: String(s.id),
    language_id: s.language,
    problem_id: String(s.problem_id),
    team_id: String(s.user_id),
    // A team is one account: its account's id is the team's.
    account_id: String(s.user_id),
    time: absTime(s.created_at),
    contest_time: contestTime(s.created_at, start),
    // Verdict finds Java's class with main itself: no entry point is ever given.
    entry_point: null,
    files: seesSource(ctx, s.user_id) ? [{ href: submissionFilesHref(ctx.contest.id, s.id), filename: 'files.zip', mime: 'application/zip' }] : [],
  }));
}

/** One judgement as the reader may see it, with the runs that belong to it (the current judgement's). */
export interface JudgementWithRuns {
  submission: SubmissionRow;
  judgement: ReturnType<typeof judgementObject>;
  /** The verdict row it is, for the feed's position; null for a record judged before verdict rows existed. */
  verdictId: number | null;
  runs: ReturnType<typeof runObject>[];
}

/** The judgements the reader may see, ascending by their verdict row. */
export function judgements(ctx: CcsContext, { submissions, verdicts }: Judging): JudgementWithRuns[] {
  const byId = new Map(submissions.map((s) => [s.id, s]));
  const latest = new Map<number, number>();
  for (const v of verdicts) latest.set(v.submission_id, v.id);
  const out: JudgementWithRuns[] = [];
  const add = (submission: SubmissionRow, id: string, verdictId: number | null, verdict: Omit<VerdictRow, 'id' | 'submission_id'>, current: boolean) => {
    const type = judgementTypeOf(verdict.status);
    if (!type || !seesJudgement(ctx, { userId: submission.user_id, createdAt: submission.created_at })) return;
    const judgement = judgementObject(ctx, submission, id, type, verdict, current);
    const runs = current && isFinal(submission.status) ? submission.tests.map((t, i) => runObject(ctx, judgement, verdict.judged_at, t, i + 1)) : [];
    out.push({ submission, judgement, verdictId, runs });
  };
  // A record judged before verdict rows were kept (migration 0006) has its verdict on the record only.
  for (const s of submissions) {
    if (!latest.has(s.id) && isFinal(s.status) && s.judged_at) add(s, `s${s.id}`, null, { status: s.status, run_time: s.run_time, judged_at: s.judged_at }, true);
  }
  for (const v of verdicts) {
    const submission = byId.get(v.submission_id)!;
    add(submission, String(v.id), v.id, v, latest.get(v.submission_id) === v.id && isFinal(submission.status));
  }
  return out;
}

function judgementObject(ctx: CcsContext, s: SubmissionRow, id: string, type: string, verdict: Omit<VerdictRow, 'id' | 'submission_id'>, current: boolean) {
  const start = ctx.contest.start_time;
  const end = verdict.judged_at;
  // The current judging's start is known; an earlier one's is not, so it starts where it ended.
  const began = current && s.judge_started_at && s.judge_started_at <= end ? s.judge_started_at : end;
  return {
    id,
    submission_id: String(s.id),
    judgement_type_id: type,
    simplified_judgement_type_id: simplifiedTypeOf(type),
    current,
    ...(current && ctx.contest.scoring_rule !== 'icpc' && s.score !== null ? { score: s.score } : {}),
    start_time: absTime(began),
    start_contest_time: contestTime(began, start),
    end_time: absTime(end),
    end_contest_time: contestTime(end, start),
    max_run_time: seconds(verdict.run_time),
  };
}

function runObject(ctx: CcsContext, judgement: { id: string }, judgedAt: Date, test: TestResult, ordinal: number) {
  return {
    id: `${judgement.id}-${ordinal}`,
    judgement_id: judgement.id,
    ordinal,
    judgement_type_id: judgementTypeOf(test.verdict) ?? 'JE',
    time: absTime(judgedAt),
    contest_time: contestTime(judgedAt, ctx.contest.start_time),
    run_time: seconds(test.timeMs),
  };
}
