// The judging module's reply shapes: declared once, here; the services return their z.infer types.
import { z } from 'zod';

export const judgeQueueStatus = z.object({
  waiting: z.number().int().describe('Records waiting for judgement (PD, CP or JG)'),
  byStatus: z.object({ PD: z.number().int(), CP: z.number().int(), JG: z.number().int() }).describe('Waiting records by status: pending, compiling, judging'),
  oldestId: z.number().int().nullable().describe('The record that has waited longest, or null'),
  oldestWaitMs: z.number().int().nullable().describe('How long it has waited, in milliseconds, or null'),
  maxAttempts: z.number().int().describe('The most judging attempts of a waiting record (a record is SE after 3)'),
  judges: z
    .array(
      z.object({
        name: z.string().describe('host#pid'),
        workers: z.number().int(),
        heartbeatAgeMs: z.number().int(),
        alive: z.boolean().describe('Its heartbeat is fresher than JUDGE_WORKER_DEAD_MS'),
      }),
    )
    .describe('The judge processes known to the database'),
  reason: z.string().describe('Why records wait, in a sentence for an operator'),
});
export type JudgeQueueStatus = z.infer<typeof judgeQueueStatus>;
