// `verdict worker`: judge workers only, against the server's database — a PostgreSQL server
// (DATABASE_URL), or the embedded database of a `verdict serve` running on the same DATA_DIR.
import fs from 'node:fs';
import { embeddedUrlFile, openDatabase } from '@verdict/server/database';
import { migrateToLatest } from '@verdict/server/database';
import { createLogger } from '@verdict/server/worker';
import { JudgeQueue } from '@verdict/server/worker';
import { startJudgeWorkers } from '@verdict/server/worker';
import { createJudgeProvider } from '@verdict/server/worker';
import { listenForAnnouncements } from '@verdict/server/worker';
import { CliError } from '../errors.ts';
import { configFromFlags } from './serve.ts';

interface WorkerOptions {
  dataDir?: string;
  databaseUrl?: string;
  workers?: string;
}

function embeddedServerUrl(dataDir: string): string {
  const file = embeddedUrlFile(dataDir);
  let url = '';
  try {
    url = fs.readFileSync(file, 'utf8').trim();
  } catch {
    // reported below
  }
  if (!url) {
    throw new CliError(
      `no database to judge for: set DATABASE_URL (or --database-url), or start \`verdict serve\` with the same data folder first (${file} not found)`,
    );
  }
  return url;
}

export default async function worker(opts: WorkerOptions): Promise<void> {
  const config = configFromFlags(opts);
  if (config.workers < 1) throw new CliError('--workers must be at least 1 for a worker process');
  const url = config.databaseUrl ?? embeddedServerUrl(config.dataDir);
  const log = createLogger(config.logLevel);
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: url, poolSize: config.workers + 3 }).catch((err: Error) => {
    throw new CliError(`cannot reach the database: ${err.message}`);
  });
  // With a PostgreSQL server a worker may start first; the embedded database is the server's to migrate.
  if (config.databaseUrl) await migrateToLatest(database.db);
  // Beside a server on the embedded database, jobs are announced through its socket (NOTIFY
  // does not reach other connections of PGlite), and this process announces its own in-process.
  const embedded = !config.databaseUrl;
  const queue = await JudgeQueue.open(database, log, config.judgeQueue, { inProcessAnnouncements: embedded });
  const stopListening = embedded ? listenForAnnouncements(queue, config.dataDir, log) : () => {};
  const judge = createJudgeProvider(config, log);
  await startJudgeWorkers({ config, database, queue, judge, log });
  console.log(`Verdict judge worker: ${config.workers} concurrent job${config.workers === 1 ? '' : 's'} (${config.databaseUrl ? 'PostgreSQL' : `embedded database of ${config.dataDir}`})`);
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      console.log(`${signal} received, stopping...`);
      stopListening();
      queue
        .stop()
        .finally(() => judge.close())
        .finally(() => database.close())
        .then(resolve, resolve);
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
}
