// Long-lived streams answer to the credentials they were opened with (docs/security.md, Streams):
// every CHECK_EVERY_MS, one query over all the signed-in streams of this process reads their
// accounts' role and password hash and which of their tokens still hold; a stream whose token
// was revoked or expired, whose account's password changed, whose role changed or whose account
// is gone is closed. The client reconnects with what it may still see (or is refused). A stream
// opened with HTTP Basic has no token: its account's password hash and role are what it answers to.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Logger } from '../../logger.ts';
import type { StreamWriter } from '../../common/files.ts';
import { hashToken } from '../accounts/index.ts';

/** How often open streams are checked: a stream closes within this (and one query) of a change. */
export const CHECK_EVERY_MS = 250;

interface Guarded {
  userId: number;
  tokenHash: string | null;
  auth: number;
  passwordHash: string;
  out: StreamWriter;
}

export class StreamGuard {
  private readonly streams = new Set<Guarded>();
  private timer: NodeJS.Timeout | undefined;
  private checking = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: Logger,
    private readonly now: () => Date = () => new Date(),
    private readonly everyMs = CHECK_EVERY_MS,
  ) {}

  get size(): number {
    return this.streams.size;
  }

  /**
   * Closes `out` once the credentials it was opened with no longer hold: `token` (null for HTTP
   * Basic) and the account as it is now (its role and password hash are read here, once).
   */
  async watch(user: { id: number; auth: number }, token: string | null, out: StreamWriter): Promise<void> {
    const row = await this.db.selectFrom('users').select(['auth', 'password_hash']).where('id', '=', user.id).executeTakeFirst();
    if (!row || row.auth !== user.auth) return out.end();
    const guarded: Guarded = { userId: user.id, tokenHash: token === null ? null : hashToken(token), auth: row.auth, passwordHash: row.password_hash, out };
    this.streams.add(guarded);
    out.onClose(() => {
      this.streams.delete(guarded);
      if (this.streams.size === 0) this.stop();
    });
    this.timer ??= setInterval(() => void this.check(), this.everyMs);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One query for every open stream: their accounts, and which of their tokens still hold. */
  async check(): Promise<void> {
    if (this.checking || this.streams.size === 0) return;
    this.checking = true;
    try {
      const streams = [...this.streams];
      const userIds = [...new Set(streams.map((s) => s.userId))];
      const hashes = [...new Set(streams.flatMap((s) => (s.tokenHash ? [s.tokenHash] : [])))];
      const now = this.now();
      const rows = await this.db
        .selectFrom('users as u')
        .leftJoin('auth_tokens as t', (join) =>
          join
            .onRef('t.user_id', '=', 'u.id')
            .on('t.token_hash', 'in', hashes.length > 0 ? hashes : [''])
            .on('t.revoked_at', 'is', null)
            .on('t.expires_at', '>', now),
        )
        .select(['u.id', 'u.auth', 'u.password_hash', 't.token_hash'])
        .where('u.id', 'in', userIds)
        .execute();
      const users = new Map<number, { auth: number; passwordHash: string }>();
      const liveTokens = new Set<string>();
      for (const row of rows) {
        users.set(row.id, { auth: row.auth, passwordHash: row.password_hash });
        if (row.token_hash) liveTokens.add(row.token_hash);
      }
      for (const stream of streams) {
        const user = users.get(stream.userId);
        const holds = user !== undefined && user.auth === stream.auth && user.passwordHash === stream.passwordHash && (stream.tokenHash === null || liveTokens.has(stream.tokenHash));
        if (!holds) stream.out.end();
      }
    } catch (err) {
      this.log.warn({ reason: (err as Error).message }, 'streams: could not check their credentials');
    } finally {
      this.checking = false;
    }
  }
}
