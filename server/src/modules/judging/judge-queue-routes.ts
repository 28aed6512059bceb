// Administrators see what waits for judgement and why (judge-queue-status.ts).
import { route } from '../../http/route.ts';
import { judgeQueueStatus } from './judge-queue-status.ts';
import { judgeQueueStatus as judgeQueueStatusReply } from './wire.ts';

export const judgeQueueRoutes = [
  route({
    method: 'get',
    path: '/api/admin/judgeQueue',
    role: 'admin',
    tag: 'admin judging',
    summary: 'How many records wait for judgement, the oldest, the most attempts, the judge processes alive, and why records wait',
    reply: judgeQueueStatusReply,
    handler: (_input, { db, clock, config }) => judgeQueueStatus(db, clock.now(), config.judgeQueue.workerDeadMs),
  }),
];
