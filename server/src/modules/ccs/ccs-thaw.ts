// PATCH contests/<id> with a thaw time (capability contest_thaw): the administrator thaws the
// frozen scoreboard, as POST /api/contest/thaw does. Verdict thaws at once, so the time must not
// lie ahead; the other changes the API allows (the start time: contest_start) are not offered.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../common/errors.ts';
import { thawScoreboard } from '../contests/index.ts';
import { contestObject } from './ccs-contest.ts';
import { parseCcsTime } from './ccs-time.ts';
import type { CcsContext } from './ccs-viewer.ts';

/** A thaw time this far ahead of the server's clock is still "now" (clocks drift a little). */
const CLOCK_SLACK_MS = 5000;

const SHAPE = 'Send a JSON object {"id": "<contest id>", "scoreboard_thaw_time": "<time>"}';

export async function patchContest(db: Kysely<DB>, ctx: CcsContext, body: Record<string, unknown>) {
  const { id, scoreboard_thaw_time: thawTime, ...others } = body;
  if (id !== String(ctx.contest.id)) throw fail('VALIDATION', `The body's id must be this contest's id, "${ctx.contest.id}". ${SHAPE}`);
  if ('start_time' in others) {
    throw fail('VALIDATION', 'Changing the start time through the Contest API (capability contest_start) is not supported: edit the contest in Verdict (PUT /api/contest/update)');
  }
  const unknown = Object.keys(others);
  if (unknown.length) throw fail('VALIDATION', `Only scoreboard_thaw_time may be changed here, not ${unknown.join(', ')}`);
  const thawAt = typeof thawTime === 'string' ? parseCcsTime(thawTime) : null;
  if (thawAt === null) throw fail('VALIDATION', `scoreboard_thaw_time must be a TIME (yyyy-mm-ddThh:mm:ss(.uuu)?[+-]zz(:mm)? or Z), such as "2024-06-25T19:30:00+01". ${SHAPE}`);
  if (thawAt > ctx.now.getTime() + CLOCK_SLACK_MS) {
    throw fail('VALIDATION', `Verdict thaws at once: a thaw time in the future (${thawTime}) is not supported; send the current time`);
  }
  return contestObject(await thawScoreboard(db, ctx.contest.id, ctx.now));
}
