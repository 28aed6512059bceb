// Balloons in Chromium (issue 16, item 5): the administrator gives a problem its colour in the
// problem modal, opens Balloons from the side menu (the running contest is chosen), sees each
// first AC with its colour and the first to solve marked, marks a balloon delivered (stored on
// the server), hides it with "undelivered only", and a balloon accepted meanwhile appears by
// itself.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'puppeteer-core';
import { PROBLEM_COLOR_MESSAGES } from '@verdict/shared';
import { dataOf } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { formatServerTime } from '../../web/src/lib/time.ts';
import { BALLOON_POLL_MS } from '../../web/src/pages/admin/logic/balloons.ts';
import { animationsDone, clickByText, clickTestId, fill, findByText, launchBrowser, storeLogin, waitForText, type BrowserSession } from './browser.ts';

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist/index.html');
const MINUTE = 60_000;

describe('e2e: balloons @slow', function () {
  this.timeout(180_000);
  let server: TestServer;
  let session: BrowserSession;
  let page: Page;
  let admin: TestAccount;
  let alice: TestAccount;
  let bob: TestAccount;
  let contestId: number;
  let start: number;
  const problems = { apples: 0, bananas: 0 };

  const row = (user: TestAccount, problemId: number) => `[data-testid="balloon-row-${user.id}-${problemId}"]`;
  const rowText = (user: TestAccount, problemId: number) => page.$eval(row(user, problemId), (el) => (el as HTMLElement).innerText);
  const swatchColor = (user: TestAccount, problemId: number) =>
    page.$eval(`${row(user, problemId)} [data-testid="balloon-swatch"]`, (el) => el.getAttribute('data-color'));

  async function accepted(user: TestAccount, problemId: number, minute: number): Promise<void> {
    await server.services.db
      .insertInto('submissions')
      .values({ user_id: user.id, problem_id: problemId, contest_id: contestId, language: 'cpp', code: '// x', status: 'AC', tests: '[]', created_at: new Date(start + minute * MINUTE), judged_at: new Date() })
      .execute();
  }

  before(async () => {
    assert.ok(fs.existsSync(WEB_DIST), 'the web app is not built: run `npm run build:web` first');
    server = await startTestServer({ CAPTCHA: 'off' });
    admin = await adminAccount(server);
    alice = await accountWithToken(server, { username: 'balloon_e2e_alice' });
    bob = await accountWithToken(server, { username: 'balloon_e2e_bob' });
    problems.apples = dataOf(await admin.api.json('/api/admin/problem/add', { title: 'Apples', memoryLimit: 256, timeLimit: 1000 }), 'add problem').id;
    problems.bananas = dataOf(await admin.api.json('/api/admin/problem/add', { title: 'Bananas', memoryLimit: 256, timeLimit: 1000, color: '#0000ff', colorName: 'blue' }), 'add problem').id;
    start = Date.now() - 60 * MINUTE;
    contestId = dataOf(
      await admin.api.json('/api/contest/add', { title: 'Balloon Cup', startTimeStr: formatServerTime(start), endTimeStr: formatServerTime(start + 3 * 60 * MINUTE) }),
      'add contest',
    ).id;
    for (const problemId of [problems.apples, problems.bananas]) dataOf(await admin.api.form('/api/contestProblem/addByProblemId', { problemId, contestId }), 'add problem to contest');
    for (const user of [alice, bob]) dataOf(await admin.api.json('/api/contestRecord/add', { contestId, userId: user.id }), 'add member');
    await accepted(bob, problems.apples, 8);
    await accepted(alice, problems.apples, 10);
    await accepted(alice, problems.bananas, 20);

    session = await launchBrowser({ screenshotPrefix: 'balloons' });
    page = session.page;
    await storeLogin(page, server.url, { token: admin.api.token!, username: 'admin' });
  });
  after(async () => {
    await session?.close();
    await server?.destroy();
  });

  it('the administrator gives a problem its balloon colour in the problem modal', async () => {
    await page.goto(`${server.url}/problemManagement`, { waitUntil: 'domcontentloaded' });
    await clickTestId(page, `edit-problem-${problems.apples}`);
    await page.waitForSelector('[data-testid="problem-color"]', { visible: true });
    await animationsDone(page);
    // Not a hex colour: the form says so and the modal stays open.
    await fill(page, '[data-testid="problem-color"]', 'red');
    await clickTestId(page, 'problem-modal-ok');
    await waitForText(page, PROBLEM_COLOR_MESSAGES.badColor);
    await fill(page, '[data-testid="problem-color"]', '#FF000');
    await page.waitForSelector('[data-testid="problem-color-picker"] [data-testid="balloon-swatch"][data-color=""]');
    // The picker's first preset is red: it fills the colour and names it.
    await clickTestId(page, 'problem-color-picker');
    const red = await page.waitForSelector('.ant-color-picker-presets-color', { visible: true });
    await animationsDone(page);
    await red!.click();
    await page.waitForFunction(() => (document.querySelector('[data-testid="problem-color-name"]') as HTMLInputElement).value === 'red');
    assert.equal(await page.$eval('[data-testid="problem-color"]', (el) => (el as HTMLInputElement).value), '#ff0000');
    await page.waitForSelector('[data-testid="problem-color-picker"] [data-testid="balloon-swatch"][data-color="#ff0000"]');
    await page.click('.ant-modal-title');
    await page.waitForSelector('.ant-color-picker-presets-color', { hidden: true });
    await page.waitForFunction((text) => !document.querySelector('.ant-modal')?.textContent?.includes(text), {}, PROBLEM_COLOR_MESSAGES.badColor);
    await animationsDone(page);
    await session.screenshot('problem-colour');
    await clickTestId(page, 'problem-modal-ok');
    await waitForText(page, 'Edit problem successfully');
    const stored = await server.services.db.selectFrom('problems').select(['color', 'color_name']).where('id', '=', problems.apples).executeTakeFirstOrThrow();
    assert.deepEqual(stored, { color: '#ff0000', color_name: 'red' });
  });

  it('Balloons, from the side menu, opens on the running contest: colours, contest times, first to solve', async () => {
    await page.waitForSelector('.ant-modal', { hidden: true });
    await animationsDone(page);
    await clickByText(page, '[data-testid="admin-menu"] .ant-menu-item', 'Balloons');
    await page.waitForFunction((id) => location.pathname === '/balloons' && new URLSearchParams(location.search).get('contestId') === String(id), {}, contestId);
    await page.waitForSelector(row(alice, problems.bananas));
    const order = await page.$$eval('[data-testid="balloon-table"] tbody tr[data-testid]', (rows) => rows.map((r) => r.getAttribute('data-testid')));
    assert.deepEqual(order, [`balloon-row-${bob.id}-${problems.apples}`, `balloon-row-${alice.id}-${problems.apples}`, `balloon-row-${alice.id}-${problems.bananas}`]);

    assert.equal(await swatchColor(bob, problems.apples), '#ff0000');
    assert.equal(await swatchColor(alice, problems.bananas), '#0000ff');
    const bobs = await rowText(bob, problems.apples);
    assert.match(bobs, /0:08:00/);
    assert.match(bobs, /red/);
    assert.match(bobs, /A\s+Apples/);
    assert.match(bobs, /balloon_e2e_bob/);
    assert.match(bobs, /First to solve/);
    assert.ok(await page.$(`${row(bob, problems.apples)} [data-testid="balloon-first"]`));
    assert.equal(await page.$(`${row(alice, problems.apples)} [data-testid="balloon-first"]`), null, 'alice solved A after bob');
    assert.ok(await page.$(`${row(alice, problems.bananas)} [data-testid="balloon-first"]`));
    assert.match(await rowText(alice, problems.bananas), /0:20:00[\s\S]*blue[\s\S]*B\s+Bananas/);
    await findByText(page, '[data-testid="balloon-counts"]', '3 balloons, 3 to deliver');
    await animationsDone(page);
    await session.screenshot('list');
  });

  it('marks a balloon delivered: stored on the server with who delivered it', async () => {
    await clickTestId(page, `balloon-delivered-${bob.id}-${problems.apples}`);
    await page.waitForFunction((sel) => document.querySelector(sel)?.textContent?.startsWith('admin, '), {}, `${row(bob, problems.apples)} [data-testid="balloon-delivered-by"]`);
    await findByText(page, '[data-testid="balloon-counts"]', '3 balloons, 2 to deliver');
    const listed = dataOf(await admin.api.get('/api/balloon/list', { contestId }), 'balloons');
    const bobA = listed.items.find((b) => b.userId === bob.id && b.problemId === problems.apples)!;
    assert.deepEqual([bobA.delivered, bobA.deliveredBy], [true, 'admin']);
  });

  it('"undelivered only" hides it; a balloon accepted meanwhile appears without a reload', async () => {
    await clickTestId(page, 'balloon-undelivered-only');
    await page.waitForSelector(row(bob, problems.apples), { hidden: true });
    assert.ok(await page.$(row(alice, problems.apples)));
    assert.ok(await page.$(row(alice, problems.bananas)));
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    await accepted(bob, problems.bananas, 30);
    await page.waitForSelector(row(bob, problems.bananas), { timeout: BALLOON_POLL_MS * 2 + 5_000 });
    assert.match(await rowText(bob, problems.bananas), /0:30:00[\s\S]*blue/);
    assert.equal(await page.$(`${row(bob, problems.bananas)} [data-testid="balloon-first"]`), null);
    assert.equal(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded), true, 'the page was not reloaded');
    await findByText(page, '[data-testid="balloon-counts"]', '4 balloons, 3 to deliver');
    await animationsDone(page);
    await session.screenshot('undelivered-only');
    assert.deepEqual(session.unexpectedErrors(), []);
  });
  it('on a phone (390 px) the menu is collapsed, the page does not scroll sideways and each Delivered switch is on screen (issue 30, defect 6)', async () => {
    await page.setViewport({ width: 390, height: 844 });
    try {
      await page.reload({ waitUntil: 'domcontentloaded' });
      await page.waitForSelector(row(alice, problems.apples));
      await page.waitForSelector('[data-testid="admin-sider"].ant-layout-sider-collapsed');
      await animationsDone(page);
      const layout = await page.evaluate(() => ({
        pageWidth: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
        switches: [...document.querySelectorAll('[data-testid^="balloon-delivered-"]')].map((el) => {
          const r = el.getBoundingClientRect();
          return { left: r.left, right: r.right };
        }),
      }));
      assert.ok(layout.pageWidth <= layout.viewport, `the page is ${layout.pageWidth} px wide in a ${layout.viewport} px screen`);
      assert.ok(layout.switches.length > 0);
      for (const s of layout.switches) assert.ok(s.left >= 0 && s.right <= layout.viewport, `a switch at ${s.left}–${s.right} px is off screen`);
      await session.screenshot('phone');
    } finally {
      await page.setViewport({ width: 1280, height: 800 });
    }
  });
});
