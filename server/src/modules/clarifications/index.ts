// The clarifications module's entry: what the rest of the server may use of it. Other modules, http/,
// the composition root (services.ts, server.ts) and public/ import only this file.
export { type ClarificationRow, judgeView, memberView, selectClarifications } from './clarification-rows.ts';
export { askQuestion } from './clarifications.ts';
export { judgeClarification, type JudgeClarification, memberClarification, type MemberClarification, memberClarifications, type MemberClarifications } from './wire.ts';
