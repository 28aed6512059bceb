// The Koa app factory: middleware, routes with their roles, the built web app. It never
// listens; server.ts does.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Koa, { type Context } from 'koa';
import Router from '@koa/router';
import { HttpMethodEnum, koaBody } from 'koa-body';
import helmet from 'koa-helmet';
import serve from 'koa-static';
import type { Config } from '../config.ts';
import type { Services } from '../services.ts';
import { resolveToken, tokenFromHeader, API_TOKEN_ONLY_CCS, BASIC_CHALLENGE, basicCredentials, userFromBasic } from '../modules/accounts/index.ts';
import { errorMiddleware, ok } from './envelope.ts';
import { fail, isDomainError } from '../common/errors.ts';
import { parseInput } from './validate.ts';
import { FileReply, JsonDocumentReply, SerializedReply, StreamReply, type CurrentUser, type RouteDef, type StreamWriter, type UploadedFile } from './route.ts';

export interface AppOptions {
  routes: RouteDef[];
  /** Folder of the built web app (web/dist); served with a fallback to index.html. */
  webDir?: string;
  uploadDir: string;
}

const JSON_LIMIT = '1mb';
/**
 * Bytes a stream may hold for its client at most, whatever the window: only a writer that does
 * not wait (the live stream's small events) could reach it; the event feed waits at the high water.
 */
const STREAM_BUFFER_LIMIT = 16 << 20;

export function createApp(services: Services, opts: AppOptions): Koa {
  // TRUST_PROXY=1: one proxy in front (nginx, docs/operations.md) appends the client's address to
  // X-Forwarded-For; only that last entry is believed. Koa's default takes the first entry, which
  // the client writes itself: every per-address limit was one made-up header away.
  const app = new Koa({ proxy: process.env.TRUST_PROXY === '1', maxIpsCount: 1 });
  const { log } = services;
  // What fails after a reply has started (a stream whose client went away) reaches Koa's 'error'
  // event, not the error middleware; a client leaving is no error, the rest is logged.
  app.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'ERR_STREAM_PREMATURE_CLOSE' || err.code === 'ECONNRESET' || err.code === 'EPIPE') return;
    log.error({ err }, 'reply failed');
  });

  app.use(async (ctx, next) => {
    const started = performance.now();
    await next();
    const ms = performance.now() - started;
    log.info({ method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms) }, 'request');
    // Labelled by the route's pattern, never the raw path (unbounded label values).
    const route = (ctx as { _matchedRoute?: string })._matchedRoute ?? (ctx.path.startsWith('/api/') ? 'unmatched' : 'web');
    services.metrics?.observeRequest(ctx.method, String(route), ctx.status, ms / 1000);
  });
  app.use(metricsEndpoint(services));
  app.use(errorMiddleware(log));
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          // A statement that is only a PDF is shown in a frame of the PDF the page fetched (a blob).
          frameSrc: ["'self'", 'blob:'],
          // Nobody frames the judge (clickjacking); X-Frame-Options says the same to old browsers.
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      xFrameOptions: { action: 'deny' },
      crossOriginEmbedderPolicy: false,
    }),
  );

  const router = new Router();
  for (const def of opts.routes) {
    // Who is calling is settled before any body is read: a refused caller uploads nothing.
    router[def.method](
      def.path,
      async (ctx: Context, next: () => Promise<unknown>) => {
        await authenticate(def, ctx, services);
        await next();
      },
      bodyParser(def, opts.uploadDir, services.config),
      async (ctx: Context) => runRoute(def, ctx, services),
    );
  }
  app.use(router.routes());
  app.use(router.allowedMethods());

  if (opts.webDir && fs.existsSync(path.join(opts.webDir, 'index.html'))) {
    const webDir = opts.webDir;
    // The build writes file.br and file.gz beside each script and style (web/vite.config.ts);
    // koa-send picks the one the client accepts. Names under /assets/ carry a hash of their
    // content: a new build has new names, so a browser keeps these for a year without asking.
    app.use(
      serve(webDir, {
        index: false,
        brotli: true,
        gzip: true,
        setHeaders: (res, file) => {
          res.setHeader('Vary', 'Accept-Encoding');
          const rel = path.relative(webDir, file).split(path.sep).join('/');
          res.setHeader('Cache-Control', staticCacheControl(rel));
        },
      }),
    );
    const indexPage = compressedVariants(fs.readFileSync(path.join(webDir, 'index.html')));
    app.use(async (ctx, next) => {
      // A missing script or style is a 404, not the app's page under a script's name.
      // So is any other file the build does not have (/sitemap.xml, /apple-touch-icon.png): the
      // app's paths never end in a file's extension (issue 30: /robots.txt was the app's HTML).
      if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api') || ctx.path.startsWith('/assets/') || NOT_A_PAGE.test(ctx.path)) return next();
      // The page names the current build's assets: asked for again each time (cheap with its ETag).
      ctx.type = 'html';
      ctx.set('Cache-Control', 'no-cache');
      ctx.vary('Accept-Encoding');
      const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
      if (encoding === 'br' || encoding === 'gzip') ctx.set('Content-Encoding', encoding);
      ctx.body = encoding === 'br' ? indexPage.br : encoding === 'gzip' ? indexPage.gzip : indexPage.raw;
      ctx.etag = indexPage.etag;
      if (ctx.fresh) ctx.status = 304;
    });
  }
  return app;
}

/** A file's name, never an app page's path. */
const NOT_A_PAGE = /\.(txt|xml|ico|png|jpe?g|gif|svg|webp|js|mjs|css|map|json|webmanifest|woff2?)$/i;

/** Cache-Control of a file of the built web app, by its path inside web/dist. */
export function staticCacheControl(relPath: string): string {
  if (/^assets\/[^/]+$/.test(relPath)) return 'public, max-age=31536000, immutable';
  if (/^index\.html(\.(br|gz))?$/.test(relPath)) return 'no-cache';
  return 'public, max-age=3600';
}

function compressedVariants(raw: Buffer): { raw: Buffer; br: Buffer; gzip: Buffer; etag: string } {
  return {
    raw,
    br: zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } }),
    gzip: zlib.gzipSync(raw, { level: 9 }),
    etag: `W/"${crypto.createHash('sha256').update(raw).digest('base64url').slice(0, 22)}"`,
  };
}

function bodyParser(def: RouteDef, uploadDir: string, config: Config) {
  const multipart = def.encoding === 'multipart';
  const maxFileSize = typeof def.maxFileSize === 'function' ? def.maxFileSize(config) : (def.maxFileSize ?? 1024 * 1024);
  return koaBody({
    multipart,
    jsonLimit: JSON_LIMIT,
    formLimit: JSON_LIMIT,
    textLimit: JSON_LIMIT,
    parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
    formidable: multipart
      ? // Empty files reach the handler, which words the refusal (a form with no file chosen sends one).
        { uploadDir, maxFileSize, maxFiles: 1, keepExtensions: false, allowEmptyFiles: true, minFileSize: 0 }
      : undefined,
  });
}

async function authenticate(def: RouteDef, ctx: Context, services: Services): Promise<void> {
  const header = ctx.get('authorization');
  let token: string | null = null;
  let user: CurrentUser | null = null;
  try {
    const basic = def.basicAuth ? basicCredentials(header) : null;
    token = basic ? null : tokenFromHeader(header);
    if (basic) user = await userFromBasic(services.db, basic, ctx.ip, services.clock.now(), services.config.basicPasswords);
    else if (token) {
      const holder = await resolveToken(services.db, token, services.clock.now());
      if (holder?.kind === 'api' && !def.basicAuth) throw fail('NOT_LOGGED_IN', API_TOKEN_ONLY_CCS);
      user = holder && { id: holder.id, username: holder.username, auth: holder.auth };
    }
  } catch (err) {
    if (isDomainError(err, 'WRONG_CREDENTIALS')) ctx.set('WWW-Authenticate', BASIC_CHALLENGE);
    throw err;
  }
  if (def.role !== 'open' && !user) {
    if (def.basicAuth) ctx.set('WWW-Authenticate', BASIC_CHALLENGE);
    throw fail('NOT_LOGGED_IN');
  }
  if (def.role === 'admin' && user!.auth < 1) throw fail('FORBIDDEN');
  ctx.state.token = token;
  ctx.state.user = user;
}

async function runRoute(def: RouteDef, ctx: Context, services: Services): Promise<void> {
  const { token, user } = ctx.state as { token: string | null; user: CurrentUser | null };
  const files = collectFiles(ctx);
  try {
    const rawBody = ctx.request.body;
    assertStorableText(rawBody);
    assertStorableText(ctx.query);
    const body = def.body ? parseInput(def.body, rawBody) : undefined;
    const query = def.query ? parseInput(def.query, ctx.query) : undefined;
    const result = await def.handler({ body, query, params: { ...ctx.params }, user, token, ip: ctx.ip, files }, services);
    // Whatever it changed reaches this process's live streams now, not at the next poll.
    if (def.method !== 'get') services.changes.poke();
    if (result instanceof FileReply) {
      ctx.type = result.contentType;
      ctx.attachment(result.fileName, result.inline ? { type: 'inline' } : undefined);
      ctx.body = result.body;
      return;
    }
    if (result instanceof JsonDocumentReply) {
      ctx.status = result.status;
      ctx.type = 'json';
      ctx.body = JSON.stringify(result.value);
      return;
    }
    if (result instanceof StreamReply) {
      sendStream(ctx, result, services);
      return;
    }
    if (result instanceof SerializedReply) {
      ctx.type = 'json';
      ctx.vary('Accept-Encoding');
      // The caller's own reply (a route that needs a token): kept by the caller only, and asked
      // again each time with the validator, which costs a 304 and no body while nothing changed.
      ctx.set('ETag', result.etag);
      ctx.set('Cache-Control', def.role === 'open' ? 'public, no-cache' : 'private, no-cache');
      ctx.status = 200; // ctx.fresh compares validators only on a 2xx reply
      if (ctx.fresh) {
        ctx.status = 304;
        return;
      }
      if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
        ctx.set('Content-Encoding', 'gzip');
        ctx.body = result.gzip;
      } else {
        ctx.body = result.json;
      }
      return;
    }
    ctx.body = ok(result ?? null);
  } finally {
    for (const f of Object.values(files)) fs.rm(f.path, { force: true }, () => {});
  }
}

/**
 * Answers with a stream that stays open: no compression or proxy buffering (each event must
 * reach the client when written), no socket timeout, written to the response itself (Koa does
 * not respond). The handler's `start` runs once the headers are sent; a client that leaves closes
 * the writer. Backpressure: past the socket's high-water mark (16 KiB) waiting for the client,
 * `drained()` waits for it to be taken; a client that takes nothing of it for STREAM_STALL_MS is
 * dropped (its connection destroyed, its buffer freed). A client is never dropped for the size of
 * what it was sent at once.
 */
function sendStream(ctx: Context, reply: StreamReply, services: Services): void {
  ctx.status = 200;
  ctx.type = reply.contentType;
  ctx.set('Cache-Control', 'no-cache, no-transform');
  ctx.set('X-Accel-Buffering', 'no');
  // Written to the response itself, not through a stream Koa pipes: one buffer (the socket's), one copy.
  ctx.respond = false;
  const res = ctx.res;
  const socket = ctx.req.socket;
  socket.setTimeout(0);
  socket.setNoDelay(true);
  socket.setKeepAlive(true, 30_000);
  res.flushHeaders();
  const listeners: (() => void)[] = [];
  let waiting: (() => void)[] = [];
  let stall: NodeJS.Timeout | undefined;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearTimeout(stall);
    for (const listener of listeners.splice(0)) listener();
    for (const resume of waiting.splice(0)) resume();
    res.end();
  };
  /** Lets a client go that does not read: what was buffered for it is freed with its connection. */
  const drop = (why: string) => {
    services.log.info({ path: ctx.path, buffered: res.writableLength, why }, 'stream: client dropped');
    close();
    socket.destroy();
  };
  ctx.req.on('close', close);
  res.on('close', close);
  res.on('error', close);
  res.on('drain', () => {
    clearTimeout(stall);
    stall = undefined;
    const resumed = waiting;
    waiting = [];
    for (const resume of resumed) resume();
  });
  const stallMs = services.config.streams.stallMs;
  /** Bytes handed to the response; less what still waits in it, what the client has taken (give or take chunk framing). */
  let written = 0;
  const taken = () => written - res.writableLength;
  /**
   * The stall is judged on what the client took, not on the clock alone. After the event loop
   * was busy (the embedded database runs in this process) the timer runs before the socket's
   * news of what the client took meanwhile; so the loop's I/O is let in first (setImmediate runs
   * after it; twice round, for a client in this very process: it reads in the first, our socket
   * hears of it in the second), and a client that took anything since the window opened gets
   * another window.
   */
  const armStall = (takenThen: number) => {
    const timer: NodeJS.Timeout = setTimeout(
      () =>
        setImmediate(() =>
          setImmediate(() => {
            // A drain meanwhile closed this window (and a later write may have opened another).
            if (stall !== timer || closed) return;
            stall = undefined;
            if (!res.writableNeedDrain) return;
            if (taken() > takenThen) armStall(taken());
            else drop(`nothing read for ${stallMs} ms`);
          }),
        ),
      stallMs,
    );
    stall = timer;
  };
  const writer: StreamWriter = {
    write: (chunk) => {
      if (closed) return false;
      written += Buffer.byteLength(chunk);
      if (!res.write(chunk) && !stall) armStall(taken());
      if (res.writableLength > STREAM_BUFFER_LIMIT) drop(`over ${STREAM_BUFFER_LIMIT} bytes waiting`);
      return !closed;
    },
    drained: () => (closed || !res.writableNeedDrain ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))),
    end: close,
    get closed() {
      return closed;
    },
    onClose: (listener) => (closed ? listener() : void listeners.push(listener)),
  };
  setImmediate(() => {
    Promise.resolve()
      .then(() => reply.start(writer))
      .catch((err: unknown) => {
        services.log.error({ err, path: ctx.path }, 'stream failed');
        close();
      });
  });
}

/**
 * PostgreSQL text holds neither NUL nor lone UTF-16 surrogates (the driver would turn one into
 * a server error, the other silently into U+FFFD), so any request text carrying them is refused.
 * The walk keeps its own stack: a body nested 100 000 deep must not overflow the call stack.
 */
function assertStorableText(root: unknown): void {
  const pending: [unknown, string][] = [[root, '']];
  while (pending.length > 0) {
    const [value, field] = pending.pop()!;
    if (typeof value === 'string') {
      const refuse = (why: string) => fail('VALIDATION', `${field || 'body'}: ${why}`, { field: field || null });
      if (value.includes('\0')) throw refuse('NUL characters are not allowed');
      if (/\p{Cs}/u.test(value)) throw refuse('not valid Unicode text');
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const name = field ? `${field}.${key}` : key;
        pending.push([key, name], [item, name]);
      }
    }
  }
}

function collectFiles(ctx: Context): Record<string, UploadedFile> {
  const raw = ctx.request.files;
  const out: Record<string, UploadedFile> = {};
  if (!raw) return out;
  for (const [name, value] of Object.entries(raw)) {
    const file = Array.isArray(value) ? value[value.length - 1] : value;
    if (!file) continue;
    out[name] = {
      path: file.filepath,
      originalName: file.originalFilename ?? '',
      size: file.size,
      mimeType: file.mimetype ?? null,
    };
  }
  return out;
}

/**
 * GET /metrics in Prometheus's text format, outside the REST API (no envelope): answered only
 * as METRICS / METRICS_TOKEN allow (docs/operations.md, "Metrics"), never the web app's page.
 */
function metricsEndpoint(services: Services): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/metrics') return next();
    const { metrics } = services;
    ctx.set('Cache-Control', 'no-store');
    if (!metrics) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'metrics are off: set METRICS_TOKEN (or METRICS=open on a private network); see docs/operations.md\n';
    } else if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
    } else if (!metrics.allows(ctx.get('authorization') || undefined)) {
      ctx.status = 401;
      ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
      ctx.type = 'text/plain';
      ctx.body = 'a bearer token (METRICS_TOKEN) is needed to read the metrics\n';
    } else {
      ctx.type = metrics.registry.contentType;
      ctx.body = await metrics.text();
    }
  };
}
