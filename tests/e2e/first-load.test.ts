// A slow link's first load (issue 30, defect 9): index.html draws a loading shell in the
// browser's language before any script arrives, and the app replaces it. The scripts are held
// back by request interception, so the test sees what a Slow 3G visitor sees for seconds.
import assert from 'node:assert/strict';
import type { HTTPRequest } from 'puppeteer-core';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { launchBrowser, type BrowserSession } from './browser.ts';

describe('e2e: the first load on a slow link', function () {
  this.timeout(60_000);
  let server: TestServer;
  const sessions: BrowserSession[] = [];

  before(async () => {
    server = await startTestServer({ CAPTCHA: 'off' });
  });
  after(async () => {
    for (const s of sessions) await s.close();
    await server?.destroy();
  });

  for (const [lang, text, htmlLang] of [
    ['en-US', 'Loading…', 'en'],
    ['zh-CN', '加载中…', 'zh-CN'],
  ] as const) {
    it(`shows a loading shell before the scripts arrive, then the app (${lang})`, async () => {
      const session = await launchBrowser({ lang });
      sessions.push(session);
      const { page } = session;
      let release: () => void = () => undefined;
      const released = new Promise<void>((r) => (release = r));
      await page.setRequestInterception(true);
      page.on('request', (r: HTTPRequest) => {
        if (new URL(r.url()).pathname.startsWith('/assets/') && r.resourceType() === 'script') void released.then(() => r.continue());
        else void r.continue();
      });
      // DOMContentLoaded waits for the (held) module scripts: the shell is looked for meanwhile.
      const loaded = page.goto(`${server.url}/login`, { waitUntil: 'domcontentloaded' });
      const shell = await page.waitForSelector('[data-testid="loading-shell"]', { visible: true });
      assert.equal(await page.$eval('[data-testid="loading-shell"] [role="status"]', (el) => (el as HTMLElement).innerText.trim()), text);
      assert.equal(await page.evaluate(() => document.documentElement.lang), htmlLang);
      assert.ok(shell);
      release();
      await loaded;
      await page.waitForSelector('[data-testid="loading-shell"]', { hidden: true, timeout: 30_000 });
      await page.waitForSelector('form, .ant-card', { timeout: 30_000 });
      assert.deepEqual(session.unexpectedErrors(), []);
    });
  }
});
