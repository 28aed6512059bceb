// Balloons (issue 16, item 5): the judges' and volunteers' list of first accepted problems per
// contestant, and their delivery, shared by everyone who looks (administrators only).
import { z } from 'zod';
import { route } from '../../http/route.ts';
import { idField } from '../../http/fields.ts';
import { listBalloons, markBalloon } from './balloons.ts';
import { balloon, balloonList } from './wire.ts';

const DELIVERED_MESSAGE = 'delivered must be true or false';

/** A boolean from JSON, or from a form's text: true/false, 1/0. */
const deliveredField = z
  .preprocess((v) => {
    if (v === 'true' || v === '1' || v === 1) return true;
    if (v === 'false' || v === '0' || v === 0) return false;
    return v;
  }, z.boolean({ error: DELIVERED_MESSAGE }))
  .meta({ type: 'boolean', description: 'true: delivered now; false: not delivered' });

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
    reply: balloonList,
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
