// GET /api/events: the live stream (Server-Sent Events) of a contest, or of the caller's own
// submissions anywhere. What each caller hears: events-hub.ts; the events and their data:
// docs/api-decisions.md, Live updates.
import { z } from 'zod';
import { idField } from '../../http/fields.ts';
import { StreamReply, route, streamReply } from '../../http/route.ts';
import { assertCanSeeContest, isAdmin } from '../contests/index.ts';

const optionalContestId = z
  .preprocess((v) => (v === '' ? undefined : v), idField('contestId').optional())
  .meta({ type: 'integer', minimum: 1, description: 'the contest to follow; leave out for your own submissions anywhere (administrators: every submission and clarification)' });

export const eventRoutes = [
  route({
    method: 'get',
    path: '/api/events',
    role: 'user',
    tag: 'live',
    summary:
      'Live updates as Server-Sent Events (text/event-stream): hello, submission (your own; every one for admins, with the test being run), clarification, contest, scoreboard; a comment line every 25 s keeps it open. Send the token in the Authorization header (read it with fetch; EventSource cannot).',
    query: z.object({ contestId: optionalContestId }).strict(),
    reply: streamReply('text/event-stream'),
    handler: async ({ query, user, token, ip }, { db, events, streams }) => {
      const contest = query.contestId === undefined ? null : await assertCanSeeContest(db, user!, query.contestId);
      const release = streams.limits.admit('events', { userId: user!.id, ip });
      return new StreamReply('text/event-stream', async (out) => {
        out.onClose(release);
        await streams.guard.watch(user!, token, out);
        events.add({ userId: user!.id, admin: isAdmin(user!), contestId: contest?.id ?? null, contest, out });
      });
    },
  }),
];
