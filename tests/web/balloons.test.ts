// The balloons screen's and the problem colour's rules (issue 16, item 5), pure: the contest the
// screen opens on, the contest clock, the "undelivered only" filter, a delivery merged into the
// list, the colour presets, labels and ink; and the colour rules the server and the form share.
import assert from 'node:assert/strict';
import { colorNameProblem, normalizeHexColor, parsePackageColor, PROBLEM_COLOR_MESSAGES } from '@verdict/shared';
import type { Balloon, BalloonList } from '../../web/src/api/balloons.ts';
import { defaultBalloonContest, formatContestClock, shownBalloons, withDelivery } from '../../web/src/pages/admin/logic/balloons.ts';
import { BALLOON_PRESETS, colorLabel, inkOn, presetName } from '../../web/src/pages/admin/logic/problemColors.ts';
import { formatServerTime } from '../../web/src/lib/time.ts';

function balloon(fields: Partial<Balloon> & Pick<Balloon, 'userId' | 'problemId'>): Balloon {
  return {
    submissionId: fields.userId * 100 + fields.problemId,
    contestId: 1,
    username: `user${fields.userId}`,
    nickname: `user${fields.userId}`,
    problemLetter: 'A',
    problemTitle: 'Apples',
    color: '#ff0000',
    colorName: 'red',
    acceptTime: '2026-03-01 10:08:00',
    contestSeconds: 480,
    firstToSolve: false,
    afterFreeze: false,
    delivered: false,
    deliveredBy: null,
    deliveredAt: null,
    ...fields,
  };
}

describe('web: balloons', () => {
  const first = balloon({ userId: 1, problemId: 10, firstToSolve: true });
  const carried = balloon({ userId: 2, problemId: 10, delivered: true, deliveredBy: 'admin', deliveredAt: '2026-03-01 10:12:00' });
  const waiting = balloon({ userId: 2, problemId: 11 });
  const list: BalloonList = { items: [first, carried, waiting], total: 3, undelivered: 2 };

  it('writes contest time as H:MM:SS, hours past a day included', () => {
    assert.equal(formatContestClock(0), '0:00:00');
    assert.equal(formatContestClock(480), '0:08:00');
    assert.equal(formatContestClock(3 * 3600 + 61.9), '3:01:01');
    assert.equal(formatContestClock(25 * 3600), '25:00:00');
    assert.equal(formatContestClock(-5), '0:00:00');
  });

  it('"undelivered only" hides the delivered balloons and keeps the order', () => {
    assert.deepEqual(shownBalloons(list.items, true), [first, waiting]);
    assert.deepEqual(shownBalloons(list.items, false), list.items);
  });

  it('merges a delivery into the list and counts what is left to deliver', () => {
    const delivered = { ...first, delivered: true, deliveredBy: 'volunteer', deliveredAt: '2026-03-01 10:20:00' };
    const after = withDelivery(list, delivered);
    assert.deepEqual(after.items, [delivered, carried, waiting]);
    assert.equal(after.undelivered, 1);
    assert.equal(after.total, 3);
    const undone = withDelivery(after, { ...carried, delivered: false, deliveredBy: null, deliveredAt: null });
    assert.equal(undone.undelivered, 2);
    // The same state again (another judge was first) changes no count.
    assert.equal(withDelivery(after, delivered).undelivered, 1);
    // A balloon the list does not hold (it changed contest meanwhile) leaves it as it is.
    assert.equal(withDelivery(list, balloon({ userId: 9, problemId: 99, delivered: true })), list);
  });

  it('opens on the running contest that started last, else the one that ended last, else none', () => {
    const now = Date.parse('2026-03-01T12:00:00+08:00');
    const at = (hours: number) => formatServerTime(now + hours * 3600_000);
    const ended = { id: 1, startTime: at(-10), endTime: at(-5) };
    const endedLater = { id: 2, startTime: at(-12), endTime: at(-1) };
    const running = { id: 3, startTime: at(-3), endTime: at(2) };
    const runningLater = { id: 4, startTime: at(-1), endTime: at(1) };
    const upcoming = { id: 5, startTime: at(1), endTime: at(4) };
    assert.equal(defaultBalloonContest([ended, running, runningLater, upcoming], now), 4);
    assert.equal(defaultBalloonContest([ended, endedLater, upcoming], now), 2);
    assert.equal(defaultBalloonContest([upcoming], now), undefined);
    assert.equal(defaultBalloonContest([], now), undefined);
    // The end itself is ended.
    assert.equal(defaultBalloonContest([{ id: 6, startTime: at(-2), endTime: at(0) }], now), 6);
  });
});

describe('web: problem colours', () => {
  it('names a preset colour whatever its hex spelling, and nothing else', () => {
    assert.equal(presetName('#FF0000'), 'red');
    assert.equal(presetName('#f00'), 'red');
    assert.equal(presetName('#123456'), null);
    assert.equal(presetName('red'), null);
    assert.equal(new Set(BALLOON_PRESETS.map((p) => p.color)).size, BALLOON_PRESETS.length, 'one name per colour');
    for (const p of BALLOON_PRESETS) assert.equal(normalizeHexColor(p.color), p.color);
  });

  it('labels a colour by its name, else its hex, else none', () => {
    assert.equal(colorLabel({ color: '#ff0000', colorName: 'red' }), 'red');
    assert.equal(colorLabel({ color: '#ff0000', colorName: null }), '#ff0000');
    assert.equal(colorLabel({ color: null, colorName: null }), 'no colour');
  });

  it('writes black on light colours and white on dark ones', () => {
    assert.equal(inkOn('#ffff00'), '#000000');
    assert.equal(inkOn('#ffffff'), '#000000');
    assert.equal(inkOn('#000080'), '#ffffff');
    assert.equal(inkOn('#ff0000'), '#ffffff');
  });
});

describe('shared: problem colour rules', () => {
  it('takes #rgb and #rrggbb in any case as lowercase #rrggbb, and nothing else', () => {
    assert.equal(normalizeHexColor('#FF0000'), '#ff0000');
    assert.equal(normalizeHexColor(' #aBc '), '#aabbcc');
    for (const bad of ['red', 'ff0000', '#ff00', '#ff00000', '#gggggg', '', '#', 'rgb(1,2,3)']) assert.equal(normalizeHexColor(bad), null, bad);
  });

  it('refuses a colour name that is too long or not one line', () => {
    assert.equal(colorNameProblem('light blue'), null);
    assert.equal(colorNameProblem('x'.repeat(30)), null);
    assert.equal(colorNameProblem('x'.repeat(31)), PROBLEM_COLOR_MESSAGES.nameTooLong);
    assert.equal(colorNameProblem('red\tblue'), PROBLEM_COLOR_MESSAGES.nameNotText);
  });

  it("reads a package's colour as a hex colour or a CSS colour name", () => {
    assert.deepEqual(parsePackageColor('#00FF00'), { color: '#00ff00', colorName: null });
    assert.deepEqual(parsePackageColor(' Blue '), { color: '#0000ff', colorName: 'blue' });
    assert.deepEqual(parsePackageColor('rebeccapurple'), { color: '#663399', colorName: 'rebeccapurple' });
    assert.deepEqual(parsePackageColor('lightgoldenrodyellow'), { color: '#fafad2', colorName: 'lightgoldenrodyellow' });
    assert.equal(parsePackageColor('not-a-colour'), null);
    assert.equal(parsePackageColor('constructor'), null);
  });
});
