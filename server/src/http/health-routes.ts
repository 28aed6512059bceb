import { sql } from 'kysely';
import { z } from 'zod';
import { route } from './route.ts';

export const healthRoutes = [
  route({
    method: 'get',
    path: '/api/health',
    role: 'open',
    tag: 'system',
    summary: 'Liveness and database reachability',
    reply: z.object({ status: z.literal('ok'), store: z.enum(['pglite', 'postgresql']) }),
    handler: async (_input, { db, database }) => {
      await sql`select 1`.execute(db);
      return { status: 'ok' as const, store: database.embedded ? ('pglite' as const) : ('postgresql' as const) };
    },
  }),
];
