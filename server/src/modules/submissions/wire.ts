// The wire shapes of the submissions module's replies, declared once: the route tables reply
// with these schemas (and OpenAPI and the generated client come from them), the services return
// their inferred types.
import { z } from 'zod';

/** A judge record as lists show it (spec §3 "Judge record"). */
export const wireRecord = z.object({
  id: z.number().int(),
  problemId: z.number().int(),
  problemTitle: z.string(),
  username: z.string(),
  contestId: z.number().int().nullable(),
  /** The contest's title (not in the spec); null outside a contest. */
  contestTitle: z.string().nullable(),
  templateId: z.number().int().nullable(),
  templateName: z.string(),
  language: z.string(),
  judgeResult: z.string(),
  runTime: z.number().int(),
  runMemory: z.number().int(),
  judgeTime: z.string(),
  /** Scoring problems (not in the spec): the score and the most possible; null otherwise. */
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
});
export type WireRecord = z.infer<typeof wireRecord>;

/** One record with its code, for its owner or an administrator. */
export const wireRecordDetail = wireRecord.extend({
  code: z.string(),
  /** A submission of several files: each file (code holds them joined); null for one source. */
  files: z.array(z.object({ name: z.string(), content: z.string() })).nullable(),
  /** The language's name and editor mode (for highlighting); the id itself and plain text when the judge no longer offers it. */
  languageName: z.string(),
  editorMode: z.string(),
  compileMessage: z.string(),
  tests: z.array(z.object({ name: z.string(), verdict: z.string(), timeMs: z.number(), memoryKb: z.number() })),
  /** Scoring problems: each test data group's verdict and score (root last); null otherwise. */
  groups: z.array(z.object({ name: z.string(), verdict: z.string(), score: z.number(), maxScore: z.number() })).nullable(),
  allTests: z.boolean().meta({ description: "The record's contest runs every test (showAllTests): tests do not stop at the first failure" }),
});
export type WireRecordDetail = z.infer<typeof wireRecordDetail>;

/** What POST /api/submit and a rejudge answer: the record's state when the wait ended. */
export const submitReply = z.object({
  id: z.number().int(),
  result: z.boolean(),
  runTime: z.number().int(),
  runMemory: z.number().int(),
  judgeResult: z.string(),
  compileMessage: z.string(),
  judgeTime: z.string(),
  /** Scoring problems (not in the spec); null otherwise. */
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
});
export type SubmitReply = z.infer<typeof submitReply>;
