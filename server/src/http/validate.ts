// Request validation with zod: the first problem becomes the reply's message. Schemas carry
// the spec's own messages (§5), which are shown as they are; zod's generic ones get the
// field name in front so the user knows which field is wrong.
import { z, type ZodType } from 'zod';
import { fail } from '../common/errors.ts';

const GENERIC = /^(Invalid|Too (big|small)|Expected|Unrecognized|Required)/;

export function parseInput<S extends ZodType>(schema: S, value: unknown): z.output<S> {
  let result: z.ZodSafeParseResult<z.output<S>>;
  try {
    result = schema.safeParse(value ?? {});
  } catch {
    // zod runs length checks on any value with a `length`, even after the type check failed:
    // {"code": {"length": {"toString": "x"}}} throws a TypeError instead of an issue.
    throw fail('VALIDATION', 'Malformed request: a field holds a value of the wrong type', { field: null });
  }
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.join('.');
  let message = issue.message;
  if (issue.code === 'unrecognized_keys') message = `Unknown field: ${issue.keys.join(', ')}`;
  else if (field && GENERIC.test(message)) message = `${field}: ${message}`;
  throw fail('VALIDATION', message, { field: field || null });
}
