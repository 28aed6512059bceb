// Judge workers: the same code in the judge process of `verdict serve` (judge-process.ts) and
// in `verdict worker` (a separate process, possibly on another machine, on the same database).
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { JudgeProvider } from './judge-provider.ts';
import type { Logger } from '../../logger.ts';
import { PackageCache } from './judge-queue-packages.ts';
import { judgeRecord } from './judge-queue-run.ts';
import type { JudgeQueue } from './judge-queue.ts';

export interface StartWorkersOptions {
  config: Config;
  database: Database;
  queue: JudgeQueue;
  /** The process's judge (closed by whoever created it). */
  judge: JudgeProvider;
  log: Logger;
}

/**
 * Starts processing the queue with `config.workers` concurrent judge jobs (and the chore), and
 * prepares the judge (plugins, language probes) in the background.
 */
export async function startJudgeWorkers(opts: StartWorkersOptions): Promise<void> {
  const { config, database, queue, log } = opts;
  const getJudge = () => opts.judge.get();
  const deps = {
    db: database.db,
    judge: getJudge,
    packages: new PackageCache(config, database),
    log,
    retry: (id: number, delayMs: number) => queue.enqueue(id, delayMs),
  };
  await queue.start({ concurrency: config.workers, handle: (id, keepAlive) => judgeRecord(deps, id, keepAlive) });
  log.info({ workers: config.workers }, 'judge workers started');
  // Load plugins and probe the toolchains now rather than on the first submission.
  getJudge()
    .then((judge) => judge.languages())
    .then((languages) => log.info({ backend: config.judgeBackend ?? 'sandbox', languages: languages.map((l) => l.id) }, 'judge ready'))
    .catch((err: Error) => log.warn({ reason: err.message }, 'judge not usable: submissions will end in SE until this is fixed'));
}
