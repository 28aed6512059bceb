// Replies serialized once for many requests. (Uploaded files and binary replies are plain data
// that services use too: common/files.ts.)
import crypto from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { gzipOf, plainOf, storedPart, type GzipPart } from '../common/gzip-parts.ts';
import { ok } from './envelope.ts';

export { FileReply, JsonDocumentReply, StreamReply, type StreamWriter, type UploadedFile } from '../common/files.ts';

/**
 * A success reply serialized once and sent as is to every request asking for the same data
 * (the leaderboard, polled by every contestant every 5 s): the envelope's JSON, and its gzip
 * for clients that accept it, each made on first use.
 */
export class SerializedReply<T = unknown> {
  /** The data's type, for the route's reply check (never set). */
  declare readonly data?: T;
  private plain: Buffer | undefined;
  private gzipped: Buffer | undefined;
  /** `bytes`: how to make the envelope's JSON, and its gzip when the maker has a cheaper way than gzipping the JSON. */
  constructor(private readonly bytes: { json(): Buffer; gzip?(): Buffer }) {}
  get json(): Buffer {
    return (this.plain ??= this.bytes.json());
  }
  get gzip(): Buffer {
    return (this.gzipped ??= this.bytes.gzip?.() ?? gzipSync(this.json));
  }
  private tag: string | undefined;
  /**
   * A weak validator of the data (the same for the plain and the gzipped bytes, hence weak):
   * a client polling with If-None-Match gets 304 and no body while it has not changed.
   */
  get etag(): string {
    return (this.tag ??= `W/"${crypto.createHash('sha256').update(this.json).digest('base64url').slice(0, 32)}"`);
  }
}

/** The envelope around data serialized elsewhere: `{"code":0,"message":"success","data":` and `}`. */
const DATA = '(data)';
const [HEAD, TAIL] = JSON.stringify(ok(DATA)).split(JSON.stringify(DATA)).map((s) => storedPart(Buffer.from(s)));
const byParts = new WeakMap<object, SerializedReply>();

/**
 * The reply for data kept as JSON in gzip parts (common/gzip-parts.ts: the leaderboard's rows),
 * made once per parts array: the plain JSON joined, the gzip joined from the parts' own compressed
 * forms without compressing the whole again.
 */
export function serializedParts<T>(parts: readonly GzipPart[]): SerializedReply<T> {
  let reply = byParts.get(parts) as SerializedReply<T> | undefined;
  if (!reply) {
    const all = [HEAD, ...parts, TAIL];
    byParts.set(parts, (reply = new SerializedReply<T>({ json: () => plainOf(all), gzip: () => gzipOf(all) })));
  }
  return reply;
}
