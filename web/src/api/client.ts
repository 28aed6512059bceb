// The one HTTP client: global base address, token header, and the {code, message, data}
// envelope (code 0 → data; anything else rejects with the server's message).

import { storage } from '../storage.ts';

export const NETWORK_ERROR_MESSAGE = 'Backend Interface Error!';

export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  constructor(message: string, code: number, status = 0) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
  }
  /** True when the request never got an envelope back (network, proxy or server down). */
  get isNetworkError(): boolean {
    return this.code === NETWORK_ERROR_CODE;
  }
}

const NETWORK_ERROR_CODE = -1;

// Read loosely so this module also loads outside Vite (unit tests under Node).
const viteEnv = (import.meta as { env?: Record<string, string | undefined> }).env;
let baseUrl: string = viteEnv?.VITE_API_BASE ?? '';

/** Where the API lives; '' means the same origin as the app. */
export function configureApi(options: { baseUrl: string }): void {
  baseUrl = options.baseUrl.replace(/\/+$/, '');
}

export type Query = Record<string, string | number | boolean | null | undefined>;
type FormBody = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  /** Sent as application/x-www-form-urlencoded. */
  form?: FormBody;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as multipart/form-data. */
  multipart?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

function formBody(form: FormBody): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) {
    if (value !== undefined && value !== null) body.append(key, String(value));
  }
  return body;
}

async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = storage.get('token');
  if (token) headers.Authorization = token;
  let body: BodyInit | undefined;
  if (options.form) {
    body = formBody(options.form);
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.multipart) {
    body = options.multipart;
  }
  try {
    return await fetch(buildUrl(path, options.query), { method, headers, body, signal: options.signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(NETWORK_ERROR_MESSAGE, NETWORK_ERROR_CODE);
  }
}

async function readEnvelope<T>(response: Response): Promise<T> {
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, NETWORK_ERROR_CODE, response.status);
  }
  if (!envelope || typeof envelope.code !== 'number') {
    throw new ApiError(NETWORK_ERROR_MESSAGE, NETWORK_ERROR_CODE, response.status);
  }
  if (envelope.code !== 0) {
    throw new ApiError(envelope.message || `Request failed (${envelope.code})`, envelope.code, response.status);
  }
  return envelope.data;
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  return readEnvelope<T>(await send(method, path, options));
}

export const api = {
  get: <T>(path: string, query?: Query, options: RequestOptions = {}) =>
    request<T>('GET', path, { ...options, query }),
  post: <T>(path: string, options: RequestOptions = {}) => request<T>('POST', path, options),
  put: <T>(path: string, options: RequestOptions = {}) => request<T>('PUT', path, options),
  delete: <T>(path: string, options: RequestOptions = {}) => request<T>('DELETE', path, options),
};

/** A binary reply (PDF, files); an envelope reply means the server refused. */
export async function requestBlob(method: string, path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await send(method, path, options);
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('application/json') || !response.ok) {
    await readEnvelope<unknown>(response);
    throw new ApiError(NETWORK_ERROR_MESSAGE, NETWORK_ERROR_CODE, response.status);
  }
  return response.blob();
}

/** The text to show the user for any failure. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error && err.message) return err.message;
  return NETWORK_ERROR_MESSAGE;
}
