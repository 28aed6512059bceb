// The contestant's own results, in Chromium: on the contest details page "My Result" is the
// result that counts, as on the leaderboard (an accepted problem stays accepted after a later
// wrong answer), next to the number of tries; on the problem page a submission the server
// refuses as too fast keeps the last verdict and the Submit button counts the wait down; an
// administrator's submission view follows a rejudged record to its new verdict.
import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import { dataOf } from '../helpers/api.ts';
import { buildZip, kattisEntries, zipForm } from '../helpers/package-zip.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { formatServerTime } from '../../web/src/lib/time.ts';
import { clickByText, clickTestId, launchBrowser, waitForText, storeLogin, type BrowserSession } from './browser.ts';

describe('e2e: my results and submitting too fast @slow', function () {
  this.timeout(120_000);
  let server: TestServer;
  let session: BrowserSession;
  let page: Page;
  let alice: TestAccount;
  let admin: TestAccount;
  let contest: { id: number; title: string; startTime: string; endTime: string };
  const problemIds: number[] = [];

  before(async () => {
    // Nothing judges here: the test writes the verdicts itself.
    server = await startTestServer({ CAPTCHA: 'off', SUBMIT_WAIT_MS: '0' });
    admin = await adminAccount(server);
    alice = await accountWithToken(server, { username: 'results_alice' });
    for (const title of ['Solved then broken', 'Never solved']) {
      const problem = dataOf(await admin.api.json('/api/admin/problem/add', { title, memoryLimit: 256, timeLimit: 1000 }), 'add problem');
      dataOf(await admin.api.multipart('/api/admin/problem/upload', zipForm(problem.id, await buildZip(kattisEntries()))), 'upload');
      problemIds.push(problem.id);
    }
    const now = Date.now();
    contest = dataOf(
      await admin.api.json('/api/contest/add', { title: 'Results Cup', startTimeStr: formatServerTime(now - 600_000), endTimeStr: formatServerTime(now + 3_600_000) }),
      'add contest',
    );
    for (const problemId of problemIds) dataOf(await admin.api.form('/api/contestProblem/addByProblemId', { problemId, contestId: contest.id }), 'add problem to contest');
    dataOf(await admin.api.json('/api/contestRecord/add', { contestId: contest.id, userId: alice.id }), 'add member');
    const languages = dataOf(await admin.api.get('/api/JudgeTemplate/languages'), 'languages');
    const python = languages.find((l) => l.id === 'python3')!;
    dataOf(await admin.api.json('/api/JudgeTemplate/add', { language: python.id, comment: 'Py', description: 'print(sum(map(int, input().split())))\n' }), 'add template');
    // Judged records, oldest first: A accepted then wrong, B wrong then a compile error.
    const judged = (problemId: number, status: string, runTime: number) => ({
      user_id: alice.id,
      problem_id: problemId,
      contest_id: contest.id,
      language: 'cpp',
      code: '// x',
      status,
      run_time: runTime,
      run_memory: 1000 + runTime,
      tests: '[]',
      // Two minutes ago: out of the submit cooldown and the per-minute cap.
      created_at: new Date(Date.now() - 120_000),
      judged_at: new Date(),
    });
    for (const row of [judged(problemIds[0], 'AC', 15), judged(problemIds[0], 'WA', 7), judged(problemIds[1], 'WA', 9), judged(problemIds[1], 'CE', 0)]) {
      await server.services.db.insertInto('submissions').values(row).execute();
    }

    session = await launchBrowser({ screenshotPrefix: 'results' });
    page = session.page;
    await storeLogin(page, server.url, { token: alice.api.token!, username: alice.username }, contest);
  });
  after(async () => {
    await session?.close();
    await server?.destroy();
  });

  /** The cells of a problem's row, by column title. */
  async function row(letter: string): Promise<Record<string, string>> {
    return page.evaluate((l) => {
      const table = document.querySelector('[data-testid="problem-table"]')!;
      const titles = [...table.querySelectorAll('thead th')].map((th) => th.textContent!.trim());
      const tr = [...table.querySelectorAll('tbody tr')].find((r) => r.querySelector('td')?.textContent?.trim() === l)!;
      const cells = [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim());
      return Object.fromEntries(titles.map((t, i) => [t, cells[i]]));
    }, letter);
  }

  it('keeps an accepted problem accepted after a later wrong answer, with its time, and counts every try', async () => {
    await page.goto(server.url + '/contest_details', { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="problem-table"] tbody tr td [data-verdict]').length === 2, { timeout: 20_000 });
    const a = await row('A');
    assert.equal(a['My Result'], 'AC');
    assert.equal(a['Attempts'], '2');
    assert.equal(a['Time (ms)'], '15', 'the figures of the accepted record');
    const b = await row('B');
    assert.equal(b['My Result'], 'CE', 'unsolved: the newest record');
    assert.equal(b['Attempts'], '2');
    assert.deepEqual(session.errors, []);
  });

  it('keeps the last verdict when the server refuses a submission as too fast, and counts the wait down on Submit', async () => {
    await page.evaluate(() => localStorage.setItem('chosenProblemTitle', 'Solved then broken'));
    await page.goto(server.url + '/problem_page', { waitUntil: 'domcontentloaded' });
    await (await page.waitForSelector('.ant-select[data-testid="template-select"] .ant-select-selector', { visible: true }))!.click();
    await clickByText(page, '.ant-select-item-option', 'Py');
    await page.waitForFunction(() => (document.querySelector('.cm-content') as HTMLElement | null)?.innerText.includes('print(sum'));
    await page.click('button[data-testid="submit-code"]');
    await waitForText(page, 'Your code has been submitted successfully!');
    // Accepted for judging: the button counts the 3 s down at once.
    await page.waitForFunction(() => /^Submit \([1-3] s\)$/.test(document.querySelector('button[data-testid="submit-code"]')?.textContent ?? ''));
    assert.equal(await page.$eval('button[data-testid="submit-code"]', (b) => (b as HTMLButtonElement).disabled), true);
    // The judge's verdict (written here) reaches the page.
    const { db } = server.services;
    const mine = await db.selectFrom('submissions').select('id').where('user_id', '=', alice.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await db.updateTable('submissions').set({ status: 'AC', run_time: 12, judged_at: new Date() }).where('id', '=', mine.id).execute();
    await page.waitForSelector('[data-testid="result-verdict"] [data-verdict="AC"]', { timeout: 15_000 });
    // 20 submissions in the last minute: the next one is refused for a while.
    for (let i = 0; i < 20; i++) {
      await db.insertInto('submissions').values({ user_id: alice.id, problem_id: problemIds[1], contest_id: contest.id, language: 'cpp', code: '// x', status: 'WA', tests: '[]', created_at: new Date(Date.now() - 10_000) }).execute();
    }
    await page.waitForSelector('button[data-testid="submit-code"]:not([disabled])', { timeout: 10_000 });
    await page.click('button[data-testid="submit-code"]');
    await waitForText(page, 'Too many submissions');
    await page.waitForFunction(() => /^Submit \(\d+ s\)$/.test(document.querySelector('button[data-testid="submit-code"]')?.textContent ?? ''));
    const button = await page.$eval('button[data-testid="submit-code"]', (b) => ({ text: b.textContent!, disabled: (b as HTMLButtonElement).disabled }));
    assert.equal(button.disabled, true);
    assert.ok(Number(/\((\d+) s\)/.exec(button.text)![1]) > 10, `the minute's wait is counted down: ${button.text}`);
    assert.ok(await page.$('[data-testid="result-verdict"] [data-verdict="AC"]'), 'the last verdict stays');
    assert.equal(await page.$('[data-testid="compile-message"]'), null, 'the refusal is not shown as a compile message');
    assert.deepEqual(session.unexpectedErrors([/429/]), []);
  });

  it("follows a rejudged record in the administrator's submission view until its new verdict", async () => {
    const { db } = server.services;
    // The newest record, on the list's first page: a wrong answer.
    const record = await db.selectFrom('submissions').select(['id', 'status']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    assert.equal(record.status, 'WA');
    await page.evaluate((a) => {
      localStorage.clear();
      localStorage.setItem('token', a.token);
      localStorage.setItem('username', a.username);
    }, { token: admin.api.token!, username: admin.username });
    await page.goto(server.url + '/submissionManagement', { waitUntil: 'domcontentloaded' });
    await clickTestId(page, `submission-row-${record.id}`);
    await page.waitForSelector('.ant-modal [data-verdict="WA"]', { visible: true });
    await page.waitForSelector('button[data-testid="rejudge"]:not([disabled])', { visible: true });
    // A DOM click: the modal may still be zooming in under a loaded CI machine.
    await clickTestId(page, 'rejudge');
    await waitForText(page, `Submission ${record.id} queued for rejudging`);
    await page.waitForSelector('.ant-modal [data-verdict="PD"]', { visible: true });
    // The judge's new verdict (written here; nothing judges in this test) reaches the open view.
    await db.updateTable('submissions').set({ status: 'AC', run_time: 3, judged_at: new Date() }).where('id', '=', record.id).execute();
    await page.waitForSelector('.ant-modal [data-verdict="AC"]', { visible: true, timeout: 10_000 });
  });
});
