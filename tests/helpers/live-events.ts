// A client of GET /api/events for tests: reads the Server-Sent Events stream as a browser's
// fetch would, keeps every event, and waits for the ones a test expects.
import type { LiveEventData } from '@verdict/shared';

export interface LiveEvent {
  event: string;
  data: unknown;
  /** The `id:` the server gave the event (null without one). */
  id: string | null;
}

export class LiveClient {
  readonly events: LiveEvent[] = [];
  /** Comment lines (keep-alives) seen. */
  comments = 0;
  closed = false;
  private waiters: (() => void)[] = [];

  private constructor(
    readonly response: Response,
    private readonly controller: AbortController,
  ) {}

  /** Opens the stream; the reply must be a stream (status 200), else throws with its body. */
  static async open(baseUrl: string, token: string | null, query: Record<string, string | number> = {}): Promise<LiveClient> {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    const controller = new AbortController();
    const response = await fetch(`${baseUrl}/api/events${qs ? `?${qs}` : ''}`, { headers: token ? { Authorization: token } : {}, signal: controller.signal });
    if (response.status !== 200 || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
      throw new Error(`not a stream: ${response.status} ${await response.text()}`);
    }
    const client = new LiveClient(response, controller);
    void client.read();
    return client;
  }

  private async read(): Promise<void> {
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of this.response.body as unknown as AsyncIterable<Uint8Array>) {
        buffered += decoder.decode(chunk, { stream: true });
        for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          this.take(block);
        }
      }
    } catch {
      // aborted by close(), or the server went away
    }
    this.closed = true;
    this.wake();
  }

  private take(block: string): void {
    let event = 'message';
    let id: string | null = null;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments++;
      else if (line.startsWith('id: ')) id = line.slice(4);
      else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    if (data.length > 0) this.events.push({ event, data: JSON.parse(data.join('\n')), id });
    this.wake();
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /** The events of one type seen so far. */
  of<E extends keyof LiveEventData>(event: E): LiveEventData[E][] {
    return this.events.filter((e) => e.event === event).map((e) => e.data as LiveEventData[E]);
  }

  /** Each event's id and name, in order (what a client sees of the stream besides the data). */
  idsAndEvents(): string[] {
    return this.events.map((e) => `${e.id}:${e.event}`);
  }

  /** Waits until `done(events)` holds (checked on every event), or fails after `timeoutMs`. */
  async until(what: string, done: (client: LiveClient) => boolean, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done(this)) {
      if (this.closed) throw new Error(`the stream closed before ${what}; events: ${JSON.stringify(this.events)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; events: ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.controller.abort();
  }
}
