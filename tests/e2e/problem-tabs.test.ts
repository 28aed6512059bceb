// Two tabs, two problems, in Chromium: the problem page goes by its URL, so choosing problem B
// in another tab changes neither what the first tab shows nor where its code is submitted; the
// URL survives a reload and works as a deep link.
import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import { dataOf } from '../helpers/api.ts';
import { buildZip, kattisEntries, zipForm } from '../helpers/package-zip.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { formatServerTime } from '../../web/src/lib/time.ts';
import { clickByText, clickTestId, launchBrowser, waitForText, storeLogin, type BrowserSession } from './browser.ts';

describe('e2e: one problem per tab @slow', function () {
  this.timeout(120_000);
  let server: TestServer;
  let session: BrowserSession;
  let alice: TestAccount;
  let contest: { id: number; title: string; startTime: string; endTime: string };
  const problems: { id: number; title: string }[] = [];

  before(async () => {
    // Nothing judges here: the test reads where the code went.
    server = await startTestServer({ CAPTCHA: 'off', SUBMIT_WAIT_MS: '0' });
    const admin = await adminAccount(server);
    alice = await accountWithToken(server, { username: 'tabs_alice' });
    for (const title of ['Apples', 'Bananas']) {
      const problem = dataOf(await admin.api.json('/api/admin/problem/add', { title, memoryLimit: 256, timeLimit: 1000, statement: `# ${title}\n` }), 'add problem');
      dataOf(await admin.api.multipart('/api/admin/problem/upload', zipForm(problem.id, await buildZip(kattisEntries()))), 'upload');
      problems.push({ id: problem.id, title });
    }
    const now = Date.now();
    contest = dataOf(
      await admin.api.json('/api/contest/add', { title: 'Tabs Cup', startTimeStr: formatServerTime(now - 600_000), endTimeStr: formatServerTime(now + 3_600_000) }),
      'add contest',
    );
    for (const p of problems) dataOf(await admin.api.form('/api/contestProblem/addByProblemId', { problemId: p.id, contestId: contest.id }), 'add problem to contest');
    dataOf(await admin.api.json('/api/contestRecord/add', { contestId: contest.id, userId: alice.id }), 'add member');
    dataOf(await admin.api.json('/api/JudgeTemplate/add', { language: 'python3', comment: 'Py', description: 'print(1)\n' }), 'add template');

    session = await launchBrowser({ screenshotPrefix: 'tabs' });
    await storeLogin(session.page, server.url, { token: alice.api.token!, username: alice.username }, contest);
  });
  after(async () => {
    await session?.close();
    await server?.destroy();
  });

  /** Opens a problem the way a contestant does: contest details, then its title. */
  async function openFromDetails(page: Page, letter: string): Promise<void> {
    await page.goto(server.url + '/contest_details', { waitUntil: 'domcontentloaded' });
    // The stored contest goes into the URL, so this tab stays on it.
    await page.waitForFunction((id) => new URLSearchParams(location.search).get('contestId') === String(id), {}, contest.id);
    await clickTestId(page, `open-problem-${letter}`);
    await page.waitForFunction(() => location.pathname === '/problem_page');
  }

  const heading = (page: Page) => page.$eval('[data-testid="problem-title"]', (el) => el.textContent);

  it('keeps a tab on its problem, and submits its code there, while another tab opens another problem', async () => {
    const first = session.page;
    await openFromDetails(first, 'A');
    await page(first).waitForTitle('Apples');
    assert.match(new URL(first.url()).search, new RegExp(`problemId=${problems[0].id}`));

    const second = await session.newPage();
    await openFromDetails(second, 'B');
    await page(second).waitForTitle('Bananas');

    // Back in the first tab: choose a language, type, submit.
    await first.bringToFront();
    await (await first.waitForSelector('.ant-select[data-testid="template-select"] .ant-select-selector', { visible: true }))!.click();
    await clickByText(first, '.ant-select-item-option', 'Py');
    await first.waitForFunction(() => (document.querySelector('.cm-content') as HTMLElement | null)?.innerText.includes('print(1)'));
    await first.click('.cm-content');
    await first.keyboard.type('# apples\n');
    assert.equal(await heading(first), 'Apples', 'the first tab still shows its problem');
    await first.click('button[data-testid="submit-code"]');
    await waitForText(first, 'Your code has been submitted successfully!');
    const sent = await server.services.db.selectFrom('submissions').select(['problem_id', 'contest_id']).where('user_id', '=', alice.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    assert.deepEqual(sent, { problem_id: problems[0].id, contest_id: contest.id }, 'the code went to the problem on screen');
    await second.close();
  });

  it('shows the same problem after a reload and from a deep link', async () => {
    const p = session.page;
    await p.reload({ waitUntil: 'domcontentloaded' });
    await page(p).waitForTitle('Apples');
    // Storage says Bananas (the other tab chose it last); the link says Apples.
    await p.goto(`${server.url}/problem_page?contestId=${contest.id}&problemId=${problems[0].id}`, { waitUntil: 'domcontentloaded' });
    await page(p).waitForTitle('Apples');
    assert.equal(await p.evaluate(() => localStorage.getItem('chosenProblemTitle')), 'Bananas');
  });

  it('names the problem with its letter in the heading and the document title, and its letter tabs open the others in the app (issue 30)', async () => {
    const p = session.page;
    await p.waitForFunction(() => document.title === 'A. Apples · Verdict', { timeout: 15_000 });
    assert.equal(await p.$eval('[data-testid="problem-letter"]', (el) => el.textContent), 'A. ');
    await p.evaluate(() => ((window as unknown as { sameApp: boolean }).sameApp = true));
    await clickByText(p, '[data-testid="problem-tabs"] a', 'B');
    await page(p).waitForTitle('Bananas');
    await p.waitForFunction(() => document.title === 'B. Bananas · Verdict', { timeout: 15_000 });
    assert.match(new URL(p.url()).search, new RegExp(`problemId=${problems[1].id}`));
    assert.equal(await p.evaluate(() => (window as unknown as { sameApp?: boolean }).sameApp), true, 'no reload');
    assert.equal(await p.$eval('[data-testid="problem-tabs"] [aria-current="page"]', (el) => el.textContent), 'B');
  });

  function page(p: Page) {
    return {
      waitForTitle: (title: string) =>
        p.waitForFunction((t) => document.querySelector('[data-testid="problem-title"]')?.textContent === t, { timeout: 15_000 }, title),
    };
  }
});
