// Scoring problems (Kattis `type: scoring`): the tests form a tree of test data groups (data/,
// data/sample, data/secret, data/secret/<group>/…), each with settings from its testdata.yaml
// (legacy) or test_group.yaml (2023-07), inherited from its parent. A test scores accept_score
// when accepted (or what the validator wrote to score.txt) and reject_score otherwise; a group
// aggregates its children (sum, min, max or avg) and, with `score: N`, is worth N in proportion;
// on_reject: break stops a group at its first rejected child (the rest count as rejected), and
// its verdict is the first (or the worst) error of its children. See docs/problem-format.md.
import type { Aggregation, GroupResult, ScoredResult, ScoredTest, ScoringSettings, TestGroup, Verdict } from './types.ts';

export type { Aggregation, GroupResult, ScoredResult, ScoredTest, ScoringSettings, TestGroup };

export const DEFAULT_SCORING: ScoringSettings = {
  onReject: 'break',
  aggregation: 'sum',
  verdictRule: 'first_error',
  acceptScore: 1,
  rejectScore: 0,
  range: [-Infinity, Infinity],
  ignoreSample: false,
};

const SEVERITY: Verdict[] = ['AC', 'PE', 'WA', 'OLE', 'MLE', 'RE', 'TLE', 'CE', 'SE'];

/**
 * Runs the tests of the tree in order through `runTest` (skipping what on_reject: break skips)
 * and scores them. `runTest` is called at most once per test.
 */
export async function judgeScored(root: TestGroup, runTest: (index: number) => Promise<ScoredTest>): Promise<ScoredResult> {
  const groups: GroupResult[] = [];
  const walk = async (group: TestGroup, isRoot: boolean): Promise<{ verdict: Verdict; score: number; maxScore: number }> => {
    const parts: { verdict: Verdict; score: number; maxScore: number }[] = [];
    let stopped = false;
    for (const child of group.children) {
      if (isRoot && group.settings.ignoreSample && typeof child !== 'number' && child.name === 'sample') {
        if (!stopped) await walk(child, false); // judged, shown, not counted
        continue;
      }
      let part: { verdict: Verdict; score: number; maxScore: number };
      if (stopped) part = skipped(child, group.settings);
      else if (typeof child === 'number') {
        const result = await runTest(child);
        const s = group.settings;
        // A score the checker gave counts as it is, rejected or not (a CMS checker's partial outcome is WA scoring it; a
        // Kattis validator's score.txt is read only when it accepts).
        part = { verdict: result.verdict, score: result.score ?? (result.verdict === 'AC' ? s.acceptScore : s.rejectScore), maxScore: s.acceptScore };
      } else part = await walk(child, false);
      parts.push(part);
      if (part.verdict !== 'AC' && group.settings.onReject === 'break') stopped = true;
    }
    const result = combine(group.settings, parts);
    groups.push({ name: group.name, ...result });
    return result;
  };
  const result = await walk(root, true);
  return { ...result, groups };
}

/** What a child not run counts: rejected, worth its maximum. */
function skipped(child: number | TestGroup, parent: ScoringSettings): { verdict: Verdict; score: number; maxScore: number } {
  if (typeof child === 'number') return { verdict: 'WA', score: parent.rejectScore, maxScore: parent.acceptScore };
  return { verdict: 'WA', score: 0, maxScore: maxScoreOf(child, false) };
}

/** The most the group can score: every test accepted (the samples left out where the root says so). */
export function maxScoreOf(group: TestGroup, isRoot = true): number {
  const counted = group.children.filter((c) => !(isRoot && group.settings.ignoreSample && typeof c !== 'number' && c.name === 'sample'));
  const parts = counted.map((c) => {
    const best = typeof c === 'number' ? group.settings.acceptScore : maxScoreOf(c, false);
    return { verdict: 'AC' as Verdict, score: best, maxScore: best };
  });
  return combine(group.settings, parts).maxScore;
}

function combine(settings: ScoringSettings, parts: { verdict: Verdict; score: number; maxScore: number }[]): { verdict: Verdict; score: number; maxScore: number } {
  const verdict = groupVerdict(settings, parts.map((p) => p.verdict));
  let score = aggregate(settings.aggregation, parts.map((p) => p.score));
  let maxScore = aggregate(settings.aggregation, parts.map((p) => p.maxScore));
  if (settings.score !== undefined) {
    score = maxScore > 0 ? (settings.score * score) / maxScore : verdict === 'AC' ? settings.score : 0;
    maxScore = settings.score;
  }
  const [lo, hi] = settings.range;
  return { verdict, score: round(Math.min(hi, Math.max(lo, score))), maxScore: round(Math.min(hi, Math.max(lo, maxScore))) };
}

function groupVerdict(settings: ScoringSettings, verdicts: Verdict[]): Verdict {
  if (verdicts.length === 0) return 'AC';
  if (settings.verdictRule === 'accept_if_any_accepted' && verdicts.includes('AC')) return 'AC';
  if (settings.verdictRule === 'worst_error') return verdicts.reduce((a, b) => (SEVERITY.indexOf(b) > SEVERITY.indexOf(a) ? b : a));
  return verdicts.find((v) => v !== 'AC') ?? 'AC';
}

function aggregate(how: Aggregation, values: number[]): number {
  if (values.length === 0) return 0;
  switch (how) {
    case 'sum':
      return values.reduce((a, b) => a + b, 0);
    case 'min':
      return Math.min(...values);
    case 'max':
      return Math.max(...values);
    case 'avg':
      return values.reduce((a, b) => a + b, 0) / values.length;
  }
}

/** Scores are kept to 6 decimals: sums of fractions must not print as 29.999999999. */
function round(n: number): number {
  return Number.isFinite(n) ? Math.round(n * 1e6) / 1e6 : n;
}
