// Routes are data: method, path, the role they need, input schemas and a thin handler that
// calls a service. The app registers them and the OpenAPI document is generated from them,
// so the two cannot drift apart.
import type { ZodType, z } from 'zod';
import type { CurrentUser } from '../modules/accounts/index.ts';
import type { Config } from '../config.ts';
import type { Services } from '../services.ts';
import type { FileReply, JsonDocumentReply, SerializedReply, StreamReply, UploadedFile } from './replies.ts';

// What handlers receive and return lives apart from the route table, which needs the services:
// services that return replies must not import it back (an import circle).
export type { CurrentUser } from '../modules/accounts/index.ts';
export { FileReply, JsonDocumentReply, SerializedReply, StreamReply, type StreamWriter, type UploadedFile } from './replies.ts';

export type Role = 'open' | 'user' | 'admin';
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteInput<B, Q> {
  body: B;
  query: Q;
  /** Path parameters (`:name` in the route's path). */
  params: Record<string, string>;
  user: CurrentUser | null;
  token: string | null;
  ip: string;
  files: Record<string, UploadedFile>;
}

/** A reply that is a file (PDF, zip, the OpenAPI document) instead of the JSON envelope. */
export interface FileReplyKind {
  file: string;
  /** The reply stays open and is written over time (StreamReply), e.g. Server-Sent Events. */
  stream?: true;
  /** A JSON document of another standard (JsonDocumentReply), e.g. the ICPC Contest API's objects. */
  json?: true;
}

/** `reply: fileReply('application/pdf')`: the handler answers with a FileReply of that type. */
export const fileReply = (contentType: string): FileReplyKind => ({ file: contentType });

/** `reply: streamReply('text/event-stream')`: the handler answers with a StreamReply of that type. */
export const streamReply = (contentType: string): FileReplyKind & { stream: true } => ({ file: contentType, stream: true });

/** `reply: jsonDocumentReply()`: the handler answers with a JsonDocumentReply, JSON outside the envelope. */
export const jsonDocumentReply = (): FileReplyKind & { json: true } => ({ file: 'application/json', json: true });

/** What a handler may return for its reply declaration: the data its schema describes, or a file. */
export type ReplyOf<R extends ZodType | FileReplyKind> = R extends ZodType
  ? z.input<R> | SerializedReply<z.input<R>>
  : R extends { stream: true }
    ? StreamReply
    : R extends { json: true }
      ? JsonDocumentReply
      : FileReply;

export interface RouteDef<B extends ZodType = ZodType, Q extends ZodType = ZodType, R extends ZodType | FileReplyKind = ZodType | FileReplyKind> {
  method: Method;
  path: string;
  role: Role;
  /**
   * Also accept HTTP Basic credentials of a Verdict account in the Authorization header (tools
   * such as the ICPC Resolver and the CDS log in so); a wrong password is refused with 401.
   */
  basicAuth?: true;
  summary: string;
  tag: string;
  /** Encoding the spec names for the body; both form and JSON are accepted anyway. */
  encoding?: 'form' | 'json' | 'multipart';
  body?: B;
  query?: Q;
  /** For multipart routes: the largest file accepted, in bytes (or read from the configuration). */
  maxFileSize?: number | ((config: Config) => number);
  /**
   * The envelope's data (a zod schema; z.null() for none) or a file: the OpenAPI document and
   * the generated client are made from it, and the handler's return type is checked against it.
   */
  reply: R;
  handler: (input: RouteInput<z.output<B>, z.output<Q>>, services: Services) => Promise<ReplyOf<R>>;
}

/** Whether the route answers with a stream that stays open (streamReply). */
export const isStreamRoute = <D extends Pick<RouteDef, 'reply'>>(def: D): def is D & { reply: FileReplyKind & { stream: true } } => 'file' in def.reply && def.reply.stream === true;

export function route<B extends ZodType = ZodType, Q extends ZodType = ZodType, R extends ZodType | FileReplyKind = ZodType>(def: RouteDef<B, Q, R>): RouteDef {
  return def as unknown as RouteDef;
}
