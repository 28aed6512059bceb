// The ICPC ranking as a pure function, against scoreboards computed by hand.
import assert from 'node:assert/strict';
import { problemLetter } from '@verdict/shared';
import { computeScoreboard, type ScoreboardSubmission } from '@verdict/server/internal/modules/contests/scoreboard';

const start = new Date('2026-03-01T02:00:00Z');
const contest = { startTime: start, endTime: new Date(start.getTime() + 5 * 3600_000) };
const problems = [{ problemId: 10 }, { problemId: 11 }, { problemId: 12 }];
const at = (minutes: number, seconds = 0) => new Date(start.getTime() + minutes * 60_000 + seconds * 1000);

let nextId = 1;
function sub(userId: number, problemId: number, status: string, createdAt: Date): ScoreboardSubmission {
  return { id: nextId++, userId, problemId, status, createdAt };
}

describe('ICPC scoreboard (pure)', () => {
  it('letters problems A, B, ..., Z, AA', () => {
    assert.deepEqual([0, 1, 25, 26, 27].map(problemLetter), ['A', 'B', 'Z', 'AA', 'AB']);
  });

  it('ranks by solved, then penalty, and computes cells by hand', () => {
    const members = [
      { userId: 1, userName: 'ann' },
      { userId: 2, userName: 'bob' },
      { userId: 3, userName: 'cid' },
    ];
    const rows = computeScoreboard(contest, problems, members, [
      // ann: A WA at 5, AC at 12:59 -> 12 + 20 = 32; B AC at 30 -> 30. Total 2 solved, 62.
      sub(1, 10, 'WA', at(5)),
      sub(1, 10, 'AC', at(12, 59)),
      sub(1, 11, 'AC', at(30)),
      // bob: A AC at 10 -> 10; C TLE, RE -> WA cell with 2 attempts, last at 50.
      sub(2, 10, 'AC', at(10)),
      sub(2, 12, 'TLE', at(40)),
      sub(2, 12, 'RE', at(50, 30)),
      // cid: B AC at 3, C AC at 4 -> 7, two solved and less penalty than ann.
      sub(3, 11, 'AC', at(3)),
      sub(3, 12, 'AC', at(4)),
    ]);
    assert.deepEqual(rows, [
      {
        rank: 1,
        userName: 'cid',
        acNum: 2,
        timePenalty: 7,
        judgeResultList: [
          { newId: 'A', result: '', cnt: 0, submitTime: 0 },
          { newId: 'B', result: 'AC', cnt: 1, submitTime: 3 },
          { newId: 'C', result: 'AC', cnt: 1, submitTime: 4 },
        ],
      },
      {
        rank: 2,
        userName: 'ann',
        acNum: 2,
        timePenalty: 62,
        judgeResultList: [
          { newId: 'A', result: 'AC', cnt: 2, submitTime: 12 },
          { newId: 'B', result: 'AC', cnt: 1, submitTime: 30 },
          { newId: 'C', result: '', cnt: 0, submitTime: 0 },
        ],
      },
      {
        rank: 3,
        userName: 'bob',
        acNum: 1,
        timePenalty: 10,
        judgeResultList: [
          { newId: 'A', result: 'AC', cnt: 1, submitTime: 10 },
          { newId: 'B', result: '', cnt: 0, submitTime: 0 },
          { newId: 'C', result: 'WA', cnt: 2, submitTime: 50 },
        ],
      },
    ]);
  });

  it('ties on solved, penalty and last AC minute share a rank; the next rank skips', () => {
    const members = [
      { userId: 1, userName: 'zed' },
      { userId: 2, userName: 'amy' },
      { userId: 3, userName: 'kim' },
      { userId: 4, userName: 'lee' },
    ];
    const rows = computeScoreboard(contest, problems, members, [
      sub(1, 10, 'AC', at(20, 10)),
      sub(2, 10, 'AC', at(20, 50)), // same minute as zed: tie
      // kim: same penalty 20 but last AC earlier? 0 + 20 (one WA) -> penalty 20, last AC at minute 0
      sub(3, 11, 'WA', at(0, 5)),
      sub(3, 11, 'AC', at(0, 30)),
    ]);
    assert.deepEqual(
      rows.map((r) => [r.rank, r.userName, r.acNum, r.timePenalty]),
      [
        [1, 'kim', 1, 20],
        [2, 'amy', 1, 20],
        [2, 'zed', 1, 20],
        [4, 'lee', 0, 0],
      ],
    );
  });

  it('breaks equal solved and penalty by the earlier last AC', () => {
    const members = [
      { userId: 1, userName: 'a' },
      { userId: 2, userName: 'b' },
    ];
    // a: 10 + 50 = 60, last AC 50; b: 30 + 30 = 60, last AC 30 -> b first.
    const rows = computeScoreboard(contest, problems, members, [
      sub(1, 10, 'AC', at(10)),
      sub(1, 11, 'AC', at(50)),
      sub(2, 10, 'AC', at(30)),
      sub(2, 11, 'AC', at(30)),
    ]);
    assert.deepEqual(
      rows.map((r) => [r.rank, r.userName, r.timePenalty]),
      [
        [1, 'b', 60],
        [2, 'a', 60],
      ],
    );
  });

  it('ignores CE, SE and pending records, and attempts after the first AC', () => {
    const members = [{ userId: 1, userName: 'ann' }];
    const rows = computeScoreboard(contest, problems, members, [
      sub(1, 10, 'CE', at(1)),
      sub(1, 10, 'SE', at(2)),
      sub(1, 10, 'PE', at(3)),
      sub(1, 10, 'AC', at(7)),
      sub(1, 10, 'WA', at(8)), // after AC: ignored
      sub(1, 10, 'AC', at(9)),
      sub(1, 11, 'PD', at(10)),
      sub(1, 11, 'JG', at(11)),
      sub(1, 11, 'CP', at(11)),
      sub(1, 12, 'CE', at(12)),
    ]);
    assert.equal(rows[0].acNum, 1);
    assert.equal(rows[0].timePenalty, 7 + 20);
    assert.deepEqual(rows[0].judgeResultList, [
      { newId: 'A', result: 'AC', cnt: 2, submitTime: 7 },
      { newId: 'B', result: '', cnt: 0, submitTime: 0 },
      { newId: 'C', result: '', cnt: 0, submitTime: 0 },
    ]);
  });

  it('ignores submissions before the start and at or after the end', () => {
    const members = [{ userId: 1, userName: 'ann' }];
    const rows = computeScoreboard(contest, problems, members, [
      sub(1, 10, 'WA', new Date(start.getTime() - 1000)),
      sub(1, 10, 'AC', contest.endTime),
      sub(1, 11, 'WA', at(299, 59)),
      sub(1, 11, 'AC', new Date(contest.endTime.getTime() + 60_000)),
    ]);
    assert.equal(rows[0].acNum, 0);
    assert.equal(rows[0].timePenalty, 0);
    assert.deepEqual(rows[0].judgeResultList.slice(0, 2), [
      { newId: 'A', result: '', cnt: 0, submitTime: 0 },
      { newId: 'B', result: 'WA', cnt: 1, submitTime: 299 },
    ]);
  });

  it('frozen: counts only attempts before the freeze and shows every later submission as a pending try', () => {
    const members = [
      { userId: 1, userName: 'ann' },
      { userId: 2, userName: 'bob' },
    ];
    const submissions = [
      sub(1, 10, 'WA', at(10)),
      sub(1, 10, 'AC', at(20)),
      sub(1, 10, 'WA', at(250)), // after her AC: nothing to hide
      sub(1, 11, 'CE', at(245)), // pending whatever its state: the public cannot tell
      sub(2, 10, 'WA', at(30)),
      sub(2, 10, 'AC', at(241)),
      sub(2, 11, 'PD', at(240)), // at the freeze: pending
      sub(2, 12, 'AC', at(239, 59)), // a second before it: counted
      sub(2, 12, 'WA', contest.endTime), // after the end: nothing
    ];
    const frozen = computeScoreboard({ ...contest, freezeTime: at(240) }, problems, members, submissions);
    assert.deepEqual(
      frozen.map((r) => [r.rank, r.userName, r.acNum, r.timePenalty]),
      [
        [1, 'ann', 1, 40],
        [2, 'bob', 1, 239],
      ],
    );
    assert.deepEqual(frozen[0].judgeResultList, [
      { newId: 'A', result: 'AC', cnt: 2, submitTime: 20 },
      { newId: 'B', result: '', cnt: 0, submitTime: 0, pending: 1 },
      { newId: 'C', result: '', cnt: 0, submitTime: 0 },
    ]);
    assert.deepEqual(frozen[1].judgeResultList, [
      { newId: 'A', result: 'WA', cnt: 1, submitTime: 30, pending: 1 },
      { newId: 'B', result: '', cnt: 0, submitTime: 0, pending: 1 },
      { newId: 'C', result: 'AC', cnt: 1, submitTime: 239 },
    ]);
    // The live board of the same submissions: bob's A counts, nothing is pending.
    const live = computeScoreboard(contest, problems, members, submissions);
    assert.deepEqual(
      live.map((r) => [r.rank, r.userName, r.acNum, r.timePenalty]),
      [
        [1, 'bob', 2, 239 + 241 + 20],
        [2, 'ann', 1, 40],
      ],
    );
    assert.ok(live.every((r) => r.judgeResultList.every((c) => c.pending === undefined)));
  });

  it('lists every member, also without submissions, and ignores non-members and other problems', () => {
    const members = [
      { userId: 1, userName: 'ann' },
      { userId: 2, userName: 'bob' },
    ];
    const rows = computeScoreboard(contest, problems, members, [sub(9, 10, 'AC', at(1)), sub(1, 99, 'AC', at(1))]);
    assert.deepEqual(
      rows.map((r) => [r.rank, r.userName, r.acNum, r.judgeResultList.length]),
      [
        [1, 'ann', 0, 3],
        [1, 'bob', 0, 3],
      ],
    );
  });
});
