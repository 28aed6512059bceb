// Files that come in with a request and files a service answers with, as plain data: the HTTP
// layer (http/app.ts, http/envelope.ts) reads uploads into UploadedFile and sends a FileReply
// instead of the JSON envelope.
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
