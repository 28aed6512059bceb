// Submitting code and rejudging (spec §7 "POST /api/submit"; docs/judging-queue.md).
import { z } from 'zod';
import { idField } from '../../http/fields.ts';
import { route } from '../../http/route.ts';
import { MAX_SOURCE_FILES } from '@verdict/judge';
import { rejudge, submitCode } from './submissions.ts';
import { submitReply } from './wire.ts';

const optionalId = (name: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), idField(name).optional());

export const submissionRoutes = [
  route({
    method: 'post',
    path: '/api/submit',
    role: 'user',
    tag: 'submissions',
    summary: 'Submit code; waits for the verdict up to SUBMIT_WAIT_MS, then replies with the current state (PD/JG)',
    encoding: 'json',
    body: z
      .object({
        problemId: idField('problemId'),
        language: z.string({ error: 'Please select a language!' }).trim().min(1, 'Please select a language!').max(100, 'Please select a language!'),
        code: z.string({ error: 'Please enter your code!' }).optional(),
        contestId: optionalId('contestId'),
        // Not in the spec: a submission of several files (then `code` may be left out).
        files: z
          .array(z.object({ name: z.string().max(255), content: z.string() }).strict(), { error: 'files must be a list of {name, content}' })
          .min(1, 'files must hold at least one file')
          .max(MAX_SOURCE_FILES, `A submission has at most ${MAX_SOURCE_FILES} files`)
          .optional(),
        // Not in the spec: an idempotency key (docs/api-decisions.md); a retry with it stores nothing new.
        submissionKey: z
          .string({ error: 'submissionKey must be a string' })
          .regex(/^[\x21-\x7e]{1,64}$/, 'submissionKey must be 1 to 64 visible ASCII characters (letters, digits, punctuation)')
          .optional(),
      })
      .strict()
      .superRefine((body, ctx) => {
        if (body.files === undefined && (body.code === undefined || body.code.trim() === '')) ctx.addIssue({ code: 'custom', path: ['code'], message: 'Please enter your code!' });
      }),
    reply: submitReply,
    handler: ({ body, user }, s) =>
      submitCode({ db: s.db, queue: s.judgeQueue, languages: s.languages, log: s.log, clock: s.clock, waitMs: s.config.submitWaitMs }, user!, body),
  }),
  route({
    method: 'post',
    path: '/api/JudgeRecord/rejudge',
    role: 'admin',
    tag: 'admin submissions',
    summary: "Judge a record again against its problem's current test data",
    encoding: 'json',
    body: z.object({ id: idField('id') }).strict(),
    reply: submitReply,
    handler: ({ body }, { db, judgeQueue, log }) => rejudge(db, judgeQueue, log, body.id),
  }),
];
