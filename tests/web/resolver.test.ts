// The resolver (web/src/lib/resolver.ts) against the server's own scoreboard: for any contest, the
// frozen board uncovered cell by cell from the bottom ends as the live board (ranks, solved,
// penalties, cells); every step uncovers the lowest-placed row's leftmost "?", and a row only
// ever climbs.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { computeScoreboard, type ScoreboardSubmission } from '@verdict/server/internal/modules/contests/scoreboard';
import { Resolver, resolverRefusal } from '../../web/src/lib/resolver.ts';

const MIN = 60_000;
const start = new Date('2026-11-24T01:00:00Z');
const contest = { startTime: start, endTime: new Date(start.getTime() + 300 * MIN) };
const freezeTime = new Date(start.getTime() + 240 * MIN);
const problems = [1, 2, 3, 4].map((problemId) => ({ problemId }));
const members = Array.from({ length: 6 }, (_, i) => ({ userId: i + 1, userName: `team${i + 1}` }));

const submissionArb = fc.record({
  userId: fc.integer({ min: 1, max: 6 }),
  problemId: fc.integer({ min: 1, max: 4 }),
  status: fc.constantFrom('AC', 'WA', 'TLE', 'CE', 'AC'),
  minute: fc.integer({ min: 0, max: 299 }),
});

function boards(raw: { userId: number; problemId: number; status: string; minute: number }[]) {
  // Records are numbered in the order they come, as the database numbers them.
  const inOrder = [...raw].sort((a, b) => a.minute - b.minute);
  const submissions: ScoreboardSubmission[] = inOrder.map((s, id) => ({ id, userId: s.userId, problemId: s.problemId, status: s.status, createdAt: new Date(start.getTime() + s.minute * MIN + id) }));
  return {
    frozen: computeScoreboard({ ...contest, freezeTime }, problems, members, submissions),
    live: computeScoreboard(contest, problems, members, submissions),
  };
}

const comparable = (rows: { rank: number; userName: string; acNum: number; timePenalty: number; judgeResultList: { newId: string; result: string; cnt: number; submitTime: number }[] }[]) =>
  rows.map((r) => ({ rank: r.rank, userName: r.userName, acNum: r.acNum, timePenalty: r.timePenalty, cells: r.judgeResultList.map((c) => [c.newId, c.result, c.cnt, c.submitTime]) }));

describe('web: the resolver', () => {
  it('uncovers a frozen board into the live one, from the bottom, rows only climbing', () => {
    fc.assert(
      fc.property(fc.array(submissionArb, { maxLength: 60 }), (raw) => {
        const { frozen, live } = boards(raw);
        assert.equal(resolverRefusal('icpc', frozen, live), null);
        const resolver = new Resolver(frozen, live);
        assert.deepEqual(comparable(resolver.rows), comparable(frozen), 'starts as the frozen board');
        let steps = 0;
        const pendingAtStart = resolver.pending;
        for (let target = resolver.peek(); target; target = resolver.peek()) {
          // The lowest-placed row with a "?" is uncovered: nobody below it has one.
          const rows = resolver.rows;
          const at = rows.findIndex((r) => r.userName === target!.userName);
          for (const below of rows.slice(at + 1)) assert.ok(!below.judgeResultList.some((c) => Number(c.pending) > 0), `${below.userName} below ${target.userName} still hides a result`);
          const step = resolver.next()!;
          assert.equal(step.from, at + 1);
          assert.ok(step.to <= step.from, `${step.userName} went down`);
          steps++;
        }
        assert.equal(steps, pendingAtStart);
        assert.ok(resolver.done);
        assert.deepEqual(comparable(resolver.rows), comparable(live), 'ends as the live board');
      }),
      { numRuns: 300 },
    );
  });

  it('a worked case: the second team solves two problems after the freeze and climbs to first on the second', () => {
    const { frozen, live } = boards([
      { userId: 1, problemId: 1, status: 'AC', minute: 10 },
      { userId: 2, problemId: 1, status: 'WA', minute: 20 },
      { userId: 2, problemId: 1, status: 'AC', minute: 250 },
      { userId: 2, problemId: 2, status: 'AC', minute: 260 },
    ]);
    const resolver = new Resolver(frozen, live);
    assert.deepEqual(resolver.peek(), { userName: 'team2', letter: 'A' });
    // One solved each, but 270 minutes of penalty against 10: still second.
    assert.deepEqual(resolver.next(), { userName: 'team2', letter: 'A', result: 'AC', from: 2, to: 2 });
    assert.deepEqual(resolver.next(), { userName: 'team2', letter: 'B', result: 'AC', from: 2, to: 1 });
    assert.equal(resolver.next(), null);
    assert.equal(resolver.rows[0].timePenalty, 250 + 20 + 260);
  });

  it('refuses IOI and OI boards and boards of different contestants by name', () => {
    const { frozen, live } = boards([]);
    assert.match(resolverRefusal('ioi', frozen, live)!, /ICPC boards only; this contest is scored by the IOI rule/);
    assert.match(resolverRefusal('icpc', frozen, live.slice(1))!, /different contestants/);
  });
});
