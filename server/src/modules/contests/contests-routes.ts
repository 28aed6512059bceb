// Contests: admin management (spec §7 Admin/Contests, §5 contest rules) and the user contest
// flow reads (findByUserId, findByTitle, ContestInfo).
import { SCORING_RULE_MESSAGE, SCORING_RULES, USER_LIMITS, USER_MESSAGES, type ScoringRule } from '@verdict/shared';
import { z } from 'zod';
import { route } from '../../http/route.ts';
import { idField, idListBody, optionalIntQuery, optionalTextQuery, optionalTimeField, textField, timeField, titleField } from '../../http/fields.ts';
import { addContest, contestByTitle, contestInfo, contestsOfUser, deleteContests, listContests, toWireContest, updateContest, type ContestFields } from './contests.ts';
import { thawScoreboard } from './contest-freeze.ts';
import { wireContest } from './wire.ts';

const contestFields = {
  title: titleField('Please input the title', 100, 'The length of the title should be at most 100 characters'),
  startTimeStr: timeField('Please select the start time', 'Start time'),
  endTimeStr: timeField('Please select the end time', 'End time'),
  // Optional, strictly between start and end; on update, leaving it out keeps the contest's.
  freezeTimeStr: optionalTimeField('Freeze time'),
  // Optional: icpc when added; on update, leaving it out keeps the contest's.
  scoringRule: z
    .enum(SCORING_RULES, { error: SCORING_RULE_MESSAGE })
    .optional()
    .meta({ description: 'icpc (default: solved, then penalty), ioi (best score per problem) or oi (last submission’s score per problem)' }),
  // Optional: false when added; on update, leaving it out keeps the contest's.
  showAllTests: z
    .boolean({ error: 'showAllTests must be true or false' })
    .optional()
    .meta({ description: 'Run every test of an ICPC submission and show each verdict (default false: stop at the first failing test)' }),
};

function toFields(body: { title: string; startTimeStr: Date; endTimeStr: Date; freezeTimeStr?: Date | null; scoringRule?: ScoringRule; showAllTests?: boolean }): ContestFields {
  return { title: body.title, startTime: body.startTimeStr, endTime: body.endTimeStr, freezeTime: body.freezeTimeStr, scoringRule: body.scoringRule, showAllTests: body.showAllTests };
}

export const contestRoutes = [
  route({
    method: 'get',
    path: '/api/contest/list',
    role: 'admin',
    tag: 'admin contests',
    summary: 'Contests, ascending by id; id exact, title substring',
    query: z.object({ id: optionalIntQuery('ID must be a number'), title: optionalTextQuery(100) }).strict(),
    reply: z.array(wireContest),
    handler: ({ query }, { db, clock }) => listContests(db, clock.now(), query),
  }),
  route({
    method: 'post',
    path: '/api/contest/add',
    role: 'admin',
    tag: 'admin contests',
    summary: 'Add a contest (times in Asia/Shanghai; titles are unique; optional freeze time and scoring rule)',
    encoding: 'json',
    body: z.object(contestFields).strict(),
    reply: wireContest,
    handler: ({ body }, { db, clock }) => addContest(db, toFields(body), clock.now()),
  }),
  route({
    method: 'put',
    path: '/api/contest/update',
    role: 'admin',
    tag: 'admin contests',
    summary: "Edit a contest's title and times (without freezeTimeStr or scoringRule, the contest's own is kept)",
    encoding: 'json',
    body: z.object({ id: idField('id'), ...contestFields }).strict(),
    reply: wireContest,
    handler: ({ body }, { db, clock }) => updateContest(db, body.id, toFields(body), clock.now()),
  }),
  route({
    method: 'post',
    path: '/api/contest/thaw',
    role: 'admin',
    tag: 'admin contests',
    summary: 'Thaw a frozen scoreboard: from now on everyone sees every verdict',
    encoding: 'json',
    body: z.object({ contestId: idField('contestId') }).strict(),
    reply: wireContest,
    handler: async ({ body }, { db, clock }) => {
      const now = clock.now();
      return toWireContest(await thawScoreboard(db, body.contestId, now), now);
    },
  }),
  route({
    method: 'delete',
    path: '/api/contest/deleteList',
    role: 'admin',
    tag: 'admin contests',
    summary: 'Delete contests by id (JSON array), with their memberships and problem links',
    encoding: 'json',
    body: idListBody('Please select the contest to delete'),
    reply: z.object({ deleted: z.number().int() }),
    handler: async ({ body }, { db }) => ({ deleted: await deleteContests(db, body) }),
  }),
  route({
    method: 'get',
    path: '/api/contest/findByUserId',
    role: 'user',
    tag: 'contests',
    summary: "A user's contests (a user may only ask about themself)",
    query: z.object({ username: textField(USER_MESSAGES.usernameRequired, USER_LIMITS.usernameMax, USER_MESSAGES.maximum30) }).strict(),
    reply: z.array(wireContest),
    handler: ({ query, user }, { db, clock }) => contestsOfUser(db, user!, query.username, clock.now()),
  }),
  route({
    method: 'post',
    path: '/api/contest/findByTitle',
    role: 'user',
    tag: 'contests',
    summary: 'A contest by title (members and admins)',
    encoding: 'form',
    body: z.object({ title: textField('Please input the title', 100, 'The length of the title should be at most 100 characters') }).strict(),
    reply: wireContest,
    handler: ({ body, user }, { db, clock }) => contestByTitle(db, user!, body.title, clock.now()),
  }),
  route({
    method: 'get',
    path: '/api/contest/ContestInfo',
    role: 'user',
    tag: 'contests',
    summary: 'Contest fundamentals by id (members and admins)',
    query: z.object({ contestId: idField('contestId') }).strict(),
    reply: wireContest,
    handler: ({ query, user }, { db, clock }) => contestInfo(db, user!, query.contestId, clock.now()),
  }),
];
