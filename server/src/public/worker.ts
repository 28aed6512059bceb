// What `verdict worker` runs: the judge queue and its workers, outside the server.
export { startJudgeWorkers } from '../modules/judging/worker.ts';
export { JudgeQueue } from '../modules/judging/judge-queue.ts';
export { createJudgeProvider } from '../modules/judging/judge-provider.ts';
export { createLogger } from '../logger.ts';
export { listenForAnnouncements } from '../modules/judging/announcement-socket.ts';
