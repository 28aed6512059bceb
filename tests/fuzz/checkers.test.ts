// Property tests of the built-in checkers (docs/judge.md "Checkers"): random outputs and answers
// (any bytes, numbers, hostile tokens) never crash them; verdicts are deterministic, identical
// output is AC, the whitespace rules hold and a wider float tolerance never turns AC into WA.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { compareExact, compareFloats, defaultChecker, floatChecker } from '@verdict/judge';
import { RUNS } from './arbitraries.ts';

/** Output as the checkers read it: any bytes, one character per byte. */
const bytes = fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b).toString('latin1'));

const numberToken = fc.oneof(
  fc.double({ noNaN: true }).map(String),
  fc.tuple(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: 0, max: 20 })).map(([d, digits]) => d.toExponential(digits)),
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
  fc.constantFrom('1e999', '-1e999', '1e-999', '-0', '+0', '.5', '5.', '00012', '1E+3', '+.e5', 'NaN', 'Infinity', '0x1F', '1_000'),
);
const wordToken = fc.oneof(fc.constantFrom('YES', 'no', 'Impossible', '\0', '\xff\xfe', 'é'), fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 6 }).filter((s) => !/[ \t\n\v\f\r]/.test(s)));
const whitespace = fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\r\n'), minLength: 1, maxLength: 3 });

/** Tokens joined by whitespace runs, as a contestant's output or an answer file. */
const tokens = fc.array(fc.oneof(numberToken, wordToken), { maxLength: 12 });
function joined(parts: string[], gaps: string[]): string {
  return parts.map((p, i) => `${p}${gaps[i % Math.max(1, gaps.length)] ?? ' '}`).join('');
}
const text = fc.tuple(tokens, fc.array(whitespace, { minLength: 1, maxLength: 5 })).map(([t, g]) => joined(t, g));
const anyText = fc.oneof(text, bytes);

const tolerance = fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(1e-9, 1e-6, 1e-3));

const MAX_MESSAGE = 300;
function checkResult(result: { verdict: string; message?: string }, verdicts: string[]) {
  assert.ok(verdicts.includes(result.verdict), result.verdict);
  assert.ok((result.message ?? '').length <= MAX_MESSAGE, `message of ${result.message?.length} characters`);
}

describe('fuzz: checkers', function () {
  this.timeout(60_000);

  it('default: any output vs any answer gives AC, PE or WA with a short message, the same both times and both ways', () => {
    fc.assert(
      fc.property(anyText, anyText, (output, answer) => {
        const result = compareExact(output, answer);
        checkResult(result, ['AC', 'PE', 'WA']);
        assert.deepEqual(compareExact(output, answer), result);
        assert.equal(compareExact(answer, output).verdict, result.verdict);
      }),
      { numRuns: RUNS.checkers },
    );
  });

  it('default: identical output is AC; trailing whitespace, CRLF and trailing blank lines stay AC', () => {
    const lineEnds = fc.array(fc.string({ unit: fc.constantFrom(' ', '\t', '\r'), maxLength: 3 }), { maxLength: 20 });
    fc.assert(
      fc.property(anyText, lineEnds, fc.nat(3), (answer, ends, blank) => {
        assert.equal(compareExact(answer, answer).verdict, 'AC');
        const lines = answer.split('\n');
        const padded = lines.map((line, i) => `${line}${ends[i % Math.max(1, ends.length)] ?? ''}`).join('\n') + '\n'.repeat(blank);
        assert.equal(compareExact(padded, answer).verdict, 'AC', JSON.stringify({ padded, answer }));
      }),
      { numRuns: RUNS.checkers },
    );
  });

  it('default: whitespace inserted anywhere gives AC or PE, never WA', () => {
    fc.assert(
      fc.property(anyText, fc.array(fc.tuple(fc.nat(), whitespace), { minLength: 1, maxLength: 4 }), (answer, inserts) => {
        let output = answer;
        for (const [at, ws] of inserts) {
          const i = at % (output.length + 1);
          output = output.slice(0, i) + ws + output.slice(i);
        }
        assert.notEqual(compareExact(output, answer).verdict, 'WA', JSON.stringify({ output, answer }));
      }),
      { numRuns: RUNS.checkers },
    );
  });

  it('float: identical output is AC; other whitespace between tokens stays AC', () => {
    fc.assert(
      fc.property(tokens, fc.array(whitespace, { minLength: 1, maxLength: 5 }), fc.array(whitespace, { minLength: 1, maxLength: 5 }), tolerance, tolerance, (parts, gapsA, gapsB, abs, rel) => {
        const answer = joined(parts, gapsA);
        assert.equal(compareFloats(answer, answer, abs, rel).verdict, 'AC', JSON.stringify(answer));
        assert.equal(compareFloats(joined(parts, gapsB), answer, abs, rel).verdict, 'AC');
      }),
      { numRuns: RUNS.checkers, examples: [[['1e999'], [' '], ['\n'], 0, 0]] },
    );
  });

  it('float: any output gives AC or WA with a short message, deterministically; a wider tolerance never turns AC into WA', () => {
    fc.assert(
      fc.property(anyText, anyText, tolerance, tolerance, tolerance, tolerance, (output, answer, abs, rel, moreAbs, moreRel) => {
        const result = compareFloats(output, answer, abs, rel);
        checkResult(result, ['AC', 'WA']);
        assert.deepEqual(compareFloats(output, answer, abs, rel), result);
        if (result.verdict === 'AC') assert.equal(compareFloats(output, answer, abs + moreAbs, rel + moreRel).verdict, 'AC');
      }),
      { numRuns: RUNS.checkers },
    );
  });

  it('float: a number moved by less than the absolute tolerance is AC, by more than both tolerances WA', () => {
    const finite = fc.double({ min: -1e6, max: 1e6, noNaN: true });
    fc.assert(
      fc.property(finite, fc.double({ min: 1e-6, max: 1, noNaN: true }), fc.double({ min: 0, max: 0.99, noNaN: true }), (x, abs, fraction) => {
        const answer = String(x);
        const inside = x + abs * fraction;
        if (Math.abs(Number(String(inside)) - x) <= abs) assert.equal(compareFloats(String(inside), answer, abs, 0).verdict, 'AC');
        const outside = x + 2 * abs + 1e-3 * Math.abs(x) + 1;
        assert.equal(compareFloats(String(outside), answer, abs, 1e-4).verdict, 'WA', `${outside} vs ${answer}`);
      }),
      { numRuns: RUNS.checkers },
    );
  });

  it('both checkers read files of any bytes (NUL, invalid UTF-8, huge lines) without failing; identical files are AC', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'verdict-fuzz-checkers-'));
    try {
      const ctx = { input: path.join(dir, 'in'), output: path.join(dir, 'out'), answer: path.join(dir, 'ans'), workDir: dir };
      const fileBytes = fc.oneof(
        fc.uint8Array({ maxLength: 300 }),
        fc.constantFrom(new Uint8Array(200_000).fill(0x20), new Uint8Array(200_000).fill(0x61), Uint8Array.from([0xc3, 0x28, 0x00, 0xed, 0xa0, 0x80])),
      );
      await fc.assert(
        fc.asyncProperty(fileBytes, fileBytes, async (out, ans) => {
          await writeFile(ctx.output, out);
          await writeFile(ctx.answer, ans);
          const exact = await defaultChecker.check(ctx, {});
          const float = await floatChecker.check(ctx, { absolute: 1e-6, relative: 1e-6 });
          checkResult(exact, ['AC', 'PE', 'WA']);
          checkResult(float, ['AC', 'WA']);
          if (Buffer.from(out).equals(Buffer.from(ans))) {
            assert.equal(exact.verdict, 'AC');
            assert.equal(float.verdict, 'AC');
          }
          await writeFile(ctx.answer, out);
          assert.equal((await defaultChecker.check(ctx, {})).verdict, 'AC');
          assert.equal((await floatChecker.check(ctx, {})).verdict, 'AC');
        }),
        { numRuns: Math.ceil(RUNS.checkers / 4), timeout: 10_000 },
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
