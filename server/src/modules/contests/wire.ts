// The wire shapes of the contests module's replies, declared once: the route tables reply with
// these schemas (OpenAPI and the generated client come from them), the services return their
// inferred types.
import { SCORING_RULES } from '@verdict/shared';
import { z } from 'zod';

const time = z.string().meta({ description: 'yyyy-MM-dd HH:mm:ss, Asia/Shanghai' });

/** A contest as the API sends it. */
export const wireContest = z.object({
  id: z.number().int(),
  title: z.string(),
  startTime: time,
  endTime: time,
  createTime: time,
  freezeTime: time.nullable().meta({ description: 'When the public scoreboard freezes (yyyy-MM-dd HH:mm:ss, Asia/Shanghai); null: never' }),
  thawTime: time.nullable().meta({ description: 'When an administrator thawed the scoreboard; null: not thawed' }),
  frozen: z.boolean().meta({ description: 'Whether contestants see the frozen scoreboard now' }),
  /** Clients count down by the server's clock, not by their own. */
  serverTime: time.meta({ description: "The server's clock at this reply (yyyy-MM-dd HH:mm:ss, Asia/Shanghai), for countdowns" }),
  scoringRule: z.enum(SCORING_RULES).meta({ description: 'How the leaderboard counts and ranks: icpc, ioi or oi' }),
  showAllTests: z.boolean().meta({ description: 'Whether ICPC submissions run and show every test instead of stopping at the first failure' }),
});
export type WireContest = z.infer<typeof wireContest>;

/** A member of a contest (the administrators' list). */
export const contestMember = z.object({ contestId: z.number().int(), userId: z.number().int(), username: z.string(), nickname: z.string() });
export type ContestMember = z.infer<typeof contestMember>;

/** A problem of a contest, in contest order with its letter. */
export const wireContestProblem = z.object({
  contestId: z.number().int(),
  problemId: z.number().int(),
  letter: z.string(),
  title: z.string(),
  timeLimit: z.number().int(),
  memoryLimit: z.number().int(),
});
export type ContestProblem = z.infer<typeof wireContestProblem>;

/** What adding members by username did with each name. */
export const userListOutcome = z.object({ added: z.array(z.string()), alreadyMember: z.array(z.string()), unknown: z.array(z.string()) });
export type UserListOutcome = z.infer<typeof userListOutcome>;

/** A member's result on one problem of the leaderboard. */
export const scoreboardCell = z.object({
  newId: z.string(),
  result: z.enum(['AC', 'WA', '']),
  cnt: z.number().int(),
  submitTime: z.number().int(),
  /** IOI and OI boards only (scored-scoreboard.ts). */
  score: z.number().optional().meta({ description: "IOI and OI contests only: the problem's score (IOI: the best; OI: the last submission's)" }),
  maxScore: z.number().optional().meta({ description: 'IOI and OI contests only: the most the problem scores (a pass-fail problem: 100)' }),
  /** Frozen board only, when above 0: tries from the freeze on, verdicts hidden ("?"). */
  pending: z.number().int().optional().meta({ description: 'Frozen board only, when there are any: tries from the freeze on, their verdicts hidden' }),
});
export type ScoreboardCell = z.infer<typeof scoreboardCell>;

/** A member's row of the leaderboard (GET /api/BangDan/AllResultList). */
export const scoreboardRow = z.object({
  rank: z.number().int(),
  userName: z.string(),
  nickname: z.string().optional().meta({ description: "The member's nickname, when set and not the username" }),
  affiliation: z.string().optional().meta({ description: "The member's affiliation, when set" }),
  acNum: z.number().int().meta({ description: 'Problems solved (IOI, OI: at full score)' }),
  timePenalty: z
    .number()
    .int()
    .meta({ description: 'ICPC: penalty minutes; IOI, OI: the minute of the latest submission that set a score above 0 (the tie-break)' }),
  score: z.number().optional().meta({ description: 'IOI and OI contests only: the total score' }),
  judgeResultList: z.array(scoreboardCell),
});
export type ScoreboardRow = z.infer<typeof scoreboardRow>;
