// The one error middleware: every reply is {code, message, data}; failures keep their HTTP
// status and catalogue code (a service's DomainError names its kind; the status and code are the
// catalogue's), unknown errors are logged and answered as INTERNAL.
import type { Context, Next } from 'koa';
import type { Logger } from '../logger.ts';
import { ErrorKinds } from '@verdict/shared';
import { DomainError } from '../common/errors.ts';

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

export function ok<T>(data: T, message = 'success'): Envelope<T> {
  return { code: 0, message, data };
}

export function errorMiddleware(log: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api')) {
        ctx.status = 404;
        ctx.body = { code: ErrorKinds.NOT_FOUND.code, message: `No such API: ${ctx.method} ${ctx.path}`, data: null };
      }
    } catch (err) {
      // What body parsers, formidable and Koa put on their errors.
      const e = (err ?? {}) as { httpCode?: unknown; status?: unknown; expose?: unknown; message?: string };
      if (err instanceof DomainError) {
        const kind = ErrorKinds[err.kind];
        ctx.status = kind.status;
        ctx.body = { code: kind.code, message: err.message, data: err.data };
        // A refusal that says when to come back says it to HTTP clients too.
        const retryAfterMs = (err.data as { retryAfterMs?: unknown } | null | undefined)?.retryAfterMs;
        if (typeof retryAfterMs === 'number' && (ctx.status === 429 || ctx.status === 503)) ctx.set('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
        return;
      }
      // formidable (multipart) errors carry `httpCode`: 413 for a file over the route's limit.
      if (e && typeof e.httpCode === 'number' && e.httpCode >= 400 && e.httpCode < 500) {
        const kind = e.httpCode === 413 ? ErrorKinds.TOO_LARGE : ErrorKinds.VALIDATION;
        ctx.status = e.httpCode === 413 ? 413 : 400;
        ctx.body = { code: kind.code, message: e.httpCode === 413 ? kind.message : `Invalid upload: ${e.message}`, data: null };
        return;
      }
      // A malformed JSON body (co-body marks its SyntaxError with status 400 but not `expose`).
      if (err instanceof SyntaxError && e.status === 400) {
        ctx.status = 400;
        ctx.body = { code: ErrorKinds.VALIDATION.code, message: 'Invalid request: the body is not valid JSON', data: null };
        return;
      }
      // Errors raised by body parsers and Koa itself carry an exposable status.
      if (e && typeof e.status === 'number' && e.status >= 400 && e.status < 500 && e.expose) {
        const kind = e.status === 413 ? ErrorKinds.TOO_LARGE : ErrorKinds.VALIDATION;
        ctx.status = e.status;
        ctx.body = { code: kind.code, message: e.status === 413 ? kind.message : `Invalid request: ${e.message}`, data: null };
        return;
      }
      // A full disk (or quota) anywhere below: say so, as 507; the services leave nothing half-written.
      if (isOutOfSpace(err)) {
        log.error({ err, method: ctx.method, path: ctx.path }, 'request failed: no space left on the data disk');
        ctx.status = ErrorKinds.NO_SPACE.status;
        ctx.body = { code: ErrorKinds.NO_SPACE.code, message: ErrorKinds.NO_SPACE.message, data: null };
        return;
      }
      // The database went away (restarted, unreachable): a clear 503; the request's transaction,
      // if any, was rolled back by the server, so nothing of it is stored.
      if (isDatabaseUnavailable(err)) {
        log.error({ err, method: ctx.method, path: ctx.path }, 'request failed: the database is unavailable');
        ctx.status = ErrorKinds.UNAVAILABLE.status;
        ctx.body = { code: ErrorKinds.UNAVAILABLE.code, message: 'The database is unavailable; please try again in a moment.', data: null };
        return;
      }
      log.error({ err, method: ctx.method, path: ctx.path }, 'request failed');
      ctx.status = 500;
      ctx.body = { code: ErrorKinds.INTERNAL.code, message: ErrorKinds.INTERNAL.message, data: null };
    } finally {
      // A body refused part-way (over a limit) is not drained to its end: the reply closes the
      // connection, so the client stops uploading instead of the server reading it all.
      if (ctx.status === 413 && !ctx.req.complete) ctx.set('Connection', 'close');
    }
  };
}

type ErrorLike = { code?: unknown; cause?: unknown; message?: unknown };

/** Whether the error, or one it wraps (formidable, pg and others keep the cause), matches. */
function inCauseChain(err: unknown, matches: (e: ErrorLike) => boolean): boolean {
  for (let e = err as ErrorLike | undefined, depth = 0; e && depth < 5; e = e.cause as ErrorLike | undefined, depth++) if (matches(e)) return true;
  return false;
}

/** ENOSPC or EDQUOT: a full disk or quota. */
function isOutOfSpace(err: unknown): boolean {
  return inCauseChain(err, (e) => e.code === 'ENOSPC' || e.code === 'EDQUOT' || (typeof e.message === 'string' && /\bENOSPC\b|no space left on device/i.test(e.message)));
}

/** Connection-level failures of the database: refused, reset, timed out, or shut down (SQLSTATE 08xxx, 57P0x). */
const DB_UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', '57P01', '57P02', '57P03']);

function isDatabaseUnavailable(err: unknown): boolean {
  return inCauseChain(
    err,
    (e) =>
      (typeof e.code === 'string' && (DB_UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('08'))) ||
      (typeof e.message === 'string' && /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(e.message)),
  );
}
