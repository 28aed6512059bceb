// Contests: admin management (spec §7 Admin/Contests, §5 contest rules) and the user contest
// flow reads (findByUserId, findByTitle, ContestInfo).
import { USER_LIMITS, USER_MESSAGES } from '@verdict/shared';
import { z } from 'zod';
import { route } from '../../http/route.ts';
import { idField, idListBody, optionalIntQuery, optionalTextQuery, textField, timeField } from '../../http/fields.ts';
import { addContest, contestByTitle, contestInfo, contestsOfUser, deleteContests, listContests, updateContest } from './contests.ts';

const contestFields = {
  title: textField('Please input the title', 100, 'The length of the title should be at most 100 characters'),
  startTimeStr: timeField('Please select the start time', 'Start time'),
  endTimeStr: timeField('Please select the end time', 'End time'),
};

const time = z.string().meta({ description: 'yyyy-MM-dd HH:mm:ss, Asia/Shanghai' });
const wireContest = z.object({ id: z.number().int(), title: z.string(), startTime: time, endTime: time, createTime: time });

function toFields(body: { title: string; startTimeStr: Date; endTimeStr: Date }) {
  return { title: body.title, startTime: body.startTimeStr, endTime: body.endTimeStr };
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
    handler: ({ query }, { db }) => listContests(db, query),
  }),
  route({
    method: 'post',
    path: '/api/contest/add',
    role: 'admin',
    tag: 'admin contests',
    summary: 'Add a contest (times in Asia/Shanghai; titles are unique)',
    encoding: 'json',
    body: z.object(contestFields).strict(),
    reply: wireContest,
    handler: ({ body }, { db }) => addContest(db, toFields(body)),
  }),
  route({
    method: 'put',
    path: '/api/contest/update',
    role: 'admin',
    tag: 'admin contests',
    summary: "Edit a contest's title and times",
    encoding: 'json',
    body: z.object({ id: idField('id'), ...contestFields }).strict(),
    reply: wireContest,
    handler: ({ body }, { db }) => updateContest(db, body.id, toFields(body)),
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
    handler: ({ query, user }, { db }) => contestsOfUser(db, user!, query.username),
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
    handler: ({ body, user }, { db }) => contestByTitle(db, user!, body.title),
  }),
  route({
    method: 'get',
    path: '/api/contest/ContestInfo',
    role: 'user',
    tag: 'contests',
    summary: 'Contest fundamentals by id (members and admins)',
    query: z.object({ contestId: idField('contestId') }).strict(),
    reply: wireContest,
    handler: ({ query, user }, { db }) => contestInfo(db, user!, query.contestId),
  }),
];
