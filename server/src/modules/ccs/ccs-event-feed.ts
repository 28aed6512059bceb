// The event feed (NDJSON): every object the reader sees, then each change as it happens, until the
// client leaves. The objects and their changes come from the audience the reader belongs to,
// shared by every feed of the process (ccs-feed-hub.ts); each feed writes them at its client's
// pace, one line at a time, waiting while the client has not taken what was sent (backpressure):
// a snapshot of tens of megabytes reaches a client that reads slowly, whole. A newline keeps the
// connection alive after CCS_FEED_KEEPALIVE_MS without an event.
import { StreamReply, type StreamWriter } from '../../common/files.ts';
import type { CcsFeedOptions } from '../../config.ts';
import type { CcsFeeds, FeedAudience, FeedUpdate } from './ccs-feed-hub.ts';
import { notificationHead, type FeedItem } from './ccs-feed-snapshot.ts';
import { encodeToken, START, type FeedPosition } from './ccs-feed-token.ts';
import type { CcsContext } from './ccs-viewer.ts';

export interface FeedRequest {
  /** Resume after this position (a decoded since_token); null: from the beginning. */
  since: FeedPosition | null;
  /** false: send what there is now and end (a Verdict extension, as DOMjudge has it). */
  stream: boolean;
}

/** The feed's reply; `onStart` is called with the writer first (the stream's caps and credentials). */
export function eventFeedReply(feeds: CcsFeeds, ctx: CcsContext, request: FeedRequest, options: CcsFeedOptions, onStart: (out: StreamWriter) => Promise<void>): StreamReply {
  return new StreamReply('application/x-ndjson', async (out) => {
    await onStart(out);
    if (out.closed) return;
    await new EventFeed(out, options).run(feeds, ctx, request);
  });
}

/** The snapshot is written in pieces of about this many bytes. */
const PIECE = 16 * 1024;

class EventFeed {
  private position: FeedPosition = { ...START };
  private keepAlive: NodeJS.Timeout | undefined;
  /** When the feed last wrote (ms): the keep-alive is due CCS_FEED_KEEPALIVE_MS after. */
  private lastWrite = Date.now();
  /** Ends the current wait for an update early (the client left). */
  private wake: (() => void) | undefined;

  constructor(
    private readonly out: StreamWriter,
    private readonly options: CcsFeedOptions,
  ) {
    out.onClose(() => {
      clearTimeout(this.keepAlive);
      this.wake?.();
    });
  }

  async run(feeds: CcsFeeds, ctx: CcsContext, { since, stream }: FeedRequest): Promise<void> {
    const { audience, leave } = await feeds.join(ctx);
    try {
      if (audience.ended || !audience.built) return this.out.end();
      const view = audience.view();
      if (since) this.position = { ...since };
      this.markRead(view);
      // In pieces of about PIECE bytes, each written once the client took the one before.
      let piece = '';
      for (const item of view.items) {
        if (this.out.closed) return;
        if (since && !item.newerThan(since)) continue;
        piece += this.line(item);
        if (piece.length >= PIECE) {
          await this.write(piece);
          piece = '';
        }
      }
      if (piece) await this.write(piece);
      if (!stream) return this.out.end();
      this.armKeepAlive();
      let last = view.tail;
      for (;;) {
        const update = await this.nextUpdate(audience, last);
        if (!update) break;
        last = update;
        await this.write(this.updateText(update));
      }
      if (audience.ended) this.out.end();
    } finally {
      leave();
      clearTimeout(this.keepAlive);
    }
  }

  /** The update after `last` once there is one; null once the client left or the contest is gone. */
  private async nextUpdate(audience: FeedAudience, last: FeedUpdate): Promise<FeedUpdate | null> {
    while (!last.next) {
      if (this.out.closed || audience.ended) return null;
      await new Promise<void>((resolve) => {
        const stop = audience.wait(() => this.wake?.());
        this.wake = () => {
          this.wake = undefined;
          stop();
          resolve();
        };
      });
    }
    return this.out.closed ? null : last.next;
  }

  /** The position is of data read at `at`, with judgements after the freeze hidden or not. */
  private markRead({ hidden, at }: { hidden: boolean; at: number }): void {
    this.position.hidden = hidden;
    this.position.at = at;
  }

  /** An update's lines from this feed's position, made once for every feed at the same position. */
  private updateText(update: FeedUpdate): string {
    const from = encodeToken(this.position);
    const written = (update.written ??= new Map());
    let done = written.get(from);
    if (!done) {
      this.markRead(update);
      let text = '';
      for (const item of update.items) text += this.line(item);
      for (const key of update.deletions) {
        const slash = key.indexOf('/');
        text += this.withToken(notificationHead(key.slice(0, slash), key.slice(slash + 1) || null, 'null'));
      }
      written.set(from, (done = { text, position: { ...this.position } }));
    }
    this.position = { ...done.position };
    return done.text;
  }

  /** An item's line; the position moves past it. */
  private line(item: FeedItem): string {
    for (const [kind, mark] of Object.entries(item.advances ?? {}) as [keyof FeedPosition, number][]) {
      this.position = { ...this.position, [kind]: Math.max(this.position[kind] as number, mark) };
    }
    return this.withToken(item.head);
  }

  private withToken(head: string): string {
    return `${head},"token":"${encodeToken(this.position)}"}\n`;
  }

  /** Writes lines and waits while the client has not taken what it was sent. */
  private write(text: string): Promise<void> {
    this.out.write(text);
    this.armKeepAlive();
    return this.out.drained();
  }

  /** One timer per feed, moved on only when it fires: a write costs no timer. */
  private armKeepAlive(): void {
    this.lastWrite = Date.now();
    if (this.keepAlive || this.out.closed) return;
    const fire = () => {
      const due = this.lastWrite + this.options.keepAliveMs - Date.now();
      if (this.out.closed) return;
      if (due <= 0) {
        this.out.write('\n');
        this.lastWrite = Date.now();
      }
      this.keepAlive = setTimeout(fire, due > 0 ? due : this.options.keepAliveMs);
    };
    this.keepAlive = setTimeout(fire, this.options.keepAliveMs);
  }
}
