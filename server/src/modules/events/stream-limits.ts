// How many long-lived streams (Contest API event feeds, GET /api/events) this process holds
// open, and the caps over which it refuses more (docs/security.md, Streams): per account and
// kind of stream, per address for streams without credentials, all streams without credentials
// together, and all streams of the process. Over a cap of one caller the reply is 429, over a cap
// of everyone's 503, both with Retry-After. Signed-in streams are not capped per address: a
// contest hall behind one NAT address holds hundreds of accounts, each capped by itself.
import type { StreamOptions } from '../../config.ts';
import { fail } from '../../common/errors.ts';

export type StreamKind = 'feed' | 'events';

export interface StreamCaller {
  /** The account; null: no credentials. */
  userId: number | null;
  ip: string;
}

/** When a refused client is told to try again: a stream's place frees when another closes. */
const RETRY_AFTER_MS = 10_000;

const KIND_NAMES: Record<StreamKind, string> = { feed: 'Contest API event feeds', events: 'live connections' };

export class StreamLimits {
  private readonly counts = new Map<string, number>();

  constructor(private readonly options: StreamOptions) {}

  /** Streams open now, of every kind. */
  get size(): number {
    return this.counts.get('all') ?? 0;
  }

  /** Streams open now without credentials. */
  get anonymous(): number {
    return this.counts.get('anonymous') ?? 0;
  }

  /**
   * Takes a place for a new stream, or refuses it (RATE_LIMITED 429 over the caller's caps,
   * UNAVAILABLE 503 over everyone's). Answers the way to give the place back (once, when it closes).
   */
  admit(kind: StreamKind, caller: StreamCaller): () => void {
    const { perAccount, anonymousPerAddress, anonymousMax, max } = this.options;
    const data = { retryAfterMs: RETRY_AFTER_MS };
    const keys = ['all'];
    if (caller.userId !== null) {
      const key = `account:${kind}:${caller.userId}`;
      if (this.count(key) >= perAccount) throw fail('RATE_LIMITED', `Too many ${KIND_NAMES[kind]} for this account: at most ${perAccount} at once (close others)`, data);
      keys.push(key);
    } else {
      const key = `address:${caller.ip}`;
      if (this.count(key) >= anonymousPerAddress) {
        throw fail('RATE_LIMITED', `Too many streams without credentials from this address: at most ${anonymousPerAddress} at once (sign in, or close others)`, data);
      }
      if (this.count('anonymous') >= anonymousMax) throw fail('UNAVAILABLE', `Too many streams without credentials are open on this server (${anonymousMax}); sign in, or try again later`, data);
      keys.push(key, 'anonymous');
    }
    if (this.count('all') >= max) throw fail('UNAVAILABLE', `Too many streams are open on this server (${max}); try again later`, data);
    for (const key of keys) this.counts.set(key, this.count(key) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const key of keys) {
        const n = this.count(key) - 1;
        if (n > 0) this.counts.set(key, n);
        else this.counts.delete(key);
      }
    };
  }

  private count(key: string): number {
    return this.counts.get(key) ?? 0;
  }
}
