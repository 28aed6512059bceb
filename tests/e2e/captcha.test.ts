// The captcha in Chromium: the box solves its proof-of-work challenge by itself ("Verifying…",
// then "Verified", with the counter the server stored); its refresh count-down says what it is
// ("3 s", titled "A new captcha in 3 s"), and once it is over a click on the box brings a new
// challenge, as the button does.
import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { captchaSolved, launchBrowser, type BrowserSession } from './browser.ts';

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

  const captchaId = () => page.$eval('[data-testid="captcha"]', (box) => box.getAttribute('data-captcha-id') ?? '');
  const storedAnswer = async (id: string) =>
    (await server.services.db.selectFrom('captchas').select(['answer', 'used_at']).where('id', '=', id).executeTakeFirstOrThrow());

  it('solves its challenge by itself, labels its count-down and takes a click on the box for a new one', async () => {
    await page.goto(server.url + '/login', { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-testid="captcha"][data-captcha-id]:not([data-captcha-id=""])');
    const first = await captchaId();
    const button = await page.$eval('button[data-testid="captcha-refresh"]', (b) => ({ text: b.textContent, title: b.getAttribute('title') }));
    assert.match(button.text ?? '', /^[1-4] s$/);
    assert.match(button.title ?? '', /^A new captcha in [1-4] s$/);
    // A click during the count-down changes nothing.
    await page.click('[data-testid="captcha"]');
    assert.equal(await captchaId(), first);
    const started = Date.now();
    assert.equal(await captchaSolved(page), first);
    const solveMs = Date.now() - started;
    assert.equal(await page.$eval('[data-testid="captcha"]', (box) => box.textContent?.trim()), 'Verified');
    // Solving happens in the browser only: nothing has used the challenge yet.
    const row = await storedAnswer(first);
    assert.equal(row.used_at, null);
    console.log(`      (counter ${row.answer}: verified ${solveMs} ms after the box showed its challenge)`);
    // After the count-down, a click brings a new challenge, which is solved again.
    await page.waitForSelector('button[data-testid="captcha-refresh"]:not([disabled])', { timeout: 10_000 });
    await page.click('[data-testid="captcha"]');
    await page.waitForFunction((id) => {
      const now = document.querySelector('[data-testid="captcha"]')?.getAttribute('data-captcha-id');
      return now && now !== id;
    }, { timeout: 10_000 }, first);
    await captchaSolved(page);
    assert.deepEqual(session.errors, []);
  });
});
