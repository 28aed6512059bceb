// A contest's scoring rule (issue 15, item 5): how its leaderboard counts and ranks. The server
// validates and applies it; the web app's forms and boards and the CLI name it the same way.

export const SCORING_RULES = ['icpc', 'ioi', 'oi'] as const;
export type ScoringRule = (typeof SCORING_RULES)[number];

/** A contest created without a rule, and every contest older than the rule. */
export const DEFAULT_SCORING_RULE: ScoringRule = 'icpc';

export const SCORING_RULE_MESSAGE = 'scoringRule must be icpc, ioi or oi';

/** What a pass-fail problem is worth under IOI and OI: this for AC, 0 for anything else. */
export const PASS_FAIL_POINTS = 100;

export const SCORING_RULE_LABELS: Record<ScoringRule, string> = {
  icpc: 'ICPC: problems solved, then penalty',
  ioi: 'IOI: best score per problem',
  oi: 'OI: last submission’s score per problem',
};

export function isScoringRule(value: unknown): value is ScoringRule {
  return typeof value === 'string' && (SCORING_RULES as readonly string[]).includes(value);
}

/** Whether the rule ranks by score (IOI, OI) rather than by problems solved (ICPC). */
export function ranksByScore(rule: ScoringRule): boolean {
  return rule !== 'icpc';
}
