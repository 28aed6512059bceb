// Liveness and readiness (docs/operations.md, "Health and readiness"): /api/health answers
// while the process is alive and serving HTTP, without touching the database (an orchestrator
// must not restart API processes because the database is down); /api/ready answers 200 only
// when a submission can be taken and judged: started, migrated, the database reachable, the
// judge up (when this process has one), not stopping. A load balancer sends traffic by it.
import { sql } from 'kysely';
import { z } from 'zod';
import { fail } from '../common/errors.ts';
import { route } from './route.ts';

const store = z.enum(['pglite', 'postgresql']);

export const healthRoutes = [
  route({
    method: 'get',
    path: '/api/health',
    role: 'open',
    tag: 'system',
    summary: 'Liveness: the process is alive and serves HTTP (use /api/ready to send it traffic)',
    reply: z.object({ status: z.literal('ok'), store }),
    handler: async (_input, { database }) => ({ status: 'ok' as const, store: database.embedded ? ('pglite' as const) : ('postgresql' as const) }),
  }),
  route({
    method: 'get',
    path: '/api/ready',
    role: 'open',
    tag: 'system',
    summary: 'Readiness: 200 when the database is reachable, migrated and the judge can take jobs; 503 (saying why) while starting, stopping or not',
    reply: z.object({ status: z.literal('ready'), store, judgeWorkers: z.number().int() }),
    handler: async (_input, { db, database, readiness, config }) => {
      const why = readiness.notReadyBecause();
      if (why) throw fail('UNAVAILABLE', `Not ready: ${why}.`);
      // A database that does not answer is a 503 from the error middleware.
      await sql`select 1`.execute(db);
      return { status: 'ready' as const, store: database.embedded ? ('pglite' as const) : ('postgresql' as const), judgeWorkers: config.workers };
    },
  }),
];
