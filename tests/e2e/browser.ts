// Headless Debian Chromium for browser end-to-end tests (never a downloaded browser):
// a fresh profile per launch, a console-error collector, screenshots and downloads.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

export interface BrowserError {
  kind: 'console' | 'pageerror';
  text: string;
  url?: string;
}

export interface BrowserSession {
  browser: Browser;
  page: Page;
  /** Every console.error and uncaught page error seen so far, on every page of the session. */
  errors: BrowserError[];
  /** Saves tests/e2e/screenshots/<name>.png (full page) and returns its path. */
  screenshot(name: string, target?: Page): Promise<string>;
  /** Errors not matching any of `allowed` (e.g. an expected 401 logged by the browser). */
  unexpectedErrors(allowed?: RegExp[]): BrowserError[];
  /** A second page in the same profile, with the same error collector. */
  newPage(): Promise<Page>;
  /** Lets the page save downloads into `dir`. */
  allowDownloads(dir: string, target?: Page): Promise<void>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  width?: number;
  height?: number;
  /** Prefix for screenshot file names, e.g. "contestant". */
  screenshotPrefix?: string;
  /** The browser's preferred languages (`navigator.languages`), e.g. "zh-CN"; Chromium's default is en-US. */
  lang?: string;
}

export async function launchBrowser(options: LaunchOptions = {}): Promise<BrowserSession> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    userDataDir: profile,
    args: options.lang ? [...CHROMIUM_ARGS, `--accept-lang=${options.lang}`] : CHROMIUM_ARGS,
    defaultViewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  const errors: BrowserError[] = [];

  const watch = (page: Page) => {
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push({ kind: 'console', text: msg.text(), url: msg.location()?.url });
    });
    page.on('pageerror', (err) => {
      errors.push({ kind: 'pageerror', text: err instanceof Error ? err.message : String(err) });
    });
    return page;
  };

  const [first] = await browser.pages();
  const page = watch(first ?? (await browser.newPage()));
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const prefix = options.screenshotPrefix ? `${options.screenshotPrefix}-` : '';

  return {
    browser,
    page,
    errors,
    async screenshot(name, target = page) {
      const file = path.join(SCREENSHOT_DIR, `${prefix}${name.replace(/[^\w.-]+/g, '_')}.png`);
      await target.screenshot({ path: file as `${string}.png`, fullPage: true });
      return file;
    },
    unexpectedErrors(allowed = []) {
      return errors.filter((e) => !allowed.some((re) => re.test(e.text) || (e.url !== undefined && re.test(e.url))));
    },
    async newPage() {
      const p = watch(await browser.newPage());
      await p.setViewport({ width: options.width ?? 1280, height: options.height ?? 800 });
      return p;
    },
    async allowDownloads(dir, target = page) {
      fs.mkdirSync(dir, { recursive: true });
      const cdp = await target.createCDPSession();
      await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir, eventsEnabled: true });
    },
    async close() {
      await browser.close().catch(() => undefined);
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Waits until `dir` holds `fileName` completely written (Chromium writes *.crdownload first). */
export async function waitForDownload(dir: string, fileName: string, timeoutMs = 15000): Promise<string> {
  const file = path.join(dir, fileName);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (fs.existsSync(file) && !fs.existsSync(`${file}.crdownload`) && fs.statSync(file).size > 0) return file;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seen = fs.existsSync(dir) ? fs.readdirSync(dir).join(', ') : '(no folder)';
  throw new Error(`download ${fileName} did not arrive in ${timeoutMs} ms; folder holds: ${seen}`);
}

/** Waits for visible text anywhere in the page (antd messages included). */
export async function waitForText(page: Page, text: string, timeoutMs = 10000): Promise<void> {
  await page.waitForFunction((t) => document.body.innerText.includes(t), { timeout: timeoutMs }, text);
}

/** The first element matching `selector` whose text contains `text`. */
export async function findByText(page: Page, selector: string, text: string, timeoutMs = 10000): Promise<ElementHandle<Element>> {
  const handle = await page.waitForFunction(
    (sel, t) => [...document.querySelectorAll(sel)].find((el) => (el as HTMLElement).innerText?.includes(t)) ?? null,
    { timeout: timeoutMs },
    selector,
    text,
  );
  return handle as ElementHandle<Element>;
}

/** Clicks the element with that text once it is laid out (menus and dropdowns animate in). */
export async function clickByText(page: Page, selector: string, text: string, timeoutMs = 10000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const el = await findByText(page, selector, text, Math.max(1, deadline - Date.now()));
      await el.click();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 150));
    }
  }
}

/** Clears an input and types `value` into it. */
/**
 * Waits until the page is still: no finite CSS animation or transition running (a modal zooming
 * in, a dropdown, a toast) for several frames in a row, as Ant Design starts its motions a frame
 * after it adds them. Spinners (infinite animations) do not count.
 */
export async function animationsDone(page: Page, timeoutMs = 10_000): Promise<void> {
  await page.waitForFunction(STILL_FOR_FIVE_FRAMES, { timeout: timeoutMs });
}

// Page code as text: tsx names the functions it compiles through a helper the page does not have.
const STILL_FOR_FIVE_FRAMES = `new Promise((resolve) => {
  let still = 0;
  const frame = () => {
    const moving = document.getAnimations().some((a) => a.playState === 'running' && a.effect && a.effect.getComputedTiming().iterations !== Infinity);
    still = moving ? 0 : still + 1;
    if (still >= 5) resolve(true);
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})`;

/** A DOM click once visible, so a modal still zooming in or a toast on top does not catch it. */
export async function clickTestId(page: Page, id: string): Promise<void> {
  const el = await page.waitForSelector(`[data-testid="${id}"]`, { visible: true });
  await el!.evaluate((node) => (node as HTMLElement).click());
}

export async function fill(page: Page, selector: string, value: string): Promise<void> {
  const el = await page.waitForSelector(selector, { visible: true });
  await el!.click({ count: 3 });
  await page.keyboard.press('Backspace');
  await el!.type(value);
}

/** True when the page itself scrolls sideways (tables may still scroll inside themselves). */
export async function hasHorizontalPageScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

/**
 * Logs `account` in the way the app does (its token and username in local storage), and stores
 * `contest` as the chosen one when given (the spec's keys), on `baseUrl`'s origin.
 */
export async function storeLogin(
  page: Page,
  baseUrl: string,
  account: { token: string; username: string },
  contest?: { id: number; title: string; startTime: string; endTime: string },
): Promise<void> {
  await page.goto(baseUrl + '/', { waitUntil: 'domcontentloaded' });
  await page.evaluate(
    (a, c) => {
      localStorage.clear();
      localStorage.setItem('token', a.token);
      localStorage.setItem('username', a.username);
      if (c) {
        localStorage.setItem('contest_id', String(c.id));
        localStorage.setItem('contest_name', c.title);
        localStorage.setItem('contest_start_time', c.startTime);
        localStorage.setItem('contest_end_time', c.endTime);
      }
    },
    account,
    contest ?? null,
  );
}

/**
 * Waits until the page's captcha box has solved its proof-of-work challenge (the browser does
 * the real work, about a second) and answers its id.
 */
export async function captchaSolved(page: Page, timeoutMs = 60_000): Promise<string> {
  const box = await page.waitForSelector('[data-testid="captcha"][data-state="verified"]', { timeout: timeoutMs });
  return box!.evaluate((el) => el.getAttribute('data-captcha-id') ?? '');
}
