// The contestants of bench/sse.ts and bench/boards.ts, in a process of their own (the server's
// process only serves): N live streams (GET /api/events) on plain HTTP connections, every event's
// arrival time kept, and, when asked, each stream's first arrival of an event after a moment.
// A stream opened with board=1 applies the boards it is pushed, as the web app does.
import http from 'node:http';
import { applyLiveBoard, type HeldBoard, type LiveBoard } from '@verdict/shared';
import { cellMeasure } from './board-cells.ts';

interface Arrival {
  event: string;
  data: Record<string, unknown>;
  at: number;
}

const now = () => performance.timeOrigin + performance.now();
interface Stream {
  index: number;
  arrivals: Arrival[];
  request: http.ClientRequest;
  held: HeldBoard | null;
  /** When a pushed board last changed what it holds. */
  lastBoardAt?: number;
}
const streams: Stream[] = [];

/**
 * What bench/rehearsal.ts waits for on every screen: a cell of a row reaching a state (`measure`,
 * see cellMeasure), or the board reaching a view; per stream, when it got there.
 */
interface Watch {
  id: number;
  after: number;
  userName?: string;
  letter?: string;
  measure?: number;
  view?: 'live' | 'frozen';
  at: (number | null)[];
}
const watches: Watch[] = [];


function reached(stream: Stream, w: Watch): boolean {
  if (!stream.held) return false;
  if (w.view) return stream.held.view === w.view;
  const row = stream.held.rows.find((r) => r.userName === w.userName);
  return cellMeasure(row?.judgeResultList.find((c) => c.newId === w.letter)) >= w.measure!;
}

function checkWatches(i: number, at: number): void {
  for (const w of watches) if (w.at[i] === null && at > w.after && reached(streams[i], w)) w.at[i] = at;
}
/** As the web app does: read the board when the stream says it changed (the arrival is event 'board'). */
let boardUrl: string | null = null;
/** Set by the first watch (bench/rehearsal.ts). */
let watching = false;
const boardAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function readBoard(token: string, arrivals: Arrival[]): void {
  http
    .get(boardUrl!, { headers: { Authorization: token, 'Accept-Encoding': 'gzip' }, agent: boardAgent }, (res) => {
      res.resume();
      res.on('end', () => arrivals.push({ event: 'board', data: { status: res.statusCode }, at: now() }));
    })
    .on('error', () => {});
}

function open(url: string, token: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const arrivals: Arrival[] = [];
    const stream: Stream = { index: streams.length, arrivals, held: null, request: undefined as unknown as http.ClientRequest };
    const request = http.get(url, { headers: { Authorization: token, Accept: 'text/event-stream' }, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream refused: ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      let buffered = '';
      res.on('data', (chunk: string) => {
        buffered += chunk;
        for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!event || !data) continue;
          const parsed = JSON.parse(data);
          if (event === 'board') {
            // The pushed board, applied: its arrival is when this contestant has it.
            stream.held = applyLiveBoard(stream.held, parsed as LiveBoard);
            const at = now();
            stream.lastBoardAt = at;
            // The rehearsal's clients keep no arrivals: an hour of boards would fill the memory.
            if (watching) checkWatches(stream.index, at);
            else arrivals.push({ event, data: { gap: stream.held === null, bytes: data.length }, at });
            continue;
          }
          arrivals.push({ event, data: parsed, at: now() });
          if (event === 'hello') resolve();
          // As the web app: within a second, at random (useContestScoreboard.ts, BOARD_SPREAD_MS).
          if (event === 'scoreboard' && boardUrl) setTimeout(() => readBoard(token, arrivals), Math.random() * 1000);
        }
      });
      res.on('error', () => {});
    });
    request.on('error', reject);
    stream.request = request;
    streams.push(stream);
  });
}

/** What bench/sse.ts asks. */
interface Request {
  type: 'open' | 'firsts' | 'held' | 'sizes' | 'watch' | 'watched' | 'digests' | 'close';
  url?: string;
  tokens?: string[];
  boardUrl?: string;
  event?: string;
  after?: number;
  match?: Record<string, unknown>;
  /** For 'held': whose row of each stream's pushed board to report. */
  userName?: string;
  watch?: Omit<Watch, 'at'>;
}

process.on('message', async (message: Request) => {
  if (message.type === 'open') {
    const started = now();
    boardUrl = message.boardUrl ?? null;
    const tokens = message.tokens ?? [];
    // A few hundred at a time: the accept queue of the server is not the thing measured.
    for (let i = 0; i < tokens.length; i += 200) await Promise.all(tokens.slice(i, i + 200).map((t) => open(message.url!, t)));
    process.send!({ type: 'opened', ms: now() - started });
  } else if (message.type === 'firsts') {
    // Per stream: the first `event` after `after` whose data has the given fields (null: none yet).
    const match: Record<string, unknown> = message.match ?? {};
    const firsts = streams.map((s) => s.arrivals.find((a) => a.event === message.event && a.at > message.after! && Object.entries(match).every(([k, v]) => a.data[k] === v))?.at ?? null);
    process.send!({ type: 'firsts', firsts });
  } else if (message.type === 'sizes') {
    // Per stream: the size of the first pushed board after `after` (null: none).
    process.send!({ type: 'sizes', sizes: streams.map((s) => (s.arrivals.find((a) => a.event === 'board' && a.at > message.after!)?.data.bytes as number | undefined) ?? null) });
  } else if (message.type === 'watch') {
    watching = true;
    const w: Watch = { ...message.watch!, at: streams.map(() => null) };
    // A stream that has it already got it with its last board (the watch is made after the fact).
    streams.forEach((s, i) => {
      if (reached(s, w)) w.at[i] = Math.max(w.after, s.lastBoardAt ?? w.after);
    });
    watches.push(w);
    process.send!({ type: 'watching' });
  } else if (message.type === 'watched') {
    // Each watch's wait per stream (ms; null: never), and the watches are dropped.
    process.send!({ type: 'watched', waits: watches.splice(0).map((w) => ({ id: w.id, waits: w.at.map((t) => (t === null ? null : t - w.after)) })) });
  } else if (message.type === 'digests') {
    process.send!({ type: 'digests', boards: streams.map((s) => (s.held ? `${s.held.view}:${JSON.stringify(s.held.rows)}` : null)) });
  } else if (message.type === 'held') {
    process.send!({ type: 'held', rows: streams.map((s) => s.held?.rows.find((r) => r.userName === message.userName) ?? null) });
  } else if (message.type === 'close') {
    for (const s of streams) s.request.destroy();
    streams.length = 0;
    boardAgent.destroy();
    process.send!({ type: 'closed' });
  }
});
