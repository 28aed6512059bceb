// The one client of Verdict's REST API, typed by the operations generated from the server's
// route table (api-types.ts): the web app, the CLI and the tests call `METHOD /path` with that
// operation's query and body and get its data back. It speaks the {code, message, data}
// envelope: code 0 gives the data, any other code an ApiError with the server's message.
import type { ApiOperations } from './api-types.ts';

export type { ApiOperations } from './api-types.ts';
export type Endpoint = keyof ApiOperations;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** The paths that answer `M`. */
export type PathsOf<M extends HttpMethod> = { [E in Endpoint]: E extends `${M} ${infer P}` ? P : never }[Endpoint];
export type ApiData<E extends Endpoint> = ApiOperations[E]['data'];
export type ApiQuery<E extends Endpoint> = ApiOperations[E]['query'];
export type ApiBody<E extends Endpoint> = ApiOperations[E]['body'];
/** The data of `M path`; unknown for a path the API does not have (a test of an unknown route). */
export type DataOf<M extends HttpMethod, P extends string> = `${M} ${P}` extends Endpoint ? ApiData<`${M} ${P}`> : unknown;

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

/** The code of an ApiError for a request that got no envelope back (network, proxy, not Verdict). */
export const NO_ENVELOPE = -1;

/** A failed call: the envelope's non-zero code and message, or NO_ENVELOPE. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly status: number,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** True when the request never got an envelope back (network, proxy or server down). */
  get isNetworkError(): boolean {
    return this.code === NO_ENVELOPE;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

/** `?a=1&b=x` without the empty values, or ''. */
export function queryString(query: object | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}) as [string, QueryValue][]) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** application/x-www-form-urlencoded fields (arrays as repeated fields). */
export function formBody(fields: object): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields) as [string, QueryValue | QueryValue[]][]) {
    for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined && v !== null) body.append(key, String(v));
  }
  return body;
}

/** The envelope in a reply's text, or null when the text is not one. */
export function parseEnvelope(text: string): Envelope | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const e = parsed as Partial<Envelope> | null;
  if (!e || typeof e !== 'object' || typeof e.code !== 'number') return null;
  return { code: e.code, message: typeof e.message === 'string' ? e.message : '', data: e.data ?? null };
}

export interface CallOptions<E extends Endpoint> {
  query?: ApiQuery<E>;
  /** Sent as JSON, or as a form with `encoding: 'form'`; FormData is sent as multipart. */
  body?: ApiBody<E>;
  encoding?: 'json' | 'form';
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface ApiClientOptions {
  /** Where the API lives ('' for the page's own origin); read on every call. */
  baseUrl: () => string;
  /** The login token sent as Authorization, read on every call. */
  token?: () => string | null | undefined;
  fetch?: typeof fetch;
}

/** The method and path of `METHOD /path`. */
export function splitEndpoint(endpoint: string): { method: HttpMethod; path: string } {
  const space = endpoint.indexOf(' ');
  return { method: endpoint.slice(0, space) as HttpMethod, path: endpoint.slice(space + 1) };
}

/** How a request's body travels: its bytes and the Content-Type to send (none for FormData). */
export function encodeBody(body: unknown, encoding: 'json' | 'form' = 'json'): { body?: BodyInit; contentType?: string } {
  if (body === undefined) return {};
  if (typeof FormData !== 'undefined' && body instanceof FormData) return { body };
  if (encoding === 'form') return { body: formBody(body as object), contentType: 'application/x-www-form-urlencoded' };
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

export interface ApiClient {
  /** The envelope and HTTP status as they came, whatever the code; ApiError only without an envelope. */
  send<E extends Endpoint>(endpoint: E, options?: CallOptions<E>): Promise<{ status: number; envelope: Envelope<ApiData<E>> }>;
  /** The data of a success; ApiError for any other code. */
  call<E extends Endpoint>(endpoint: E, options?: CallOptions<E>): Promise<ApiData<E>>;
  /** A file reply as it came (a refusal, sent as an envelope, is an ApiError). */
  file<E extends Endpoint>(endpoint: E, options?: CallOptions<E>): Promise<Response>;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function request(endpoint: string, call: CallOptions<Endpoint>): Promise<Response> {
    const { method, path } = splitEndpoint(endpoint);
    const { body, contentType } = encodeBody(call.body, call.encoding);
    const headers: Record<string, string> = { Accept: 'application/json', ...call.headers };
    if (contentType) headers['Content-Type'] = contentType;
    const token = options.token?.();
    if (token) headers.Authorization = token;
    try {
      return await doFetch(`${options.baseUrl()}${path}${queryString(call.query)}`, { method, headers, body, signal: call.signal });
    } catch (err) {
      if ((err as { name?: string })?.name === 'AbortError') throw err;
      throw new ApiError(`cannot reach the server: ${(err as Error)?.message ?? String(err)}`, NO_ENVELOPE, 0, err);
    }
  }

  async function envelopeOf(response: Response): Promise<Envelope> {
    const envelope = parseEnvelope(await response.text());
    if (!envelope) throw new ApiError(`the server did not answer with an envelope (HTTP ${response.status})`, NO_ENVELOPE, response.status);
    return envelope;
  }

  const client: ApiClient = {
    async send(endpoint, call = {}) {
      const response = await request(endpoint, call as CallOptions<Endpoint>);
      return { status: response.status, envelope: (await envelopeOf(response)) as Envelope<never> };
    },
    async call(endpoint, call = {}) {
      const { status, envelope } = await client.send(endpoint, call);
      if (envelope.code !== 0) throw new ApiError(envelope.message || `request failed (code ${envelope.code})`, envelope.code, status, envelope.data);
      return envelope.data;
    },
    async file(endpoint, call = {}) {
      const response = await request(endpoint, call as CallOptions<Endpoint>);
      // A refusal comes as an envelope with a non-zero code (a JSON file, the OpenAPI document, is no refusal).
      const type = response.headers.get('Content-Type') ?? '';
      if (!response.ok || type.includes('application/json')) {
        const envelope = parseEnvelope(await response.clone().text());
        if (envelope && envelope.code !== 0) throw new ApiError(envelope.message || `request failed (code ${envelope.code})`, envelope.code, response.status, envelope.data);
        if (!response.ok) throw new ApiError(`the server did not answer with an envelope (HTTP ${response.status})`, NO_ENVELOPE, response.status);
      }
      return response;
    },
  };
  return client;
}
