// Routes are data: method, path, the role they need, input schemas and a thin handler that
// calls a service. The app registers them and the OpenAPI document is generated from them,
// so the two cannot drift apart.
import type { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import type { ZodType, z } from 'zod';
import type { Config } from '../config.ts';
import type { Services } from '../services.ts';
import { ok } from './envelope.ts';

export type Role = 'open' | 'user' | 'admin';
export type Method = 'get' | 'post' | 'put' | 'delete';

export interface CurrentUser {
  id: number;
  username: string;
  auth: number;
}

export interface UploadedFile {
  /** Temporary path on disk; removed after the request. */
  path: string;
  originalName: string;
  size: number;
  mimeType: string | null;
}

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

/** A binary reply (PDF, zip) instead of the JSON envelope; `inline` shows it in the browser. */
export class FileReply {
  constructor(
    readonly body: Buffer | Readable,
    readonly contentType: string,
    readonly fileName: string,
    readonly inline = false,
  ) {}
}

/**
 * A success reply serialized once and sent as is to every request asking for the same data
 * (the leaderboard, polled by every contestant every 5 s): the envelope's JSON, and its gzip
 * made on first use for clients that accept it.
 */
export class SerializedReply {
  readonly json: Buffer;
  private gzipped: Buffer | undefined;
  constructor(data: unknown) {
    this.json = Buffer.from(JSON.stringify(ok(data)));
  }
  get gzip(): Buffer {
    return (this.gzipped ??= gzipSync(this.json));
  }
}

export interface RouteDef<B extends ZodType = ZodType, Q extends ZodType = ZodType> {
  method: Method;
  path: string;
  role: Role;
  summary: string;
  tag: string;
  /** Encoding the spec names for the body; both form and JSON are accepted anyway. */
  encoding?: 'form' | 'json' | 'multipart';
  body?: B;
  query?: Q;
  /** For multipart routes: the largest file accepted, in bytes (or read from the configuration). */
  maxFileSize?: number | ((config: Config) => number);
  /** Description of the reply's data for the OpenAPI document. */
  reply?: ZodType;
  handler: (input: RouteInput<z.output<B>, z.output<Q>>, services: Services) => Promise<unknown>;
}

export function route<B extends ZodType = ZodType, Q extends ZodType = ZodType>(def: RouteDef<B, Q>): RouteDef {
  return def as unknown as RouteDef;
}
