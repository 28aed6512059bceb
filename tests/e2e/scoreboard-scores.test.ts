// Contest scoring rules in Chromium (issue 15, item 5): an IOI contest's leaderboard shows a Score
// column, each problem's score under its maximum and the rule; the contest page names the rule;
// the admin scoreboard shows the same, and the edit modal's scoring-rule select turns the contest
// to OI, whose board then counts the last submission.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { createProblemFromPackage } from '@verdict/server/internal/modules/problems/upload';
import { dataOf } from '../helpers/api.ts';
import { zipOf } from '../helpers/package-zip.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { formatServerTime } from '../../web/src/lib/time.ts';
import { animationsDone, clickByText, clickTestId, launchBrowser, storeLogin, waitForText, type BrowserSession } from './browser.ts';

const MINUTE = 60_000;

describe('e2e: IOI and OI leaderboards with scores @slow', function () {
  this.timeout(150_000);
  let server: TestServer;
  let session: BrowserSession;
  let page: Page;
  let admin: TestAccount;
  let alice: TestAccount;
  let bob: TestAccount;
  let contest: { id: number; title: string; startTime: string; endTime: string };

  before(async () => {
    server = await startTestServer({ CAPTCHA: 'off' });
    admin = await adminAccount(server);
    alice = await accountWithToken(server, { username: 'score_alice' });
    bob = await accountWithToken(server, { username: 'score_bob' });
    const now = server.clock.now().getTime();
    const start = now - 60 * MINUTE;
    contest = dataOf(
      await admin.api.json('/api/contest/add', {
        title: 'Scores Open',
        startTimeStr: formatServerTime(start),
        endTimeStr: formatServerTime(now + 120 * MINUTE),
        scoringRule: 'ioi',
      }),
      'add contest',
    );
    // A: a scoring problem worth 50 (two subtasks of 20 and 30); B: pass-fail, 100 for AC.
    const zipPath = path.join(server.dataDir, 'halves.zip');
    fs.writeFileSync(
      zipPath,
      await zipOf({
        'halves/problem.yaml': 'problem_format_version: 2023-07\nname: Halves\ntype: scoring\n',
        'halves/data/sample/1.in': '1\n',
        'halves/data/sample/1.ans': '1\n',
        'halves/data/secret/1/test_group.yaml': 'scoring:\n  score: 20\n  aggregation: min\n',
        'halves/data/secret/1/1.in': '2\n',
        'halves/data/secret/1/1.ans': '2\n',
        'halves/data/secret/2/test_group.yaml': 'scoring:\n  score: 30\n  aggregation: min\n',
        'halves/data/secret/2/1.in': '3\n',
        'halves/data/secret/2/1.ans': '3\n',
      }),
    );
    const scored = (await createProblemFromPackage(server.services, zipPath)).problemId;
    const passFail = dataOf(await admin.api.json('/api/admin/problem/add', { title: 'Yes or no', memoryLimit: 64, timeLimit: 1000 }), 'add problem').id;
    for (const problemId of [scored, passFail]) dataOf(await admin.api.form('/api/contestProblem/addByProblemId', { problemId, contestId: contest.id }), 'add problem to contest');
    for (const user of [alice, bob]) dataOf(await admin.api.json('/api/contestRecord/add', { contestId: contest.id, userId: user.id }), 'add member');
    const row = (user: TestAccount, problemId: number, status: string, minute: number, score: number | null) => ({
      user_id: user.id,
      problem_id: problemId,
      contest_id: contest.id,
      language: 'python3',
      code: 'print(1)',
      status,
      tests: '[]',
      score,
      max_score: score === null ? null : 50,
      created_at: new Date(start + minute * MINUTE),
      judged_at: new Date(now),
    });
    // alice: 20, then 50 of 50 on A, then a worse 20 (IOI keeps 50; OI takes 20). bob: 20 on A, B solved.
    await server.services.db
      .insertInto('submissions')
      .values([
        row(alice, scored, 'WA', 10, 20),
        row(alice, scored, 'AC', 40, 50),
        row(alice, scored, 'WA', 50, 20),
        row(bob, scored, 'WA', 15, 20),
        row(bob, passFail, 'AC', 20, null),
      ])
      .execute();
    session = await launchBrowser({ screenshotPrefix: 'scores' });
    page = session.page;
  });
  after(async () => {
    await session?.close();
    await server?.destroy();
  });

  /** Each row: rank, user, score and the problems' cells as [kind, score]. */
  const boardRows = () =>
    page.$$eval('[data-testid="leaderboard"] .ant-table-tbody tr.ant-table-row', (trs) =>
      trs.map((tr) => {
        const tds = [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim());
        const cells = [...tr.querySelectorAll('[data-cell]')].map((el) => [el.getAttribute('data-cell'), el.getAttribute('data-score')]);
        return { rank: tds[0], user: tds[1], score: tr.querySelector('[data-testid="row-score"]')?.textContent ?? null, cells };
      }),
    );
  const headers = () => page.$$eval('[data-testid="leaderboard"] .ant-table-thead th', (ths) => ths.map((th) => (th as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));

  it("shows a contestant the IOI board: a Score column, each problem's best score under its maximum", async () => {
    await storeLogin(page, server.url, { token: alice.api.token!, username: alice.username });
    await page.goto(`${server.url}/user_board/${contest.id}`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-testid="row-score"]', { timeout: 20_000 });
    assert.equal(await page.$eval('[data-testid="board-scoring-rule"]', (el) => el.textContent), 'IOI: best score per problem');
    assert.deepEqual(await headers(), ['Rank', 'User', 'Score', 'AC', 'Time (min)', 'A 50', 'B 100']);
    assert.deepEqual(await boardRows(), [
      { rank: '1', user: 'score_bob', score: '120', cells: [['partial', '20'], ['accepted', '100']] },
      { rank: '2', user: 'score_alice', score: '50', cells: [['accepted', '50'], ['empty', null]] },
    ]);
    const partial = await page.$('[data-testid="leaderboard"] [data-cell="partial"]');
    assert.equal(await partial!.evaluate((el) => el.getAttribute('title')), '20 of 50 points after 1 try, set at minute 15');
    await session.screenshot('01-contestant-ioi');
  });

  it('names the rule on the contest page', async () => {
    await storeLogin(page, server.url, { token: alice.api.token!, username: alice.username }, contest);
    await page.goto(`${server.url}/contest_details?contestId=${contest.id}`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-testid="contest-scoring-rule"]', { timeout: 20_000 });
    assert.equal(await page.$eval('[data-testid="contest-scoring-rule"]', (el) => el.textContent), 'IOI: best score per problem');
  });

  it('shows an administrator the same board, and turns the contest to OI in the edit modal', async () => {
    await storeLogin(page, server.url, { token: admin.api.token!, username: admin.username });
    await page.goto(`${server.url}/contestDetail/${contest.id}`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-testid="row-score"]', { timeout: 20_000 });
    assert.deepEqual((await boardRows()).map((r) => [r.user, r.score]), [['score_bob', '120'], ['score_alice', '50']]);
    await session.screenshot('02-admin-ioi');

    await page.goto(`${server.url}/contestManagement`, { waitUntil: 'domcontentloaded' });
    await clickTestId(page, `edit-contest-${contest.id}`);
    const select = await page.waitForSelector('.ant-modal .ant-select[data-testid="contest-scoring-rule"] .ant-select-selector', { visible: true, timeout: 20_000 });
    await animationsDone(page);
    assert.equal(await page.$eval('.ant-select[data-testid="contest-scoring-rule"] .ant-select-selection-item', (el) => el.textContent), 'IOI: best score per problem');
    await select!.click();
    await clickByText(page, '.ant-select-item-option', 'OI: last');
    await session.screenshot('03-admin-edit-oi');
    await clickTestId(page, 'contest-modal-ok');
    await waitForText(page, 'Edit contest successfully');
    assert.equal(dataOf(await admin.api.get('/api/contest/ContestInfo', { contestId: contest.id }), 'contest').scoringRule, 'oi');

    await page.goto(`${server.url}/contestDetail/${contest.id}`, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => document.querySelector('[data-testid="board-scoring-rule"]')?.getAttribute('data-rule') === 'oi', { timeout: 20_000 });
    await page.waitForSelector('[data-testid="row-score"]');
    // OI: alice's last submission (20) counts.
    assert.deepEqual(await boardRows(), [
      { rank: '1', user: 'score_bob', score: '120', cells: [['partial', '20'], ['accepted', '100']] },
      { rank: '2', user: 'score_alice', score: '20', cells: [['partial', '20'], ['empty', null]] },
    ]);
    await session.screenshot('04-admin-oi');
  });
});
