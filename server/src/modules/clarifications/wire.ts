// The wire shapes of the clarifications module's replies, declared once: the route table replies
// with these schemas (OpenAPI and the generated client come from them), the services return
// their inferred types. Who sees what: docs/api-decisions.md, Clarifications.
import { z } from 'zod';

const time = z.string().meta({ description: 'yyyy-MM-dd HH:mm:ss, Asia/Shanghai' });

/** A clarification's audience (also a field of the requests that set it). */
export const visibility = z.enum(['private', 'public'], "visibility must be 'private' or 'public'");

/** What a contest's member sees: nothing of the asker travels but whether it is the caller. */
export const memberClarification = z.object({
  id: z.number().int(),
  contestId: z.number().int(),
  kind: z.enum(['question', 'announcement']),
  /** The problem it is about; null for the contest in general. */
  problemId: z.number().int().nullable(),
  /** The problem's letter in the contest; null when general (or the problem left the contest). */
  problemLetter: z.string().nullable().meta({ description: 'null: the contest in general' }),
  /** '' when general, and to a member before the contest's start (a title can give a problem away). */
  problemTitle: z.string().meta({ description: "'' when general, and to members before the start" }),
  text: z.string().meta({ description: 'the question, or the announcement' }),
  answer: z.string().nullable(),
  visibility: visibility.meta({ description: 'private: the asker alone sees it; public: every member (without the asker)' }),
  mine: z.boolean().meta({ description: 'asked by the caller' }),
  createTime: time,
  answerTime: time.nullable(),
  version: z.number().int().meta({ description: 'changes whenever the clarification does' }),
});
export type MemberClarification = z.infer<typeof memberClarification>;

/** A member's list, with the version up to which the caller has seen this contest's clarifications (0: none). */
export const memberClarifications = z.object({ items: z.array(memberClarification), seenVersion: z.number().int() });
export type MemberClarifications = z.infer<typeof memberClarifications>;

/** What judges see: the member's view and who asked and who answered. */
export const judgeClarification = memberClarification.extend({
  contestTitle: z.string(),
  userId: z.number().int().nullable().meta({ description: 'the asker; null for an announcement' }),
  username: z.string().nullable(),
  nickname: z.string().nullable(),
  /** The judge who answered (or posted the announcement); null when unanswered. */
  answeredBy: z.string().nullable().meta({ description: 'the judge who answered or announced' }),
});
export type JudgeClarification = z.infer<typeof judgeClarification>;
