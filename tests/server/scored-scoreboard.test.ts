// The IOI and OI rankings as pure functions, against boards computed by hand (issue 15, item 5).
import assert from 'node:assert/strict';
import { computeScoredBoard, type ScoredSubmission } from '@verdict/server/internal/modules/contests/scored-scoreboard';

const start = new Date('2026-03-01T02:00:00Z');
const contest = { startTime: start, endTime: new Date(start.getTime() + 5 * 3600_000) };
// A: a scoring problem worth 100; B: pass-fail (100 for AC); C: a scoring problem worth 50.
const problems = [
  { problemId: 10, maxScore: 100 },
  { problemId: 11, maxScore: 100 },
  { problemId: 12, maxScore: 50 },
];
const at = (minutes: number, seconds = 0) => new Date(start.getTime() + minutes * 60_000 + seconds * 1000);

let nextId = 1;
/** A submission to A (max 100) or C (max 50) with its score; B is pass-fail. */
function sub(userId: number, problemId: number, status: string, createdAt: Date, score?: number): ScoredSubmission {
  const maxScore = problemId === 10 ? 100 : problemId === 12 ? 50 : null;
  return { id: nextId++, userId, problemId, status, createdAt, score: maxScore === null ? null : (score ?? 0), maxScore };
}

const table = (rows: ReturnType<typeof computeScoredBoard>) => rows.map((r) => [r.rank, r.userName, r.score, r.acNum, r.timePenalty]);
const cellsOf = (rows: ReturnType<typeof computeScoredBoard>, name: string) =>
  Object.fromEntries(rows.find((r) => r.userName === name)!.judgeResultList.map(({ newId, ...cell }) => [newId, cell]));

describe('IOI and OI scoreboards (pure)', () => {
  const members = [
    { userId: 1, userName: 'ann' },
    { userId: 2, userName: 'bob' },
    { userId: 3, userName: 'cid' },
    { userId: 4, userName: 'dan' },
  ];
  const submissions = [
    // ann improves A from 30 to 100 and solves B after a WA; much later a worse A (IOI keeps 100, OI takes 40).
    sub(1, 10, 'WA', at(5), 30),
    sub(1, 11, 'WA', at(10)),
    sub(1, 11, 'AC', at(20)),
    sub(1, 10, 'AC', at(40, 30), 100),
    sub(1, 10, 'TLE', at(90), 40),
    // bob: 100 on A at once, B solved at 30.
    sub(2, 10, 'AC', at(12), 100),
    sub(2, 11, 'AC', at(30)),
    // cid: 60 on A, then 20; 50 of 50 on C; a compile error and a system error count for nothing.
    sub(3, 10, 'WA', at(3), 60),
    sub(3, 10, 'WA', at(50), 20),
    sub(3, 12, 'AC', at(7), 50),
    sub(3, 11, 'CE', at(8)),
    sub(3, 12, 'SE', at(9)),
    // dan: zero points on A, a pending record on C.
    sub(4, 10, 'RE', at(2), 0),
    sub(4, 12, 'PD', at(4)),
  ];

  it('IOI: the best score per problem, set by the first submission reaching it; ranked by total, then the last minute a score rose', () => {
    const rows = computeScoredBoard('ioi', contest, problems, members, submissions);
    assert.deepEqual(table(rows), [
      [1, 'bob', 200, 2, 30],
      [2, 'ann', 200, 2, 40],
      [3, 'cid', 110, 1, 7],
      [4, 'dan', 0, 0, 0],
    ]);
    assert.deepEqual(rows[1], {
      rank: 2,
      userName: 'ann',
      acNum: 2,
      timePenalty: 40,
      score: 200,
      judgeResultList: [
        { newId: 'A', result: 'AC', cnt: 3, submitTime: 40, score: 100, maxScore: 100 },
        { newId: 'B', result: 'AC', cnt: 2, submitTime: 20, score: 100, maxScore: 100 },
        { newId: 'C', result: '', cnt: 0, submitTime: 0, score: 0, maxScore: 50 },
      ],
    });
    assert.deepEqual(cellsOf(rows, 'cid'), {
      A: { result: 'WA', cnt: 2, submitTime: 3, score: 60, maxScore: 100 },
      B: { result: '', cnt: 0, submitTime: 0, score: 0, maxScore: 100 },
      C: { result: 'AC', cnt: 1, submitTime: 7, score: 50, maxScore: 50 },
    });
    // Submitted, but 0 points: a red WA cell, and no minute for the tie-break.
    assert.deepEqual(cellsOf(rows, 'dan').A, { result: 'WA', cnt: 1, submitTime: 2, score: 0, maxScore: 100 });
  });

  it('OI: the last submission counts, so a later worse one lowers the score', () => {
    const rows = computeScoredBoard('oi', contest, problems, members, submissions);
    assert.deepEqual(table(rows), [
      [1, 'bob', 200, 2, 30],
      [2, 'ann', 140, 1, 90],
      [3, 'cid', 70, 1, 50],
      [4, 'dan', 0, 0, 0],
    ]);
    assert.deepEqual(cellsOf(rows, 'ann').A, { result: 'WA', cnt: 3, submitTime: 90, score: 40, maxScore: 100 });
    assert.deepEqual(cellsOf(rows, 'cid').A, { result: 'WA', cnt: 2, submitTime: 50, score: 20, maxScore: 100 });
    // A pass-fail problem solved and then failed scores 0 under OI.
    const failedAgain = computeScoredBoard('oi', contest, problems, [members[0]], [sub(1, 11, 'AC', at(1)), sub(1, 11, 'WA', at(2))]);
    assert.deepEqual(cellsOf(failedAgain, 'ann').B, { result: 'WA', cnt: 2, submitTime: 2, score: 0, maxScore: 100 });
  });

  it('scores a pass-fail problem 100 for AC and 0 for anything else', () => {
    const rows = computeScoredBoard('ioi', contest, problems, members.slice(0, 2), [
      sub(1, 11, 'WA', at(1)),
      sub(1, 11, 'TLE', at(2)),
      sub(2, 11, 'PE', at(3)),
      sub(2, 11, 'AC', at(4)),
      sub(2, 11, 'WA', at(6)),
    ]);
    assert.deepEqual(cellsOf(rows, 'ann').B, { result: 'WA', cnt: 2, submitTime: 1, score: 0, maxScore: 100 });
    assert.deepEqual(cellsOf(rows, 'bob').B, { result: 'AC', cnt: 3, submitTime: 4, score: 100, maxScore: 100 });
    assert.deepEqual(table(rows), [
      [1, 'bob', 100, 1, 4],
      [2, 'ann', 0, 0, 0],
    ]);
  });

  it('ties on score and minute share a rank, the next rank skips; equal scores go to the earlier minute', () => {
    const six = ['zed', 'amy', 'kim', 'lee', 'max', 'ned'].map((userName, i) => ({ userId: i + 1, userName }));
    for (const rule of ['ioi', 'oi'] as const) {
      const rows = computeScoredBoard(rule, contest, problems, six, [
        sub(1, 10, 'WA', at(20, 10), 70),
        sub(2, 10, 'WA', at(20, 50), 70), // the same minute as zed: a tie
        sub(3, 10, 'WA', at(5), 30),
        sub(3, 12, 'WA', at(19, 59), 40), // 70 as well, last raised in minute 19: ahead of both
        sub(4, 12, 'WA', at(1), 0.1),
        sub(4, 12, 'WA', at(2), 0.2),
      ]);
      assert.deepEqual(
        table(rows),
        [
          [1, 'kim', 70, 0, 19],
          [2, 'amy', 70, 0, 20],
          [2, 'zed', 70, 0, 20],
          [4, 'lee', 0.2, 0, 2],
          [5, 'max', 0, 0, 0],
          [5, 'ned', 0, 0, 0],
        ],
        rule,
      );
    }
  });

  it('sums fractional scores without float noise', () => {
    const rows = computeScoredBoard('ioi', contest, problems, [{ userId: 1, userName: 'ann' }], [sub(1, 10, 'WA', at(1), 0.1), sub(1, 12, 'WA', at(2), 0.2)]);
    assert.equal(rows[0].score, 0.3);
  });

  it('ignores submissions before the start, at or after the end, and of other problems or non-members', () => {
    const rows = computeScoredBoard('ioi', contest, problems, [{ userId: 1, userName: 'ann' }], [
      sub(1, 10, 'AC', new Date(start.getTime() - 1000), 100),
      sub(1, 10, 'AC', contest.endTime, 100),
      sub(1, 10, 'WA', at(299, 59), 30),
      { id: nextId++, userId: 1, problemId: 99, status: 'AC', createdAt: at(1), score: 100, maxScore: 100 },
      sub(9, 10, 'AC', at(1), 100),
    ]);
    assert.deepEqual(table(rows), [[1, 'ann', 30, 0, 299]]);
  });

  describe('frozen', () => {
    const freezeTime = at(240);
    const two = members.slice(0, 2);
    const late = [
      sub(1, 10, 'WA', at(10), 30),
      sub(1, 10, 'AC', at(245), 100), // after the freeze: pending, no score change
      sub(1, 12, 'CE', at(250)), // pending whatever its state
      sub(2, 10, 'AC', at(20), 100),
      sub(2, 10, 'WA', at(241), 10), // after full score: IOI hides nothing, OI shows a pending try
      sub(2, 11, 'AC', at(239, 59)), // a second before the freeze: counted
    ];

    it('IOI: counts only submissions before the freeze; later ones are pending tries, except on a problem at full score', () => {
      const rows = computeScoredBoard('ioi', { ...contest, freezeTime }, problems, two, late);
      assert.deepEqual(table(rows), [
        [1, 'bob', 200, 2, 239],
        [2, 'ann', 30, 0, 10],
      ]);
      assert.deepEqual(cellsOf(rows, 'ann'), {
        A: { result: 'WA', cnt: 1, submitTime: 10, score: 30, maxScore: 100, pending: 1 },
        B: { result: '', cnt: 0, submitTime: 0, score: 0, maxScore: 100 },
        C: { result: '', cnt: 0, submitTime: 0, score: 0, maxScore: 50, pending: 1 },
      });
      assert.equal(cellsOf(rows, 'bob').A.pending, undefined);
      // The live board of the same submissions: ann's 100 counts, nothing is pending.
      const live = computeScoredBoard('ioi', contest, problems, two, late);
      assert.deepEqual(table(live), [
        [1, 'bob', 200, 2, 239],
        [2, 'ann', 100, 1, 245],
      ]);
      assert.ok(live.every((r) => r.judgeResultList.every((c) => c.pending === undefined)));
    });

    it('OI: a try after full score is pending too, since it could lower the score', () => {
      const rows = computeScoredBoard('oi', { ...contest, freezeTime }, problems, two, late);
      assert.deepEqual(cellsOf(rows, 'bob').A, { result: 'AC', cnt: 1, submitTime: 20, score: 100, maxScore: 100, pending: 1 });
      assert.deepEqual(table(rows), [
        [1, 'bob', 200, 2, 239],
        [2, 'ann', 30, 0, 10],
      ]);
      // Live: bob's last A (10 points) replaces his 100.
      const live = computeScoredBoard('oi', contest, problems, two, late);
      assert.deepEqual(table(live), [
        [1, 'bob', 110, 1, 241],
        [2, 'ann', 100, 1, 245],
      ]);
    });
  });
});
