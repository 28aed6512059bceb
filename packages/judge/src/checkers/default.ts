// The default checker: AC when output and answer are equal modulo whitespace at line ends and
// trailing blank lines; PE when they are equal once all whitespace is removed; WA otherwise.
// Bytes are compared exactly and whitespace is ASCII whitespace (see text.ts).
import type { Checker, CheckerResult } from '../plugin-api.ts';
import { ASCII_WHITESPACE, excerpt, readBytesAsText, readOutput, trimEndAscii } from './text.ts';

const ALL_WHITESPACE = new RegExp(ASCII_WHITESPACE.source, 'g');

function normalizeLines(text: string): string[] {
  const lines = text.split('\n').map(trimEndAscii);
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Compares two texts read with readBytesAsText (one character per byte). */
export function compareExact(output: string, answer: string): CheckerResult {
  const out = normalizeLines(output);
  const ans = normalizeLines(answer);
  if (out.length === ans.length && out.every((line, i) => line === ans[i])) return { verdict: 'AC' };
  if (output.replace(ALL_WHITESPACE, '') === answer.replace(ALL_WHITESPACE, '')) {
    return { verdict: 'PE', message: 'output differs from the answer only in whitespace' };
  }
  const line = out.findIndex((l, i) => l !== ans[i]);
  const at = line === -1 ? out.length : line;
  return { verdict: 'WA', message: `line ${at + 1} differs: expected ${preview(ans[at])}, got ${preview(out[at])}` };
}

function preview(line: string | undefined): string {
  return line === undefined ? 'end of output' : excerpt(line, 60);
}

export const defaultChecker: Checker = {
  name: 'default',
  async check(ctx) {
    const [output, answer] = await Promise.all([readOutput(ctx), readBytesAsText(ctx.answer)]);
    return compareExact(output, answer);
  },
};
