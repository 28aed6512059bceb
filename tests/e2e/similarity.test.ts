// Similarity checking in Chromium (issue 31): the administrator opens Similarity from the side
// menu, chooses a contest, runs an analysis, sees the copy first with the fallback warning of a
// language without a lexer, opens the pair side by side with the shared fragments highlighted in
// the same colours on both sides, downloads the CSV; the screen speaks Chinese too. A contestant
// who types the screen's address gets no screen and no data.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'puppeteer-core';
import { dataOf } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { formatServerTime } from '../../web/src/lib/time.ts';
import { animationsDone, clickByText, clickTestId, launchBrowser, storeLogin, waitForDownload, waitForText, type BrowserSession } from './browser.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const WEB_DIST = path.resolve(HERE, '../../web/dist/index.html');
const fixture = (name: string) => fs.readFileSync(path.join(HERE, '../fixtures/similarity-evasion', name), 'utf8');
const MINUTE = 60_000;

describe('e2e: similarity @slow', function () {
  this.timeout(180_000);
  let server: TestServer;
  let session: BrowserSession;
  let page: Page;
  let admin: TestAccount;
  let contestId: number;
  const users: Record<string, TestAccount> = {};

  before(async () => {
    assert.ok(fs.existsSync(WEB_DIST), 'the web app is not built: run `npm run build:web` first');
    server = await startTestServer({ CAPTCHA: 'off' });
    admin = await adminAccount(server);
    const start = Date.now() - 60 * MINUTE;
    contestId = dataOf(await admin.api.json('/api/contest/add', { title: 'Copy Cup', startTimeStr: formatServerTime(start), endTimeStr: formatServerTime(start + 3 * 60 * MINUTE) }), 'add contest').id;
    const islands = dataOf(await admin.api.json('/api/admin/problem/add', { title: 'Islands', memoryLimit: 256, timeLimit: 1000 }), 'add problem').id;
    const sums = dataOf(await admin.api.json('/api/admin/problem/add', { title: 'Sums', memoryLimit: 256, timeLimit: 1000 }), 'add problem').id;
    for (const problemId of [islands, sums]) dataOf(await admin.api.form('/api/contestProblem/addByProblemId', { problemId, contestId }), 'add problem to contest');
    const sources: [string, number, string, string][] = [
      ['ann', islands, 'cpp', fixture('original.cpp')],
      ['ben', islands, 'cpp', fixture('c-style-io.cpp')],
      ['cid', islands, 'cpp', fixture('independent-dsu.cpp')],
      ['ann', sums, 'haskell', 'main = interact $ show . sum . map read . words\n'],
      ['cid', sums, 'haskell', 'main = interact $ show . sum . map read . words\n'],
    ];
    for (const name of ['ann', 'ben', 'cid']) {
      users[name] = await accountWithToken(server, { username: `sim_e2e_${name}` });
      dataOf(await admin.api.json('/api/contestRecord/add', { contestId, userId: users[name].id }), 'add member');
    }
    for (const [name, problemId, language, code] of sources) {
      await server.services.db
        .insertInto('submissions')
        .values({ user_id: users[name].id, problem_id: problemId, contest_id: contestId, language, code, status: 'AC', tests: '[]', created_at: new Date(start + 10 * MINUTE) })
        .execute();
    }
    session = await launchBrowser({ screenshotPrefix: 'similarity' });
    page = session.page;
  });
  after(async () => {
    await session?.close();
    await server?.services.similarity.idle();
    await server?.destroy();
  });

  it('runs an analysis from the side menu and lists the copy first, with the fallback said', async () => {
    await storeLogin(page, server.url, { token: admin.api.token!, username: 'admin' });
    await page.goto(`${server.url}/admin_nav`, { waitUntil: 'domcontentloaded' });
    await clickByText(page, '[data-testid="admin-menu"] .ant-menu-item', 'Similarity');
    await page.waitForFunction(() => location.pathname === '/similarity');
    await waitForText(page, 'Choose a contest to check its sources');
    await (await page.waitForSelector('[data-testid="similarity-contest"] .ant-select-selector, [data-testid="similarity-contest"]', { visible: true }))!.click();
    await clickByText(page, '.ant-select-item-option', `${contestId} Copy Cup`);
    await page.waitForFunction((id) => new URLSearchParams(location.search).get('contestId') === String(id), {}, contestId);
    await waitForText(page, 'No analysis of this contest yet');
    await clickTestId(page, 'similarity-start');
    await page.waitForSelector('[data-testid="similarity-pairs"] tbody tr[data-testid]', { timeout: 60_000 });
    const rows = await page.$$eval('[data-testid="similarity-pairs"] tbody tr[data-testid]', (trs) => trs.map((tr) => (tr as HTMLElement).innerText));
    // Most similar first: the identical Haskell pair, then the C-style copy of ann's BFS.
    assert.match(rows[1], /A\s+sim_e2e_ann\s+sim_e2e_ben\s+9\d\.\d%/);
    assert.ok(rows.some((r) => /B\s+sim_e2e_ann\s+sim_e2e_cid\s+100\.0%[\s\S]*generic tokens/.test(r)), rows.join('\n'));
    const warning = await page.$eval('[data-testid="similarity-fallback"]', (el) => (el as HTMLElement).innerText);
    assert.match(warning, /Problem B: 2 source\(s\) in haskell, a language without a lexer, compared as generic tokens/);
    await session.screenshot('pairs');
  });

  it('shows the pair side by side, the same fragment in the same colour on both sides', async () => {
    const [, copyRow] = await page.$$('[data-testid="similarity-pairs"] tbody tr[data-testid]');
    assert.match(await copyRow.evaluate((tr) => (tr as HTMLElement).innerText), /sim_e2e_ann\s+sim_e2e_ben/);
    await (await copyRow.$('button'))!.click();
    await page.waitForSelector('[data-testid="similarity-side-by-side"] mark', { visible: true });
    await animationsDone(page);
    const marks = (side: 'a' | 'b') =>
      page.$$eval(`[data-testid="similarity-source-${side}"] mark`, (ms) => ms.map((m) => ({ fragment: m.getAttribute('data-fragment'), colour: getComputedStyle(m).backgroundColor, text: m.textContent ?? '' })));
    const [a, b] = [await marks('a'), await marks('b')];
    assert.ok(a.length > 0 && a.length === b.length);
    for (const m of a) assert.equal(b.find((x) => x.fragment === m.fragment)?.colour, m.colour);
    assert.ok(a.some((m) => m.text.includes('floodFill')), 'the BFS is highlighted');
    const sourceA = await page.$eval('[data-testid="similarity-source-a"]', (el) => el.textContent);
    assert.equal(sourceA, fixture('original.cpp'));
    await session.screenshot('side-by-side');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid="similarity-side-by-side"]', { hidden: true });
  });

  it('downloads the CSV', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-similarity-csv-'));
    await session.allowDownloads(dir);
    const runId = (await server.services.db.selectFrom('similarity_runs').select('id').executeTakeFirstOrThrow()).id;
    await clickTestId(page, 'similarity-csv');
    const csv = fs.readFileSync(await waitForDownload(dir, `similarity-run-${runId}.csv`), 'utf8');
    assert.match(csv.split('\n')[2], /^A,sim_e2e_ann,sim_e2e_ben,0\.9\d{3},/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('speaks Chinese', async () => {
    await page.evaluate(() => localStorage.setItem('language', 'zh'));
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-testid="similarity-pairs"] tbody tr[data-testid]');
    await waitForText(page, '代码查重');
    await waitForText(page, '按通用词法比较');
    await session.screenshot('zh');
  });

  it('a contestant who types the address gets neither the screen nor any result', async () => {
    const contestant = await session.newPage();
    await storeLogin(contestant, server.url, { token: users.ben.api.token!, username: 'sim_e2e_ben' });
    await contestant.goto(`${server.url}/similarity?contestId=${contestId}`, { waitUntil: 'domcontentloaded' });
    await contestant.waitForFunction(() => location.pathname !== '/similarity', { timeout: 15_000 });
    const text = await contestant.evaluate(() => document.body.innerText);
    assert.doesNotMatch(text, /sim_e2e_ann|floodFill|Similarity/);
    await contestant.close();
  });
});
