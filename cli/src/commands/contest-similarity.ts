// `verdict contest similarity <contest>`: a similarity analysis of a contest's sources (issue 31),
// on the local database (the analysis runs here, in a worker thread) or on a server (which runs
// it; we follow its progress). Prints the most similar pairs per problem and the clusters.
import fs from 'node:fs';
import { problemLetter } from '@verdict/shared';
import { findContest } from '@verdict/server/contests';
import { DomainError } from '@verdict/server/errors';
import { pairsCsv, SimilarityRunner, similarityPairs, similarityRun, startSimilarityRun, type PairView, type RunDetail } from '@verdict/server/similarity';
import { CliError } from '../errors.ts';
import { withLocalDatabase } from '../local-db.ts';
import { printJson, printTable, progressBar, type ProgressBar } from '../output.ts';
import { ServerClient } from '../server-client.ts';

interface SimilarityOptions {
  problem?: string;
  accepted?: boolean;
  base?: string;
  top: string;
  csv?: boolean;
  json?: boolean;
  server?: string;
}

interface Outcome {
  run: RunDetail;
  pairs: PairView[];
}

const POLL_MS = 250;
const PAGE = 500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The problem's id from its letter in the contest or its id. */
function problemIdOf(spec: string | undefined, problems: { problemId: number; letter: string }[]): number | undefined {
  if (spec === undefined) return undefined;
  const found = problems.find((p) => p.letter.toUpperCase() === spec.trim().toUpperCase() || String(p.problemId) === spec.trim());
  if (!found) throw new CliError(`no problem "${spec}" in this contest (letters: ${problems.map((p) => p.letter).join(', ') || 'none'})`);
  return found.problemId;
}

interface RunProgress {
  track(run: { doneSources: number; totalSources: number }): void;
  stop(): void;
}

/** A bar drawn once the run knows how many sources it reads (a terminal only). */
function runProgress(enabled: boolean): RunProgress {
  let bar: ProgressBar | undefined;
  return {
    track({ doneSources, totalSources }) {
      if (!bar && totalSources > 0) bar = progressBar(totalSources, enabled);
      bar?.update(doneSources, 'sources read');
    },
    stop: () => bar?.stop(),
  };
}

async function onServer(serverUrl: string, contestId: number, input: { problem?: string; selection: 'last' | 'accepted'; baseFile?: string }, progress: RunProgress): Promise<Outcome> {
  const client = ServerClient.loggedIn(serverUrl);
  const problems = await client.get('/api/contestProblem/list', { contestId });
  const problemId = problemIdOf(input.problem, problems);
  const started = await client.json('/api/admin/similarity/run', { contestId, selection: input.selection, ...(problemId ? { problemId } : {}), ...(input.baseFile ? { baseFile: input.baseFile } : {}) });
  let run = await client.get('/api/admin/similarity/run', { runId: started.runId });
  while (run.status === 'running') {
    progress.track(run);
    await sleep(POLL_MS);
    run = await client.get('/api/admin/similarity/run', { runId: started.runId });
  }
  progress.stop();
  if (run.status === 'failed') throw new CliError(`the analysis failed: ${run.message ?? 'no reason given'}`);
  const pairs: PairView[] = [];
  for (let page = 1; ; page++) {
    const { items, total } = await client.get('/api/admin/similarity/pairs', { runId: run.runId, page, pageSize: PAGE });
    pairs.push(...items);
    if (pairs.length >= total || items.length === 0) break;
  }
  return { run, pairs };
}

function onLocal(contestId: number, input: { problem?: string; selection: 'last' | 'accepted'; baseFile?: string }, progress: RunProgress): Promise<Outcome> {
  return withLocalDatabase(async ({ db }) => {
    const runner = new SimilarityRunner(db);
    try {
      await findContest(db, contestId);
      const letters = await db.selectFrom('contest_problems').select('problem_id').where('contest_id', '=', contestId).orderBy('position').execute();
      const problemId = problemIdOf(input.problem, letters.map((p, i) => ({ problemId: p.problem_id, letter: problemLetter(i) })));
      const started = await startSimilarityRun(db, runner, null, { contestId, problemId, selection: input.selection, baseFile: input.baseFile }, new Date());
          const ticker = setInterval(() => {
        void db.selectFrom('similarity_runs').select(['done_sources', 'total_sources']).where('id', '=', started.runId).executeTakeFirst()
          .then((r) => r && progress.track({ doneSources: r.done_sources, totalSources: r.total_sources }));
      }, POLL_MS);
      await runner.idle().finally(() => clearInterval(ticker));
      progress.stop();
      const run = await similarityRun(db, started.runId);
      if (run.status === 'failed') throw new CliError(`the analysis failed: ${run.message ?? 'no reason given'}`);
      const { items } = await similarityPairs(db, { runId: run.runId, page: 1, pageSize: Number.MAX_SAFE_INTEGER });
      return { run, pairs: items };
    } catch (err) {
      if (err instanceof DomainError) throw new CliError(`contest ${contestId}: ${err.message}`);
      throw err;
    } finally {
      await runner.close();
    }
  });
}

const percent = (x: number) => `${(x * 100).toFixed(1)}%`;

function print({ run, pairs }: Outcome, top: number): void {
  console.log(`Similarity run ${run.runId} of contest ${run.contestId}: ${run.totalSources} sources (${run.selection === 'last' ? 'the last' : 'the last accepted'} submission per contestant and problem)`);
  for (const problem of run.problems) {
    console.log(`\nProblem ${problem.letter} ${problem.title}: ${problem.sources} sources`);
    if (problem.fallbackSources > 0) {
      console.log(`  ${problem.fallbackSources} in ${problem.fallbackLanguages.join(', ')}: no lexer for this language, compared as generic tokens (weaker against renaming and comments)`);
    }
    const mine = pairs.filter((p) => p.problemId === problem.problemId).slice(0, top);
    if (mine.length === 0) {
      console.log('  no similar pairs');
      continue;
    }
    printTable(
      ['Similarity', 'User A', 'User B', 'Longest fragment', 'Submissions', 'Note'],
      mine.map((p) => [percent(p.similarity), p.userA.username, p.userB.username, `${p.longestFragment} tokens`, `${p.userA.submissions} / ${p.userB.submissions}`, p.fallback ? 'generic' : '']),
    );
  }
  if (run.clusters.length) {
    console.log('\nClusters of more than two:');
    for (const c of run.clusters) console.log(`  ${c.letter}: ${c.users.map((u) => u.username).join(', ')}`);
  }
}

export default async function contestSimilarity(idText: string, opts: SimilarityOptions): Promise<void> {
  const contestId = Number(idText);
  if (!Number.isInteger(contestId) || contestId < 1) throw new CliError(`the contest id must be a positive integer, got "${idText}"`);
  if (opts.csv && opts.json) throw new CliError('choose one of --csv and --json');
  const top = Number(opts.top);
  if (!Number.isInteger(top) || top < 1) throw new CliError(`--top must be a positive integer, got "${opts.top}"`);
  let baseFile: string | undefined;
  if (opts.base) {
    try {
      baseFile = fs.readFileSync(opts.base, 'utf8');
    } catch (err) {
      throw new CliError(`cannot read the base file ${opts.base}: ${(err as Error).message}`);
    }
  }
  const input = { problem: opts.problem, selection: opts.accepted ? ('accepted' as const) : ('last' as const), baseFile };
  const progress = runProgress(!opts.json && !opts.csv);
  const outcome = opts.server ? await onServer(opts.server, contestId, input, progress) : await onLocal(contestId, input, progress);
  if (opts.json) return printJson(outcome);
  if (opts.csv) return void process.stdout.write(pairsCsv(outcome.pairs));
  print(outcome, top);
}
