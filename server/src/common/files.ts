// Files that come in with a request and files a service answers with, as plain data: the HTTP
// layer (http/app.ts, http/envelope.ts) reads uploads into UploadedFile and sends a FileReply
// instead of the JSON envelope.
import crypto from 'node:crypto';
import { copyFile, rename, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';

export interface UploadedFile {
  /** Temporary path on disk; removed after the request. */
  path: string;
  originalName: string;
  size: number;
  mimeType: string | null;
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
 * Copies `source` to `target` so that `target` is either absent or whole: through a partial file
 * beside it, renamed into place, and removed when the copy fails (a full disk leaves nothing).
 */
export async function copyWhole(source: string, target: string): Promise<void> {
  const partial = `${target}.${crypto.randomBytes(6).toString('hex')}.part`;
  try {
    await copyFile(source, partial);
    await rename(partial, target);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

/**
 * What a streaming handler writes to: text chunks until the client leaves or `end` is called.
 * A writer with much to send waits on `drained()` between pieces (backpressure); a client that
 * takes nothing for STREAM_STALL_MS while data waits for it is dropped (http/app.ts).
 */
export interface StreamWriter {
  /** Writes a chunk; false once the client has gone (nothing is written then). */
  write(chunk: string): boolean;
  /** Resolves once what was written is down to a small buffer (at once if it is), or the stream closed. */
  drained(): Promise<void>;
  /** Ends the reply. */
  end(): void;
  /** True once the client disconnected or the reply ended. */
  readonly closed: boolean;
  /** Called once when the client disconnects or the reply ends (at once if it already has). */
  onClose(listener: () => void): void;
}

/**
 * A reply that stays open and is written to over time (Server-Sent Events, an NDJSON feed)
 * instead of the JSON envelope. `start` is called once the headers are sent; it writes through
 * the writer and must stop writing when it closes. Never compressed or buffered on the way.
 */
export class StreamReply {
  constructor(
    readonly contentType: string,
    readonly start: (out: StreamWriter) => void | Promise<void>,
  ) {}
}

/**
 * A JSON document sent as it is, outside the envelope: the objects of another standard (the ICPC
 * Contest API), whose clients read them bare. `status` other than 200 for its own refusals.
 */
export class JsonDocumentReply {
  constructor(
    readonly value: unknown,
    readonly status = 200,
  ) {}
}
