// POST contests/<id>/clarifications (2026-01, capability post_clar): a contest's team asks the
// judges, as POST /api/clarification/ask does (the same checks: started contest, rate limits).
// The body is the clarification as the API has it: `text`, optionally `problem_id` and
// `from_team_id` (then the caller's team); `id`, `time`, `contest_time`, `to_team_ids`,
// `to_group_ids` and a `reply_to_id` must not be given. Judges answer in Verdict (admin_clar is
// not offered).
import { fail } from '../../common/errors.ts';
import type { CurrentUser } from '../accounts/index.ts';
import { askQuestion } from '../clarifications/index.ts';
import { CcsReader, type CcsDeps } from './ccs-collections.ts';
import type { CcsContext } from './ccs-viewer.ts';

const FORBIDDEN = ['id', 'time', 'contest_time', 'to_team_ids', 'to_group_ids', 'to_team_id'];
const KNOWN = new Set([...FORBIDDEN, 'text', 'problem_id', 'from_team_id', 'reply_to_id']);

export async function postClarification(services: CcsDeps, ctx: CcsContext, user: CurrentUser, body: Record<string, unknown>) {
  if (ctx.viewer.role !== 'team') {
    throw fail('FORBIDDEN', ctx.viewer.role === 'admin' ? 'Judges answer and announce in Verdict (/api/clarification/admin/...): the admin_clar capability is not offered' : "Only a contest's teams may post clarifications (post_clar)");
  }
  const unknown = Object.keys(body).filter((k) => !KNOWN.has(k));
  if (unknown.length) throw fail('VALIDATION', `A clarification has no property ${unknown.join(', ')}`);
  const given = FORBIDDEN.filter((k) => body[k] !== undefined);
  if (given.length) throw fail('VALIDATION', `A team's clarification must not give ${given.join(', ')} (post_clar)`);
  if (body.reply_to_id !== undefined && body.reply_to_id !== null) throw fail('VALIDATION', 'A team cannot reply to a clarification: ask a new question (reply_to_id must be null)');
  if (body.from_team_id !== undefined && body.from_team_id !== null && body.from_team_id !== String(ctx.viewer.userId)) {
    throw fail('VALIDATION', `from_team_id must be the caller's team, "${ctx.viewer.userId}"`);
  }
  if (typeof body.text !== 'string') throw fail('VALIDATION', 'text is required: the question, as text');
  let problemId: number | undefined;
  if (body.problem_id !== undefined && body.problem_id !== null) {
    if (typeof body.problem_id !== 'string' || !/^[1-9][0-9]{0,9}$/.test(body.problem_id)) throw fail('NOT_FOUND', `No such problem: ${JSON.stringify(body.problem_id)}`);
    problemId = Number(body.problem_id);
  }
  const asked = await askQuestion(services.db, user, { contestId: ctx.contest.id, problemId, text: body.text }, ctx.now);
  const mine = (await new CcsReader(services, ctx).clarifications()).find((c) => c.object.id === String(asked.id));
  if (!mine) throw fail('INTERNAL', 'The question was asked but is not in the feed');
  return mine.object;
}
