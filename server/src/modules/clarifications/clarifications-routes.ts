// Clarifications and announcements (issue 16, item 2): members ask and read, judges
// (administrators) answer and announce. Who sees what: docs/api-decisions.md, Clarifications.
import { CLARIFICATION_LIMITS as LIMITS, CLARIFICATION_MESSAGES as MESSAGES } from '@verdict/shared';
import { z } from 'zod';
import { route } from '../../http/route.ts';
import { idField, intField, textField } from '../../http/fields.ts';
import { askQuestion, clarificationsForMember, markClarificationsSeen } from './clarifications.ts';
import { answerQuestion, clarificationsForJudges, postAnnouncement } from './clarifications-judges.ts';
import { judgeClarification, memberClarification, memberClarifications, visibility } from './wire.ts';

/** A problem of the contest, or nothing (blank or null too) for the contest in general. */
const optionalProblemId = z
  .preprocess((v) => (v === '' || v === null ? undefined : v), idField('problemId').optional())
  .meta({ type: 'integer', minimum: 1, description: 'a problem of the contest; leave out for the contest in general' });

export const clarificationRoutes = [
  route({
    method: 'get',
    path: '/api/clarification/list',
    role: 'user',
    tag: 'clarifications',
    summary: "What the caller may see of a contest's clarifications: announcements, their own questions, answers to all (members and admins)",
    query: z.object({ contestId: idField('contestId') }).strict(),
    reply: memberClarifications,
    handler: ({ query, user }, { db, clock }) => clarificationsForMember(db, user!, query.contestId, clock.now()),
  }),
  route({
    method: 'post',
    path: '/api/clarification/ask',
    role: 'user',
    tag: 'clarifications',
    summary: `Ask the judges about a problem of a started contest or the contest in general (members; one question per ${LIMITS.minIntervalMs / 1000} s, ${LIMITS.perHour} an hour)`,
    encoding: 'json',
    body: z
      .object({
        contestId: idField('contestId'),
        problemId: optionalProblemId,
        text: textField(MESSAGES.questionRequired, LIMITS.questionMax, MESSAGES.questionTooLong),
      })
      .strict(),
    reply: memberClarification,
    handler: ({ body, user }, { db, clock }) => askQuestion(db, user!, body, clock.now()),
  }),
  route({
    method: 'post',
    path: '/api/clarification/seen',
    role: 'user',
    tag: 'clarifications',
    summary: "Mark the contest's clarifications seen up to a version (never moves back)",
    encoding: 'json',
    body: z.object({ contestId: idField('contestId'), version: intField('version must be a whole number, 0 or more', 0, 2_147_483_647) }).strict(),
    reply: z.object({ seenVersion: z.number().int() }),
    handler: ({ body, user }, { db }) => markClarificationsSeen(db, user!, body.contestId, body.version),
  }),
  route({
    method: 'get',
    path: '/api/clarification/admin/list',
    role: 'admin',
    tag: 'admin clarifications',
    summary: 'Questions (with their askers) and announcements, ascending by id; status=unanswered gives the queue',
    query: z
      .object({
        contestId: z.preprocess((v) => (v === '' ? undefined : v), idField('contestId').optional()).meta({ type: 'integer', minimum: 1 }),
        status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['unanswered', 'all'], "status must be 'unanswered' or 'all'").optional()).meta({ type: 'string', enum: ['unanswered', 'all'] }),
      })
      .strict(),
    reply: z.array(judgeClarification),
    handler: ({ query }, { db }) => clarificationsForJudges(db, query),
  }),
  route({
    method: 'post',
    path: '/api/clarification/admin/answer',
    role: 'admin',
    tag: 'admin clarifications',
    summary: 'Answer a question to its asker alone (private) or to every member of the contest (public); answering again replaces the answer',
    encoding: 'json',
    body: z
      .object({
        id: idField('id'),
        answer: textField(MESSAGES.answerRequired, LIMITS.answerMax, MESSAGES.answerTooLong),
        visibility,
      })
      .strict(),
    reply: judgeClarification,
    handler: ({ body, user }, { db, clock }) => answerQuestion(db, user!, body, clock.now()),
  }),
  route({
    method: 'post',
    path: '/api/clarification/admin/announce',
    role: 'admin',
    tag: 'admin clarifications',
    summary: 'Announce something to every member of a contest, about one of its problems or the contest',
    encoding: 'json',
    body: z
      .object({
        contestId: idField('contestId'),
        problemId: optionalProblemId,
        text: textField(MESSAGES.announcementRequired, LIMITS.answerMax, MESSAGES.announcementTooLong),
      })
      .strict(),
    reply: judgeClarification,
    handler: ({ body, user }, { db, clock }) => postAnnouncement(db, user!, body, clock.now()),
  }),
];
