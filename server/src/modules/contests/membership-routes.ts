// Contest membership and contest problems (spec §7 Admin/Membership), plus the contest's
// problem list that members read.
import { z } from 'zod';
import { route } from '../../http/route.ts';
import { idField } from '../../http/fields.ts';
import {
  addContestProblem,
  addMember,
  addMembersByUsername,
  contestProblemsFor,
  listMembers,
  removeContestProblem,
  removeMember,
} from './membership.ts';
import { contestMember, userListOutcome, wireContestProblem } from './wire.ts';

const LIST_SHAPE = 'Send the contest title followed by at least one username';
const MAX_LIST = 10_000;

const contestUser = z.object({ contestId: idField('contestId'), userId: idField('userId') }).strict();
const contestProblem = z.object({ contestId: idField('contestId'), problemId: idField('problemId') }).strict();

const userList = z
  .array(z.string({ error: 'Every item must be text' }).trim(), { error: LIST_SHAPE })
  .max(MAX_LIST + 1, `At most ${MAX_LIST} usernames at once`)
  .transform((items) => ({ title: items[0] ?? '', usernames: items.slice(1).filter((s) => s !== '') }))
  .refine((v) => v.title !== '' && v.usernames.length > 0, LIST_SHAPE)
  .meta({ type: 'array', items: { type: 'string' }, minItems: 2, description: '[contestTitle, username, ...]' });

export const membershipRoutes = [
  route({
    method: 'post',
    path: '/api/contestRecord/add',
    role: 'admin',
    tag: 'admin membership',
    summary: 'Add one user to a contest',
    encoding: 'json',
    body: contestUser,
    reply: z.null(),
    handler: async ({ body }, { db }) => {
      await addMember(db, body.contestId, body.userId);
      return null;
    },
  }),
  route({
    method: 'post',
    path: '/api/contestRecord/addByUserIdList',
    role: 'admin',
    tag: 'admin membership',
    summary: 'Add users by username to the contest named first; unknown names are reported',
    encoding: 'json',
    body: userList,
    reply: userListOutcome,
    handler: ({ body }, { db }) => addMembersByUsername(db, body.title, body.usernames),
  }),
  route({
    method: 'delete',
    path: '/api/contestRecord/deleteByUserId',
    role: 'admin',
    tag: 'admin membership',
    summary: 'Remove a user from a contest',
    encoding: 'json',
    body: contestUser,
    reply: z.null(),
    handler: async ({ body }, { db }) => {
      await removeMember(db, body.contestId, body.userId);
      return null;
    },
  }),
  route({
    method: 'get',
    path: '/api/contestRecord/userListHavingContest',
    role: 'admin',
    tag: 'admin membership',
    summary: "A contest's users, ascending by user id",
    query: z.object({ contestId: idField('contestId') }).strict(),
    reply: z.array(contestMember),
    handler: ({ query }, { db }) => listMembers(db, query.contestId),
  }),
  route({
    method: 'post',
    path: '/api/contestProblem/addByProblemId',
    role: 'admin',
    tag: 'admin membership',
    summary: 'Add a problem to a contest (it takes the next letter)',
    encoding: 'form',
    body: contestProblem,
    reply: z.null(),
    handler: async ({ body }, { db }) => {
      await addContestProblem(db, body.contestId, body.problemId);
      return null;
    },
  }),
  route({
    method: 'delete',
    path: '/api/contestProblem/delete',
    role: 'admin',
    tag: 'admin membership',
    summary: 'Remove a problem from a contest',
    encoding: 'json',
    body: contestProblem,
    reply: z.null(),
    handler: async ({ body }, { db }) => {
      await removeContestProblem(db, body.contestId, body.problemId);
      return null;
    },
  }),
  route({
    method: 'get',
    path: '/api/contestProblem/list',
    role: 'user',
    tag: 'contests',
    summary: "A contest's problems in contest order with letters (members and admins; a member sees the titles from the start)",
    query: z.object({ contestId: idField('contestId') }).strict(),
    reply: z.array(wireContestProblem),
    handler: ({ query, user }, { db, clock }) => contestProblemsFor(db, user!, query.contestId, clock.now()),
  }),
];
