// The judge process of `verdict serve` (judge-process.ts): judge workers on the server's
// database, told of new jobs by the server when the database is the embedded one. It stops
// when told to, and by itself when the server is gone (its IPC channel closes).
import { openDatabase, type Database } from '../../db/database.ts';
import { createJudgeProvider, type JudgeProvider } from './judge-provider.ts';
import { createLogger, type Logger } from '../../logger.ts';
import { JudgeQueue } from './judge-queue.ts';
import { startJudgeWorkers } from './worker.ts';
import type { FromJudgeProcess, ToJudgeProcess } from './judge-process.ts';

/** How long stopping may take before the process exits anyway (locks then expire). */
const STOP_TIMEOUT_MS = 5_000;

let running: { database: Database; queue: JudgeQueue; judge: JudgeProvider; log: Logger } | undefined;
let stopping: Promise<void> | undefined;

function tell(message: FromJudgeProcess): void {
  if (process.connected) process.send!(message);
}

async function start(message: Extract<ToJudgeProcess, { type: 'start' }>): Promise<void> {
  const { config } = message;
  const log = createLogger(config.logLevel).child({ process: 'judge' });
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: message.databaseUrl, poolSize: config.workers + 3 });
  const queue = await JudgeQueue.open(database, log, config.judgeQueue, { inProcessAnnouncements: message.inProcessAnnouncements });
  const judge = createJudgeProvider(config, log);
  running = { database, queue, judge, log };
  await startJudgeWorkers({ config, database, queue, judge, log });
  tell({ type: 'ready' });
}

function stop(): Promise<void> {
  stopping ??= (async () => {
    const timer = setTimeout(() => process.exit(0), STOP_TIMEOUT_MS);
    if (running) {
      const { queue, judge, database, log } = running;
      await queue.stop().catch((err: Error) => log.warn({ reason: err.message }, 'stopping the judge queue failed'));
      await judge.close().catch(() => undefined);
      await database.close().catch(() => undefined);
    }
    clearTimeout(timer);
    process.exit(0);
  })();
  return stopping;
}

process.on('message', (message: ToJudgeProcess) => {
  if (message.type === 'start') {
    start(message).catch((err: Error) => {
      tell({ type: 'failed', message: err.message });
      process.exit(1);
    });
  } else if (message.type === 'job') {
    running?.queue.announce({ jobName: message.jobName, nextRunAt: message.nextRunAt === null ? null : new Date(message.nextRunAt) });
  } else if (message.type === 'stop') {
    void stop();
  }
});
// The server is gone (killed, or stopped without a word): stop judging rather than run on alone.
process.on('disconnect', () => void stop());
// Ctrl-C in a terminal reaches the whole process group: the server decides when this one stops.
process.on('SIGINT', () => {});
