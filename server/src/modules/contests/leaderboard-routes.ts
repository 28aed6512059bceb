// The contest leaderboard (spec §7 "GET /api/BangDan/AllResultList"; DESIGN.md ICPC rules).
import { z } from 'zod';
import { idField } from '../../http/fields.ts';
import { serializedOnce } from '../../http/replies.ts';
import { route } from '../../http/route.ts';

export const leaderboardRoutes = [
  route({
    method: 'get',
    path: '/api/BangDan/AllResultList',
    role: 'user',
    tag: 'contests',
    summary: 'ICPC leaderboard of a contest, sorted by rank (members and administrators)',
    query: z.object({ contestId: idField('contestId') }).strict(),
    reply: z.array(
      z.object({
        rank: z.number().int(),
        userName: z.string(),
        acNum: z.number().int(),
        timePenalty: z.number().int(),
        judgeResultList: z.array(z.object({ newId: z.string(), result: z.enum(['AC', 'WA', '']), cnt: z.number().int(), submitTime: z.number().int() })),
      }),
    ),
    // Every contestant polls the same board: its JSON and gzip are made once per version.
    handler: async ({ query, user }, { leaderboards }) => serializedOnce(await leaderboards.boardFor(user!, query.contestId)),
  }),
];
