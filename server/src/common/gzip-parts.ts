// Bytes kept as parts compressed one by one, joined into one gzip member (RFC 1951, 1952) when
// needed, so that a reply that changes a little is compressed again only where it changed: the
// leaderboard keeps its rows in compressed groups and joins them per version
// (modules/contests/leaderboard-board.ts; http/replies.ts serializedParts wraps them in the
// envelope). Each part is raw deflate ending on a byte boundary and not final (a sync flush) — or
// its bytes as they are, in stored blocks — so the parts join into one deflate stream; the
// trailer's CRC-32 is combined from the parts' own CRCs (zlib's crc32_combine), never computed
// over the whole. A part does not refer back to the bytes before it, so parts compress a little
// worse than the whole would.
import { constants, deflateRawSync } from 'node:zlib';

export interface GzipPart {
  /** The bytes as they are. */
  readonly raw: Buffer;
  /** Their deflate blocks. */
  readonly deflated: Buffer;
  readonly crc: number;
  /** x^(8·length) modulo the CRC polynomial: what combines a CRC before this part with the part's. */
  readonly shift: number;
}

/** Compressed on its own (deflate, sync flush). */
export function deflatedPart(raw: Buffer): GzipPart {
  return part(raw, deflateRawSync(raw, { finishFlush: constants.Z_SYNC_FLUSH }));
}

/** As it is, in stored blocks (of at most 65535 bytes each): no compression, no work. */
export function storedPart(raw: Buffer): GzipPart {
  const blocks: Buffer[] = [];
  for (let at = 0; at < raw.length || blocks.length === 0; at += 0xffff) {
    const bytes = raw.subarray(at, at + 0xffff);
    const header = Buffer.allocUnsafe(5);
    header[0] = 0; // not final, stored; the rest of the byte is padding
    header.writeUInt16LE(bytes.length, 1);
    header.writeUInt16LE(~bytes.length & 0xffff, 3);
    blocks.push(header, bytes);
  }
  return part(raw, Buffer.concat(blocks));
}

function part(raw: Buffer, deflated: Buffer): GzipPart {
  return { raw, deflated, crc: crc32(raw), shift: x8nModP(raw.length) };
}

const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]); // deflate, no name, no time, Unix
const LAST_BLOCK = Buffer.from([3, 0]); // an empty final block (fixed codes)

/** The parts' bytes in order, as one gzip member. */
export function gzipOf(parts: readonly GzipPart[]): Buffer {
  let crc = 0;
  let length = 0;
  for (const p of parts) {
    crc = (multModP(p.shift, crc) ^ p.crc) >>> 0;
    length += p.raw.length;
  }
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([HEADER, ...parts.map((p) => p.deflated), LAST_BLOCK, trailer]);
}

/** The parts' bytes in order, uncompressed. */
export function plainOf(parts: readonly GzipPart[]): Buffer {
  return Buffer.concat(parts.map((p) => p.raw));
}

// CRC-32 (the reflected polynomial of gzip and zip), and zlib's arithmetic modulo it for combining.
const POLY = 0xedb88320;
const TABLE = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? POLY ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** a·b modulo the polynomial (bit 31 is x^0). */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** X2N[k] = x^(2^k) modulo the polynomial. */
const X2N: number[] = [];
for (let k = 0, p = 0x40000000; k < 32; k++, p = multModP(p, p)) X2N.push(p >>> 0);

/** x^(8n) modulo the polynomial. */
function x8nModP(n: number): number {
  let p = 0x80000000;
  for (let k = 3; n > 0; n = Math.floor(n / 2), k++) if (n % 2) p = multModP(X2N[k & 31], p);
  return p;
}
