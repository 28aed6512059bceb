// One time zone everywhere, in Chromium set to another zone (Los Angeles, 16 hours behind
// Shanghai in winter): the contest modal shows and takes the contest's Asia/Shanghai times, the
// same as the table, and saving an edit without touching the times keeps them. And the admin
// scoreboard's Back stays in the app when the board was opened directly.
import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import { dataOf } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { formatServerTime, parseServerTime } from '../../web/src/lib/time.ts';
import { animationsDone, clickByText, clickTestId, findByText, launchBrowser, waitForText, storeLogin, type BrowserSession } from './browser.ts';

const START = '2030-01-01 10:00:00';
const END = '2030-01-01 13:00:00';

describe('e2e: contest times in one zone @slow', function () {
  this.timeout(120_000);
  let server: TestServer;
  let session: BrowserSession;
  let page: Page;
  let admin: TestAccount;
  let contestId: number;

  before(async () => {
    server = await startTestServer({ CAPTCHA: 'off' });
    admin = await adminAccount(server);
    contestId = dataOf(await admin.api.json('/api/contest/add', { title: 'Zone Cup', startTimeStr: START, endTimeStr: END }), 'add contest').id;
    session = await launchBrowser({ screenshotPrefix: 'zones' });
    page = session.page;
    await page.emulateTimezone('America/Los_Angeles');
    await storeLogin(page, server.url, { token: admin.api.token!, username: admin.username });
  });
  after(async () => {
    await session?.close();
    await server?.destroy();
  });

  const value = (selector: string) => page.$eval(selector, (el) => (el as HTMLInputElement).value);

  it('shows the same times in the edit modal as in the table, labelled, and keeps them on save', async () => {
    assert.equal(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone), 'America/Los_Angeles');
    await page.goto(server.url + '/contestManagement', { waitUntil: 'domcontentloaded' });
    await findByText(page, '[data-testid="contest-table"] td', START, 20_000);
    await clickTestId(page, `edit-contest-${contestId}`);
    await page.waitForFunction(() => (document.querySelector('#contest-modal_start') as HTMLInputElement | null)?.value !== '');
    await animationsDone(page);
    assert.equal(await value('#contest-modal_start'), START);
    assert.equal(await value('#contest-modal_end'), END);
    await waitForText(page, 'Asia/Shanghai time (UTC+8)');
    await clickTestId(page, 'contest-modal-ok');
    await waitForText(page, 'successfully');
    const saved = dataOf(await admin.api.get('/api/contest/ContestInfo', { contestId }), 'contest');
    assert.deepEqual([saved.startTime, saved.endTime], [START, END]);
  });

  it("offers Shanghai's now, not the browser's", async () => {
    await page.goto(server.url + '/contestManagement', { waitUntil: 'domcontentloaded' });
    await clickTestId(page, 'add-contest');
    await page.waitForSelector('#contest-modal_start', { visible: true });
    await animationsDone(page); // the modal zooms in
    await page.click('#contest-modal_start');
    await animationsDone(page);
    await clickByText(page, '.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-presets li', 'Now (UTC+8)');
    await animationsDone(page);
    const ok = await page.$('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-ok button:not([disabled])');
    if (ok) await ok.click();
    // Taken: the panel closes (a time in the past would be refused and keep it open).
    await page.waitForSelector('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)', { hidden: true, timeout: 5000 });
    const start = await value('#contest-modal_start');
    assert.ok(Math.abs(parseServerTime(start) - Date.now()) < 60_000, `start ${start} is now in Shanghai (${formatServerTime(Date.now())})`);
  });

  it("goes back to the contest list from a scoreboard opened directly, not out of the app", async () => {
    // A fresh tab: the scoreboard is the first page of its history.
    const tab = await session.newPage();
    await tab.goto(`${server.url}/contestDetail/${contestId}`, { waitUntil: 'domcontentloaded' });
    await (await tab.waitForSelector('button[data-testid="board-back"]', { visible: true }))!.click();
    await tab.waitForFunction(() => location.pathname === '/contestManagement', { timeout: 10_000 });
    await tab.close();
  });
});
