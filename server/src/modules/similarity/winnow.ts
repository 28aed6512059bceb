// Fingerprints by winnowing (Schleimer, Wilkerson & Aiken, 2003: the method of MOSS and Dolos):
// hash every k-gram of normalised tokens, then keep the smallest hash of each window of w
// consecutive k-grams (the rightmost on a tie), each kept once. Any run of at least w + k − 1
// tokens two sources share yields at least one common fingerprint; shorter runs may not.
import type { Token } from './tokenize.ts';

export interface WinnowOptions {
  /** Tokens per k-gram. */
  k: number;
  /** K-grams per window. */
  window: number;
}

export const DEFAULT_WINNOW: WinnowOptions = { k: 12, window: 8 };

/** One kept k-gram: its hash and the index of its first token. */
export interface Fingerprint {
  hash: number;
  index: number;
}

/** The 32-bit FNV-1a hash of a token kind (interned: kinds repeat). */
const kindHashes = new Map<string, number>();
function kindHash(kind: string): number {
  let h = kindHashes.get(kind);
  if (h === undefined) {
    h = 0x811c9dc5;
    for (let i = 0; i < kind.length; i++) h = Math.imul(h ^ kind.charCodeAt(i), 0x01000193);
    h >>>= 0;
    kindHashes.set(kind, h);
  }
  return h;
}

const BASE = 0x5bd1e995;

/** The hash of every k-gram, by a rolling polynomial hash modulo 2^32. */
export function kgramHashes(tokens: readonly Token[], k: number): Uint32Array {
  const count = tokens.length - k + 1;
  if (count <= 0) return new Uint32Array(0);
  let top = 1; // BASE^(k-1)
  for (let i = 1; i < k; i++) top = Math.imul(top, BASE);
  const out = new Uint32Array(count);
  let h = 0;
  for (let i = 0; i < k; i++) h = (Math.imul(h, BASE) + kindHash(tokens[i].kind)) | 0;
  out[0] = h >>> 0;
  for (let i = 1; i < count; i++) {
    h = (h - Math.imul(kindHash(tokens[i - 1].kind), top)) | 0;
    h = (Math.imul(h, BASE) + kindHash(tokens[i + k - 1].kind)) | 0;
    out[i] = h >>> 0;
  }
  return out;
}

export function winnow(hashes: Uint32Array, window: number): Fingerprint[] {
  const out: Fingerprint[] = [];
  if (hashes.length === 0) return out;
  if (hashes.length <= window) {
    let min = 0;
    for (let i = 1; i < hashes.length; i++) if (hashes[i] <= hashes[min]) min = i;
    return [{ hash: hashes[min], index: min }];
  }
  let last = -1;
  for (let start = 0; start + window <= hashes.length; start++) {
    let min = start;
    if (last >= start) {
      // Only the new k-gram can take the place of the kept one.
      const added = start + window - 1;
      min = hashes[added] <= hashes[last] ? added : last;
    } else {
      for (let i = start + 1; i < start + window; i++) if (hashes[i] <= hashes[min]) min = i;
    }
    if (min !== last) {
      out.push({ hash: hashes[min], index: min });
      last = min;
    }
  }
  return out;
}
