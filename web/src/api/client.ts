// The web app's face of the typed API client (@verdict/shared): the global base address, the
// token from storage, and the spec's message for a request that got no envelope back.

import {
  ApiError,
  createApiClient,
  ErrorKinds,
  NO_ENVELOPE,
  type ApiBody,
  type ApiData,
  type ApiQuery,
  type CallOptions,
  type Endpoint,
  type PathsOf,
} from '@verdict/shared';
import { storage } from '../storage.ts';
import { t } from '../i18n/index.ts';
import { serverMessage } from '../i18n/server-messages.ts';

export const NETWORK_ERROR_MESSAGE = 'Backend Interface Error!';

export { ApiError };

// Read loosely so this module also loads outside Vite (unit tests under Node).
const viteEnv = (import.meta as { env?: Record<string, string | undefined> }).env;
let baseUrl: string = viteEnv?.VITE_API_BASE ?? '';

/** Where the API lives; '' means the same origin as the app. */
export function configureApi(options: { baseUrl: string }): void {
  baseUrl = options.baseUrl.replace(/\/+$/, '');
}

/** The address of an API path (for requests made without the typed client: the live stream). */
export function apiUrl(path: string): string {
  return baseUrl + path;
}

const client = createApiClient({ baseUrl: () => baseUrl, token: () => storage.get('token') });

/** Query values as typed in a form (text) or as the operation declares them. */
type LooseQuery<Q> = Q extends object ? { [K in keyof Q]: Q[K] | string } : never;

export interface RequestOptions<E extends Endpoint> {
  /** Sent as application/x-www-form-urlencoded. */
  form?: ApiBody<E>;
  /** Sent as application/json. */
  json?: ApiBody<E>;
  /** Sent as multipart/form-data. */
  multipart?: FormData;
  signal?: AbortSignal;
}

const sessionEndedListeners = new Set<() => void>();

/** Called when a request made with a stored token is told to log in (the session ended). */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/** Tells the listeners that the stored session ended (a request outside the typed client was told to log in). */
export function reportSessionEnded(): void {
  for (const listener of sessionEndedListeners) listener();
}

/** Any failure without an envelope reads as the spec's network message. */
async function spoken<T>(call: () => Promise<T>): Promise<T> {
  const token = storage.get('token');
  try {
    return await call();
  } catch (err) {
    if (err instanceof ApiError && err.isNetworkError) throw new ApiError(NETWORK_ERROR_MESSAGE, NO_ENVELOPE, err.status);
    if (err instanceof ApiError && err.code === ErrorKinds.NOT_LOGGED_IN.code && token) reportSessionEnded();
    throw err;
  }
}

function callOptions<E extends Endpoint>(options: RequestOptions<E> & { query?: unknown }): CallOptions<E> {
  const body = options.multipart ?? options.json ?? options.form;
  return {
    query: options.query as ApiQuery<E>,
    body: body as ApiBody<E>,
    encoding: options.form !== undefined ? 'form' : 'json',
    signal: options.signal,
  };
}

export function request<E extends Endpoint>(endpoint: E, options: RequestOptions<E> & { query?: LooseQuery<ApiQuery<E>> } = {}): Promise<ApiData<E>> {
  return spoken(() => client.call(endpoint, callOptions(options)));
}

/**
 * The API by method and path, typed by the operations generated from the server's route table:
 * `api.get('/api/contest/ContestInfo', { contestId })` has that route's query and data.
 */
export const api = {
  get: <P extends PathsOf<'GET'>>(path: P, query?: LooseQuery<ApiQuery<`GET ${P}`>>, options: RequestOptions<`GET ${P}`> = {}) =>
    request(`GET ${path}` as `GET ${P}`, { ...options, query }),
  post: <P extends PathsOf<'POST'>>(path: P, options: RequestOptions<`POST ${P}`> = {}) => request(`POST ${path}` as `POST ${P}`, options),
  put: <P extends PathsOf<'PUT'>>(path: P, options: RequestOptions<`PUT ${P}`> = {}) => request(`PUT ${path}` as `PUT ${P}`, options),
  delete: <P extends PathsOf<'DELETE'>>(path: P, options: RequestOptions<`DELETE ${P}`> = {}) => request(`DELETE ${path}` as `DELETE ${P}`, options),
};

/** A binary reply (PDF, files); an envelope reply means the server refused. */
export async function requestBlob<E extends Endpoint>(endpoint: E, options: RequestOptions<E> & { query?: LooseQuery<ApiQuery<E>> } = {}): Promise<Blob> {
  return spoken(async () => (await client.file(endpoint, callOptions(options))).blob());
}

/**
 * The text to show the user for any failure, in the current language: the network message, or
 * the server's refusal (translated by its code in Chinese, i18n/server-messages.ts).
 */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.isNetworkError ? t('common.networkError') : serverMessage(err);
  if (err instanceof Error && err.message) return err.message;
  return t('common.networkError');
}
