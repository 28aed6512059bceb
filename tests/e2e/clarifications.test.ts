// Clarifications in Chromium (issue 16, item 2): a contestant asks on the problem page, a judge
// answers in the admin screen (another browser profile), and the contestant's page, never
// reloaded, shows the badge, the toast and the answer; then an announcement reaches the contest
// details page the same way.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'puppeteer-core';
import { dataOf } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { formatServerTime } from '../../web/src/lib/time.ts';
import { CLARIFICATION_POLL_MS } from '../../web/src/lib/useClarifications.ts';
import { animationsDone, clickByText, clickTestId, findByText, launchBrowser, storeLogin, waitForText, type BrowserSession } from './browser.ts';

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist/index.html');
/** Long enough for a poll to come round (the page polls every CLARIFICATION_POLL_MS). */
const ARRIVAL_MS = CLARIFICATION_POLL_MS * 2 + 5_000;

describe('e2e: clarifications @slow', function () {
  this.timeout(180_000);
  let server: TestServer;
  let session: BrowserSession;
  let judgeContext: BrowserContext;
  let contestant: Page;
  let judge: Page;
  let alice: TestAccount;
  let contest: { id: number; title: string; startTime: string; endTime: string };
  let problemId: number;
  const question = 'Can the two numbers be negative?';
  const answer = 'Yes: |a|, |b| <= 10^9.';

  before(async () => {
    assert.ok(fs.existsSync(WEB_DIST), 'the web app is not built: run `npm run build:web` first');
    server = await startTestServer({ CAPTCHA: 'off' });
    const admin = await adminAccount(server);
    alice = await accountWithToken(server, { username: 'clar_e2e_alice' });
    problemId = dataOf(await admin.api.json('/api/admin/problem/add', { title: 'Apples', memoryLimit: 256, timeLimit: 1000, statement: '# Apples\n\nAdd two numbers.\n' }), 'add problem').id;
    const now = Date.now();
    contest = dataOf(
      await admin.api.json('/api/contest/add', { title: 'Clarification Cup', startTimeStr: formatServerTime(now - 600_000), endTimeStr: formatServerTime(now + 3_600_000) }),
      'add contest',
    );
    dataOf(await admin.api.form('/api/contestProblem/addByProblemId', { problemId, contestId: contest.id }), 'add problem to contest');
    dataOf(await admin.api.json('/api/contestRecord/add', { contestId: contest.id, userId: alice.id }), 'add member');

    session = await launchBrowser({ screenshotPrefix: 'clarifications' });
    contestant = session.page;
    await storeLogin(contestant, server.url, { token: alice.api.token!, username: alice.username }, contest);
    // The judge in a profile of their own (local storage is per profile).
    judgeContext = await session.browser.createBrowserContext();
    judge = await judgeContext.newPage();
    await judge.setViewport({ width: 1280, height: 800 });
    await storeLogin(judge, server.url, { token: admin.api.token!, username: 'admin' });
  });
  after(async () => {
    await judgeContext?.close().catch(() => undefined);
    await session?.close();
    await server?.destroy();
  });

  const badge = (page: Page) => page.$eval('[data-testid="clarifications-badge"]', (el) => Number(el.getAttribute('data-count')));
  const waitForBadge = (page: Page, count: number, timeout = ARRIVAL_MS) =>
    page.waitForSelector(`[data-testid="clarifications-badge"][data-count="${count}"]`, { timeout });

  async function closeDrawer(page: Page): Promise<void> {
    await clickTestId(page, 'clarifications-close');
    await page.waitForSelector('[data-testid="clarifications-drawer"]', { hidden: true });
  }

  it('a contestant asks about the problem they are reading', async () => {
    await contestant.goto(`${server.url}/problem_page?contestId=${contest.id}&problemId=${problemId}`, { waitUntil: 'domcontentloaded' });
    await contestant.waitForFunction(() => document.querySelector('[data-testid="problem-title"]')?.textContent === 'Apples');
    assert.equal(await badge(contestant), 0);
    await clickTestId(contestant, 'clarifications-open');
    await contestant.waitForSelector('[data-testid="clarifications-drawer"]', { visible: true });
    // The question is about this problem unless the contestant says otherwise.
    await contestant.waitForFunction(() => document.querySelector('[data-testid="clarification-problem"] .ant-select-selection-item')?.textContent === 'A — Apples');
    await contestant.type('[data-testid="clarification-text"]', question);
    await clickTestId(contestant, 'clarification-ask');
    await waitForText(contestant, 'Your question has been sent to the judges');
    const card = await findByText(contestant, '[data-testid="clarification-list"] .ant-card', question);
    const shown = await card.evaluate((el) => (el as HTMLElement).innerText);
    assert.match(shown, /Your question/);
    assert.match(shown, /Problem A — Apples/);
    assert.match(shown, /Waiting for an answer/);
    await animationsDone(contestant);
    await session.screenshot('asked');
    await closeDrawer(contestant);
    // Marks the page: a reload would lose it.
    await contestant.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  });

  it('the judge finds it in the queue and answers it privately', async () => {
    await judge.bringToFront();
    await judge.goto(`${server.url}/clarificationManagement`, { waitUntil: 'domcontentloaded' });
    const row = await findByText(judge, '[data-testid="clarification-queue"] tr', question, 15_000);
    assert.match(await row.evaluate((el) => (el as HTMLElement).innerText), /clar_e2e_alice/);
    assert.match(await row.evaluate((el) => (el as HTMLElement).innerText), /Problem A — Apples/);
    const id = (await server.services.db.selectFrom('clarifications').select('id').where('text', '=', question).executeTakeFirstOrThrow()).id;
    await clickTestId(judge, `answer-${id}`);
    await judge.waitForSelector('[data-testid="answer-modal-question"]', { visible: true });
    await animationsDone(judge);
    await judge.type('[data-testid="answer-text"]', answer);
    await clickTestId(judge, 'answer-modal-ok');
    await waitForText(judge, 'Answer sent');
    await judge.waitForFunction(() => document.querySelector('[data-testid="clarification-queue"]')?.textContent?.includes('No question is waiting'));
    await animationsDone(judge);
    await session.screenshot('judge-answered', judge);
  });

  it('the contestant sees the badge and a toast without reloading, and reads the answer', async () => {
    await contestant.bringToFront();
    await waitForBadge(contestant, 1);
    const toast = await contestant.waitForSelector('[data-testid="clarification-toast"]', { visible: true, timeout: ARRIVAL_MS });
    assert.match(await toast!.evaluate((el) => (el as HTMLElement).innerText), /Your question, answered[\s\S]*Problem A — Apples: Yes: \|a\|, \|b\| <= 10\^9\./);
    assert.equal(await contestant.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded), true, 'the page was not reloaded');
    await animationsDone(contestant);
    await session.screenshot('toast');
    // The toast opens the list; what it shows is seen.
    await toast!.evaluate((el) => (el as HTMLElement).click());
    await contestant.waitForSelector('[data-testid="clarifications-drawer"]', { visible: true });
    await contestant.waitForFunction((text) => [...document.querySelectorAll('[data-testid="clarification-answer"]')].some((el) => el.textContent === text), {}, answer);
    const answered = await findByText(contestant, '[data-testid="clarification-list"] .ant-card', answer);
    assert.match(await answered.evaluate((el) => (el as HTMLElement).innerText), /New[\s\S]*Your question, answered:/, 'marked new while the list is open');
    await waitForBadge(contestant, 0, 5_000);
    await animationsDone(contestant);
    await session.screenshot('answer');
    await closeDrawer(contestant);
    const stored = await server.services.db.selectFrom('clarification_reads').select('seen_version').where('user_id', '=', alice.id).executeTakeFirst();
    assert.ok(stored && stored.seen_version > 0, 'the seen mark is kept on the server');
  });

  it('an announcement reaches the contest details page the same way, and nothing old is toasted again', async () => {
    // To the contest details page inside the app (no reload).
    const listed = contestant.waitForResponse((r) => r.url().includes('/api/clarification/list'));
    await clickTestId(contestant, 'back-contest-details');
    await contestant.waitForFunction(() => location.pathname === '/contest_details');
    await listed;
    await contestant.waitForSelector('[data-testid="clarifications-badge"][data-count="0"]');
    await animationsDone(contestant);
    assert.equal(await contestant.$('[data-testid="clarification-toast"]'), null, 'the answer already announced is not toasted again');

    await judge.bringToFront();
    await clickTestId(judge, 'announce-open');
    await judge.waitForSelector('[data-testid="announce-text"]', { visible: true });
    await animationsDone(judge);
    await (await judge.waitForSelector('.ant-modal [data-testid="announce-contest"] .ant-select-selector', { visible: true }))!.click();
    await clickByText(judge, '.ant-select-item-option', contest.title);
    await judge.type('[data-testid="announce-text"]', 'The contest is extended by ten minutes.');
    await clickTestId(judge, 'announce-modal-ok');
    await waitForText(judge, 'Announcement posted');

    await contestant.bringToFront();
    await waitForBadge(contestant, 1);
    const toast = await contestant.waitForSelector('[data-testid="clarification-toast"]', { visible: true, timeout: ARRIVAL_MS });
    assert.match(await toast!.evaluate((el) => (el as HTMLElement).innerText), /Announcement[\s\S]*General: The contest is extended by ten minutes\./);
    assert.equal(await contestant.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded), true, 'the page was not reloaded');
    await clickTestId(contestant, 'clarifications-open');
    await waitForText(contestant, 'The contest is extended by ten minutes.');
    await waitForBadge(contestant, 0, 5_000);
    assert.deepEqual(session.unexpectedErrors(), []);
  });
  it('a judge on another admin page sees the unanswered count and a toast, which leads to the queue (issue 30, defect 7)', async () => {
    await judge.bringToFront();
    await judge.goto(`${server.url}/userManagement`, { waitUntil: 'domcontentloaded' });
    await judge.waitForSelector('[data-testid="unanswered-questions"]');
    await new Promise((r) => setTimeout(r, 1000));
    dataOf(await alice.api.json('/api/clarification/ask', { contestId: contest.id, problemId, text: 'Are apples negative?' }), 'ask');
    await judge.waitForFunction(() => document.querySelector('[data-testid="unanswered-badge"] .ant-badge-count')?.getAttribute('title') === '1', { timeout: ARRIVAL_MS });
    const toast = await judge.waitForSelector('[data-testid="judge-question-toast"]', { visible: true, timeout: ARRIVAL_MS });
    assert.match(await toast!.evaluate((el) => (el as HTMLElement).innerText), /New question from clar_e2e_alice[\s\S]*Are apples negative\?/);
    await toast!.click();
    await judge.waitForFunction(() => location.pathname === '/clarificationManagement');
    await findByText(judge, '[data-testid="clarification-queue"] tr', 'Are apples negative?', 15_000);
    assert.deepEqual(session.unexpectedErrors(), []);
  });
});
