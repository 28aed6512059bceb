// The captcha in Chromium: its refresh count-down says what it is ("3 s", titled "A new picture
// in 3 s"), and once it is over a click on the picture brings a new one, as the button does.
import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { launchBrowser, type BrowserSession } from './browser.ts';

describe('e2e: the captcha @slow', function () {
  this.timeout(60_000);
  let server: TestServer;
  let session: BrowserSession;
  let page: Page;

  before(async () => {
    server = await startTestServer();
    session = await launchBrowser({ screenshotPrefix: 'captcha' });
    page = session.page;
  });
  after(async () => {
    await session?.close();
    await server?.destroy();
  });

  const captchaId = () => page.$eval('img[data-testid="captcha-image"]', (img) => img.getAttribute('data-captcha-id') ?? '');

  it('labels its count-down and takes a click on the picture for a new one', async () => {
    await page.goto(server.url + '/login', { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('img[data-testid="captcha-image"][data-captcha-id]:not([data-captcha-id=""])');
    const first = await captchaId();
    const button = await page.$eval('button[data-testid="captcha-refresh"]', (b) => ({ text: b.textContent, title: b.getAttribute('title') }));
    assert.match(button.text ?? '', /^[1-4] s$/);
    assert.match(button.title ?? '', /^A new picture in [1-4] s$/);
    // A click during the count-down changes nothing; after it, a new picture.
    await page.click('img[data-testid="captcha-image"]');
    assert.equal(await captchaId(), first);
    await page.waitForSelector('button[data-testid="captcha-refresh"]:not([disabled])', { timeout: 10_000 });
    await page.click('img[data-testid="captcha-image"]');
    await page.waitForFunction((id) => {
      const now = document.querySelector('img[data-testid="captcha-image"]')?.getAttribute('data-captcha-id');
      return now && now !== id;
    }, { timeout: 10_000 }, first);
    assert.deepEqual(session.errors, []);
  });
});
