// Shared pieces of the fuzz tests: hostile inputs, run counts and the pollution check.
// FUZZ_SEED=<n> replays a run (fast-check prints the seed and path of any failure);
// FUZZ_RUNS_FACTOR scales every run count (e.g. 10 for a long local session).
import assert from 'node:assert/strict';
import fc from 'fast-check';

if (process.env.FUZZ_SEED) fc.configureGlobal({ seed: Number(process.env.FUZZ_SEED) });

const factor = Number(process.env.FUZZ_RUNS_FACTOR ?? 1) || 1;
const runs = (n: number) => Math.max(1, Math.round(n * factor));

/** Cases per property; the four files together stay within ~90 s on the CI machine. */
export const RUNS = { validators: runs(100), packages: runs(50), checkers: runs(400), spreadsheets: runs(60) };

export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__'];

/** Strings meant to break things: any code unit (lone surrogates, NUL), huge, control and RTL characters. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ maxLength: 40 }).map((s) => `${s}\0${s}`),
  fc.constantFrom(...PROTOTYPE_KEYS, "' OR 1=1 --", '<script>alert(1)</script>', '\u202e\u0000\ud800', '  padded  ', 'NaN', '-0', '1e309', '0x10', ' 7 '),
  fc.tuple(fc.constantFrom('a', '€', '\0', '𝄞', ' '), fc.integer({ min: 1_000, max: 100_000 })).map(([c, n]) => c.repeat(n)),
);

/** Any JSON value (what a JSON body or a form parser can hand us), with hostile strings and keys. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.array(tie('value'), { maxLength: 5 }),
    // Objects as JSON.parse builds them: "__proto__" becomes an own key.
    fc.dictionary(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 4 }).map((o) => JSON.parse(JSON.stringify(o)) as unknown),
  ),
})).value;

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).sort().join(',');
const ARRAY_PROTOTYPE_NAMES = Object.getOwnPropertyNames(Array.prototype).sort().join(',');

/** Fails when anything added or replaced a property of Object.prototype or Array.prototype. */
export function assertNoPollution(): void {
  assert.equal(Object.getOwnPropertyNames(Object.prototype).sort().join(','), PROTOTYPE_NAMES, 'Object.prototype was polluted');
  assert.equal(Object.getOwnPropertyNames(Array.prototype).sort().join(','), ARRAY_PROTOTYPE_NAMES, 'Array.prototype was polluted');
  assert.equal(typeof Object.prototype.toString, 'function', 'Object.prototype.toString was replaced');
}

/**
 * Damage to a valid file's bytes: up to `maxFlips` flipped bytes, a truncation, or up to
 * `maxInsert` inserted bytes (each a function from the file to its damaged copy).
 */
export function byteDamage(maxFlips: number, maxInsert: number): fc.Arbitrary<(bytes: Buffer) => Buffer>[] {
  return [
    fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: maxFlips }).map((flips) => (bytes: Buffer) => {
      const copy = Buffer.from(bytes);
      for (const [at, bits] of flips) copy[at % copy.length] ^= bits;
      return copy;
    }),
    fc.nat().map((at) => (bytes: Buffer) => bytes.subarray(0, at % bytes.length)),
    fc
      .tuple(fc.nat(), fc.uint8Array({ minLength: 1, maxLength: maxInsert }))
      .map(([at, ins]) => (bytes: Buffer) => Buffer.concat([bytes.subarray(0, at % bytes.length), ins, bytes.subarray(at % bytes.length)])),
  ];
}
