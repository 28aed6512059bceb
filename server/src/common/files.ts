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
