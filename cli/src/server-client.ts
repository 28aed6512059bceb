// Talking to a Verdict server: the {code, message, data} envelope, the saved token, and
// errors worded for the person at the terminal (unreachable server, not logged in, the
// server's own message).
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import crypto from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import {
  ApiError,
  createApiClient,
  ErrorKinds,
  NO_ENVELOPE,
  parseEnvelope,
  type ApiBody,
  type ApiClient,
  type ApiData,
  type ApiQuery,
  type CallOptions,
  type Endpoint,
  type HttpMethod,
  type PathsOf,
} from '@verdict/shared';
import { CliError } from './errors.ts';
import { loginFor, normalizeServerUrl } from './config-file.ts';

/** A non-zero reply code: the server's message, with its code and HTTP status kept for callers. */
export class ServerError extends CliError {
  constructor(
    message: string,
    readonly code: number,
    readonly status: number,
    /** The server's message as it sent it. */
    readonly serverMessage: string,
  ) {
    super(message);
    this.name = 'ServerError';
  }
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_SOCKET']);

export function unreachable(baseUrl: string, err: unknown): CliError | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  const code = e?.cause?.code ?? e?.code;
  if (code && NETWORK_CODES.has(code)) return new CliError(`cannot reach the server at ${baseUrl} (${code}); is it running, and is the URL right?`);
  return undefined;
}

type EndpointOf<M extends HttpMethod, P extends string> = Extract<`${M} ${P}`, Endpoint>;

export class ServerClient {
  readonly baseUrl: string;
  private readonly client: ApiClient;

  constructor(
    serverUrl: string,
    readonly token?: string,
  ) {
    this.baseUrl = normalizeServerUrl(serverUrl);
    this.client = createApiClient({ baseUrl: () => this.baseUrl, token: () => (this.token ? `Bearer ${this.token}` : null) });
  }

  /** A client with the token saved by `verdict login`; refuses when there is none. */
  static loggedIn(serverUrl: string): ServerClient {
    const login = loginFor(serverUrl);
    const url = normalizeServerUrl(serverUrl);
    if (!login) throw new CliError(`not logged in to ${url}: run \`verdict login --server ${url}\` first`);
    return new ServerClient(url, login.token);
  }

  /** A call typed by the API's generated operations; the server's refusals become ServerError. */
  async call<E extends Endpoint>(endpoint: E, options: CallOptions<E> = {}): Promise<ApiData<E>> {
    try {
      return await this.client.call(endpoint, options);
    } catch (err) {
      throw this.spoken(err);
    }
  }

  get<P extends PathsOf<'GET'>>(route: P, query?: ApiQuery<`GET ${P}`>): Promise<ApiData<`GET ${P}`>> {
    return this.call(`GET ${route}` as `GET ${P}`, { query });
  }

  /** application/x-www-form-urlencoded, as the spec's forms send it. */
  form<P extends PathsOf<'POST'>>(route: P, fields: ApiBody<`POST ${P}`>): Promise<ApiData<`POST ${P}`>> {
    return this.call(`POST ${route}` as `POST ${P}`, { body: fields, encoding: 'form' });
  }

  json<P extends PathsOf<M>, M extends HttpMethod = 'POST'>(route: P, value: ApiBody<EndpointOf<M, P>>, method?: M): Promise<ApiData<EndpointOf<M, P>>> {
    return this.call(`${method ?? 'POST'} ${route}` as EndpointOf<M, P>, { body: value });
  }

  /** GET a binary reply into `dest`; `onProgress(received, total)` as bytes arrive. */
  async download<P extends PathsOf<'GET'>>(route: P, query: ApiQuery<`GET ${P}`>, dest: string, onProgress?: (received: number, total: number) => void): Promise<void> {
    let res: Response;
    try {
      res = await this.client.file(`GET ${route}` as `GET ${P}`, { query });
    } catch (err) {
      throw this.spoken(err);
    }
    const total = Number(res.headers.get('content-length') ?? 0);
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        received += chunk.length;
        onProgress?.(received, total);
        done(null, chunk);
      },
    });
    await pipeline(res.body as unknown as NodeJS.ReadableStream, counter, fs.createWriteStream(dest));
  }

  /** multipart/form-data upload of one file, streamed from disk with progress. */
  upload<P extends PathsOf<'POST'>>(route: P, fields: Record<string, string | number>, fileField: string, filePath: string, onProgress?: (sent: number, total: number) => void): Promise<ApiData<`POST ${P}`>> {
    const boundary = `----verdict${crypto.randomBytes(12).toString('hex')}`;
    let head = '';
    for (const [name, value] of Object.entries(fields)) {
      head += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    }
    const fileName = path.basename(filePath).replace(/"/g, '');
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${fileName}"\r\nContent-Type: application/zip\r\n\r\n`;
    const tail = `\r\n--${boundary}--\r\n`;
    const fileSize = fs.statSync(filePath).size;
    const total = Buffer.byteLength(head) + fileSize + Buffer.byteLength(tail);
    const url = new URL(this.baseUrl + route);
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise<ApiData<`POST ${P}`>>((resolve, reject) => {
      const req = transport.request(
        url,
        {
          method: 'POST',
          headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': total, ...this.authHeader() },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            try {
              resolve(this.unwrap(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')) as ApiData<`POST ${P}`>);
            } catch (err) {
              reject(err);
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', (err) => reject(unreachable(this.baseUrl, err) ?? err));
      let sent = 0;
      const write = (chunk: Buffer | string) => {
        sent += Buffer.byteLength(chunk);
        onProgress?.(sent, total);
        return req.write(chunk);
      };
      write(head);
      const file = fs.createReadStream(filePath);
      file.on('data', (chunk) => {
        if (!write(chunk as Buffer)) {
          file.pause();
          req.once('drain', () => file.resume());
        }
      });
      file.on('error', (err) => req.destroy(err));
      file.on('end', () => {
        write(tail);
        req.end();
      });
    });
  }

  private authHeader(): Record<string, string> {
    return this.token ? { Authorization: `Bearer ${this.token}` } : {};
  }

  /** A failed call in the terminal's words. */
  private spoken(err: unknown): unknown {
    if (!(err instanceof ApiError)) return err;
    if (err.isNetworkError) {
      if (err.status) return new CliError(`${this.baseUrl} did not answer like a Verdict server (HTTP ${err.status})`);
      return unreachable(this.baseUrl, err.data) ?? new CliError(`request to ${this.baseUrl} failed: ${err.message}`);
    }
    if (err.code === ErrorKinds.NOT_LOGGED_IN.code) {
      const why = this.token ? `your login to ${this.baseUrl} has expired or was revoked` : `not logged in to ${this.baseUrl}`;
      return new ServerError(`${why}; run \`verdict login --server ${this.baseUrl}\``, err.code, err.status, err.message);
    }
    return new ServerError(`the server says: ${err.message}`, err.code, err.status, err.message);
  }

  private unwrap(status: number, text: string): unknown {
    const reply = parseEnvelope(text);
    if (!reply) throw this.spoken(new ApiError('no envelope', NO_ENVELOPE, status));
    if (reply.code === 0) return reply.data;
    throw this.spoken(new ApiError(reply.message || `error ${reply.code}`, reply.code, status, reply.data));
  }
}
