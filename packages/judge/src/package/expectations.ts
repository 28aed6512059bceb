// What a package says its submissions may get besides their folders: BAPCtools' expectations,
// in `submissions/submissions.yaml` (the 2025-09 draft: keys are globs) or the older
// `submissions/expectations.yaml` (keys are regular expressions matched from the start, by prefix),
// and DOMjudge's `submissions.json` (entry points). A rule names submissions and gives them
// `permitted` verdicts (every test must get one of them) and `required` ones (some test must), a
// shorthand for both ("wrong answer": permitted AC and WA, some WA), an `entrypoint`, and the same
// per part of the test data (`sample: accepted`, `secret/\d+-huge: time limit exceeded`).
// Score expectations (a number or a range, `score`, `fractional_score`, "full score") are checked
// on the submission's score and on the scores of the test data groups they name.
import path from 'node:path';
import type { GroupResult, ScoreExpectation, TestExpectation, TestResult, Verdict } from '../types.ts';
import { readText } from './files.ts';
import { asObject, describe, readYaml } from './kattis-config.ts';
import { PackageError } from './errors.ts';

/** The expectations' verdict names: what each allows of Verdict's. */
const YAML_VERDICTS: Record<string, Verdict[]> = {
  AC: ['AC'],
  WA: ['WA', 'PE', 'OLE'],
  TLE: ['TLE', 'OLE'],
  RTE: ['RE', 'MLE', 'OLE'],
};

/** The common expectations and what they permit and require. */
const SHORTHANDS: Record<string, { permitted?: string[]; required?: string[] }> = {
  accepted: { permitted: ['AC'], required: ['AC'] },
  'wrong answer': { permitted: ['AC', 'WA'], required: ['WA'] },
  'time limit exceeded': { permitted: ['AC', 'TLE'], required: ['TLE'] },
  'runtime exception': { permitted: ['AC', 'RTE'], required: ['RTE'] },
  'does not terminate': { permitted: ['AC', 'TLE', 'RTE'], required: ['TLE', 'RTE'] },
  'not accepted': { required: ['WA', 'TLE', 'RTE'] },
};

/** Keys of a rule that say nothing Verdict checks. */
const UNCHECKED = new Set(['use_for_time_limit', 'language', 'author', 'authors', 'model_solution']);
const MESSAGE_KEYS = new Set(['message', 'judge_message']);
/** `allowed` is BAPCtools' earlier name for `permitted`. */
const VERDICT_KEYS = new Set(['permitted', 'allowed', 'required']);
const SCORE_KEYS = new Set(['score', 'fractional_score']);

export interface SubmissionRule {
  /** Whether the rule covers a submission (its path under submissions/). */
  matches(rel: string): boolean;
  /** Verdicts the submission's final verdict may be (permitted ∩ required), when the rule says. */
  accepts?: Verdict[];
  /** Rules for parts of the test data. */
  tests: TestExpectation[];
  score?: ScoreExpectation;
  message?: string;
  entryPoint?: string;
}

type Matcher = (pattern: string) => RegExp;

/** expectations.yaml: a regular expression matched from the start, so a folder covers what is in it. */
const regexPrefix: Matcher = (pattern) => {
  try {
    return new RegExp(`^(?:${pattern.replace(/^\.?\/+/, '')})`);
  } catch (err) {
    throw new PackageError(`submissions/expectations.yaml: ${pattern} is not a regular expression: ${(err as Error).message}`);
  }
};

/** The package's rules for its submissions, and notes on what of them is not checked. */
export async function submissionRules(dir: string): Promise<{ rules: SubmissionRule[]; notes: string[] }> {
  const rules: SubmissionRule[] = [];
  const notes: string[] = [];
  for (const [file, matcher] of [
    ['submissions.yaml', globPattern],
    ['expectations.yaml', regexPrefix],
  ] as const) {
    const yaml = await readYaml(path.join(dir, 'submissions', file), `submissions/${file}`);
    for (const [key, value] of Object.entries(yaml ?? {})) {
      const what = `submissions/${file}: ${key}`;
      // An entry Verdict cannot read is reported and left out: the package's other entries and
      // its submissions' folders still count.
      try {
        const read = readRule(value, what, matcher, notes);
        const re = matcher(key);
        rules.push({ matches: (rel) => re.test(rel), ...read });
      } catch (err) {
        if (!(err instanceof PackageError)) throw err;
        notes.push(`${err.message}; the entry is not used`);
      }
    }
  }
  const json = await readText(path.join(dir, 'submissions.json'));
  if (json !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch (err) {
      throw new PackageError(`submissions.json is not valid JSON: ${(err as Error).message}`);
    }
    for (const [key, value] of Object.entries(asObject(parsed, 'submissions.json'))) {
      const entry = asObject(value, `submissions.json: ${key}`);
      const entryPoint = entry.entry_point ?? entry.entrypoint;
      if (entryPoint !== undefined && typeof entryPoint !== 'string') throw new PackageError(`submissions.json: ${key}: entry_point must be a file name, got ${describe(entryPoint)}`);
      const rel = key.replace(/^\.?\/+/, '').replace(/\/+$/, '').replace(/^submissions\//, '');
      rules.push({ matches: (r) => r === rel, tests: [], entryPoint });
    }
  }
  return { rules, notes };
}

/** One rule's value: a shorthand, a score (not checked), or a map of lists, an entry point and test data parts. */
function readRule(value: unknown, what: string, matcher: Matcher, notes: string[]): Omit<SubmissionRule, 'matches'> {
  const lists = expectationLists(value, what, notes);
  const tests: TestExpectation[] = [];
  let entryPoint: string | undefined;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      if (VERDICT_KEYS.has(key) || UNCHECKED.has(key) || SCORE_KEYS.has(key) || MESSAGE_KEYS.has(key)) continue;
      if (key === 'entrypoint' || key === 'entry_point') {
        if (typeof inner !== 'string') throw new PackageError(`${what}: entrypoint must be a file name, got ${describe(inner)}`);
        entryPoint = inner;
        continue;
      }
      // Anything else names part of the test data (sample, secret, secret/group/test, a pattern
      // of them); a key that cannot be one is noted, not guessed at.
      if (!/^(sample|secret|invalid|valid)|[*?[{(\\.]/.test(key)) {
        notes.push(`${what}: ${key} is not a key Verdict knows (nor part of the test data): not checked`);
        continue;
      }
      const part = expectationLists(inner, `${what}: ${key}`, notes);
      if (part.permitted || part.required || part.score || part.message) tests.push({ pattern: matcher(key), part: key, ...part });
    }
  }
  const accepts = intersect([lists.permitted, lists.required].filter((l): l is Verdict[] => l !== undefined));
  return { accepts, tests, entryPoint, ...(lists.score ? { score: lists.score } : {}), ...(lists.message ? { message: lists.message } : {}) };
}

/** A score or an inclusive range of two, absolute or as a fraction of the most possible. */
function scoreExpectation(value: unknown, fractional: boolean, what: string): ScoreExpectation {
  const pair = Array.isArray(value) ? value : [value, value];
  if (pair.length !== 2 || !pair.every((v) => typeof v === 'number' && Number.isFinite(v)) || pair[0] > pair[1]) {
    throw new PackageError(`${what} must be a number or a range [low, high], got ${describe(value)}`);
  }
  return { min: pair[0] as number, max: pair[1] as number, fractional };
}

/** The permitted and required verdicts a value says: a shorthand, or a map with the lists. */
function expectationLists(value: unknown, what: string, notes: string[]): { permitted?: Verdict[]; required?: Verdict[]; score?: ScoreExpectation; message?: string } {
  if (typeof value === 'number' || Array.isArray(value)) return { score: scoreExpectation(value, false, what) };
  if (value === 'full score') return { score: { min: 1, max: 1, fractional: true } };
  if (typeof value === 'string') {
    const shorthand = SHORTHANDS[value.trim().toLowerCase()];
    if (!shorthand) throw new PackageError(`${what}: "${value}" is not an expectation (${Object.keys(SHORTHANDS).join(', ')}, full score, or permitted/required lists)`);
    return {
      ...(shorthand.permitted ? { permitted: yamlVerdicts(shorthand.permitted, what) } : {}),
      ...(shorthand.required ? { required: yamlVerdicts(shorthand.required, what) } : {}),
    };
  }
  const rule = asObject(value, what);
  const message = rule.message ?? rule.judge_message;
  if (message !== undefined && typeof message !== 'string') throw new PackageError(`${what}: message must be text, got ${describe(message)}`);
  if (rule.score !== undefined && rule.fractional_score !== undefined) notes.push(`${what}: both score and fractional_score; the score is checked`);
  const score =
    rule.score !== undefined ? scoreExpectation(rule.score, false, `${what}: score`) : rule.fractional_score !== undefined ? scoreExpectation(rule.fractional_score, true, `${what}: fractional_score`) : undefined;
  return {
    ...((rule.permitted ?? rule.allowed) !== undefined ? { permitted: yamlVerdicts(rule.permitted ?? rule.allowed, `${what}: permitted`) } : {}),
    ...(rule.required !== undefined ? { required: yamlVerdicts(rule.required, `${what}: required`) } : {}),
    ...(score ? { score } : {}),
    ...(message !== undefined ? { message } : {}),
  };
}

function yamlVerdicts(value: unknown, what: string): Verdict[] {
  const names = typeof value === 'string' ? [value] : Array.isArray(value) ? value : null;
  const unknown = names?.find((n) => typeof n !== 'string' || !YAML_VERDICTS[n.toUpperCase()]);
  if (!names || unknown !== undefined) {
    const got = names ? `${typeof unknown === 'string' ? `"${unknown}"` : describe(unknown)} in the list` : describe(value);
    throw new PackageError(`${what} must be a list of ${Object.keys(YAML_VERDICTS).join(', ')}, got ${got}`);
  }
  return [...new Set((names as string[]).flatMap((n) => YAML_VERDICTS[n.toUpperCase()]))];
}

/** The verdicts in every list (undefined when there is none). */
export function intersect(lists: Verdict[][]): Verdict[] | undefined {
  if (lists.length === 0) return undefined;
  return lists.reduce((a, b) => a.filter((v) => b.includes(v)));
}

/**
 * A glob of submissions.yaml (`*`, `**`, `?`, `[…]`, `{a,b}`) as a regular expression over paths
 * (under submissions/, or a test's name under data/); a match on a folder covers what is in it.
 */
export function globPattern(glob: string): RegExp {
  let re = '';
  let braces = 0;
  const g = glob.replace(/^\.?\/+/, '').replace(/\/+$/, '');
  for (let i = 0; i < g.length; i++) {
    const c = g[i];
    if (c === '*' && g[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '{') {
      braces++;
      re += '(?:';
    } else if (c === '}' && braces > 0) {
      braces--;
      re += ')';
    } else if (c === ',' && braces > 0) re += '|';
    else if (c === '[') {
      const close = g.indexOf(']', i + 1);
      if (close < 0) re += '\\[';
      else {
        re += `[${g.slice(i + 1, close).replace(/^!/, '^').replace(/\\/g, '\\\\')}]`;
        i = close;
      }
    } else re += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  if (braces > 0) throw new PackageError(`submissions/submissions.yaml: ${glob} has an unclosed {`);
  return new RegExp(`^${re}(?:/.*)?$`);
}

/** What a judged submission gave that its expectations are checked on. */
export interface JudgedForExpectations {
  tests: readonly TestResult[];
  score?: number;
  maxScore?: number;
  groups?: readonly GroupResult[];
}

/**
 * Whether a judged submission keeps the package's expectations: its score, and for each part of
 * the test data every covered test got a permitted verdict, some got a required one, and each
 * group it names scored as expected. The first broken one, in words, or null.
 */
export function brokenExpectation(expected: { tests?: readonly TestExpectation[]; score?: ScoreExpectation; message?: string }, judged: JudgedForExpectations): string | null {
  if (expected.score) {
    const broken = brokenScore(expected.score, judged.score, judged.maxScore, 'the submission');
    if (broken) return broken;
  }
  if (expected.message !== undefined && !saysMessage(judged.tests, expected.message)) return `no test's validator message holds "${expected.message}"`;
  for (const e of expected.tests ?? []) {
    const covered = judged.tests.filter((t) => e.pattern.test(t.name));
    const outside = e.permitted && covered.find((t) => !e.permitted!.includes(t.verdict));
    if (outside) return `${outside.name}: ${outside.verdict}, where ${e.part} permits ${e.permitted!.join('/')}`;
    if (e.required && !covered.some((t) => e.required!.includes(t.verdict))) return `${e.part}: no test got ${e.required.join('/')} (required)`;
    if (e.message !== undefined && !saysMessage(covered, e.message)) return `${e.part}: no test's validator message holds "${e.message}"`;
    if (e.score) {
      const groups = (judged.groups ?? []).filter((g) => e.pattern.test(g.name));
      if (groups.length === 0) return `${e.part}: no test data group scored (score expected)`;
      for (const g of groups) {
        const broken = brokenScore(e.score, g.score, g.maxScore, g.name);
        if (broken) return broken;
      }
    }
  }
  return null;
}

/** Whether some test's validator message holds the text, any case (BAPCtools' expectations read it so). */
function saysMessage(tests: readonly TestResult[], text: string): boolean {
  const wanted = text.toLowerCase();
  return tests.some((t) => (t.message ?? '').toLowerCase().includes(wanted));
}

function brokenScore(e: ScoreExpectation, score: number | undefined, maxScore: number | undefined, what: string): string | null {
  if (score === undefined) return `${what}: no score (the problem is not scored), where a score is expected`;
  const value = e.fractional ? (maxScore ? score / maxScore : 0) : score;
  const near = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b));
  if ((value < e.min && !near(value, e.min)) || (value > e.max && !near(value, e.max))) {
    const want = e.min === e.max ? `${e.min}` : `${e.min}–${e.max}`;
    return `${what}: scored ${e.fractional ? `${(value * 100).toFixed(0)}% of the most` : score}, where ${e.fractional ? `${want} of the most` : want} is expected`;
  }
  return null;
}
