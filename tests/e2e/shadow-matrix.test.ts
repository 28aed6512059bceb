// The shadow matrix in Chromium (issue 28, shadow mode): on a contest's admin board, Shadow opens
// the shadowed CCS's judgement types × Verdict's, the differences only at first, all of them on
// request, filtered by their type; a cell lists the submissions behind it; in English and in
// Chinese. The shadow's state is written into the server's tables as a shadow leaves it (the
// judging behind it is tested in tests/cli/contest-shadow.test.ts).
import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import { dataOf } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount } from '../helpers/tokens.ts';
import { formatServerTime } from '../../web/src/lib/time.ts';
import { clickByText, clickTestId, launchBrowser, storeLogin, type BrowserSession } from './browser.ts';

const MINUTE = 60_000;

describe('e2e: the shadow matrix @slow', function () {
  this.timeout(120_000);
  let server: TestServer;
  let session: BrowserSession;
  let page: Page;
  let contestId: number;
  let quietContest: number;

  before(async () => {
    server = await startTestServer({ CAPTCHA: 'off' });
    const admin = await adminAccount(server);
    const team = await accountWithToken(server, { username: 'shd_team' });
    const now = server.clock.now().getTime();
    const contest = (title: string) =>
      admin.api.json('/api/contest/add', { title, startTimeStr: formatServerTime(now - 60 * MINUTE), endTimeStr: formatServerTime(now + 60 * MINUTE) }).then((r) => dataOf(r, 'add contest').id);
    contestId = await contest('Shadowing Cup');
    quietContest = await contest('Quiet Cup');
    const problem = dataOf(await admin.api.json('/api/admin/problem/add', { title: 'Shadow A', memoryLimit: 64, timeLimit: 1000 }), 'add problem');
    dataOf(await admin.api.form('/api/contestProblem/addByProblemId', { problemId: problem.id, contestId }), 'add problem to contest');
    dataOf(await admin.api.json('/api/contestRecord/add', { contestId, userId: team.id }), 'add member');
    const { db } = server.services;
    // Ours: AC, WA, WA (their TLE), RE (their AC); theirs 5 is not submitted (an unknown team).
    const ours = await db
      .insertInto('submissions')
      .values(['AC', 'WA', 'WA', 'RE'].map((status, i) => ({ user_id: team.id, problem_id: problem.id, contest_id: contestId, language: 'c', code: '// x', status, tests: '[]', created_at: new Date(now - (40 - i) * MINUTE), judged_at: new Date(now) })))
      .returning('id')
      .execute();
    await db.insertInto('shadows').values({ contest_id: contestId, source: '/srv/their-package/event-feed.ndjson', authorization: null, since_token: 'line:40', mapping: null, running: false, error: null }).execute();
    await db
      .insertInto('shadow_submissions')
      .values([
        { contest_id: contestId, their_id: 't1', their_type: 'AC', submission_id: ours[0].id, refused: null },
        { contest_id: contestId, their_id: 't2', their_type: 'WA', submission_id: ours[1].id, refused: null },
        { contest_id: contestId, their_id: 't3', their_type: 'TLE', submission_id: ours[2].id, refused: null },
        { contest_id: contestId, their_id: 't4', their_type: 'AC', submission_id: ours[3].id, refused: null },
        { contest_id: contestId, their_id: 't5', their_type: 'WA', submission_id: null, refused: 'team 9 is not in their feed' },
      ])
      .execute();
    session = await launchBrowser({ screenshotPrefix: 'shadow-matrix' });
    page = session.page;
    await storeLogin(page, server.url, { token: admin.api.token!, username: 'admin' });
  });
  after(async () => {
    await session?.close();
    await server?.destroy();
  });

  const text = (testId: string) => page.$eval(`[data-testid="${testId}"]`, (el) => (el as HTMLElement).innerText.trim());
  const cells = () => page.$$eval('[data-testid^="shadow-cell-"]', (els) => els.map((el) => `${el.getAttribute('data-testid')!.slice('shadow-cell-'.length)}:${(el as HTMLElement).innerText.trim()}`).sort());

  const openMatrix = async (id: number) => {
    await page.goto(`${server.url}/contestDetail/${id}`, { waitUntil: 'domcontentloaded' });
    await clickTestId(page, 'open-shadow');
    await page.waitForSelector('[data-testid="shadow-matrix"]', { visible: true });
  };

  it('shows the differences, then every verdict, filtered by their type, and the submissions of a cell', async () => {
    await openMatrix(contestId);
    await page.waitForSelector('[data-testid="shadow-table"]', { visible: true });
    assert.match(await text('shadow-state'), /Stopped shadowing \/srv\/their-package\/event-feed\.ndjson\. 5 submissions, 3 differences\./);
    assert.deepEqual(await cells(), ['AC-RTE:1', 'TLE-WA:1', 'WA-not submitted:1']);

    await clickByText(page, '[data-testid="shadow-show"] .ant-segmented-item', 'All verdicts');
    await page.waitForFunction(() => document.querySelector('[data-testid="shadow-cell-AC-AC"]') !== null, { timeout: 10_000 });
    assert.deepEqual(await cells(), ['AC-AC:1', 'AC-RTE:1', 'TLE-WA:1', 'WA-WA:1', 'WA-not submitted:1']);

    await page.click('[data-testid="shadow-their-type"]');
    await clickByText(page, '.ant-select-item-option', 'Theirs: WA');
    await page.waitForFunction(() => document.querySelector('[data-testid="shadow-cell-AC-AC"]') === null, { timeout: 10_000 });
    assert.deepEqual(await cells(), ['WA-WA:1', 'WA-not submitted:1']);

    await clickTestId(page, 'shadow-cell-WA-not submitted');
    await page.waitForSelector('[data-testid="shadow-submissions"]', { visible: true });
    const listed = await text('shadow-submissions');
    assert.match(listed, /Theirs WA, ours not submitted/);
    assert.match(listed, /t5/);
    assert.match(listed, /team 9 is not in their feed/);
  });

  it('says so in Chinese, and says when a contest never shadowed', async () => {
    await page.evaluate(() => localStorage.setItem('language', 'zh'));
    await openMatrix(contestId);
    await page.waitForSelector('[data-testid="shadow-table"]', { visible: true });
    assert.match(await text('shadow-state'), /已停止影子评测 .*共 5 个提交，3 个结果不同。/);
    assert.match(await page.$eval('.ant-modal-title', (el) => (el as HTMLElement).innerText), /影子评测：Shadowing Cup/);
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await openMatrix(quietContest);
    await page.waitForSelector('[data-testid="shadow-never"]', { visible: true });
    assert.match(await text('shadow-never'), /has not shadowed another CCS/);
  });
});
