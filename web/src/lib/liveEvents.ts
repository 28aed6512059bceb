// The live stream (GET /api/events, Server-Sent Events) shared by the pages of a tab: one
// connection per contest however many components listen, read with fetch (the token goes in the
// Authorization header; EventSource cannot send it), reconnected with a growing delay when it
// drops. While it is connected, the pages' polls stand down; when it is not, they poll as the
// spec says. What the server sends: docs/api-decisions.md, Live updates.
import { apiUrl, reportSessionEnded } from '../api/client.ts';
import type { LiveEvent } from '@verdict/shared';
import { storage } from '../storage.ts';

export type { LiveEvent, LiveSubmission } from '@verdict/shared';

export interface LiveListener {
  onEvent?: (event: LiveEvent) => void;
  /** Connected (the first `hello`) or not any more. */
  onState?: (connected: boolean) => void;
}

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;
/** After a refusal (not a member, too many streams, logged out) the stream is asked for again rarely. */
const REFUSED_RETRY_MS = 60_000;

/** Splits a stream's text into events; returns what is left of an incomplete one. */
export function parseEvents(buffered: string, emit: (event: string, data: string) => void): string {
  let rest = buffered.replace(/\r\n?/g, '\n');
  for (let end = rest.indexOf('\n\n'); end >= 0; end = rest.indexOf('\n\n')) {
    const block = rest.slice(0, end);
    rest = rest.slice(end + 2);
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length > 0) emit(event, data.join('\n'));
  }
  return rest;
}

class LiveConnection {
  readonly listeners = new Set<LiveListener>();
  connected = false;
  private controller: AbortController | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private retryMs = FIRST_RETRY_MS;
  private stopped = false;

  constructor(
    private readonly contestId: number | null,
    /** Asks for the contest's board itself (`board` events) instead of scoreboard news. */
    private readonly board: boolean,
  ) {}

  start(): void {
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.controller?.abort();
    this.setConnected(false);
  }

  private setConnected(connected: boolean): void {
    if (this.connected === connected) return;
    this.connected = connected;
    for (const l of [...this.listeners]) l.onState?.(connected);
  }

  private retry(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.connect(), delayMs);
  }

  private async connect(): Promise<void> {
    const token = storage.get('token');
    if (this.stopped) return;
    if (!token) {
      this.retry(REFUSED_RETRY_MS);
      return;
    }
    const controller = new AbortController();
    this.controller = controller;
    try {
      const query = this.contestId === null ? '' : `?contestId=${this.contestId}${this.board ? '&board=1' : ''}`;
      const response = await fetch(apiUrl(`/api/events${query}`), { headers: { Authorization: token, Accept: 'text/event-stream' }, cache: 'no-store', signal: controller.signal });
      if (!response.ok || !response.body || !(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
        // The session ended (logged out elsewhere, password changed): the app sends the user to log in.
        if (response.status === 401 && storage.get('token') === token) reportSessionEnded();
        // Refused (the pages' own requests report why): try again much later.
        this.retry(REFUSED_RETRY_MS);
        return;
      }
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffered = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffered = parseEvents(buffered + value, (event, data) => this.dispatch(event, data));
      }
    } catch {
      // dropped or aborted: below
    }
    this.setConnected(false);
    this.retry(this.retryMs);
    this.retryMs = Math.min(MAX_RETRY_MS, this.retryMs * 2);
  }

  private dispatch(event: string, text: string): void {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return;
    }
    if (event === 'hello') {
      this.retryMs = FIRST_RETRY_MS;
      this.setConnected(true);
    }
    const live = { event, data } as LiveEvent;
    for (const l of [...this.listeners]) l.onEvent?.(live);
  }
}

const connections = new Map<string, LiveConnection>();

/**
 * Listens to a contest's stream (null: the caller's own submissions anywhere); `board`: the
 * stream that pushes the contest's board (the leaderboard pages). Returns the way to stop.
 */
export function listenLive(contestId: number | null, listener: LiveListener, board = false): () => void {
  const key = `${contestId}:${board && contestId !== null}`;
  let connection = connections.get(key);
  if (!connection) {
    connection = new LiveConnection(contestId, board && contestId !== null);
    connections.set(key, connection);
    connection.start();
  }
  connection.listeners.add(listener);
  if (connection.connected) listener.onState?.(true);
  const mine = connection;
  return () => {
    mine.listeners.delete(listener);
    if (mine.listeners.size === 0) {
      mine.stop();
      if (connections.get(key) === mine) connections.delete(key);
    }
  };
}
