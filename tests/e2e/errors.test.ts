// Errors that explain themselves, in Chromium: a leaderboard the server refuses shows the
// server's reason once and on the page (not generic toasts over empty columns), and a session
// that ends while a polling page is open goes to the login page once, with one message, and no
// pile of "failed" toasts.
import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import { dataOf } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { formatServerTime } from '../../web/src/lib/time.ts';
import { launchBrowser, storeLogin, type BrowserSession } from './browser.ts';

const NOT_MEMBER = 'You are not a participant of this contest';

describe('e2e: errors that explain themselves @slow', function () {
  this.timeout(120_000);
  let server: TestServer;
  let session: BrowserSession;
  let page: Page;
  let alice: TestAccount;
  let bob: TestAccount;
  let contest: { id: number; title: string; startTime: string; endTime: string };

  before(async () => {
    server = await startTestServer({ CAPTCHA: 'off' });
    const admin = await adminAccount(server);
    alice = await accountWithToken(server, { username: 'errors_alice' });
    bob = await accountWithToken(server, { username: 'errors_bob' });
    const now = Date.now();
    contest = dataOf(
      await admin.api.json('/api/contest/add', { title: 'Errors Cup', startTimeStr: formatServerTime(now - 600_000), endTimeStr: formatServerTime(now + 3_600_000) }),
      'add contest',
    );
    dataOf(await admin.api.json('/api/contestRecord/add', { contestId: contest.id, userId: alice.id }), 'add member');
    session = await launchBrowser({ screenshotPrefix: 'errors' });
    page = session.page;
  });
  after(async () => {
    await session?.close();
    await server?.destroy();
  });

  async function logIn(account: TestAccount): Promise<void> {
    await storeLogin(page, server.url, { token: account.api.token!, username: account.username }, contest);
  }

  /** The texts of the messages (toasts) on screen now. */
  const toasts = () => page.$$eval('.ant-message-notice', (nodes) => nodes.map((n) => n.textContent?.trim() ?? ''));

  it("shows the server's reason once, on the page, for a leaderboard of a contest one is not in", async () => {
    await logIn(bob);
    await page.goto(`${server.url}/user_board/${contest.id}`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-testid="board-refusal"]', { visible: true, timeout: 20_000 }).catch(async (err) => {
      throw new Error(`${err.message}; errors ${JSON.stringify(session.errors)}; at ${page.url()}, toasts: ${(await toasts()).join(' | ')}; ${(await page.$eval('body', (b) => b.innerText)).slice(0, 400)}`);
    });
    assert.match(await page.$eval('[data-testid="board-refusal"]', (el) => el.textContent ?? ''), new RegExp(NOT_MEMBER));
    assert.equal(await page.$('[data-testid="leaderboard"] table'), null, 'no empty columns');
    const first = await toasts();
    assert.deepEqual(
      first.filter((t) => t.includes(NOT_MEMBER)),
      [NOT_MEMBER],
      'the reason, once',
    );
    assert.deepEqual(
      first.filter((t) => /failed/i.test(t)),
      [],
      `generic failures: ${first.join(' | ')}`,
    );
    // What did not happen can only be watched for a while: one refresh interval of the board
    // (5 s), after which the old page asked again and stacked its toasts; toasts last 3 s.
    await new Promise((resolve) => setTimeout(resolve, 5500));
    assert.deepEqual(await toasts(), [], 'nothing more after the refusal');
  });

  it('goes to the login page once, saying "Please log in again", when the session ends on a polling page', async () => {
    await logIn(alice);
    await page.goto(server.url + '/contest_details', { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-testid="contest-info"]', { visible: true });
    // The session ends on the server (logged out elsewhere); the page polls its records every 5 s.
    await server.services.db.updateTable('auth_tokens').set({ revoked_at: new Date() }).where('user_id', '=', alice.id).execute();
    await page.waitForFunction(() => location.pathname === '/login', { timeout: 15_000 });
    const shown = await toasts();
    assert.deepEqual(
      shown.filter((t) => t === 'Please log in again'),
      ['Please log in again'],
    );
    assert.deepEqual(
      shown.filter((t) => /fail/i.test(t)),
      [],
      `other messages: ${shown.join(' | ')}`,
    );
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null, 'the dead token is forgotten');
  });
});
