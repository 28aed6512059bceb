// Balloons (issue 16, item 5): the judges' and volunteers' list of first accepted problems per
// contestant, and their delivery, shared by everyone who looks (administrators only).
import { z } from 'zod';
import { route } from '../../http/route.ts';
import { idField } from '../../http/fields.ts';
import { listBalloons, markBalloon } from './balloons.ts';

const time = z.string().meta({ description: 'yyyy-MM-dd HH:mm:ss, Asia/Shanghai' });
const DELIVERED_MESSAGE = 'delivered must be true or false';

/** A boolean from JSON, or from a form's text: true/false, 1/0. */
const deliveredField = z
  .preprocess((v) => {
    if (v === 'true' || v === '1' || v === 1) return true;
    if (v === 'false' || v === '0' || v === 0) return false;
    return v;
  }, z.boolean({ error: DELIVERED_MESSAGE }))
  .meta({ type: 'boolean', description: 'true: delivered now; false: not delivered' });

const balloon = z.object({
  submissionId: z.number().int().meta({ description: 'the first accepted submission' }),
  contestId: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  problemId: z.number().int(),
  problemLetter: z.string(),
  problemTitle: z.string(),
  color: z.string().nullable().meta({ description: "the problem's colour #rrggbb, or null" }),
  colorName: z.string().nullable(),
  acceptTime: time.meta({ description: 'when the accepted code was submitted (yyyy-MM-dd HH:mm:ss, Asia/Shanghai)' }),
  contestSeconds: z.number().int().meta({ description: 'whole seconds from the start to the accepted submission' }),
  firstToSolve: z.boolean().meta({ description: "the contest's first balloon of this problem" }),
  afterFreeze: z.boolean().meta({ description: 'accepted at or after the scoreboard freeze' }),
  delivered: z.boolean(),
  deliveredBy: z.string().nullable().meta({ description: 'the administrator who marked it delivered' }),
  deliveredAt: time.nullable(),
});

export const balloonRoutes = [
  route({
    method: 'get',
    path: '/api/balloon/list',
    role: 'admin',
    tag: 'admin balloons',
    summary: "A contest's balloons: each member's first AC per problem, in the order accepted, with the problem's colour; status=undelivered keeps those not delivered",
    query: z
      .object({
        contestId: idField('contestId'),
        status: z
          .preprocess((v) => (v === '' ? undefined : v), z.enum(['undelivered', 'all'], "status must be 'undelivered' or 'all'").optional())
          .meta({ type: 'string', enum: ['undelivered', 'all'] }),
      })
      .strict(),
    reply: z.object({
      items: z.array(balloon),
      total: z.number().int().meta({ description: 'balloons of the contest' }),
      undelivered: z.number().int().meta({ description: 'of which not delivered yet' }),
    }),
    handler: ({ query }, { db }) => listBalloons(db, query.contestId, query.status),
  }),
  route({
    method: 'post',
    path: '/api/balloon/deliver',
    role: 'admin',
    tag: 'admin balloons',
    summary: "Mark a contestant's balloon for a problem delivered (kept: who and when; the first mark stays) or not delivered",
    encoding: 'json',
    body: z
      .object({ contestId: idField('contestId'), userId: idField('userId'), problemId: idField('problemId'), delivered: deliveredField })
      .strict(),
    reply: balloon,
    handler: ({ body, user }, { db, clock }) => markBalloon(db, user!, body, clock.now()),
  }),
];
