// HTML → PDF through the system Chromium (puppeteer-core). One browser per server, launched on
// first use and closed with the server; each render gets its own page with JavaScript off and
// every request refused except data: URLs and the statement's own files; the page cannot
// navigate away.
import fs from 'node:fs';
import { readFile, readlink, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type LaunchOptions } from 'puppeteer-core';
import { fail } from '../../common/errors.ts';
import type { Logger } from '../../logger.ts';
import { dirsOfDeadOwners, makeOwnedDir } from '@verdict/judge';

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_MISSING = 'PDF rendering needs Chromium: apt-get install -y chromium';

/** Chromium profiles are `verdict-chromium-<server pid>-XXXXXX` in the temp folder. */
const PROFILE_PREFIX = 'verdict-chromium';
/**
 * A server killed with SIGKILL closes nothing: Chromium ran on without it. Started through
 * util-linux's setpriv it gets SIGKILL when the server dies (a parent-death signal, kept across
 * exec), and its own processes (zygotes, renderers, crash handlers) exit when it does.
 */
const SETPRIV = '/usr/bin/setpriv';

/** Relative links in a statement (images) resolve here and are answered from its folder. */
const ASSET_ORIGIN = 'http://statement.invalid/';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
};

export interface PdfRendererOptions {
  executablePath?: string;
  /** Longest a single render may take. */
  timeoutMs?: number;
  log?: Logger;
}

export interface RenderRequest {
  html: string;
  /** Folder whose files relative links may load (images of a package statement). */
  assetsDir?: string;
}

export class PdfRenderer {
  private browser: Promise<Browser> | null = null;
  private profileDir: string | null = null;
  private closed = false;
  private readonly executablePath: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: PdfRendererOptions = {}) {
    this.executablePath = options.executablePath ?? DEFAULT_CHROMIUM_PATH;
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  /** A `<base>` for statement HTML so that relative links reach `assetsDir`. */
  static readonly assetBase = ASSET_ORIGIN;

  async render(request: RenderRequest): Promise<Buffer> {
    const browser = await this.launch();
    const page = await browser.newPage();
    const timer = new AbortController();
    const timeout = setTimeout(() => timer.abort(), this.timeoutMs);
    try {
      await page.setJavaScriptEnabled(false);
      await page.setRequestInterception(true);
      page.on('request', (req) => {
        const url = req.url();
        // A navigation away from the statement (a meta refresh) is answered "204 No Content",
        // which keeps the page as it is; refused, it replaced the page with an error page while
        // printing, and printing failed (1 render in 13 with a zero-delay refresh).
        if (req.isNavigationRequest() && req.frame() === page.mainFrame()) return void req.respond({ status: 204, body: '' });
        if (url.startsWith('data:')) return void req.continue();
        if (request.assetsDir && url.startsWith(ASSET_ORIGIN)) return void answerAsset(request.assetsDir, url).then((reply) => (reply ? req.respond(reply) : req.abort()));
        return void req.abort();
      });
      const work = (async () => {
        await page.setContent(request.html, { waitUntil: 'load', timeout: this.timeoutMs });
        return page.pdf({ format: 'A4', printBackground: true, margin: { top: '18mm', bottom: '18mm', left: '16mm', right: '16mm' }, timeout: this.timeoutMs });
      })();
      const aborted = new Promise<never>((_, reject) =>
        timer.signal.addEventListener('abort', () => reject(fail('UNAVAILABLE', `Rendering the statement PDF took longer than ${this.timeoutMs} ms`))),
      );
      return Buffer.from(await Promise.race([work, aborted]));
    } finally {
      clearTimeout(timeout);
      await page.close().catch(() => {});
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const browser = this.browser;
    this.browser = null;
    if (browser) await (await browser.catch(() => null))?.close().catch(() => {});
    if (this.profileDir) await removeProfile(this.profileDir);
    this.profileDir = null;
  }

  private launch(): Promise<Browser> {
    if (this.closed) return Promise.reject(fail('UNAVAILABLE', 'The server is stopping'));
    if (!this.browser) {
      const starting = this.start();
      this.browser = starting;
      starting.then(
        (browser) => browser.on('disconnected', () => this.browser === starting && (this.browser = null)),
        () => this.browser === starting && (this.browser = null),
      );
    }
    return this.browser;
  }

  private async start(): Promise<Browser> {
    if (!fs.existsSync(this.executablePath)) throw fail('UNAVAILABLE', CHROMIUM_MISSING);
    this.profileDir ??= await makeOwnedDir(os.tmpdir(), PROFILE_PREFIX);
    const chromium: LaunchOptions = { headless: true, args: CHROMIUM_ARGS, userDataDir: this.profileDir };
    const dieWithServer = fs.existsSync(SETPRIV);
    if (!dieWithServer) this.options.log?.warn(`${SETPRIV} (util-linux) is missing: Chromium will outlive this server if it is killed`);
    try {
      return await puppeteer.launch({
        timeout: this.timeoutMs,
        ...(dieWithServer
          ? { executablePath: SETPRIV, ignoreDefaultArgs: true, args: ['--pdeathsig', 'KILL', '--', this.executablePath, ...puppeteer.defaultArgs(chromium)] }
          : { executablePath: this.executablePath, ...chromium }),
      });
    } catch (err) {
      this.options.log?.error({ err }, 'Chromium did not start');
      throw fail('UNAVAILABLE', `${CHROMIUM_MISSING} (${(err as Error).message.split('\n')[0]})`);
    }
  }
}

/** Removes the Chromium profiles of servers that ended without closing their renderer (SIGKILL). */
export async function removeStaleChromiumProfiles(): Promise<string[]> {
  const stale = await dirsOfDeadOwners(os.tmpdir(), [PROFILE_PREFIX]);
  for (const dir of stale) await removeProfile(dir);
  return stale;
}

/**
 * Removes a profile and the folder of its SingletonSocket, which Chromium makes beside it in the
 * temp folder (`org.chromium.Chromium.XXXXXX`) and removes only when it exits cleanly.
 */
async function removeProfile(dir: string): Promise<void> {
  const socket = await readlink(path.join(dir, 'SingletonSocket')).catch(() => '');
  const socketDir = path.dirname(socket);
  if (path.dirname(socketDir) === path.dirname(dir) && /^org\.chromium\.Chromium\.\w+$/.test(path.basename(socketDir))) {
    await rm(socketDir, { recursive: true, force: true });
  }
  await rm(dir, { recursive: true, force: true });
}

async function answerAsset(dir: string, url: string): Promise<{ status: number; contentType: string; body: Buffer } | null> {
  const rel = decodeURIComponent(new URL(url).pathname).replace(/^\/+/, '');
  const file = path.resolve(dir, rel);
  const type = CONTENT_TYPES[path.extname(file).toLowerCase()];
  if (!type || !file.startsWith(path.resolve(dir) + path.sep)) return null;
  const body = await readFile(file).catch(() => null);
  return body ? { status: 200, contentType: type, body } : null;
}

let katexCss: string | null = null;

/** KaTeX's stylesheet with its WOFF2 fonts inlined as data: URLs (no file or network access). */
export function inlineKatexCss(): string {
  if (katexCss) return katexCss;
  const require = createRequire(import.meta.url);
  const dist = path.dirname(require.resolve('katex/dist/katex.min.css'));
  const css = fs.readFileSync(path.join(dist, 'katex.min.css'), 'utf8');
  katexCss = css.replace(/src:url\(fonts\/([\w-]+\.woff2)\) format\("woff2"\)(?:,url\([^)]*\) format\("[\w]+"\))*/g, (_, font: string) => {
    const data = fs.readFileSync(path.join(dist, 'fonts', font)).toString('base64');
    return `src:url(data:font/woff2;base64,${data}) format("woff2")`;
  });
  return katexCss;
}
