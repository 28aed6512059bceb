// What `verdict worker` runs: the judge queue and its workers, outside the server.
export { startJudgeWorkers, JudgeQueue, createJudgeProvider, listenForAnnouncements } from '../modules/judging/index.ts';
export { createLogger } from '../logger.ts';
