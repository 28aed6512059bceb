// The default checker: AC when output and answer are equal modulo whitespace at line ends and
// trailing blank lines; PE when they are equal once all whitespace is removed; WA otherwise.
import { readFile } from 'node:fs/promises';
import type { Checker, CheckerResult } from '../plugin-api.ts';

function normalizeLines(text: string): string {
  const lines = text.split('\n').map((line) => line.replace(/\s+$/, ''));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}

export function compareExact(output: string, answer: string): CheckerResult {
  if (normalizeLines(output) === normalizeLines(answer)) return { verdict: 'AC' };
  if (output.replace(/\s+/g, '') === answer.replace(/\s+/g, '')) {
    return { verdict: 'PE', message: 'output differs from the answer only in whitespace' };
  }
  const out = normalizeLines(output).split('\n');
  const ans = normalizeLines(answer).split('\n');
  const line = out.findIndex((l, i) => l !== ans[i]);
  const at = line === -1 ? out.length : line;
  return { verdict: 'WA', message: `line ${at + 1} differs: expected ${preview(ans[at])}, got ${preview(out[at])}` };
}

function preview(line: string | undefined): string {
  if (line === undefined) return 'end of output';
  return JSON.stringify(line.length > 60 ? `${line.slice(0, 60)}…` : line);
}

export const defaultChecker: Checker = {
  name: 'default',
  async check(ctx) {
    const [output, answer] = await Promise.all([readFile(ctx.output, 'utf8'), readFile(ctx.answer, 'utf8')]);
    return compareExact(output, answer);
  },
};
