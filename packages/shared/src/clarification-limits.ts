// Clarifications (questions, answers, announcements): their length limits and messages, checked
// by the server and by the web app's forms, and how often a contestant may ask (the server
// refuses faster questions with RATE_LIMITED and `data.retryAfterMs`, as for submissions).
export const CLARIFICATION_LIMITS = {
  /** A question, at most this many characters (after trimming). */
  questionMax: 2000,
  /** An answer or an announcement. */
  answerMax: 4000,
  /** One question per this interval, per contestant (administrators do not ask). */
  minIntervalMs: 10_000,
  /** And at most this many per hour. */
  perHour: 30,
} as const;

export const CLARIFICATION_MESSAGES = {
  questionRequired: 'Please write your question',
  questionTooLong: `Your question is too long: at most ${CLARIFICATION_LIMITS.questionMax} characters`,
  answerRequired: 'Please write the answer',
  answerTooLong: `The answer is too long: at most ${CLARIFICATION_LIMITS.answerMax} characters`,
  announcementRequired: 'Please write the announcement',
  announcementTooLong: `The announcement is too long: at most ${CLARIFICATION_LIMITS.answerMax} characters`,
} as const;

/** Who sees a question: its asker alone, or every member of the contest (without the asker's name). */
export type ClarificationVisibility = 'private' | 'public';
