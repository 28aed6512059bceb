// The submissions module's entry: what the rest of the server may use of it. Other modules, http/,
// the composition root (services.ts, server.ts) and public/ import only this file.
export { MAX_SOURCE_BYTES } from './source-limits.ts';
export { processName, storeFinalVerdict } from './submission-verdicts.ts';
export { MAX_JUDGE_ATTEMPTS, PENDING_STATES } from './submissions-states.ts';
export { VerdictWaiter } from './submissions-waiter.ts';
export { type SubmissionQueue, submitCode } from './submissions.ts';
export { submitReply, type SubmitReply, wireRecord, type WireRecord, wireRecordDetail, type WireRecordDetail } from './wire.ts';
