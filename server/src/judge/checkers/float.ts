// Token-wise comparison where numbers match within an absolute or a relative tolerance
// (Kattis `float_tolerance`, `float_absolute_tolerance`, `float_relative_tolerance`).
import { readFile } from 'node:fs/promises';
import type { Checker, CheckerResult } from '../plugin-api.ts';

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export function compareFloats(output: string, answer: string, absolute: number, relative: number): CheckerResult {
  const got = output.split(/\s+/).filter(Boolean);
  const want = answer.split(/\s+/).filter(Boolean);
  for (let i = 0; i < want.length; i++) {
    if (i >= got.length) return { verdict: 'WA', message: `expected ${want.length} tokens, got ${got.length}` };
    const [g, w] = [got[i], want[i]];
    if (NUMBER.test(w)) {
      if (!NUMBER.test(g)) return { verdict: 'WA', message: `token ${i + 1}: expected a number, got ${JSON.stringify(g.slice(0, 40))}` };
      const diff = Math.abs(Number(g) - Number(w));
      if (!(diff <= absolute || diff <= relative * Math.abs(Number(w)))) {
        return { verdict: 'WA', message: `token ${i + 1}: ${g} is not within tolerance of ${w}` };
      }
    } else if (g !== w) {
      return { verdict: 'WA', message: `token ${i + 1}: expected ${JSON.stringify(w)}, got ${JSON.stringify(g.slice(0, 40))}` };
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
    const [output, answer] = await Promise.all([readFile(ctx.output, 'utf8'), readFile(ctx.answer, 'utf8')]);
    return compareFloats(output, answer, absolute, relative);
  },
};
