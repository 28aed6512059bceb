// Replies serialized once for many requests. (Uploaded files and binary replies are plain data
// that services use too: common/files.ts.)
import { gzipSync } from 'node:zlib';
import { ok } from './envelope.ts';

export { FileReply, type UploadedFile } from '../common/files.ts';

/**
 * A success reply serialized once and sent as is to every request asking for the same data
 * (the leaderboard, polled by every contestant every 5 s): the envelope's JSON, and its gzip
 * made on first use for clients that accept it.
 */
export class SerializedReply<T = unknown> {
  /** The data's type, for the route's reply check (never set). */
  declare readonly data?: T;
  readonly json: Buffer;
  private gzipped: Buffer | undefined;
  constructor(data: T) {
    this.json = Buffer.from(JSON.stringify(ok(data)));
  }
  get gzip(): Buffer {
    return (this.gzipped ??= gzipSync(this.json));
  }
}

const serialized = new WeakMap<object, SerializedReply>();

/** The reply for `data`, serialized on first use and kept while `data` lives (a cached board). */
export function serializedOnce<T extends object>(data: T): SerializedReply<T> {
  let reply = serialized.get(data) as SerializedReply<T> | undefined;
  if (!reply) serialized.set(data, (reply = new SerializedReply(data)));
  return reply;
}
