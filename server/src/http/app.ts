// The Koa app factory: middleware, routes with their roles, the built web app. It never
// listens; server.ts does.
import fs from 'node:fs';
import path from 'node:path';
import Koa, { type Context } from 'koa';
import Router from '@koa/router';
import { HttpMethodEnum, koaBody } from 'koa-body';
import helmet from 'koa-helmet';
import serve from 'koa-static';
import type { Config } from '../config.ts';
import type { Services } from '../services.ts';
import { resolveToken, tokenFromHeader } from '../modules/accounts/tokens.ts';
import { errorMiddleware, ok } from './envelope.ts';
import { fail } from '../common/errors.ts';
import { parseInput } from './validate.ts';
import { FileReply, SerializedReply, type CurrentUser, type RouteDef, type UploadedFile } from './route.ts';

export interface AppOptions {
  routes: RouteDef[];
  /** Folder of the built web app (web/dist); served with a fallback to index.html. */
  webDir?: string;
  uploadDir: string;
}

const JSON_LIMIT = '1mb';

export function createApp(services: Services, opts: AppOptions): Koa {
  const app = new Koa({ proxy: process.env.TRUST_PROXY === '1' });
  const { log } = services;

  app.use(async (ctx, next) => {
    const started = performance.now();
    await next();
    log.info({ method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started) }, 'request');
  });
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
    app.use(serve(webDir, { maxage: 3600_000, index: false }));
    const indexHtml = fs.readFileSync(path.join(webDir, 'index.html'));
    app.use(async (ctx, next) => {
      // A missing script or style is a 404, not the app's page under a script's name.
      if (ctx.method !== 'GET' || ctx.path.startsWith('/api') || ctx.path.startsWith('/assets/')) return next();
      ctx.type = 'html';
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = indexHtml;
    });
  }
  return app;
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
  const token = tokenFromHeader(ctx.get('authorization'));
  const user: CurrentUser | null = token ? await resolveToken(services.db, token, services.clock.now()) : null;
  if (def.role !== 'open' && !user) throw fail('NOT_LOGGED_IN');
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
    if (result instanceof FileReply) {
      ctx.type = result.contentType;
      ctx.attachment(result.fileName, result.inline ? { type: 'inline' } : undefined);
      ctx.body = result.body;
      return;
    }
    if (result instanceof SerializedReply) {
      ctx.type = 'json';
      ctx.vary('Accept-Encoding');
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
