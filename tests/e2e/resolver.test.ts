// The resolver in Chromium (issue 16, item 1, optional): on the admin scoreboard of a frozen ICPC
// contest, the judges uncover the hidden results one at a time from the bottom — the last team's
// accepted answer after the freeze moves it to the top — until the board is the live one; the
// contestants' board stays frozen meanwhile. An IOI contest is refused by name.
import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import { dataOf } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { formatServerTime } from '../../web/src/lib/time.ts';
import { clickTestId, launchBrowser, storeLogin, type BrowserSession } from './browser.ts';

const MINUTE = 60_000;

describe('e2e: the resolver @slow', function () {
  this.timeout(120_000);
  let server: TestServer;
  let session: BrowserSession;
  let page: Page;
  let admin: TestAccount;
  const contests: Record<'icpc' | 'ioi', number> = { icpc: 0, ioi: 0 };

  before(async () => {
    server = await startTestServer({ CAPTCHA: 'off' });
    admin = await adminAccount(server);
    const teams: TestAccount[] = [];
    for (const name of ['rsv_ann', 'rsv_ben', 'rsv_cat']) teams.push(await accountWithToken(server, { username: name }));
    const now = server.clock.now().getTime();
    for (const rule of ['icpc', 'ioi'] as const) {
      const contest = dataOf(
        await admin.api.json('/api/contest/add', {
          title: `Resolver ${rule}`,
          startTimeStr: formatServerTime(now - 120 * MINUTE),
          endTimeStr: formatServerTime(now - 1 * MINUTE),
          freezeTimeStr: formatServerTime(now - 30 * MINUTE),
          scoringRule: rule,
        }),
        'add contest',
      );
      contests[rule] = contest.id;
      const problems: number[] = [];
      for (const title of ['A', 'B']) {
        const p = dataOf(await admin.api.json('/api/admin/problem/add', { title: `${rule} ${title}`, memoryLimit: 64, timeLimit: 1000 }), 'add problem');
        dataOf(await admin.api.form('/api/contestProblem/addByProblemId', { problemId: p.id, contestId: contest.id }), 'add problem to contest');
        problems.push(p.id);
      }
      for (const team of teams) dataOf(await admin.api.json('/api/contestRecord/add', { contestId: contest.id, userId: team.id }), 'add member');
      const row = (team: TestAccount, problem: number, status: string, minutesAgo: number) => ({
        user_id: team.id,
        problem_id: problems[problem],
        contest_id: contest.id,
        language: 'cpp',
        code: '// x',
        status,
        tests: '[]',
        created_at: new Date(now - minutesAgo * MINUTE),
        judged_at: new Date(now),
      });
      // Before the freeze: ann solves A; ben and cat nothing. After it: cat solves A and B, ben fails A.
      await server.services.db
        .insertInto('submissions')
        .values([row(teams[0], 0, 'AC', 100), row(teams[2], 0, 'AC', 20), row(teams[2], 1, 'AC', 10), row(teams[1], 0, 'WA', 5)])
        .execute();
    }
    session = await launchBrowser({ screenshotPrefix: 'resolver' });
    page = session.page;
    await storeLogin(page, server.url, { token: admin.api.token!, username: 'admin' });
  });
  after(async () => {
    await session?.close();
    await server?.destroy();
  });

  const boardNames = () => page.$$eval('[data-testid="resolver"] tbody tr.ant-table-row', (trs) => trs.map((tr) => tr.querySelectorAll('td')[1]?.textContent?.trim() ?? ''));
  const text = (testId: string) => page.$eval(`[data-testid="${testId}"]`, (el) => (el as HTMLElement).innerText.trim());

  it('uncovers the frozen results from the bottom until the board is the live one', async () => {
    await page.goto(`${server.url}/contestDetail/${contests.icpc}`, { waitUntil: 'domcontentloaded' });
    await clickTestId(page, 'open-resolver');
    await page.waitForFunction(() => /3 results still hidden/.test(document.querySelector('[data-testid="resolver-status"]')?.textContent ?? ''), { timeout: 20_000 });
    assert.deepEqual(await boardNames(), ['rsv_ann', 'rsv_ben', 'rsv_cat']);
    // The last row (cat, nothing solved before the freeze) is next: its A was accepted and climbs to second.
    assert.equal(await page.$eval('[data-testid="resolver"] tr.board-focus-row td:nth-child(2)', (td) => td.textContent?.trim()), 'rsv_cat');
    await clickTestId(page, 'resolver-next');
    await page.waitForSelector('[data-testid="resolver-step"]');
    assert.equal(await text('resolver-step'), 'rsv_cat, problem A: AC, place 3 → 2');
    assert.deepEqual(await boardNames(), ['rsv_ann', 'rsv_cat', 'rsv_ben']);
    // Then ben, now last: a wrong answer, no move.
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('[data-testid="resolver-step"]')?.textContent?.startsWith('rsv_ben'));
    assert.equal(await text('resolver-step'), 'rsv_ben, problem A: WA, place 3 → 3');
    await clickTestId(page, 'resolver-finish');
    await page.waitForFunction(() => /Every result is revealed/.test(document.querySelector('[data-testid="resolver-status"]')?.textContent ?? ''));
    // cat solved two: first, as on the live board.
    assert.deepEqual(await boardNames(), ['rsv_cat', 'rsv_ann', 'rsv_ben']);
    const live = dataOf(await admin.api.get('/api/BangDan/AllResultList', { contestId: contests.icpc }), 'live board');
    assert.deepEqual(
      live.map((r) => r.userName),
      ['rsv_cat', 'rsv_ann', 'rsv_ben'],
    );
    // Nothing was thawed: the contestants' board is still frozen.
    const contest = dataOf(await admin.api.get('/api/contest/ContestInfo', { contestId: contests.icpc }), 'contest');
    assert.equal(contest.thawTime, null);
    await session.screenshot('resolved');
    assert.deepEqual(session.unexpectedErrors(), []);
  });

  it('refuses an IOI contest by name', async () => {
    await page.goto(`${server.url}/contestDetail/${contests.ioi}`, { waitUntil: 'domcontentloaded' });
    await clickTestId(page, 'open-resolver');
    await page.waitForSelector('[data-testid="resolver-refusal"]', { timeout: 20_000 });
    assert.match(await text('resolver-refusal'), /ICPC boards only; this contest is scored by the IOI rule/);
  });
});
