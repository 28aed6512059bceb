// Open pages follow the contest as the administrator changes it (issue 30, defects 1 and 2): a
// problem page already open shows an end moved earlier (the countdown, the five-minute warning,
// the return to contest details) from the live stream, and from the spec's 5 s polling when the
// stream is down; contest details shows the problem titles once the contest starts, without a
// reload. The pages' own clock is never touched: the contest's times are moved on the server.
import assert from 'node:assert/strict';
import type { HTTPRequest, Page } from 'puppeteer-core';
import { dataOf } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { formatServerTime } from '../../web/src/lib/time.ts';
import { launchBrowser, storeLogin, waitForText, type BrowserSession } from './browser.ts';

describe('e2e: pages follow the contest as it changes @slow', function () {
  this.timeout(120_000);
  let server: TestServer;
  let session: BrowserSession;
  let page: Page;
  let admin: TestAccount;
  let alice: TestAccount;
  let problemId: number;
  let streams = 0;

  /** A contest from `startIn` to `endIn` ms from now with the problem and alice in it. */
  async function contestFrom(title: string, startIn: number, endIn: number) {
    const now = Date.now();
    const contest = dataOf(
      await admin.api.json('/api/contest/add', { title, startTimeStr: formatServerTime(now + startIn), endTimeStr: formatServerTime(now + endIn) }),
      'add contest',
    );
    dataOf(await admin.api.form('/api/contestProblem/addByProblemId', { problemId, contestId: contest.id }), 'add problem to contest');
    dataOf(await admin.api.json('/api/contestRecord/add', { contestId: contest.id, userId: alice.id }), 'add member');
    return contest;
  }
  const moveEnd = async (contest: { id: number; title: string; startTime: string }, endIn: number) =>
    dataOf(
      await admin.api.json('/api/contest/update', { id: contest.id, title: contest.title, startTimeStr: contest.startTime, endTimeStr: formatServerTime(Date.now() + endIn) }, 'PUT'),
      'move the end',
    );
  const countdown = () => page.$eval('[data-testid="countdown-text"]', (el) => (el as HTMLElement).innerText);

  before(async () => {
    server = await startTestServer({ CAPTCHA: 'off' });
    admin = await adminAccount(server);
    alice = await accountWithToken(server, { username: 'changes_alice' });
    problemId = dataOf(await admin.api.json('/api/admin/problem/add', { title: 'Moving Target', memoryLimit: 256, timeLimit: 1000 }), 'add problem').id;
    session = await launchBrowser({ screenshotPrefix: 'changes' });
    page = session.page;
    page.on('request', (r: HTTPRequest) => {
      if (new URL(r.url()).pathname === '/api/events') streams++;
    });
    await storeLogin(page, server.url, { token: alice.api.token!, username: alice.username });
  });
  after(async () => {
    await session?.close();
    await server?.destroy();
  });

  it('contest details shows the problem titles once the contest starts, without a reload', async () => {
    const contest = await contestFrom('Starting Cup', 6000, 3_600_000);
    await page.goto(`${server.url}/contest_details?contestId=${contest.id}`, { waitUntil: 'domcontentloaded' });
    await waitForText(page, 'Hidden until the start');
    await page.waitForFunction(() => document.querySelector('[data-testid="open-problem-A"]')?.textContent === 'Moving Target', { timeout: 20_000 });
    assert.ok(!(await page.evaluate(() => document.body.innerText.includes('Hidden until the start'))));
    assert.deepEqual(session.unexpectedErrors(), []);
  });

  it('a problem page follows an end moved earlier from the live stream: countdown, warning, back to contest details', async () => {
    const contest = await contestFrom('Shortened Cup', -600_000, 3_600_000);
    streams = 0;
    await page.goto(`${server.url}/problem_page?contestId=${contest.id}&problemId=${problemId}`, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => /Time left 0:5\d:\d\d/.test(document.querySelector('[data-testid="countdown-text"]')?.textContent ?? ''));
    await page.waitForFunction(() => !!document.querySelector('[data-testid="problem-title"]'));
    while (streams === 0) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 500));
    await moveEnd(contest, 4 * 60_000);
    // The stream brings it within a second or two (the 5 s poll stands down while it is live).
    await page.waitForSelector('[data-testid="end-warning"]', { timeout: 4000 });
    assert.match(await countdown(), /^Time left 0:0[34]:\d\d$/);
    await waitForText(page, 'Less than 5 minutes left in the contest');
    await moveEnd(contest, 2000);
    await page.waitForFunction(() => location.pathname === '/contest_details', { timeout: 15_000 });
    await waitForText(page, 'The contest has ended.');
    assert.deepEqual(session.unexpectedErrors(), []);
  });

  it('with the live stream down, the 5 s poll brings an edited end', async () => {
    const contest = await contestFrom('Polled Cup', -600_000, 3_600_000);
    await page.setRequestInterception(true);
    const refuse = (r: HTTPRequest) => {
      if (r.url().includes('/api/events')) void r.respond({ status: 503, contentType: 'application/json', body: '{"code":1015,"message":"Service unavailable","data":null}' });
      else void r.continue();
    };
    page.on('request', refuse);
    try {
      await page.goto(`${server.url}/problem_page?contestId=${contest.id}&problemId=${problemId}`, { waitUntil: 'domcontentloaded' });
      await page.waitForFunction(() => /Time left 0:5\d:\d\d/.test(document.querySelector('[data-testid="countdown-text"]')?.textContent ?? ''));
      await moveEnd(contest, 4 * 60_000);
      await page.waitForSelector('[data-testid="end-warning"]', { timeout: 12_000 });
      assert.match(await countdown(), /^Time left 0:0[34]:\d\d$/);
    } finally {
      page.off('request', refuse);
      await page.setRequestInterception(false);
    }
    assert.deepEqual(session.unexpectedErrors([/503/, /Service Unavailable/i]), []);
  });
});
