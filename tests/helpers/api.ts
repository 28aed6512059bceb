// The tests' client of the REST API: form, JSON and multipart bodies, the envelope kept whole
// (status, code, message) so a test can check refusals. Replies are typed by the operations
// generated from the route table (@verdict/shared): `api.get('/api/contest/ContestInfo', …)`
// has that route's data. What a test sends is not typed, so a test can send what a hostile
// client would.
import { parseEnvelope, type DataOf, type HttpMethod } from '@verdict/shared';

export interface ApiReply<T> {
  status: number;
  code: number;
  message: string;
  /** The data of a success (code 0); what the server put there otherwise (often null). */
  data: T;
  headers: Headers;
}

/** The reply's data, after asserting it is a success (code 0); `what` names the call in the failure. */
export function dataOf<T>(reply: { code: number; message: string; data: T }, what: string): T {
  if (reply.code !== 0) throw new Error(`${what}: code ${reply.code}, ${reply.message}`);
  return reply.data;
}

type Fields = Record<string, string | number>;

export class Api {
  token: string | null = null;

  constructor(readonly baseUrl: string) {}

  withToken(token: string | null): Api {
    const api = new Api(this.baseUrl);
    api.token = token;
    return api;
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { ...(this.token ? { Authorization: this.token } : {}), ...extra };
  }

  async get<P extends string>(path: P, query: Fields = {}): Promise<ApiReply<DataOf<'GET', P>>> {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    return this.send(path + (qs ? `?${qs}` : ''), { method: 'GET', headers: this.headers() });
  }

  /** application/x-www-form-urlencoded, as the spec's forms send it. */
  async form<P extends string, M extends HttpMethod = 'POST'>(path: P, fields: Fields, method?: M): Promise<ApiReply<DataOf<M, P>>> {
    const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
    return this.send(path, { method: method ?? 'POST', body, headers: this.headers({ 'Content-Type': 'application/x-www-form-urlencoded' }) });
  }

  async json<P extends string, M extends HttpMethod = 'POST'>(path: P, value: unknown, method?: M): Promise<ApiReply<DataOf<M, P>>> {
    return this.send(path, { method: method ?? 'POST', body: JSON.stringify(value), headers: this.headers({ 'Content-Type': 'application/json' }) });
  }

  async multipart<P extends string>(path: P, form: FormData): Promise<ApiReply<DataOf<'POST', P>>> {
    return this.send(path, { method: 'POST', body: form, headers: this.headers() });
  }

  async raw(path: string, init: RequestInit): Promise<Response> {
    return fetch(this.baseUrl + path, { ...init, headers: { ...this.headers(), ...(init.headers as Record<string, string>) } });
  }

  private async send<T>(path: string, init: RequestInit): Promise<ApiReply<T>> {
    const res = await fetch(this.baseUrl + path, init);
    const text = await res.text();
    const envelope = parseEnvelope(text);
    if (!envelope) throw new Error(`${init.method} ${path}: not an envelope (${res.status}): ${text.slice(0, 200)}`);
    return { status: res.status, code: envelope.code, message: envelope.message, data: envelope.data as T, headers: res.headers };
  }
}
