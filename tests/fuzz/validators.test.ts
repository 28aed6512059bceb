// Property tests of request validation: every route's body and query schema (through
// parseInput, as the app calls it), the account field rules and the web's pure rule modules.
// Arbitrary input either passes or fails with the VALIDATION error and a readable message;
// nothing pollutes Object.prototype; what is accepted parses again to the same value.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { z, type ZodType } from 'zod';
import { DomainError } from '@verdict/server/errors';
import { parseInput } from '@verdict/server/internal/http/validate';
import { formatTime, parseTime } from '@verdict/server/internal/common/wire';
import { allRoutes, testOnlyRoutes } from '@verdict/server/internal/http/routes';
import * as fields from '@verdict/server/internal/modules/accounts/auth-fields';
import { formatServerTime, parseServerTime } from '../../web/src/lib/time.ts';
import * as rules from '../../web/src/lib/validation.ts';
import { isValidSearchId } from '../../web/src/pages/admin/logic/search.ts';
import { uploadRefusal } from '../../web/src/pages/admin/logic/upload.ts';
import { emailProblem, nicknameProblem, passwordProblem, usernameProblem } from '../../cli/src/user-rules.ts';
import { assertNoPollution, hostileString, hostileValue, PROTOTYPE_KEYS, RUNS } from './arbitraries.ts';

interface Target {
  name: string;
  schema: ZodType;
  keys: string[];
}

/** Field names a schema takes, from the same JSON Schema the OpenAPI document is built from. */
function keysOf(schema: ZodType): string[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
  return Object.keys(json.properties ?? {});
}

const targets: Target[] = [...allRoutes, ...testOnlyRoutes].flatMap((def) =>
  (['body', 'query'] as const)
    .filter((part) => def[part])
    .map((part) => ({ name: `${def.method.toUpperCase()} ${def.path} ${part}`, schema: def[part]!, keys: keysOf(def[part]!) })),
);

/** Plausible wire values for a field, so that some inputs get past the first check. */
const fieldValue = fc.oneof(
  hostileValue,
  fc.constantFrom('1', '42', '2026-03-01 10:00:00', 'alice', 'a@b.cn', 'male', 'C++', 'secret1', '1,2,3', ''),
  fc.integer({ min: -5, max: 1_000_000 }),
);

/** An object of the schema's own fields (some left out), sometimes with extra or prototype keys. */
function bodyFor(keys: string[]) {
  const known = fc.record(Object.fromEntries(keys.map((k) => [k, fieldValue])), { requiredKeys: [] });
  const extra = fc.dictionary(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string()), hostileValue, { maxKeys: 3 });
  return fc.tuple(known, fc.option(extra, { freq: 3 })).map(([k, e]) => (e ? { ...k, ...JSON.parse(JSON.stringify(e)) } : k));
}

/** Dates back to wire text, as a client would send what it was given. */
function toWire(value: unknown): unknown {
  if (value instanceof Date) return formatTime(value);
  if (Array.isArray(value)) return value.map(toWire);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toWire(v)]));
  return value;
}

/** parseInput's contract: the value it returns, or a VALIDATION DomainError with a clear message. */
function validate(schema: ZodType, input: unknown): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: parseInput(schema, input) };
  } catch (err) {
    assert.ok(err instanceof DomainError, `not the validation error: ${(err as Error)?.stack ?? String(err)}`);
    assert.equal(err.kind, 'VALIDATION');
    assert.ok(err.message.trim().length > 0 && err.message.length <= 300, `unclear message: ${JSON.stringify(err.message.slice(0, 400))}`);
    assert.doesNotMatch(err.message, /\[object Object\]|\n/, `unclear message: ${JSON.stringify(err.message)}`);
    return { ok: false, message: err.message };
  }
}

describe('fuzz: request validation', function () {
  this.timeout(60_000);
  afterEach(assertNoPollution);

  it(`covers every route with a schema (${targets.length} schemas)`, () => {
    assert.ok(targets.length >= 30, `only ${targets.length} schemas found`);
  });

  it('every route schema: arbitrary JSON and form values give the value or a clear VALIDATION error', () => {
    const accepting = new Set<string>();
    for (const target of targets) {
      fc.assert(
        fc.property(fc.oneof(hostileValue, bodyFor(target.keys)), (input) => {
          const result = validate(target.schema, input);
          assertNoPollution();
          if (!result.ok) return;
          accepting.add(target.name);
          // A schema that reshapes its input (the user list: an array in, {title, usernames}
          // out) has no round trip to check.
          if (Array.isArray(input) !== Array.isArray(result.value)) return;
          // What is accepted parses again to the same value (dates travel as wire text).
          const again = validate(target.schema, toWire(result.value));
          assert.ok(again.ok, `${target.name}: accepted ${JSON.stringify(input)} but not its own output: ${!again.ok && again.message}`);
          assert.deepEqual(again.value, result.value);
        }),
        { numRuns: RUNS.validators },
      );
    }
    // The round trip was exercised, not only the refusals.
    assert.ok(accepting.size >= targets.length / 2, `only ${accepting.size} of ${targets.length} schemas accepted anything`);
  });

  it('prototype keys in a body never reach Object.prototype nor the validated value', () => {
    for (const target of targets.filter((t) => t.name.endsWith('body'))) {
      for (const key of PROTOTYPE_KEYS) {
        const input = JSON.parse(`{"${key}": {"polluted": "yes", "isAdmin": true}, "__proto__": {"auth": 2}}`);
        const result = validate(target.schema, input);
        assertNoPollution();
        if (result.ok && result.value && typeof result.value === 'object') {
          assert.equal((result.value as Record<string, unknown>).auth, undefined, target.name);
          assert.equal((result.value as Record<string, unknown>).polluted, undefined, target.name);
        }
      }
    }
  });

  it('account fields: arbitrary strings pass normalised (parsing again changes nothing) or fail with the field message', () => {
    const schemas = { loginUsername: fields.loginUsername, loginPassword: fields.loginPassword, newUsername: fields.newUsername, nickname: fields.nickname, email: fields.email, gender: fields.gender, newPassword: fields.newPassword, emailCode: fields.emailCode };
    for (const [name, schema] of Object.entries(schemas)) {
      fc.assert(
        fc.property(fc.oneof(hostileString, hostileValue), (input) => {
          const result = validate(schema, input);
          if (!result.ok) return;
          assert.equal(typeof result.value, 'string', name);
          const again = validate(schema, result.value);
          assert.ok(again.ok && again.value === result.value, `${name}: ${JSON.stringify(input)} → ${JSON.stringify(result.value)} is not stable`);
        }),
        { numRuns: RUNS.validators },
      );
    }
  });

  it('a time accepted on the wire is the same time formatted back (server and web)', () => {
    const wireTime = fc
      .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }))
      .map(([y, mo, d, h, mi, s]) => `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')} ${String(h).padStart(2, '0')}:${String(mi).padStart(2, '0')}:${String(s).padStart(2, '0')}`);
    fc.assert(
      fc.property(fc.oneof(wireTime, hostileString), (text) => {
        const date = parseTime(text);
        if (date) assert.equal(formatTime(date), text.trim().replace('T', ' '));
        const ms = parseServerTime(text);
        if (date) assert.equal(ms, date.getTime(), `web and server read ${text} differently`);
        if (date) assert.equal(formatServerTime(ms), formatTime(date));
      }),
      // Found by this test: years 0–99 came back as 1900–1999, years 100–999 unpadded.
      { numRuns: RUNS.validators * 2, examples: [['0000-01-01 00:00:00'], ['0099-12-31 23:59:59'], ['0100-01-01 07:59:59']] },
    );
  });

  it('web and CLI rule modules answer null/undefined or one of their messages for any input', () => {
    const webMessages = new Set<string | null>([null, ...Object.values(rules.MESSAGES), 'Username cannot be empty!', 'Nickname cannot be empty!', 'Email cannot be empty!', 'Gender cannot be empty!']);
    const str = fc.oneof(hostileString, fc.constantFrom('', ' ', 'secret1'));
    fc.assert(
      fc.property(str, str, str, str, str, str, fc.boolean(), (email, username, password, confirm, code, captcha, requireUsername) => {
        const change = rules.checkPasswordChange({ email, username, password, confirmPassword: confirm, code, captcha, requireUsername });
        assert.ok(webMessages.has(change), String(change));
        if (change === null) assert.equal(password, confirm);
        assert.ok(webMessages.has(rules.checkPersonInfo({ username, nickname: password, email, gender: code })));
        const submission = rules.checkSubmission(username, code);
        assert.ok(submission === null || submission === rules.MESSAGES.selectLanguage || submission === rules.MESSAGES.enterCode);
        assert.equal(rules.maskPassword(password).length, password.length);
        const chosen = rules.checkChosenContest({ contestId: email, title: username, startTime: code, endTime: captcha });
        assert.ok(chosen === null || chosen.startsWith('No contest selected! The contest '));
        assert.equal(typeof isValidSearchId(username), 'boolean');
        const refusal = uploadRefusal({ name: username, size: password.length });
        assert.ok(refusal === null || typeof refusal === 'string');
        for (const problem of [usernameProblem(username), emailProblem(email), nicknameProblem(username), passwordProblem(password)]) {
          assert.ok(problem === undefined || (typeof problem === 'string' && problem.length > 0));
        }
      }),
      { numRuns: RUNS.validators * 2 },
    );
  });
});
