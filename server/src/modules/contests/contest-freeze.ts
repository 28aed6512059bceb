// Scoreboard freeze (issue 16, item 1). A contest may have a freeze time strictly inside its
// window. From then until an administrator thaws it, contestants get the frozen board: counted
// attempts made before the freeze as usual, and later attempts as pending tries without their
// verdicts. Administrators see the live board and may ask for the frozen one; after the thaw
// everyone sees the live board.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../common/errors.ts';
import { formatTime } from '../../common/wire.ts';
import type { CurrentUser } from '../accounts/index.ts';
import { findContest, isAdmin, type ContestRow } from './contest-access.ts';

/** Which board a reply shows: every verdict, or what the public sees during a freeze. */
export type BoardView = 'live' | 'frozen';

/** Whether contestants see the frozen board now: the freeze has begun and nobody thawed it. */
export function isBoardFrozen(contest: Pick<ContestRow, 'freeze_time' | 'thawed_at'>, now: Date): boolean {
  return contest.freeze_time !== null && now >= contest.freeze_time && contest.thawed_at === null;
}

/**
 * The board a caller gets. Contestants: the frozen one while the board is frozen, else the live
 * one; they may not choose. Administrators: the live one, or the frozen one when they ask
 * (`frozen` true) and the contest has a freeze time.
 */
export function boardViewFor(contest: ContestRow, user: CurrentUser, asked: boolean | undefined, now: Date): BoardView {
  if (!isAdmin(user)) {
    if (asked !== undefined) throw fail('FORBIDDEN', 'Only administrators may choose between the live and the frozen scoreboard');
    return isBoardFrozen(contest, now) ? 'frozen' : 'live';
  }
  return asked && contest.freeze_time !== null ? 'frozen' : 'live';
}

/** Why a freeze time does not fit the contest's window, or null when it lies strictly inside. */
export function freezeOutsideWindow(window: { startTime: Date; endTime: Date }, freezeTime: Date): string | null {
  if (freezeTime <= window.startTime) return 'Freeze time must be after the start time';
  if (freezeTime >= window.endTime) return 'Freeze time must be before the end time';
  return null;
}

/**
 * Thaws a frozen board: from now on everyone sees the live board. Refused when the contest has
 * no freeze time, the freeze has not begun, or the board was thawed already.
 */
export async function thawScoreboard(db: Kysely<DB>, contestId: number, now: Date): Promise<ContestRow> {
  const contest = await findContest(db, contestId);
  if (contest.freeze_time === null) throw fail('CONFLICT', 'This contest has no freeze time: its scoreboard is never frozen');
  if (contest.thawed_at !== null) throw fail('CONFLICT', `The scoreboard was already thawed at ${formatTime(contest.thawed_at)}`);
  if (now < contest.freeze_time) throw fail('CONFLICT', `The scoreboard is not frozen yet: it freezes at ${formatTime(contest.freeze_time)}`);
  // Only the first of two racing thaws writes.
  const row = await db
    .updateTable('contests')
    .set({ thawed_at: now })
    .where('id', '=', contestId)
    .where('thawed_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw fail('CONFLICT', 'The scoreboard was already thawed');
  return row;
}
