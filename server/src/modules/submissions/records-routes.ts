// Judge records: a user's own, and every record for administrators (spec §7).
import { z } from 'zod';
import { idField, optionalTextQuery } from '../../http/fields.ts';
import { route } from '../../http/route.ts';
import { listRecords, myContestRecords, recordDetail, userRecords } from './records.ts';
import { wireRecord, wireRecordDetail } from './wire.ts';

export const recordRoutes = [
  route({
    method: 'post',
    path: '/api/JudgeRecord/MyList',
    role: 'user',
    tag: 'records',
    summary: "The caller's records in one contest, newest first",
    encoding: 'form',
    body: z.object({ contestId: idField('contestId') }).strict(),
    reply: z.array(wireRecord),
    handler: ({ body, user }, { db }) => myContestRecords(db, user!, body.contestId),
  }),
  route({
    method: 'post',
    path: '/api/JudgeRecord/MyAllList',
    role: 'user',
    tag: 'records',
    summary: "All of a user's records, newest first; users may only ask for their own",
    encoding: 'form',
    body: z.object({ username: z.string().max(30).optional() }).strict(),
    reply: z.array(wireRecord),
    handler: ({ body, user }, { db }) => userRecords(db, user!, body.username),
  }),
  route({
    method: 'get',
    path: '/api/JudgeRecord/list',
    role: 'admin',
    tag: 'admin submissions',
    summary: 'Every record, newest first; problem = id or title part, username part, result = verdict code',
    query: z
      .object({
        problem: optionalTextQuery(50),
        username: optionalTextQuery(30),
        result: optionalTextQuery(4),
        limit: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(10_000).optional()),
      })
      .strict(),
    reply: z.array(wireRecord),
    handler: ({ query }, { db }) => listRecords(db, query),
  }),
  route({
    method: 'get',
    path: '/api/JudgeRecord/detail',
    role: 'user',
    tag: 'records',
    summary: 'One record with its code (and files), compile message and per-test results (owner or administrator)',
    query: z.object({ id: idField('id') }).strict(),
    reply: wireRecordDetail,
    handler: async ({ query, user }, { db, languages }) => recordDetail(db, user!, query.id, await languages()),
  }),
];
