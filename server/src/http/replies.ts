// What route handlers receive and return besides plain data: uploaded files, binary replies and
// replies serialized once for many requests.
import type { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { ok } from './envelope.ts';

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
