import assert from 'node:assert/strict';
import {
  ADMIN_DEFAULT_PROBLEM_COLUMNS,
  findItem,
  firstSolveMinutes,
  formatScore,
  leaderboardCell,
  problemMaxScores,
  scoredLeaderboardCell,
  problemLetter,
  problemLetters,
  progressPercent,
  USER_DEFAULT_PROBLEM_COLUMNS,
  type LeaderboardRow,
} from '../../web/src/lib/leaderboard.ts';

describe('web: leaderboard cells', () => {
  it('is empty when the problem was not attempted', () => {
    assert.deepEqual(leaderboardCell(undefined), { kind: 'empty' });
    assert.deepEqual(leaderboardCell({ newId: 'A', result: '', cnt: 0, submitTime: 0 }), { kind: 'empty' });
  });

  it('shows an accepted problem green with "+", the attempts and floor minutes', () => {
    const cell = leaderboardCell({ newId: 'A', result: 'AC', cnt: 2, submitTime: 17.9 });
    assert.equal(cell.kind, 'accepted');
    assert.equal(cell.sign, '+');
    assert.equal(cell.attempts, 2);
    assert.equal(cell.minutes, 17);
    assert.equal(cell.color, '#52c41a');
  });

  it('shows a rejected problem red with "−"', () => {
    const cell = leaderboardCell({ newId: 'B', result: 'WA', cnt: 3, submitTime: 42 });
    assert.equal(cell.kind, 'rejected');
    assert.equal(cell.sign, '−');
    assert.equal(cell.attempts, 3);
    assert.equal(cell.minutes, 42);
    assert.equal(cell.color, '#ff4d4f');
  });

  it('finds a row item by problem letter', () => {
    const row: LeaderboardRow = {
      rank: 1,
      userName: 'alice',
      acNum: 1,
      timePenalty: 20,
      judgeResultList: [{ newId: 'C', result: 'AC', cnt: 1, submitTime: 20 }],
    };
    assert.equal(findItem(row, 'C')?.cnt, 1);
    assert.equal(findItem(row, 'A'), undefined);
  });

  it('letters problem columns from A', () => {
    assert.deepEqual(problemLetters(3), ['A', 'B', 'C']);
    assert.equal(problemLetter(25), 'Z');
    assert.equal(problemLetter(26), 'AA');
    assert.equal(problemLetters(USER_DEFAULT_PROBLEM_COLUMNS).length, 8);
    assert.equal(problemLetters(ADMIN_DEFAULT_PROBLEM_COLUMNS).length, 3);
  });
});

describe('web: IOI and OI leaderboard cells', () => {
  it('is empty when the problem was not submitted', () => {
    assert.deepEqual(scoredLeaderboardCell(undefined), { kind: 'empty' });
    assert.deepEqual(scoredLeaderboardCell({ newId: 'A', result: '', cnt: 0, submitTime: 0, score: 0, maxScore: 100 }), { kind: 'empty' });
  });

  it('shows full score green, a partial score gold and zero red, with the score and its minute', () => {
    const item = (result: 'AC' | 'WA', score: number) => ({ newId: 'A', result, cnt: 2, submitTime: 17.9, score, maxScore: 100 });
    assert.deepEqual(scoredLeaderboardCell(item('AC', 100)), { kind: 'accepted', color: '#52c41a', score: 100, maxScore: 100, attempts: 2, minutes: 17 });
    assert.deepEqual(scoredLeaderboardCell(item('WA', 40)), { kind: 'partial', color: '#faad14', score: 40, maxScore: 100, attempts: 2, minutes: 17 });
    assert.deepEqual(scoredLeaderboardCell(item('WA', 0)), { kind: 'rejected', color: '#ff4d4f', score: 0, maxScore: 100, attempts: 2, minutes: 17 });
  });

  it('shows tries after the freeze as "?" with the score before it, also on a problem at full score (OI)', () => {
    const frozen = scoredLeaderboardCell({ newId: 'A', result: 'AC', cnt: 1, submitTime: 5, score: 100, maxScore: 100, pending: 2 });
    assert.deepEqual(frozen, { kind: 'pending', color: '#1677ff', score: 100, attempts: 3, pending: 2 });
    const only = scoredLeaderboardCell({ newId: 'B', result: '', cnt: 0, submitTime: 0, score: 0, maxScore: 100, pending: 1 });
    assert.deepEqual(only, { kind: 'pending', color: '#1677ff', score: null, attempts: 1, pending: 1 });
  });

  it('prints scores with at most two decimals, and reads each column’s maximum from the first row', () => {
    assert.deepEqual([formatScore(100), formatScore(33.333333), formatScore(0.005), formatScore(undefined)], ['100', '33.33', '0.01', '']);
    const row: LeaderboardRow = {
      rank: 1,
      userName: 'alice',
      acNum: 0,
      timePenalty: 0,
      score: 0,
      judgeResultList: [
        { newId: 'A', result: '', cnt: 0, submitTime: 0, score: 0, maxScore: 50 },
        { newId: 'B', result: '', cnt: 0, submitTime: 0, score: 0, maxScore: 100 },
      ],
    };
    assert.deepEqual([...problemMaxScores([row])], [['A', 50], ['B', 100]]);
    assert.equal(problemMaxScores([]).size, 0);
  });
});

describe('web: leaderboard progress', () => {
  const start = Date.UTC(2026, 0, 1, 10);
  const end = Date.UTC(2026, 0, 1, 12);

  it('is 0 before the start and 100 after the end', () => {
    assert.equal(progressPercent(start, end, start - 60_000), 0);
    assert.equal(progressPercent(start, end, end + 60_000), 100);
  });

  it('is the elapsed share in between', () => {
    assert.equal(progressPercent(start, end, start + 30 * 60_000), 25);
    assert.equal(progressPercent(start, end, start + 60 * 60_000), 50);
  });

  it('stays within 0–100 for broken input', () => {
    assert.equal(progressPercent(NaN, end, start), 0);
    assert.equal(progressPercent(end, start, end + 1), 100);
  });
});

describe('web: first solves', () => {
  const row = (userName: string, cells: Array<Partial<LeaderboardRow['judgeResultList'][number]> & { newId: string }>): LeaderboardRow => ({
    rank: 1,
    userName,
    acNum: 0,
    timePenalty: 0,
    judgeResultList: cells.map((c) => ({ result: '', cnt: 0, submitTime: 0, ...c })),
  });

  it('is the earliest minute of an accepted cell per problem; rejected, pending and empty cells do not count', () => {
    const rows = [
      row('a', [{ newId: 'A', result: 'AC', cnt: 1, submitTime: 12 }, { newId: 'B', result: 'WA', cnt: 3, submitTime: 2 }]),
      row('b', [{ newId: 'A', result: 'AC', cnt: 2, submitTime: 9 }, { newId: 'B', result: 'WA', cnt: 1, submitTime: 40, pending: 2 }]),
      row('c', [{ newId: 'A', result: 'AC', cnt: 1, submitTime: 30 }, { newId: 'C', result: 'AC', cnt: 1, submitTime: 55 }]),
    ];
    assert.deepEqual([...firstSolveMinutes(rows)].sort(), [['A', 9], ['C', 55]]);
  });

  it('counts full scores on scored boards, and ties within a minute are all first', () => {
    const rows = [
      row('a', [{ newId: 'A', result: 'AC', cnt: 1, submitTime: 7, score: 100, maxScore: 100 }]),
      row('b', [{ newId: 'A', result: 'WA', cnt: 1, submitTime: 3, score: 60, maxScore: 100 }]),
      row('c', [{ newId: 'A', result: 'AC', cnt: 2, submitTime: 7, score: 100, maxScore: 100 }]),
    ];
    assert.deepEqual([...firstSolveMinutes(rows, true)], [['A', 7]]);
    assert.deepEqual([...firstSolveMinutes([])], []);
  });
});
