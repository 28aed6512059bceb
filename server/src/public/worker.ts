// What `verdict worker` runs: the judge queue and its workers, outside the server.
export { startJudgeWorkers } from '../worker.ts';
export { JudgeQueue } from '../services/judge-queue.ts';
export { createJudgeProvider } from '../judge-provider.ts';
export { createLogger } from '../logger.ts';
