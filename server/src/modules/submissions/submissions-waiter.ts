// Waiting for verdicts: every POST /api/submit in this process that waits shares one poll of
// the database (one query per tick for all waiting records, not one per request), so a burst
// of submissions does not multiply the load. Works the same whichever process judges.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { PENDING_STATES } from './submissions-states.ts';

const POLL_MS = 150;

export class VerdictWaiter {
  private readonly waiting = new Map<number, Set<() => void>>();
  private timer: NodeJS.Timeout | undefined;
  /** Closed (the server stops): waits end at once, with the record as it is. */
  private closed = false;
  /** Told when the server starts stopping: submits not yet stored stop there (submitCode). */
  private readonly closeListeners = new Set<() => void>();

  constructor(private readonly db: Kysely<DB>) {}

  get isClosed(): boolean {
    return this.closed;
  }

  /** Calls `listener` when closed (not if already closed); returns the way to stop listening. */
  onClose(listener: () => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  /** Resolves when the record has a final verdict, or after `waitMs`, whichever comes first. */
  wait(id: number, waitMs: number): Promise<void> {
    if (waitMs <= 0 || this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timeout);
        const set = this.waiting.get(id);
        set?.delete(done);
        if (set?.size === 0) this.waiting.delete(id);
        resolve();
      };
      const timeout = setTimeout(done, waitMs);
      let set = this.waiting.get(id);
      if (!set) this.waiting.set(id, (set = new Set()));
      set.add(done);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.timer || this.waiting.size === 0) return;
    this.timer = setTimeout(() => {
      this.poll()
        .catch(() => {}) // a failed poll is retried on the next tick; waits end by their timeout anyway
        .finally(() => {
          this.timer = undefined;
          this.schedule();
        });
    }, POLL_MS);
  }

  private async poll(): Promise<void> {
    const ids = [...this.waiting.keys()];
    if (ids.length === 0) return;
    const judged = await this.db
      .selectFrom('submissions')
      .select('id')
      .where('id', 'in', ids)
      .where('status', 'not in', [...PENDING_STATES])
      .execute();
    for (const { id } of judged) for (const done of [...(this.waiting.get(id) ?? [])]) done();
  }

  /** Ends every wait now, and any later one at once (server shutdown). */
  close(): void {
    this.closed = true;
    for (const listener of [...this.closeListeners]) listener();
    this.closeListeners.clear();
    for (const set of [...this.waiting.values()]) for (const done of [...set]) done();
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
