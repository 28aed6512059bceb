// Domain errors: what a service throws when a request cannot be done. They name a kind from the
// wire's catalogue (@verdict/shared) and carry the message for the user; only the HTTP layer
// (http/envelope.ts) turns a kind into a status and a code.
import { ErrorKinds, type ErrorName } from '@verdict/shared';

export type { ErrorName } from '@verdict/shared';

export class DomainError extends Error {
  readonly kind: ErrorName;
  readonly data: unknown;

  constructor(kind: ErrorName, message?: string, data?: unknown) {
    super(message ?? ErrorKinds[kind].message);
    this.name = 'DomainError';
    this.kind = kind;
    this.data = data ?? null;
  }
}

/** Shorthand: `throw fail('NOT_FOUND', 'No such problem')`. */
export function fail(kind: ErrorName, message?: string, data?: unknown): DomainError {
  return new DomainError(kind, message, data);
}

export function isDomainError(err: unknown, kind?: ErrorName): err is DomainError {
  return err instanceof DomainError && (kind === undefined || err.kind === kind);
}
