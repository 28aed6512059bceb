// Similarity runs as administrators see them (issue 31): start one, follow its progress, read its
// pairs (most similar first), its clusters, one pair side by side with the shared fragments, and
// the whole as CSV. Nothing here is reachable by a contestant: the routes are admin-only.
import type { Kysely, Selectable } from 'kysely';
import { fail } from '../../common/errors.ts';
import { formatTime } from '../../common/wire.ts';
import type { DB, SimilarityFragment } from '../../db/schema.ts';
import { findContest } from '../contests/index.ts';
import { problemLetter } from '@verdict/shared';
import { ABANDONED_AFTER_MS, type SimilarityRunner } from './similarity-runner.ts';
import { sourceText } from './source-text.ts';

export const BASE_FILE_MAX = 200_000;

export interface StartRunInput {
  contestId: number;
  problemId?: number;
  selection?: 'last' | 'accepted';
  baseFile?: string;
}

export interface RunView {
  runId: number;
  contestId: number;
  problemId: number | null;
  selection: 'last' | 'accepted';
  status: 'running' | 'done' | 'failed';
  totalSources: number;
  doneSources: number;
  /** 0..1: sources read of all (1 once done). */
  progress: number;
  message: string | null;
  hasBaseFile: boolean;
  createdAt: string;
  finishedAt: string | null;
}

type RunRow = Selectable<DB['similarity_runs']>;

async function findRun(db: Kysely<DB>, runId: number): Promise<RunRow> {
  const run = await db.selectFrom('similarity_runs').selectAll().where('id', '=', runId).executeTakeFirst();
  if (!run) throw fail('NOT_FOUND', 'No such similarity run');
  return run;
}

function runView(run: RunRow): RunView {
  const progress = run.status === 'done' ? 1 : run.total_sources ? Math.min(1, run.done_sources / run.total_sources) : 0;
  return {
    runId: run.id,
    contestId: run.contest_id,
    problemId: run.problem_id,
    selection: run.selection,
    status: run.status,
    totalSources: run.total_sources,
    doneSources: run.done_sources,
    progress,
    message: run.message,
    hasBaseFile: run.base_file !== null,
    createdAt: formatTime(run.created_at),
    finishedAt: run.finished_at ? formatTime(run.finished_at) : null,
  };
}

/** Starts an analysis; one at a time per contest. */
export async function startSimilarityRun(db: Kysely<DB>, runner: SimilarityRunner, adminId: number | null, input: StartRunInput, now: Date): Promise<RunView> {
  await findContest(db, input.contestId);
  if (input.problemId !== undefined) {
    const inContest = await db
      .selectFrom('contest_problems')
      .select('problem_id')
      .where('contest_id', '=', input.contestId)
      .where('problem_id', '=', input.problemId)
      .executeTakeFirst();
    if (!inContest) throw fail('NOT_FOUND', 'No such problem in this contest');
  }
  // A run whose process died (no heartbeat for a minute) does not hold the contest.
  await db
    .updateTable('similarity_runs')
    .set({ status: 'failed', message: 'abandoned: the process running it stopped', finished_at: now })
    .where('contest_id', '=', input.contestId)
    .where('status', '=', 'running')
    .where((eb) => eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', new Date(Date.now() - ABANDONED_AFTER_MS))]))
    .execute();
  const busy = await db.selectFrom('similarity_runs').select('id').where('contest_id', '=', input.contestId).where('status', '=', 'running').executeTakeFirst();
  if (busy) throw fail('CONFLICT', `A similarity analysis of this contest is running (run ${busy.id}): wait for it to end`);
  const run = await db
    .insertInto('similarity_runs')
    .values({
      contest_id: input.contestId,
      problem_id: input.problemId ?? null,
      selection: input.selection ?? 'last',
      base_file: input.baseFile?.trim() ? input.baseFile : null,
      status: 'running',
      clusters: '[]',
      created_by: adminId,
      created_at: now,
      heartbeat_at: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  runner.start(run.id);
  return runView(run);
}

export async function listSimilarityRuns(db: Kysely<DB>, contestId: number): Promise<RunView[]> {
  await findContest(db, contestId);
  const runs = await db.selectFrom('similarity_runs').selectAll().where('contest_id', '=', contestId).orderBy('id', 'desc').execute();
  return runs.map(runView);
}

interface ProblemNames {
  letter: (problemId: number) => string;
  title: (problemId: number) => string;
}

async function problemNames(db: Kysely<DB>, contestId: number): Promise<ProblemNames> {
  const rows = await db
    .selectFrom('contest_problems')
    .innerJoin('problems', 'problems.id', 'contest_problems.problem_id')
    .select(['problems.id', 'problems.title', 'contest_problems.position'])
    .where('contest_id', '=', contestId)
    .orderBy('position')
    .execute();
  const index = new Map(rows.map((r, i) => [r.id, { letter: problemLetter(i), title: r.title }]));
  return { letter: (id) => index.get(id)?.letter ?? '?', title: (id) => index.get(id)?.title ?? '' };
}

async function usernames(db: Kysely<DB>, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'username']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r.username]));
}

export interface RunDetail extends RunView {
  /** Sources per problem, and which of them fell back to the generic lexer (their language has none). */
  problems: { problemId: number; letter: string; title: string; sources: number; fallbackSources: number; fallbackLanguages: string[] }[];
  clusters: { problemId: number; letter: string; users: { userId: number; username: string }[] }[];
}

export async function similarityRun(db: Kysely<DB>, runId: number): Promise<RunDetail> {
  const run = await findRun(db, runId);
  const names = await problemNames(db, run.contest_id);
  const sources = await db.selectFrom('similarity_sources').select(['problem_id', 'language', 'lexer']).where('run_id', '=', runId).execute();
  const perProblem = new Map<number, { sources: number; fallback: Set<string>; fallbackSources: number }>();
  for (const s of sources) {
    const p = perProblem.get(s.problem_id) ?? { sources: 0, fallback: new Set<string>(), fallbackSources: 0 };
    p.sources++;
    if (s.lexer === 'generic') {
      p.fallbackSources++;
      p.fallback.add(s.language);
    }
    perProblem.set(s.problem_id, p);
  }
  const users = await usernames(db, run.clusters.flatMap((c) => c.userIds));
  return {
    ...runView(run),
    problems: [...perProblem].map(([problemId, p]) => ({
      problemId,
      letter: names.letter(problemId),
      title: names.title(problemId),
      sources: p.sources,
      fallbackSources: p.fallbackSources,
      fallbackLanguages: [...p.fallback].sort(),
    })).sort((a, b) => a.letter.localeCompare(b.letter)),
    clusters: run.clusters.map((c) => ({
      problemId: c.problemId,
      letter: names.letter(c.problemId),
      users: c.userIds.map((userId) => ({ userId, username: users.get(userId) ?? '' })),
    })),
  };
}

export interface PairView {
  pairId: number;
  problemId: number;
  letter: string;
  userA: { userId: number; username: string; submissionId: number; submissions: number; language: string; lexer: string };
  userB: PairView['userA'];
  /** 0..1 */
  similarity: number;
  longestFragment: number;
  /** True when either source was read by the generic lexer (a normalised token comparison only). */
  fallback: boolean;
}

export async function similarityPairs(db: Kysely<DB>, q: { runId: number; problemId?: number; page: number; pageSize: number }): Promise<{ total: number; items: PairView[] }> {
  const run = await findRun(db, q.runId);
  let base = db.selectFrom('similarity_pairs').where('run_id', '=', q.runId);
  if (q.problemId !== undefined) base = base.where('problem_id', '=', q.problemId);
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['id', 'problem_id', 'user_a', 'user_b', 'similarity', 'longest_fragment'])
    .orderBy('similarity', 'desc')
    .orderBy('id')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { total: Number(total), items: await pairViews(db, run, rows) };
}

async function pairViews(
  db: Kysely<DB>,
  run: RunRow,
  rows: { id: number; problem_id: number; user_a: number; user_b: number; similarity: number; longest_fragment: number }[],
): Promise<PairView[]> {
  const names = await problemNames(db, run.contest_id);
  const users = await usernames(db, rows.flatMap((r) => [r.user_a, r.user_b]));
  const sources = rows.length
    ? await db.selectFrom('similarity_sources').selectAll().where('run_id', '=', run.id).where('problem_id', 'in', [...new Set(rows.map((r) => r.problem_id))]).execute()
    : [];
  const source = (problemId: number, userId: number) => sources.find((s) => s.problem_id === problemId && s.user_id === userId)!;
  const side = (problemId: number, userId: number) => {
    const s = source(problemId, userId);
    return { userId, username: users.get(userId) ?? '', submissionId: s.submission_id, submissions: s.submissions, language: s.language, lexer: s.lexer };
  };
  return rows.map((r) => {
    const userA = side(r.problem_id, r.user_a);
    const userB = side(r.problem_id, r.user_b);
    return {
      pairId: r.id,
      problemId: r.problem_id,
      letter: names.letter(r.problem_id),
      userA,
      userB,
      similarity: r.similarity,
      longestFragment: r.longest_fragment,
      fallback: userA.lexer === 'generic' || userB.lexer === 'generic',
    };
  });
}

export interface PairDetail extends PairView {
  sourceA: string;
  sourceB: string;
  fragments: SimilarityFragment[];
}

export async function similarityPair(db: Kysely<DB>, pairId: number): Promise<PairDetail> {
  const pair = await db.selectFrom('similarity_pairs').selectAll().where('id', '=', pairId).executeTakeFirst();
  if (!pair) throw fail('NOT_FOUND', 'No such similar pair');
  const run = await findRun(db, pair.run_id);
  const [view] = await pairViews(db, run, [pair]);
  const subs = await db.selectFrom('submissions').select(['id', 'code', 'files']).where('id', 'in', [view.userA.submissionId, view.userB.submissionId]).execute();
  const text = (id: number) => {
    const s = subs.find((x) => x.id === id);
    return s ? sourceText(s) : '';
  };
  return { ...view, sourceA: text(view.userA.submissionId), sourceB: text(view.userB.submissionId), fragments: pair.fragments };
}

const CSV_HEAD = ['problem', 'user_a', 'user_b', 'similarity', 'longest_fragment_tokens', 'submission_a', 'submission_b', 'submissions_a', 'submissions_b', 'language_a', 'language_b', 'fallback'];

/** Every stored pair of a run, most similar first, as CSV (cells quoted where needed; formulas defused). */
export async function similarityCsv(db: Kysely<DB>, runId: number): Promise<string> {
  const run = await findRun(db, runId);
  const rows = await db
    .selectFrom('similarity_pairs')
    .select(['id', 'problem_id', 'user_a', 'user_b', 'similarity', 'longest_fragment'])
    .where('run_id', '=', runId)
    .orderBy('similarity', 'desc')
    .orderBy('id')
    .execute();
  return pairsCsv(await pairViews(db, run, rows));
}

/** Pairs as CSV, one line each (cells quoted where needed; formula-like cells defused with a leading '). */
export function pairsCsv(views: readonly PairView[]): string {
  const cell = (v: string | number | boolean) => {
    let s = String(v);
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = views.map((p) =>
    [p.letter, p.userA.username, p.userB.username, p.similarity.toFixed(4), p.longestFragment, p.userA.submissionId, p.userB.submissionId, p.userA.submissions, p.userB.submissions, p.userA.language, p.userB.language, p.fallback]
      .map(cell)
      .join(','),
  );
  return [CSV_HEAD.join(','), ...lines].join('\n') + '\n';
}
