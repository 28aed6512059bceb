// The judging module's entry: what the rest of the server may use of it. Other modules, http/,
// the composition root (services.ts, server.ts) and public/ import only this file.
export { listenForAnnouncements, serveAnnouncements } from './announcement-socket.ts';
export { JudgeProcess } from './judge-process.ts';
export { createJudgeProvider } from './judge-provider.ts';
export { JudgeQueue } from './judge-queue.ts';
export { startJudgeWorkers } from './worker.ts';
export { judgeQueueStatus, LONG_WAIT_MS } from './judge-queue-status.ts';
export { type JudgeQueueStatus } from './wire.ts';
