// Token-wise comparison where numbers match within an absolute or a relative tolerance
// (Kattis `float_tolerance`, `float_absolute_tolerance`, `float_relative_tolerance`).
// Bytes are compared exactly and whitespace is ASCII whitespace (see text.ts).
import type { Checker, CheckerResult } from '../plugin-api.ts';
import { ASCII_WHITESPACE, excerpt, readBytesAsText, readOutput } from './text.ts';

// Unambiguous (digits, then an optional fraction that starts with its dot), so a long token that
// is almost a number fails in linear time.
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export function compareFloats(output: string, answer: string, absolute: number, relative: number): CheckerResult {
  const got = output.split(ASCII_WHITESPACE).filter(Boolean);
  const want = answer.split(ASCII_WHITESPACE).filter(Boolean);
  for (let i = 0; i < want.length; i++) {
    if (i >= got.length) return { verdict: 'WA', message: `expected ${want.length} tokens, got ${got.length}` };
    const [g, w] = [got[i], want[i]];
    if (NUMBER.test(w)) {
      if (!NUMBER.test(g)) return { verdict: 'WA', message: `token ${i + 1}: expected a number, got ${excerpt(g, 40)}` };
      const diff = Math.abs(Number(g) - Number(w));
      // The same text is the same number, also where it overflows (1e999 - 1e999 is NaN).
      if (!(g === w || diff <= absolute || diff <= relative * Math.abs(Number(w)))) {
        return { verdict: 'WA', message: `token ${i + 1}: ${excerpt(g, 40)} is not within tolerance of ${excerpt(w, 40)}` };
      }
    } else if (g !== w) {
      return { verdict: 'WA', message: `token ${i + 1}: expected ${excerpt(w, 40)}, got ${excerpt(g, 40)}` };
    }
  }
  if (got.length > want.length) return { verdict: 'WA', message: `expected ${want.length} tokens, got ${got.length}` };
  return { verdict: 'AC' };
}

export const floatChecker: Checker = {
  name: 'float',
  async check(ctx, options) {
    const absolute = typeof options.absolute === 'number' ? options.absolute : 1e-6;
    const relative = typeof options.relative === 'number' ? options.relative : 1e-6;
    const [output, answer] = await Promise.all([readOutput(ctx), readBytesAsText(ctx.answer)]);
    return compareFloats(output, answer, absolute, relative);
  },
};
