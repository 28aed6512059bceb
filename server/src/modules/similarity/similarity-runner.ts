// Runs a similarity analysis (issue 31) off the request path: the sources are read from the
// database here, analysed in a worker thread (similarity-worker.ts: its CPU never blocks the API's
// event loop), and the results stored when it ends. The run's row carries the progress (sources
// read of all) while it runs; a run its process stops before the end is marked failed.
import { Worker } from 'node:worker_threads';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Logger } from '../../logger.ts';
import { lexerFor } from './tokenize.ts';
import type { SourceInput } from './analyse.ts';
import type { WorkerInput, WorkerMessage } from './similarity-worker.ts';
import { sourceText } from './source-text.ts';

const WORKER_ENTRY = new URL('./similarity-worker-entry.mjs', import.meta.url);
/** How often a running run's heartbeat is renewed; one silent for ABANDONED_AFTER_MS is abandoned. */
export const HEARTBEAT_MS = 5_000;
export const ABANDONED_AFTER_MS = 60_000;

interface SelectedSource extends SourceInput {
  problemId: number;
  submissions: number;
}

/** One source per contestant and problem of the run: the last submission, or the last accepted. */
async function selectSources(db: Kysely<DB>, run: { contest_id: number; problem_id: number | null; selection: 'last' | 'accepted' }): Promise<SelectedSource[]> {
  const { rows } = await sql<{ id: number; user_id: number; problem_id: number; language: string; code: string; files: { name: string; content: string }[] | null; submissions: string }>`
    select distinct on (s.user_id, s.problem_id) s.id, s.user_id, s.problem_id, s.language, s.code, s.files, s.submissions
    from (
      select sub.*, count(*) over (partition by sub.user_id, sub.problem_id) as submissions
      from submissions sub
      join contest_problems cp on cp.contest_id = sub.contest_id and cp.problem_id = sub.problem_id
      where sub.contest_id = ${run.contest_id}
        and (${run.problem_id}::integer is null or sub.problem_id = ${run.problem_id}::integer)
    ) s
    where ${run.selection} = 'last' or s.status = 'AC'
    order by s.user_id, s.problem_id, s.id desc`.execute(db);
  return rows.map((r) => ({
    submissionId: r.id,
    userId: r.user_id,
    problemId: r.problem_id,
    language: r.language,
    code: sourceText(r),
    submissions: Number(r.submissions),
  }));
}

/** The analyses running in this process: stopped (and marked failed) when the server stops. */
export class SimilarityRunner {
  private readonly workers = new Map<number, Worker>();
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly log?: Logger,
  ) {}

  /** Starts the run whose row exists (status running); returns at once. */
  start(runId: number): void {
    const job = this.run(runId)
      .catch(async (err: Error) => {
        this.log?.error({ err, runId }, 'similarity run failed');
        await this.finish(runId, 'failed', err.message).catch(() => {});
      })
      .finally(() => this.running.delete(job));
    this.running.add(job);
  }

  /** Runs it to the end (the CLI's local analysis awaits this). */
  async run(runId: number): Promise<void> {
    const beat = () => this.db.updateTable('similarity_runs').set({ heartbeat_at: new Date() }).where('id', '=', runId).execute();
    await beat();
    const heartbeat = setInterval(() => void beat().catch(() => {}), HEARTBEAT_MS);
    try {
      await this.analyseAndStore(runId);
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async analyseAndStore(runId: number): Promise<void> {
    const db = this.db;
    const row = await db.selectFrom('similarity_runs').selectAll().where('id', '=', runId).executeTakeFirstOrThrow();
    const sources = await selectSources(db, row);
    await db.updateTable('similarity_runs').set({ total_sources: sources.length }).where('id', '=', runId).execute();
    const templates = await db.selectFrom('templates').select('description').execute();
    const ignored = [...templates.map((t) => t.description), ...(row.base_file ? [row.base_file] : [])];
    const byProblem = new Map<number, SelectedSource[]>();
    for (const s of sources) byProblem.set(s.problemId, [...(byProblem.get(s.problemId) ?? []), s]);
    const input: WorkerInput = {
      problems: [...byProblem].map(([problemId, list]) => ({ problemId, sources: list.map(({ userId, submissionId, language, code }) => ({ userId, submissionId, language, code })) })),
      ignored,
    };
    const result = await this.analyse(runId, input);
    await db.transaction().execute(async (trx) => {
      const sourceRows = sources.map((s) => ({
        run_id: runId,
        problem_id: s.problemId,
        user_id: s.userId,
        submission_id: s.submissionId,
        submissions: s.submissions,
        language: s.language,
        lexer: lexerFor(s.language),
        tokens: 0,
      }));
      const clusters: { problemId: number; userIds: number[] }[] = [];
      const pairRows = [];
      for (const problem of result) {
        const list = byProblem.get(problem.problemId)!;
        problem.sources.forEach((summary, i) => {
          const source = sourceRows.find((r) => r.problem_id === problem.problemId && r.user_id === list[i].userId)!;
          source.tokens = summary.tokens;
        });
        for (const cluster of problem.clusters) clusters.push({ problemId: problem.problemId, userIds: cluster.map((i) => list[i].userId) });
        for (const pair of problem.pairs) {
          // Stored with the smaller user id first, its fragments' sides swapped to match.
          const swap = list[pair.a].userId > list[pair.b].userId;
          pairRows.push({
            run_id: runId,
            problem_id: problem.problemId,
            user_a: list[swap ? pair.b : pair.a].userId,
            user_b: list[swap ? pair.a : pair.b].userId,
            similarity: pair.similarity,
            longest_fragment: pair.longestFragment,
            fragments: JSON.stringify(swap ? pair.fragments.map((f) => ({ tokens: f.tokens, a: f.b, b: f.a })) : pair.fragments),
          });
        }
      }
      for (let i = 0; i < sourceRows.length; i += 1000) await trx.insertInto('similarity_sources').values(sourceRows.slice(i, i + 1000)).execute();
      for (let i = 0; i < pairRows.length; i += 500) await trx.insertInto('similarity_pairs').values(pairRows.slice(i, i + 500)).execute();
      await trx
        .updateTable('similarity_runs')
        .set({ status: 'done', done_sources: sources.length, clusters: JSON.stringify(clusters), finished_at: new Date() })
        .where('id', '=', runId)
        .execute();
    });
  }

  private analyse(runId: number, input: WorkerInput): Promise<Extract<WorkerMessage, { type: 'result' }>['problems']> {
    return new Promise((resolve, reject) => {
      const worker = new Worker(WORKER_ENTRY, { workerData: input });
      this.workers.set(runId, worker);
      let result: Extract<WorkerMessage, { type: 'result' }>['problems'] | undefined;
      worker.on('message', (m: WorkerMessage) => {
        if (m.type === 'result') result = m.problems;
        else void this.db.updateTable('similarity_runs').set({ done_sources: m.done }).where('id', '=', runId).where('status', '=', 'running').execute().catch(() => {});
      });
      worker.on('error', reject);
      worker.on('exit', (code) => {
        this.workers.delete(runId);
        if (result) resolve(result);
        else reject(new Error(code === 1 ? 'the analysis was stopped' : `the analysis ended with code ${code}`));
      });
    });
  }

  private async finish(runId: number, status: 'failed', message: string): Promise<void> {
    await this.db.updateTable('similarity_runs').set({ status, message, finished_at: new Date() }).where('id', '=', runId).where('status', '=', 'running').execute();
  }

  /** Stops every analysis of this process (server stop); their runs end as failed. */
  async close(): Promise<void> {
    await Promise.all([...this.workers.values()].map((w) => w.terminate()));
    await Promise.all([...this.running]);
  }

  /** Resolves when every run started here has ended (tests). */
  async idle(): Promise<void> {
    await Promise.all([...this.running]);
  }
}
