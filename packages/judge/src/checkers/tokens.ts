// The Kattis default output validator (problemtools' and DOMjudge's default compare): the output
// and the answer are compared token by token. Flags: case_sensitive (tokens compare ignoring
// ASCII case unless given: "YES" is "yes", "NaN" is "nan"), space_change_sensitive (whitespace
// must then be the same, character for character), float_tolerance ε, float_absolute_tolerance ε,
// float_relative_tolerance ε (an answer token that is a number then matches any number within
// the tolerance). Bytes are compared exactly and whitespace is ASCII whitespace (see text.ts).
import type { Checker, CheckerResult } from '../plugin-api.ts';
import { excerpt, readBytesAsText, readOutput } from './text.ts';

export interface TokenOptions {
  caseSensitive: boolean;
  spaceChangeSensitive: boolean;
  /** Undefined: numbers compare as text. */
  absolute?: number;
  relative?: number;
}

const TOLERANCES: Record<string, 'both' | 'absolute' | 'relative'> = {
  float_tolerance: 'both',
  float_absolute_tolerance: 'absolute',
  float_relative_tolerance: 'relative',
};

/** Reads validator flags; throws an Error naming the first one it does not know. */
export function tokenOptions(flags: string[], what = 'validator flags'): TokenOptions {
  const options: TokenOptions = { caseSensitive: false, spaceChangeSensitive: false };
  for (let i = 0; i < flags.length; i++) {
    const flag = flags[i];
    if (flag === 'case_sensitive') options.caseSensitive = true;
    else if (flag === 'space_change_sensitive') options.spaceChangeSensitive = true;
    else if (TOLERANCES[flag]) {
      const value = Number(flags[++i]);
      if (flags[i] === undefined || !Number.isFinite(value) || value < 0) throw new Error(`${what}: ${flag} needs a non-negative number`);
      if (TOLERANCES[flag] !== 'relative') options.absolute = value;
      if (TOLERANCES[flag] !== 'absolute') options.relative = value;
    } else throw new Error(`${what}: "${flag}" is not a flag of the default output validator (case_sensitive, space_change_sensitive, float_tolerance, float_absolute_tolerance, float_relative_tolerance)`);
  }
  if (options.absolute !== undefined || options.relative !== undefined) {
    options.absolute ??= 0;
    options.relative ??= 0;
  }
  return options;
}

// What strtod reads as a whole token: decimal numbers, inf/infinity and nan, in any case. Each
// part is unambiguous, so a long token that is almost a number fails in linear time.
const NUMBER = /^[+-]?(?:(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|inf(?:inity)?|nan)$/i;

/** Splits into whitespace runs and tokens: [ws, token, ws, token, …, ws] (the runs may be empty). */
function split(text: string): { tokens: string[]; spaces: string[] } {
  const tokens: string[] = [];
  const spaces: string[] = [];
  let i = 0;
  const n = text.length;
  const isSpace = (c: number) => c === 0x20 || (c >= 0x09 && c <= 0x0d);
  for (;;) {
    const start = i;
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    spaces.push(text.slice(start, i));
    if (i >= n) break;
    const begin = i;
    while (i < n && !isSpace(text.charCodeAt(i))) i++;
    tokens.push(text.slice(begin, i));
  }
  return { tokens, spaces };
}

const lowerAscii = (s: string) => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());

export function compareTokens(output: string, answer: string, options: TokenOptions): CheckerResult {
  const got = split(output);
  const want = split(answer);
  const float = options.absolute !== undefined;
  for (let i = 0; i < want.tokens.length; i++) {
    if (options.spaceChangeSensitive && got.spaces[i] !== want.spaces[i] && i < got.tokens.length) {
      return { verdict: 'WA', message: `space change before token ${i + 1}` };
    }
    if (i >= got.tokens.length) return { verdict: 'WA', message: `expected ${want.tokens.length} tokens, got ${got.tokens.length}: output ends early` };
    const [g, w] = [got.tokens[i], want.tokens[i]];
    if (g === w || (!options.caseSensitive && lowerAscii(g) === lowerAscii(w))) continue;
    if (float && NUMBER.test(w)) {
      if (!NUMBER.test(g)) return { verdict: 'WA', message: `token ${i + 1}: expected a number, got ${excerpt(g, 40)}` };
      const [a, b] = [Number(parseNumber(g)), Number(parseNumber(w))];
      const diff = Math.abs(a - b);
      if (diff <= options.absolute! || diff <= options.relative! * Math.abs(b)) continue;
      return { verdict: 'WA', message: `token ${i + 1}: ${excerpt(g, 40)} is not within tolerance of ${excerpt(w, 40)}` };
    }
    return { verdict: 'WA', message: `token ${i + 1}: expected ${excerpt(w, 40)}, got ${excerpt(g, 40)}` };
  }
  if (got.tokens.length > want.tokens.length) return { verdict: 'WA', message: `trailing output: expected ${want.tokens.length} tokens, got more` };
  if (options.spaceChangeSensitive && got.spaces[want.tokens.length] !== want.spaces[want.tokens.length]) {
    return { verdict: 'WA', message: 'space change after the last token' };
  }
  return { verdict: 'AC' };
}

/** JavaScript's Number() reads "inf" as NaN: spell infinities its way. */
function parseNumber(token: string): string {
  const m = /^([+-]?)inf(?:inity)?$/i.exec(token);
  return m ? `${m[1]}Infinity` : token;
}

export const tokensChecker: Checker = {
  name: 'tokens',
  async check(ctx, options) {
    const [output, answer] = await Promise.all([readOutput(ctx), readBytesAsText(ctx.answer)]);
    return compareTokens(output, answer, options as unknown as TokenOptions);
  },
};
