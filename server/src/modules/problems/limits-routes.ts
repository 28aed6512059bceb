// The effective limits of a problem per language (not in the spec): the problem page shows the
// limits a submission in the chosen language really runs under (issue 17, item 8).
import { z } from 'zod';
import { idField } from '../../http/fields.ts';
import { route } from '../../http/route.ts';
import { problemLimits } from './limits.ts';
import { problemLimits as problemLimitsReply } from './wire.ts';

export const limitsRoutes = [
  route({
    method: 'get',
    path: '/api/problem/limits',
    role: 'user',
    tag: 'problems',
    summary:
      "A problem's time and memory limits and, for each language the judge offers, the limits its runs get (scaled by the language's factors unless the package says its limits hold for every language); who may read the problem may read them",
    query: z.object({ problemId: idField('problemId'), contestId: idField('contestId').optional() }).strict(),
    reply: problemLimitsReply,
    handler: ({ query, user }, { db, languages, clock }) => problemLimits(db, languages, user!, query.problemId, clock.now(), query.contestId),
  }),
];
