// The scoreboard freeze and contest time in Chromium (issue 16, items 1 and 4): a contestant's
// leaderboard shows the frozen banner and "?" cells; the admin scoreboard shows the live board,
// switches to the contestants' view and thaws it, after which the contestant's board is final;
// the contest page, problem page and leaderboard count the time down by the server's clock, with
// a warning in the last five minutes, even when the browser's clock disagrees.
import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import { dataOf } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { formatServerTime, parseServerTime } from '../../web/src/lib/time.ts';
import { animationsDone, clickByText, clickTestId, launchBrowser, storeLogin, waitForText, type BrowserSession } from './browser.ts';

const MINUTE = 60_000;
const FROZEN_BANNER = /^Scoreboard frozen since \d\d:\d\d \(UTC\+8\); results after it are hidden$/;

describe('e2e: scoreboard freeze and countdown @slow', function () {
  this.timeout(150_000);
  let server: TestServer;
  let session: BrowserSession;
  let page: Page;
  let admin: TestAccount;
  let alice: TestAccount;
  let bob: TestAccount;
  let contest: { id: number; title: string; startTime: string; endTime: string; freezeTime: string | null };
  let problemId: number;

  before(async () => {
    server = await startTestServer({ CAPTCHA: 'off' });
    admin = await adminAccount(server);
    alice = await accountWithToken(server, { username: 'frz_alice' });
    bob = await accountWithToken(server, { username: 'frz_bob' });
    const now = server.clock.now().getTime();
    contest = dataOf(
      await admin.api.json('/api/contest/add', {
        title: 'Freeze Finals',
        startTimeStr: formatServerTime(now - 60 * MINUTE),
        endTimeStr: formatServerTime(now + 120 * MINUTE),
        freezeTimeStr: formatServerTime(now - 20 * MINUTE),
      }),
      'add contest',
    );
    problemId = dataOf(await admin.api.json('/api/admin/problem/add', { title: 'Frozen A', memoryLimit: 64, timeLimit: 1000 }), 'add problem').id;
    dataOf(await admin.api.form('/api/contestProblem/addByProblemId', { problemId, contestId: contest.id }), 'add problem to contest');
    for (const user of [alice, bob]) dataOf(await admin.api.json('/api/contestRecord/add', { contestId: contest.id, userId: user.id }), 'add member');
    // bob: wrong before the freeze, accepted after it (judged, hidden from alice); alice: nothing.
    const row = (status: string, minutesAgo: number) => ({
      user_id: bob.id,
      problem_id: problemId,
      contest_id: contest.id,
      language: 'cpp',
      code: '// x',
      status,
      tests: '[]',
      created_at: new Date(now - minutesAgo * MINUTE),
      judged_at: new Date(now),
    });
    await server.services.db.insertInto('submissions').values([row('WA', 30), row('AC', 10)]).execute();
    // Who is who on the board (issue 30, defect 3): alice's nickname and affiliation show under her name.
    await server.services.db.updateTable('users').set({ nickname: 'Alice Wang', affiliation: 'Tsinghua' }).where('id', '=', alice.id).execute();
    session = await launchBrowser({ screenshotPrefix: 'freeze' });
    page = session.page;
  });
  after(async () => {
    await session?.close();
    await server?.destroy();
  });

  const notice = () => page.$eval('[data-testid="board-notice"]', (el) => ({ kind: el.getAttribute('data-notice'), text: (el as HTMLElement).innerText.trim() }));
  const cellKinds = () => page.$$eval('[data-testid="leaderboard"] [data-cell]', (els) => els.map((el) => el.getAttribute('data-cell')));

  it("shows a contestant the frozen banner and bob's try after the freeze as a \"?\" cell", async () => {
    await storeLogin(page, server.url, { token: alice.api.token!, username: alice.username });
    await page.goto(`${server.url}/user_board/${contest.id}`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-testid="board-notice"]', { timeout: 20_000 });
    const { kind, text } = await notice();
    assert.equal(kind, 'frozen');
    assert.match(text, FROZEN_BANNER);
    assert.equal(text, `Scoreboard frozen since ${contest.freezeTime!.slice(11, 16)} (UTC+8); results after it are hidden`);
    const pending = await page.waitForSelector('[data-testid="leaderboard"] [data-cell="pending"]');
    assert.equal(await pending!.evaluate((el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim()), '? 2 tries');
    assert.equal(await pending!.evaluate((el) => el.getAttribute('title')), '2 tries: 1 before the freeze, 1 after it (results hidden)');
    assert.ok(!(await cellKinds()).includes('accepted'), 'no verdict after the freeze shows');
    assert.match(await page.$eval('[data-testid="countdown-text"]', (el) => el.textContent ?? ''), /^Time left 1:5\d:\d\d$/);
    const members = await page.$$eval('[data-testid="board-member"]', (els) => els.map((el) => [(el as HTMLElement).innerText.replace(/\s+/g, ' ').trim(), el.getAttribute('title')]));
    assert.deepEqual(members.sort(), [
      ['frz_alice Alice Wang · Tsinghua', 'frz_alice — Alice Wang · Tsinghua'],
      ['frz_bob', 'frz_bob'],
    ]);
    await session.screenshot('01-contestant-frozen');
  });

  it('shows an administrator the live board, the frozen one on request, and thaws it', async () => {
    await storeLogin(page, server.url, { token: admin.api.token!, username: admin.username });
    await page.goto(`${server.url}/contestDetail/${contest.id}`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-testid="leaderboard"] [data-cell="accepted"]', { timeout: 20_000 });
    assert.equal((await notice()).kind, 'live');
    assert.ok(!(await cellKinds()).includes('pending'));
    await session.screenshot('02-admin-live');

    await clickByText(page, '[data-testid="board-view"] .ant-segmented-item', 'Frozen');
    await page.waitForSelector('[data-testid="leaderboard"] [data-cell="pending"]');
    assert.match((await notice()).text, FROZEN_BANNER);
    assert.ok(!(await cellKinds()).includes('accepted'));
    await session.screenshot('03-admin-frozen');

    await clickTestId(page, 'thaw-board');
    const ok = await page.waitForSelector('.ant-modal-confirm-btns .ant-btn-primary', { visible: true });
    await animationsDone(page);
    await ok!.click();
    await waitForText(page, 'The scoreboard is thawed');
    await page.waitForFunction(() => document.querySelector('[data-testid="board-notice"]')?.getAttribute('data-notice') === 'thawed');
    await page.waitForSelector('[data-testid="leaderboard"] [data-cell="accepted"]');
    assert.equal(await page.$('[data-testid="thaw-board"]'), null, 'nothing left to thaw');
    const saved = dataOf(await admin.api.get('/api/contest/ContestInfo', { contestId: contest.id }), 'contest');
    assert.deepEqual([saved.frozen, typeof saved.thawTime], [false, 'string']);
    await session.screenshot('04-admin-thawed');
  });

  it("shows the contestant the final board after the thaw, without the banner", async () => {
    await storeLogin(page, server.url, { token: alice.api.token!, username: alice.username });
    await page.goto(`${server.url}/user_board/${contest.id}`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-testid="leaderboard"] [data-cell="accepted"]', { timeout: 20_000 });
    assert.equal(await page.$('[data-testid="board-notice"]'), null);
    assert.ok(!(await cellKinds()).includes('pending'));
  });

  it("keeps the freeze time in the admin's edit modal", async () => {
    await storeLogin(page, server.url, { token: admin.api.token!, username: admin.username });
    await page.goto(`${server.url}/contestManagement`, { waitUntil: 'domcontentloaded' });
    await clickTestId(page, `edit-contest-${contest.id}`);
    await page.waitForFunction(() => (document.querySelector('#contest-modal_freeze') as HTMLInputElement | null)?.value !== '', { timeout: 20_000 });
    assert.equal(await page.$eval('#contest-modal_freeze', (el) => (el as HTMLInputElement).value), contest.freezeTime);
  });

  it("counts down by the server's clock on the contest, problem and leaderboard pages, warning in the last five minutes", async () => {
    // The server's clock is moved to three and a half minutes before the end, however long the
    // tests before took: the browser goes by the server's clock (serverTime in each reply).
    server.clock.advance(parseServerTime(contest.endTime) - server.clock.now().getTime() - 3.5 * MINUTE);
    await storeLogin(page, server.url, { token: alice.api.token!, username: alice.username }, contest);
    await page.goto(`${server.url}/contest_details?contestId=${contest.id}`, { waitUntil: 'domcontentloaded' });
    const countdown = async () => {
      await page.waitForFunction(() => /^Time left 0:0[23]:\d\d$/.test(document.querySelector('[data-testid="countdown-text"]')?.textContent ?? ''), { timeout: 20_000 });
      assert.equal(await page.$eval('[data-testid="contest-countdown"]', (el) => el.getAttribute('data-phase')), 'running');
      await page.waitForSelector('[data-testid="end-warning"]');
      assert.match(await page.$eval('[data-testid="end-warning"]', (el) => (el as HTMLElement).innerText), /Less than 5 minutes left: the contest ends at /);
    };
    await countdown();
    await waitForText(page, 'Less than 5 minutes left in the contest');
    // It ticks.
    const before = await page.$eval('[data-testid="countdown-text"]', (el) => el.textContent);
    await page.waitForFunction((t) => document.querySelector('[data-testid="countdown-text"]')?.textContent !== t, { timeout: 5000 }, before);
    await session.screenshot('05-contest-countdown');

    await page.goto(`${server.url}/problem_page?contestId=${contest.id}&problemId=${problemId}`, { waitUntil: 'domcontentloaded' });
    await countdown();
    await page.goto(`${server.url}/user_board/${contest.id}`, { waitUntil: 'domcontentloaded' });
    await countdown();

    // Past the end: "Contest ended".
    server.clock.advance(4 * MINUTE);
    await page.goto(`${server.url}/contest_details?contestId=${contest.id}`, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => document.querySelector('[data-testid="countdown-text"]')?.textContent === 'Contest ended', { timeout: 20_000 });
    assert.equal(await page.$('[data-testid="end-warning"]'), null);
    assert.deepEqual(session.unexpectedErrors(), []);
  });
});
