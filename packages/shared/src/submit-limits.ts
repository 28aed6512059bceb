// How often a user may submit (administrators are not limited): the server refuses faster
// submissions with RATE_LIMITED and `data.retryAfterMs`; the web app counts the wait down on its
// Submit button instead of letting the user be refused.
export const SUBMIT_LIMITS = {
  /** One submission per this interval. */
  minIntervalMs: 3000,
  /** And at most this many per minute. */
  perMinute: 20,
} as const;

/** The data of a RATE_LIMITED reply to a submission. */
export interface SubmitRefusalData {
  retryAfterMs: number;
}
