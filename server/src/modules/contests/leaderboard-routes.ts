// The contest leaderboard (spec §7 "GET /api/BangDan/AllResultList"; DESIGN.md ICPC rules; the
// IOI and OI rules of scored-scoreboard.ts add scores).
import { z } from 'zod';
import { idField } from '../../http/fields.ts';
import { serializedParts } from '../../http/replies.ts';
import { route } from '../../http/route.ts';
import type { ScoreboardRow } from './scoreboard.ts';
import { scoreboardRow } from './wire.ts';

export const leaderboardRoutes = [
  route({
    method: 'get',
    path: '/api/BangDan/AllResultList',
    role: 'user',
    tag: 'contests',
    summary:
      "Leaderboard of a contest in its scoring rule, sorted by rank (members and administrators); IOI and OI boards add scores. While the board is frozen, contestants get the frozen board; administrators get the live one, or the frozen one with frozen=1",
    query: z
      .object({
        contestId: idField('contestId'),
        frozen: z
          .enum(['0', '1'], { error: 'frozen must be 0 (live board) or 1 (frozen board)' })
          .optional()
          .meta({ description: 'Administrators only: 1 for the board contestants see during the freeze, 0 (default) for the live one' }),
      })
      .strict(),
    reply: z.array(scoreboardRow),
    // Every contestant polls the same board: its JSON and gzip are made once per version.
    handler: async ({ query, user }, { leaderboards }) => {
      const frozen = query.frozen === undefined ? undefined : query.frozen === '1';
      return serializedParts<ScoreboardRow[]>((await leaderboards.boardFor(user!, query.contestId, frozen)).parts);
    },
  }),
];
