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
import { ErrorKinds } from '@verdict/shared';
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

type Query = Record<string, string | number | undefined>;

export class ServerClient {
  readonly baseUrl: string;

  constructor(
    serverUrl: string,
    readonly token?: string,
  ) {
    this.baseUrl = normalizeServerUrl(serverUrl);
  }

  /** A client with the token saved by `verdict login`; refuses when there is none. */
  static loggedIn(serverUrl: string): ServerClient {
    const login = loginFor(serverUrl);
    const url = normalizeServerUrl(serverUrl);
    if (!login) throw new CliError(`not logged in to ${url}: run \`verdict login --server ${url}\` first`);
    return new ServerClient(url, login.token);
  }

  get<T = unknown>(route: string, query: Query = {}): Promise<T> {
    return this.send<T>(route + queryString(query), { method: 'GET' });
  }

  form<T = unknown>(route: string, fields: Record<string, string | number>, method = 'POST'): Promise<T> {
    const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
    return this.send<T>(route, { method, body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
  }

  json<T = unknown>(route: string, value: unknown, method = 'POST'): Promise<T> {
    return this.send<T>(route, { method, body: JSON.stringify(value), headers: { 'Content-Type': 'application/json' } });
  }

  /** GET a binary reply into `dest`; `onProgress(received, total)` as bytes arrive. */
  async download(route: string, query: Query, dest: string, onProgress?: (received: number, total: number) => void): Promise<void> {
    const res = await this.fetch(route + queryString(query), { method: 'GET' });
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok || type.includes('application/json')) {
      await this.envelope(res);
      throw new CliError(`${this.baseUrl}${route}: expected a file, got a JSON reply`);
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
  upload<T = unknown>(route: string, fields: Record<string, string | number>, fileField: string, filePath: string, onProgress?: (sent: number, total: number) => void): Promise<T> {
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
    return new Promise<T>((resolve, reject) => {
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
              resolve(this.unwrap<T>(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
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

  private async fetch(route: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(this.baseUrl + route, { ...init, headers: { ...this.authHeader(), ...(init.headers as Record<string, string>) } });
    } catch (err) {
      throw unreachable(this.baseUrl, err) ?? new CliError(`request to ${this.baseUrl}${route} failed: ${(err as Error).message}`);
    }
  }

  private async send<T>(route: string, init: RequestInit): Promise<T> {
    return this.envelope<T>(await this.fetch(route, init));
  }

  private async envelope<T>(res: Response): Promise<T> {
    return this.unwrap<T>(res.status, await res.text());
  }

  private unwrap<T>(status: number, text: string): T {
    let reply: { code?: unknown; message?: unknown; data?: unknown };
    try {
      reply = JSON.parse(text);
    } catch {
      throw new CliError(`${this.baseUrl} did not answer like a Verdict server (HTTP ${status})`);
    }
    if (typeof reply?.code !== 'number') throw new CliError(`${this.baseUrl} did not answer like a Verdict server (HTTP ${status})`);
    if (reply.code === 0) return reply.data as T;
    const message = typeof reply.message === 'string' ? reply.message : `error ${reply.code}`;
    if (reply.code === ErrorKinds.NOT_LOGGED_IN.code) {
      const why = this.token ? `your login to ${this.baseUrl} has expired or was revoked` : `not logged in to ${this.baseUrl}`;
      throw new ServerError(`${why}; run \`verdict login --server ${this.baseUrl}\``, reply.code, status, message);
    }
    throw new ServerError(`the server says: ${message}`, reply.code, status, message);
  }
}

function queryString(query: Query): string {
  const entries = Object.entries(query).filter((e): e is [string, string | number] => e[1] !== undefined);
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)]))}` : '';
}
