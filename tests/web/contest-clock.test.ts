// Contest time on the pages (issue 16, item 4) and the frozen board (item 1): the countdown by the
// server's clock, the five-minute warning, the freeze banner, the "?" cell and the freeze picker.
import assert from 'node:assert/strict';
import dayjs from 'dayjs';
import { boardNotice, clockOffsetMs, contestCountdown, END_WARNING_MS, formatDuration } from '../../web/src/lib/contestClock.ts';
import { leaderboardCell, PENDING_COLOR } from '../../web/src/lib/leaderboard.ts';
import { noteServerTime, serverNow } from '../../web/src/lib/serverClock.ts';
import { parseServerTime } from '../../web/src/lib/time.ts';
import { freezeTimeProblem } from '../../web/src/pages/admin/logic/contestTimes.ts';

const START = parseServerTime('2030-01-01 10:00:00');
const END = parseServerTime('2030-01-01 15:00:00');
const SECOND = 1000;

describe('web: contest clock', () => {
  it('measures how far the server clock is ahead from a reply, from the middles of its second and of the request', () => {
    // The server said 10:00:00 (anywhere in that second); the request took 200 ms around 09:59:50.1 on the browser.
    const sent = parseServerTime('2030-01-01 09:59:50');
    assert.equal(clockOffsetMs('2030-01-01 10:00:00', sent, sent + 200), 10 * SECOND + 500 - 100);
    assert.ok(Number.isNaN(clockOffsetMs('', sent, sent + 1)));
    assert.ok(Number.isNaN(clockOffsetMs('2030-01-01 10:00:00', sent, sent - 1)), 'a reply before its request is no measure');
  });

  it("counts by the server's clock once a reply has been seen, and ignores a reply without a time", () => {
    const sent = Date.now();
    noteServerTime('2001-01-01 08:00:00', sent, sent);
    assert.ok(Math.abs(serverNow() - (parseServerTime('2001-01-01 08:00:00') + 500)) < 1000);
    noteServerTime('not a time', sent, sent);
    assert.ok(serverNow() < parseServerTime('2001-01-02 00:00:00'), 'the last good offset stays');
    noteServerTime(new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' '), Date.now(), Date.now());
    assert.ok(Math.abs(serverNow() - Date.now()) < 1500);
  });

  it('writes durations as H:MM:SS, with days past 24 hours, rounding up to the whole second', () => {
    assert.equal(formatDuration(0), '0:00:00');
    assert.equal(formatDuration(1), '0:00:01');
    assert.equal(formatDuration(59 * SECOND + 1), '0:01:00');
    assert.equal(formatDuration(3 * 3600_000 + 4 * 60_000 + 5 * SECOND), '3:04:05');
    assert.equal(formatDuration(2 * 86_400_000 + 3 * 3600_000 + 4 * 60_000 + 5 * SECOND), '2d 03:04:05');
    assert.equal(formatDuration(-5000), '0:00:00');
  });

  it('counts down to the start, then the time left, then says ended (the end itself is ended, as on the server)', () => {
    assert.deepEqual(contestCountdown(START, END, START - 90 * SECOND), { phase: 'notStarted', remainingMs: 90 * SECOND, text: 'Starts in 0:01:30', warning: false });
    assert.deepEqual(contestCountdown(START, END, START), { phase: 'running', remainingMs: END - START, text: 'Time left 5:00:00', warning: false });
    assert.deepEqual(contestCountdown(START, END, END - SECOND), { phase: 'running', remainingMs: SECOND, text: 'Time left 0:00:01', warning: true });
    assert.deepEqual(contestCountdown(START, END, END), { phase: 'ended', remainingMs: 0, text: 'Contest ended', warning: false });
    assert.equal(contestCountdown(NaN, END, START), null);
  });

  it('warns in the last five minutes only', () => {
    assert.equal(contestCountdown(START, END, END - END_WARNING_MS - 1)!.warning, false);
    assert.equal(contestCountdown(START, END, END - END_WARNING_MS)!.warning, true);
    assert.equal(END_WARNING_MS, 5 * 60_000);
  });
});

describe('web: the frozen board', () => {
  const frozen = { freezeTime: '2030-01-01 14:00:00', thawTime: null, frozen: true };
  const beforeFreeze = { ...frozen, frozen: false };
  const thawed = { freezeTime: '2030-01-01 14:00:00', thawTime: '2030-01-01 15:30:00', frozen: false };
  const never = { freezeTime: null, thawTime: null, frozen: false };

  it('tells contestants the board is frozen since HH:MM, and nothing otherwise', () => {
    assert.deepEqual(boardNotice(frozen, 'public'), { kind: 'frozen', text: 'Scoreboard frozen since 14:00 (UTC+8); results after it are hidden' });
    for (const contest of [beforeFreeze, thawed, never]) assert.equal(boardNotice(contest, 'public'), null);
  });

  it('tells administrators which board they see', () => {
    assert.deepEqual(boardNotice(frozen, 'live'), { kind: 'live', text: 'Live board: contestants see it frozen since 14:00 (UTC+8) until you thaw it' });
    assert.deepEqual(boardNotice(frozen, 'frozen'), { kind: 'frozen', text: 'Scoreboard frozen since 14:00 (UTC+8); results after it are hidden' });
    assert.deepEqual(boardNotice(beforeFreeze, 'live'), { kind: 'live', text: 'The board freezes for contestants at 14:00 (UTC+8)' });
    assert.deepEqual(boardNotice(thawed, 'live'), { kind: 'thawed', text: 'Thawed at 15:30 (UTC+8): everyone sees the final board' });
    assert.deepEqual(boardNotice(thawed, 'frozen'), { kind: 'frozen', text: 'The board as frozen at 14:00 (UTC+8), thawed at 15:30 (UTC+8); results after it are hidden' });
    assert.equal(boardNotice(never, 'live'), null);
  });

  it('shows a cell with tries after the freeze as "?" with every try counted, never as a verdict', () => {
    assert.deepEqual(leaderboardCell({ newId: 'A', result: '', cnt: 0, submitTime: 0, pending: 2 }), { kind: 'pending', color: PENDING_COLOR, attempts: 2, pending: 2 });
    assert.deepEqual(leaderboardCell({ newId: 'A', result: 'WA', cnt: 3, submitTime: 40, pending: 1 }), { kind: 'pending', color: PENDING_COLOR, attempts: 4, pending: 1 });
    assert.equal(leaderboardCell({ newId: 'A', result: 'WA', cnt: 3, submitTime: 40, pending: 0 }).kind, 'rejected');
    assert.equal(leaderboardCell({ newId: 'A', result: 'AC', cnt: 1, submitTime: 12 }).kind, 'accepted');
  });

  it('checks the freeze picker against start and end with the server words', () => {
    const start = dayjs('2030-01-01 10:00:00');
    const end = dayjs('2030-01-01 15:00:00');
    assert.equal(freezeTimeProblem(null, start, end), null);
    assert.equal(freezeTimeProblem(dayjs('2030-01-01 14:00:00'), start, end), null);
    assert.equal(freezeTimeProblem(start, start, end), 'Freeze time must be after the start time');
    assert.equal(freezeTimeProblem(dayjs('2030-01-01 09:00:00'), start, end), 'Freeze time must be after the start time');
    assert.equal(freezeTimeProblem(end, start, end), 'Freeze time must be before the end time');
    assert.equal(freezeTimeProblem(dayjs('2030-01-01 14:00:00'), undefined, undefined), null, 'the other pickers say what is missing');
  });
});
