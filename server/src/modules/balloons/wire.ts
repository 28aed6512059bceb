// The wire shapes of the balloons module's replies, declared once: the route table replies with
// these schemas (OpenAPI and the generated client come from them), balloons.ts returns their
// inferred types.
import { z } from 'zod';

const time = z.string().meta({ description: 'yyyy-MM-dd HH:mm:ss, Asia/Shanghai' });

/** A member's first accepted submission on a problem of the contest, and its delivery. */
export const balloon = z.object({
  submissionId: z.number().int().meta({ description: 'the first accepted submission' }),
  contestId: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  problemId: z.number().int(),
  problemLetter: z.string(),
  problemTitle: z.string(),
  /** The problem's colour `#rrggbb` and its name; null when it has none. */
  color: z.string().nullable().meta({ description: "the problem's colour #rrggbb, or null" }),
  colorName: z.string().nullable(),
  acceptTime: time.meta({ description: 'when the accepted code was submitted (yyyy-MM-dd HH:mm:ss, Asia/Shanghai)' }),
  contestSeconds: z.number().int().meta({ description: 'whole seconds from the start to the accepted submission' }),
  firstToSolve: z.boolean().meta({ description: "the contest's first balloon of this problem" }),
  afterFreeze: z.boolean().meta({ description: 'accepted at or after the scoreboard freeze' }),
  delivered: z.boolean(),
  /** The administrator who marked it delivered (null when not delivered or the account is gone). */
  deliveredBy: z.string().nullable().meta({ description: 'the administrator who marked it delivered' }),
  deliveredAt: time.nullable(),
});
export type Balloon = z.infer<typeof balloon>;

/** A contest's balloons (maybe filtered), with the counts of every balloon whatever the filter. */
export const balloonList = z.object({
  items: z.array(balloon),
  total: z.number().int().meta({ description: 'balloons of the contest' }),
  undelivered: z.number().int().meta({ description: 'of which not delivered yet' }),
});
export type BalloonList = z.infer<typeof balloonList>;
