// The result panel's layout (issue 30, defect 4: "02:16:5020 ms" at 1024 px, touching at 1440 px).
// The judge time is one unbreakable line; beside the run time, in a cell of a fixed-layout table,
// it ran past its cell over the "Time" label (by 60 px at 1024 px, 16 px at 1440 px). The page
// submits for real; the server has no judge, and the record is given its verdict in the database,
// which the page's polling reads back.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ElementHandle } from 'puppeteer-core';
import { dataOf } from '../helpers/api.ts';
import { buildZip, kattisEntries, zipForm } from '../helpers/package-zip.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { formatServerTime } from '../../web/src/lib/time.ts';
import { animationsDone, clickByText, launchBrowser, storeLogin, type BrowserSession } from './browser.ts';

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist/index.html');

describe('e2e: the result panel stays legible at every width (issue 30, defect 4) @slow', function () {
  this.timeout(240_000);
  let server: TestServer;
  let alice: TestAccount;
  let contest: { id: number; title: string; startTime: string; endTime: string };
  let problemId: number;
  let session: BrowserSession | undefined;

  before(async () => {
    assert.ok(fs.existsSync(WEB_DIST), 'the web app is not built: run `npm run build:web` first');
    server = await startTestServer({ CAPTCHA: 'off', SUBMIT_WAIT_MS: '0' });
    const admin = await adminAccount(server);
    alice = await accountWithToken(server, { username: 'panel_alice' });
    problemId = dataOf(await admin.api.json('/api/admin/problem/add', { title: 'Apples', memoryLimit: 256, timeLimit: 1000 }), 'add problem').id;
    dataOf(await admin.api.multipart('/api/admin/problem/upload', zipForm(problemId, await buildZip(kattisEntries({})))), 'upload');
    const now = Date.now();
    contest = dataOf(await admin.api.json('/api/contest/add', { title: 'Panel Cup', startTimeStr: formatServerTime(now - 600_000), endTimeStr: formatServerTime(now + 3_600_000) }), 'add contest');
    dataOf(await admin.api.form('/api/contestProblem/addByProblemId', { problemId, contestId: contest.id }), 'add problem to contest');
    dataOf(await admin.api.json('/api/contestRecord/add', { contestId: contest.id, userId: alice.id }), 'add member');
    dataOf(await admin.api.json('/api/JudgeTemplate/add', { language: 'python3', comment: 'Py', description: 'print(1)\n' }), 'add template');
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && session) await session.screenshot(`failed-${this.currentTest.title}`).catch(() => undefined);
    await session?.close();
    session = undefined;
  });
  after(async () => {
    await server?.destroy();
  });

  for (const [lang, width] of [
    ['en-US', 1024],
    ['zh-CN', 1024],
    ['en-US', 1440],
    ['zh-CN', 1440],
    ['zh-CN', 390],
  ] as const) {
    it(`keeps the judge time inside its cell, clear of the run time: ${lang} at ${width} px`, async () => {
      session = await launchBrowser({ lang, width, height: 900, screenshotPrefix: 'result-panel' });
      const { page } = session;
      await storeLogin(page, server.url, { token: alice.api.token!, username: alice.username }, contest);
      await page.goto(`${server.url}/problem_page?contestId=${contest.id}&problemId=${problemId}`, { waitUntil: 'domcontentloaded' });
      await (await page.waitForSelector('.ant-select[data-testid="template-select"] .ant-select-selector', { visible: true }))!.click();
      await clickByText(page, '.ant-select-item-option', 'Py');
      await page.waitForFunction(() => (document.querySelector('.cm-content') as HTMLElement | null)?.innerText.includes('print'));
      await page.click('button[data-testid="submit-code"]');
      await page.waitForSelector('[data-testid="result-verdict"] [data-verdict="PD"]');
      // The verdict, as a judge would write it (the latest record of this user).
      const record = await server.services.db.selectFrom('submissions').select('id').where('user_id', '=', alice.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
      await server.services.db.updateTable('submissions').set({ status: 'WA', run_time: 20, run_memory: 3456, judged_at: new Date() }).where('id', '=', record.id).execute();
      await page.waitForSelector('[data-testid="result-verdict"] [data-verdict="WA"]', { timeout: 30_000 });
      await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="result-time"]')?.textContent ?? ''));
      await animationsDone(page);
      await session.screenshot(`${lang}-${width}`);
      // Boxes from the handles: a function declared inside page code would need tsx's helpers there.
      type Box = { left: number; right: number; top: number; bottom: number };
      const boxOf = async (el: ElementHandle<Element>): Promise<Box> => {
        const b = (await el.boundingBox())!;
        return { left: b.x, right: b.x + b.width, top: b.y, bottom: b.y + b.height };
      };
      const measure = async () => {
        const whenHandle = (await page.$('[data-testid="result-judge-time"]'))!;
        const cellHandle = (await whenHandle.evaluateHandle((el) => el.closest('.ant-descriptions-item-content')!)) as ElementHandle<Element>;
        const others = await page.$$('[data-testid="result-panel"] .ant-descriptions-item-label, [data-testid="result-time"], [data-testid="result-memory"], [data-testid="result-verdict"]');
        return {
          text: await whenHandle.evaluate((el) => (el as HTMLElement).innerText),
          when: await boxOf(whenHandle),
          cell: await boxOf(cellHandle),
          others: await Promise.all(others.map(async (el) => ({ text: await el.evaluate((e) => (e as HTMLElement).innerText), ...(await boxOf(el)) }))),
          panel: await boxOf((await page.$('[data-testid="result-panel"]'))!),
        };
      };
      // The panel settles after the verdict (the list below fills, a toast goes): two equal reads in a row.
      let layout = await measure();
      for (let i = 0; i < 20; i++) {
        await new Promise((r) => setTimeout(r, 250));
        const again = await measure();
        if (JSON.stringify(again) === JSON.stringify(layout)) break;
        layout = again;
      }
      assert.match(layout.text, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      assert.ok(layout.when.right <= layout.cell.right + 0.5, `the judge time runs out of its cell: ${JSON.stringify(layout.when)} in ${JSON.stringify(layout.cell)}`);
      const overlaps = (a: Box, b: Box) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
      for (const other of layout.others) assert.equal(overlaps(layout.when, other), false, `the judge time ${JSON.stringify(layout.when)} overlaps "${other.text}" ${JSON.stringify(other)}`);
      assert.ok(layout.panel.right <= width, 'the panel is inside the page');
      assert.deepEqual(session.unexpectedErrors(), []);
    });
  }
});
