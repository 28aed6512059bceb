import { sql } from 'kysely';
import { route } from './route.ts';

export const healthRoutes = [
  route({
    method: 'get',
    path: '/api/health',
    role: 'open',
    tag: 'system',
    summary: 'Liveness and database reachability',
    handler: async (_input, { db, database }) => {
      await sql`select 1`.execute(db);
      return { status: 'ok', store: database.embedded ? 'pglite' : 'postgresql' };
    },
  }),
];
