// Proof that no stored payload runs in a page: a canary installed before the page's own scripts.
// Payloads call `__xss(tag)` (defined in every frame), open dialogs or load from the canary HTTP server; every way they
// could succeed is recorded here, and a DOM scan finds markup that would run on a click.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'puppeteer-core';

export interface CanaryHit {
  how: 'called' | 'dialog' | 'request' | 'served';
  what: string;
}

/** A loopback HTTP server that records every request a payload manages to send. */
export interface CanaryServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  hits: CanaryHit[];
  close(): Promise<void>;
}

export async function startCanaryServer(): Promise<CanaryServer> {
  const hits: CanaryHit[] = [];
  const server = http.createServer((req, res) => {
    hits.push({ how: 'served', what: `${req.method} ${req.url}` });
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const CANARY_LOG = 'XSS-CANARY ';

/**
 * Installs the canary in `page` (every frame, before any page script) and returns the list its
 * hits land in: a `__xss()` call, any alert/confirm/prompt, any request to `canaryOrigin`.
 */
export async function installCanary(page: Page, canaryOrigin: string): Promise<CanaryHit[]> {
  const hits: CanaryHit[] = [];
  // A string, not a function: the test runner's transform would wrap a function's inner
  // functions in a helper that does not exist in the page.
  await page.evaluateOnNewDocument(
    `Object.defineProperty(window, '__xss', { value: function (tag) { console.log(${JSON.stringify(CANARY_LOG)} + String(tag)); } });`,
  );
  page.on('console', (msg) => {
    if (msg.text().startsWith(CANARY_LOG)) hits.push({ how: 'called', what: msg.text().slice(CANARY_LOG.length) });
  });
  page.on('pageerror', (err) => {
    const text = err instanceof Error ? err.message : String(err);
    if (text.includes('__xss')) hits.push({ how: 'called', what: `without the canary: ${text}` });
  });
  page.on('dialog', (dialog) => {
    hits.push({ how: 'dialog', what: `${dialog.type()}: ${dialog.message()}` });
    void dialog.dismiss().catch(() => undefined);
  });
  page.on('request', (req) => {
    if (req.url().startsWith(canaryOrigin)) hits.push({ how: 'request', what: req.url() });
  });
  return hits;
}

/**
 * Markup inside `root` (default: the whole document) that would run script when shown or
 * clicked: inline event handlers, script-bearing URLs, frames, plugins, scripts not from the app.
 */
export function dangerousMarkup(page: Page, root = 'html'): Promise<string[]> {
  return page.$$eval(`${root}, ${root} *`, (elements) => {
    const found: string[] = [];
    const scriptUrl = /^(javascript|vbscript|data:text\/html|data:application)/;
    const urlAttributes = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'srcdoc', 'background', 'poster'];
    for (const el of elements) {
      const tag = el.tagName.toLowerCase();
      // No inner functions here: the test runner's transform would name them with a helper
      // that does not exist in the page.
      const html = el.outerHTML.slice(0, 160);
      if (['iframe', 'frame', 'object', 'embed', 'base'].includes(tag)) found.push(`<${tag}>: ${html}`);
      if (tag === 'meta' && el.hasAttribute('http-equiv')) found.push(`meta refresh: ${html}`);
      if (tag === 'script' || tag === 'link') {
        // The app's own bundle and icon: same origin, under /assets/ or the favicon, and the
        // loading shell's script of index.html (/shell.js, a static file of web/public).
        const ref = new URL(el.getAttribute(tag === 'script' ? 'src' : 'href') ?? 'about:blank', location.href);
        const own = ref.origin === location.origin && (ref.pathname.startsWith('/assets/') || ref.pathname === '/favicon.svg' || ref.pathname === '/shell.js');
        if (!own) found.push(`${tag}: ${html}`);
      }
      for (const attr of el.getAttributeNames()) {
        const value = (el.getAttribute(attr) ?? '').replace(/[\u0000-\u0020]/g, '').toLowerCase();
        if (attr.startsWith('on')) found.push(`${attr} handler: ${html}`);
        else if (urlAttributes.includes(attr) && scriptUrl.test(value)) found.push(`${attr}=${value.slice(0, 60)}: ${html}`);
      }
    }
    return found;
  });
}
