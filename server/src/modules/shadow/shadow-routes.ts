// Administrators' routes of shadow mode (docs/ccs-api.md, Shadow mode).
import { z } from 'zod';
import { idField } from '../../http/fields.ts';
import { route, type RouteDef } from '../../http/route.ts';
import { shadowReport, startShadow, stopShadow } from './shadows.ts';
import { shadowReportReply as report } from './wire.ts';

const TAG = 'admin contests';

export const shadowRoutes: RouteDef[] = [
  route({
    method: 'post',
    path: '/api/shadow/start',
    role: 'admin',
    tag: TAG,
    summary: "Shadow another CCS in a contest set up from its package: read its event feed (a URL, with a Bearer token or Basic credentials, or an event-feed.ndjson file's absolute path), submit each of its submissions for the mirrored team, compare verdicts",
    encoding: 'json',
    body: z
      .object({
        contestId: idField('contestId'),
        source: z.string({ error: 'source must be text' }).trim().min(1, 'source cannot be empty').max(2000),
        token: z.string().max(500).optional(),
        username: z.string().max(200).optional(),
        password: z.string().max(500).optional(),
      })
      .strict(),
    reply: report,
    handler: async ({ body }, services) => {
      await startShadow(services, body);
      return shadowReport(services, body.contestId);
    },
  }),
  route({
    method: 'post',
    path: '/api/shadow/stop',
    role: 'admin',
    tag: TAG,
    summary: 'Stop shadowing (the matrix stays)',
    encoding: 'json',
    body: z.object({ contestId: idField('contestId') }).strict(),
    reply: report,
    handler: async ({ body }, services) => {
      await stopShadow(services, body.contestId);
      return shadowReport(services, body.contestId);
    },
  }),
  route({
    method: 'get',
    path: '/api/shadow',
    role: 'admin',
    tag: TAG,
    summary: "A shadowing contest's state and verdict-difference matrix (their judgement type × ours) with the submissions behind each cell",
    query: z.object({ contestId: idField('contestId') }).strict(),
    reply: report,
    handler: ({ query }, services) => shadowReport(services, query.contestId),
  }),
];
