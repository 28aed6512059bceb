import assert from 'node:assert/strict';
import { isFinalVerdict, verdictInfo } from '../../web/src/lib/verdict.ts';
import { pickRandom, RELATED_LINKS } from '../../web/src/lib/relatedLinks.ts';
import { contestPhase, formatServerTime, parseServerTime, problemOpenRefusal } from '../../web/src/lib/time.ts';
import { toCsv } from '../../web/src/lib/csv.ts';

describe('web: verdicts', () => {
  it('names and colours every verdict of the spec', () => {
    const expected: Record<string, [string, string]> = {
      CP: ['Compiling', 'default'],
      JG: ['Judging', 'default'],
      PD: ['Pending', 'default'],
      AC: ['Accepted', 'green'],
      TLE: ['Time Limit Exceeded', 'gold'],
      MLE: ['Memory Limit Exceeded', 'black'],
      RE: ['Runtime Error', 'purple'],
      WA: ['Wrong Answer', 'red'],
      PE: ['Presentation Error', 'red'],
      CE: ['Compilation Error', 'orange'],
      SE: ['System Error', 'red'],
      CAN: ['Canceled', 'default'],
    };
    for (const [code, [name, color]] of Object.entries(expected)) {
      assert.deepEqual([verdictInfo(code).name, verdictInfo(code).color], [name, color], code);
    }
    assert.equal(verdictInfo('XYZ').name, 'Unknown');
    assert.equal(verdictInfo(undefined).name, 'Unknown');
  });

  it('knows which verdicts are still in progress', () => {
    assert.equal(isFinalVerdict('PD'), false);
    assert.equal(isFinalVerdict('JG'), false);
    assert.equal(isFinalVerdict('AC'), true);
  });
});

describe('web: related links', () => {
  it('has 19 sites and picks 5 distinct ones', () => {
    assert.equal(RELATED_LINKS.length, 19);
    const picked = pickRandom(RELATED_LINKS, 5);
    assert.equal(picked.length, 5);
    assert.equal(new Set(picked.map((l) => l.url)).size, 5);
  });
});

describe('web: contest times', () => {
  it('reads wire times as Asia/Shanghai', () => {
    assert.equal(parseServerTime('2026-01-01 08:00:00'), Date.UTC(2026, 0, 1, 0));
    assert.equal(formatServerTime(Date.UTC(2026, 0, 1, 0)), '2026-01-01 08:00:00');
  });

  it('refuses problems before the start and after the end', () => {
    const start = parseServerTime('2026-01-01 10:00:00');
    const end = parseServerTime('2026-01-01 12:00:00');
    assert.equal(contestPhase(start, end, start + 1), 'running');
    assert.equal(problemOpenRefusal(start, end, start - 1), 'The contest has not started yet.');
    assert.equal(problemOpenRefusal(start, end, end + 1), 'The contest has ended.');
    assert.equal(problemOpenRefusal(start, end, start + 1), null);
  });
});

describe('web: CSV export', () => {
  it('quotes commas, quotes and line breaks', () => {
    const csv = toCsv([{ a: 'x,y', b: 'say "hi"' }], [
      { title: 'A', value: (r) => r.a },
      { title: 'B', value: (r) => r.b },
    ]);
    assert.equal(csv, '\uFEFFA,B\r\n"x,y","say ""hi"""\r\n');
  });
});
