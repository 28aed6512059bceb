// One time zone everywhere, in Chromium set to another zone (Los Angeles, 16 hours behind
// Shanghai in winter): the contest modal shows and takes the contest's Asia/Shanghai times, the
// same as the table, and saving an edit without touching the times keeps them; every heading or
// label of a time, on the contestant's screens and the admin tables, names the zone (UTC+8). And
// the admin scoreboard's Back stays in the app when the board was opened directly.
import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import { dataOf } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { formatServerTime, parseServerTime } from '../../web/src/lib/time.ts';
import { animationsDone, clickByText, clickTestId, findByText, launchBrowser, waitForText, storeLogin, type BrowserSession } from './browser.ts';

const START = '2030-01-01 10:00:00';
const END = '2030-01-01 13:00:00';
/** When the contestant's submission was judged (in Los Angeles: 07:30 the same day). */
const JUDGED = '2029-12-31 23:30:00';

describe('e2e: contest times in one zone @slow', function () {
  this.timeout(120_000);
  let server: TestServer;
  let session: BrowserSession;
  let page: Page;
  let admin: TestAccount;
  let alice: TestAccount;
  let contestId: number;
  let running: { id: number; title: string; startTime: string; endTime: string };
  let submissionId: number;

  before(async () => {
    server = await startTestServer({ CAPTCHA: 'off' });
    admin = await adminAccount(server);
    contestId = dataOf(await admin.api.json('/api/contest/add', { title: 'Zone Cup', startTimeStr: START, endTimeStr: END }), 'add contest').id;
    // A running contest with a judged submission and a question: the times a contestant sees.
    alice = await accountWithToken(server, { username: 'zone_alice' });
    const now = Date.now();
    running = dataOf(
      await admin.api.json('/api/contest/add', { title: 'Running Cup', startTimeStr: formatServerTime(now - 600_000), endTimeStr: formatServerTime(now + 3_600_000) }),
      'add contest',
    );
    const problemId = dataOf(await admin.api.json('/api/admin/problem/add', { title: 'Clocks', memoryLimit: 256, timeLimit: 1000 }), 'add problem').id;
    dataOf(await admin.api.form('/api/contestProblem/addByProblemId', { problemId, contestId: running.id }), 'add problem to contest');
    dataOf(await admin.api.json('/api/contestRecord/add', { contestId: running.id, userId: alice.id }), 'add member');
    const judgedAt = new Date(parseServerTime(JUDGED));
    submissionId = (
      await server.services.db
        .insertInto('submissions')
        .values({ user_id: alice.id, problem_id: problemId, contest_id: running.id, language: 'python3', code: 'print(3)\n', status: 'AC', tests: '[]', run_time: 20, run_memory: 9000, created_at: judgedAt, judged_at: judgedAt })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    dataOf(await alice.api.json('/api/clarification/ask', { contestId: running.id, problemId, text: 'What time is it?' }), 'ask');
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
  const texts = (selector: string) => page.$$eval(selector, (nodes) => nodes.map((n) => (n as HTMLElement).innerText.trim()));
  /** The headers of a table once it has a row. */
  async function headers(table: string): Promise<string[]> {
    await page.waitForSelector(`[data-testid="${table}"] tbody tr.ant-table-row`, { timeout: 20_000 });
    return texts(`[data-testid="${table}"] th`);
  }
  /** The value shown beside a label of a Descriptions list (bordered ones put it in the next cell). */
  const described = (label: string) =>
    page.$$eval(
      '.ant-descriptions-item-label',
      (labels, wanted) => {
        const found = labels.find((l) => (l as HTMLElement).innerText.trim() === wanted);
        const content = found?.parentElement?.querySelector('.ant-descriptions-item-content') ?? found?.nextElementSibling;
        return (content as HTMLElement | null | undefined)?.innerText.trim();
      },
      label,
    );
  const includesAll = (shown: string[], wanted: string[]) => assert.deepEqual(wanted.filter((w) => !shown.includes(w)), [], `missing from ${JSON.stringify(shown)}`);

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

  it('labels every time a contestant sees with the zone, and shows it in that zone', async () => {
    await storeLogin(page, server.url, { token: alice.api.token!, username: alice.username });
    await page.goto(server.url + '/contest_list', { waitUntil: 'domcontentloaded' });
    includesAll(await headers('contest-table'), ['Start Time (UTC+8)', 'End Time (UTC+8)']);
    await findByText(page, '[data-testid="contest-table"] td', running.startTime);
    await clickTestId(page, `view-contest-${running.id}`);
    await findByText(page, '[data-testid="contest-panel"] .ant-descriptions-item-label', 'Create Time (UTC+8)');
    assert.equal(await described('Start Time (UTC+8)'), running.startTime);
    assert.equal(await described('End Time (UTC+8)'), running.endTime);

    await page.goto(`${server.url}/contest_details?contestId=${running.id}`, { waitUntil: 'domcontentloaded' });
    await findByText(page, '.ant-descriptions-item-label', 'Current Time (UTC+8)', 20_000);
    assert.equal(await described('Start (UTC+8)'), running.startTime);
    assert.equal(await described('End (UTC+8)'), running.endTime);
    const shown = parseServerTime((await described('Current Time (UTC+8)'))!);
    assert.ok(Math.abs(shown - Date.now()) < 60_000, `current time ${formatServerTime(shown)} is Shanghai's now`);
    await clickTestId(page, 'clarifications-open');
    await page.waitForSelector('[data-testid="clarifications-drawer"]', { visible: true });
    const asked = await findByText(page, '[data-testid="clarification-list"] .ant-card', 'What time is it?');
    assert.match(await asked.$eval('.ant-card-extra', (el) => (el as HTMLElement).innerText), /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(UTC\+8\)$/);

    await page.goto(server.url + '/history', { waitUntil: 'domcontentloaded' });
    includesAll(await headers('history-table'), ['Judge Time (UTC+8)']);
    await findByText(page, '[data-testid="history-table"] td', JUDGED);

    await page.goto(`${server.url}/submission/${submissionId}`, { waitUntil: 'domcontentloaded' });
    await findByText(page, '.ant-descriptions-item-label', 'Judge Time (UTC+8)', 20_000);
    assert.equal(await described('Judge Time (UTC+8)'), JUDGED);

    await page.goto(`${server.url}/user_board/${running.id}`, { waitUntil: 'domcontentloaded' });
    await findByText(page, '.ant-descriptions-item-label', 'Start Time (UTC+8)', 20_000);
    assert.equal(await described('Start Time (UTC+8)'), running.startTime);
  });

  it('labels the times of the admin tables with the zone', async () => {
    await storeLogin(page, server.url, { token: admin.api.token!, username: admin.username });
    await page.goto(server.url + '/contestManagement', { waitUntil: 'domcontentloaded' });
    includesAll(await headers('contest-table'), ['Start Time (UTC+8)', 'End Time (UTC+8)']);
    await page.goto(server.url + '/submissionManagement', { waitUntil: 'domcontentloaded' });
    includesAll(await headers('submission-table'), ['Judge Time (UTC+8)']);
    await findByText(page, '[data-testid="submission-table"] td', JUDGED);
    await page.goto(server.url + '/clarificationManagement', { waitUntil: 'domcontentloaded' });
    includesAll(await headers('clarification-queue'), ['Asked (UTC+8)']);
    includesAll(await headers('clarification-table'), ['Time (UTC+8)']);
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
