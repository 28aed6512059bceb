// A small HTTP client for tests: form, JSON and multipart bodies, the envelope kept whole.
export interface ApiReply<T = any> {
  status: number;
  code: number;
  message: string;
  data: T;
  headers: Headers;
}

/** The reply's data, after asserting it is a success (code 0); `what` names the call in the failure. */
export function dataOf<T>(reply: { code: number; message: string; data: T }, what: string): T {
  if (reply.code !== 0) throw new Error(`${what}: code ${reply.code}, ${reply.message}`);
  return reply.data;
}

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

  async get<T = any>(path: string, query: Record<string, string | number> = {}): Promise<ApiReply<T>> {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    return this.send(path + (qs ? `?${qs}` : ''), { method: 'GET', headers: this.headers() });
  }

  /** application/x-www-form-urlencoded, as the spec's forms send it. */
  async form<T = any>(path: string, fields: Record<string, string | number>, method = 'POST'): Promise<ApiReply<T>> {
    const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
    return this.send(path, { method, body, headers: this.headers({ 'Content-Type': 'application/x-www-form-urlencoded' }) });
  }

  async json<T = any>(path: string, value: unknown, method = 'POST'): Promise<ApiReply<T>> {
    return this.send(path, { method, body: JSON.stringify(value), headers: this.headers({ 'Content-Type': 'application/json' }) });
  }

  async multipart<T = any>(path: string, form: FormData): Promise<ApiReply<T>> {
    return this.send(path, { method: 'POST', body: form, headers: this.headers() });
  }

  async raw(path: string, init: RequestInit): Promise<Response> {
    return fetch(this.baseUrl + path, { ...init, headers: { ...this.headers(), ...(init.headers as Record<string, string>) } });
  }

  private async send<T>(path: string, init: RequestInit): Promise<ApiReply<T>> {
    const res = await fetch(this.baseUrl + path, init);
    const text = await res.text();
    let parsed: any;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`${init.method} ${path}: not JSON (${res.status}): ${text.slice(0, 200)}`);
    }
    return { status: res.status, code: parsed.code, message: parsed.message, data: parsed.data, headers: res.headers };
  }
}
