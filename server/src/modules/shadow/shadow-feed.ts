// Reading the shadowed CCS's event feed (Contest API 2023-06 or 2026-01 notifications: one JSON
// object a line, {type, id, data, token}): from a URL (streamed; Basic or Bearer credentials) or
// an event-feed.ndjson file (a contest package's). Where it resumes: after a feed token for a
// URL (since_token), after a line number (`line:N`) for a file. The 2020-03 form ({type, op,
// data}) and a line that is not a notification are refused by name.
import fs from 'node:fs';
import readline from 'node:readline';

export class ShadowError extends Error {}

export interface Notification {
  type: string;
  id: string | null;
  data: unknown;
  /** Where a reader resumes after this one. */
  position: string | null;
}

const MAX_LINE_BYTES = 16 * 1024 * 1024;

export const isUrl = (source: string) => /^https?:\/\//i.test(source);

function parse(line: string, where: string): Omit<Notification, 'position'> & { token?: string } {
  if (line.length > MAX_LINE_BYTES) throw new ShadowError(`${where}: a line longer than 16 MiB`);
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new ShadowError(`${where}: not JSON: ${line.slice(0, 80)}`);
  }
  const o = value as Record<string, unknown>;
  if (typeof o !== 'object' || o === null || typeof o.type !== 'string') throw new ShadowError(`${where}: not a notification (no type): ${line.slice(0, 80)}`);
  if ('op' in o) throw new ShadowError(`${where}: the 2020-03 feed form ({type, op, data}) is not supported: shadow a 2023-06 or 2026-01 feed`);
  if (!('data' in o)) throw new ShadowError(`${where}: a notification without data`);
  return { type: o.type, id: typeof o.id === 'string' ? o.id : null, data: o.data, token: typeof o.token === 'string' ? o.token : undefined };
}

/** The notifications of a feed file after line `since` (`line:N`). */
export async function* fileFeed(file: string, since: string | null): AsyncGenerator<Notification> {
  const skip = since && /^line:\d+$/.test(since) ? Number(since.slice(5)) : 0;
  const lines = readline.createInterface({ input: fs.createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let n = 0;
  for await (const line of lines) {
    n += 1;
    if (n <= skip || line.trim() === '') continue;
    const { token: _token, ...note } = parse(line, `${file} line ${n}`);
    yield { ...note, position: `line:${n}` };
  }
}

/** The notifications of a feed URL after the token `since`, until the connection ends or `signal` aborts. */
export async function* urlFeed(url: string, authorization: string | null, since: string | null, signal: AbortSignal): AsyncGenerator<Notification> {
  const target = new URL(url);
  if (since) target.searchParams.set('since_token', since);
  const res = await fetch(target, { headers: authorization ? { Authorization: authorization } : {}, signal });
  if (!res.ok || !res.body) throw new ShadowError(`${url}: HTTP ${res.status} ${(await res.text().catch(() => '')).slice(0, 200)}`);
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffered += decoder.decode(chunk, { stream: true });
    if (buffered.length > MAX_LINE_BYTES) throw new ShadowError(`${url}: a line longer than 16 MiB`);
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      if (line.trim() === '') continue; // keep-alive
      const { token, ...note } = parse(line, url);
      yield { ...note, position: token ?? null };
    }
  }
}
