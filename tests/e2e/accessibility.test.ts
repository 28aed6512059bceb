// Accessibility (issue 30): axe-core (the npm package, injected into the page) runs in Chromium on
// each screen of both areas, in English and in 中文; no critical or serious violation of WCAG 2 A/AA
// may remain.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'puppeteer-core';
import { dataOf } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { formatServerTime } from '../../web/src/lib/time.ts';
import { launchBrowser, storeLogin, type BrowserSession } from './browser.ts';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** The critical and serious WCAG 2 A/AA violations on the page as it is now. */
async function violations(page: Page): Promise<Violation[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[]; any?: { message: string }[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 8).map((n) => n.target.join(' ') + ((n as { any?: { message: string }[] }).any?.[0]?.message ? ` [${(n as { any?: { message: string }[] }).any![0].message.slice(0, 90)}]` : '')) }));
  });
}

describe('e2e: accessibility (axe-core) @slow', function () {
  this.timeout(240_000);
  let server: TestServer;
  /** One browser per language: English (Chromium's en-US) and 中文 (zh-CN, which the app follows). */
  const sessions: Partial<Record<'en' | 'zh', BrowserSession>> = {};
  let admin: TestAccount;
  let alice: TestAccount;
  let contest: { id: number; title: string; startTime: string; endTime: string };
  let problemId: number;

  before(async () => {
    server = await startTestServer({ CAPTCHA: 'off' });
    admin = await adminAccount(server);
    alice = await accountWithToken(server, { username: 'a11y_alice' });
    problemId = dataOf(await admin.api.json('/api/admin/problem/add', { title: 'Readable', memoryLimit: 256, timeLimit: 1000, statement: '# Readable\n\nAdd two numbers.\n' }), 'add problem').id;
    const now = Date.now();
    contest = dataOf(
      await admin.api.json('/api/contest/add', { title: 'A11y Cup', startTimeStr: formatServerTime(now - 600_000), endTimeStr: formatServerTime(now + 3_600_000) }),
      'add contest',
    );
    dataOf(await admin.api.form('/api/contestProblem/addByProblemId', { problemId, contestId: contest.id }), 'add problem to contest');
    dataOf(await admin.api.json('/api/contestRecord/add', { contestId: contest.id, userId: alice.id }), 'add member');
    dataOf(await admin.api.json('/api/JudgeTemplate/add', { language: 'python3', comment: 'Py', description: 'print(1)\n' }), 'add template');
    sessions.en = await launchBrowser({ screenshotPrefix: 'a11y' });
    sessions.zh = await launchBrowser({ screenshotPrefix: 'a11y-zh', lang: 'zh-CN' });
  });
  after(async () => {
    await sessions.en?.close();
    await sessions.zh?.close();
    await server?.destroy();
  });

  const screens: { name: string; who: 'none' | 'alice' | 'admin'; path: () => string; ready: string }[] = [
    { name: 'home', who: 'none', path: () => '/', ready: 'a, button' },
    { name: 'login', who: 'none', path: () => '/login', ready: 'form' },
    { name: 'contest list', who: 'alice', path: () => '/contest_list', ready: '.ant-table-row' },
    { name: 'contest details', who: 'alice', path: () => `/contest_details?contestId=${contest.id}`, ready: '[data-testid="open-problem-A"]' },
    { name: 'problem page', who: 'alice', path: () => `/problem_page?contestId=${contest.id}&problemId=${problemId}`, ready: '.cm-content' },
    { name: 'leaderboard', who: 'alice', path: () => `/user_board/${contest.id}`, ready: '[data-testid="leaderboard"] .ant-table-row' },
    { name: 'admin users', who: 'admin', path: () => '/userManagement', ready: '.ant-table-row' },
    { name: 'admin contests', who: 'admin', path: () => '/contestManagement', ready: '.ant-table-row' },
    { name: 'admin balloons', who: 'admin', path: () => `/balloons?contestId=${contest.id}`, ready: '.ant-select' },
  ];

  for (const [language, lang] of [['en', 'en'], ['zh', 'zh-CN']] as const) {
    for (const screen of screens) {
      it(`has no critical or serious violation: ${screen.name} (${language})`, async () => {
        const page: Page = sessions[language]!.page;
        if (screen.who === 'none') {
          await page.goto(server.url + '/', { waitUntil: 'domcontentloaded' });
          await page.evaluate(() => localStorage.clear());
        } else {
          const account = screen.who === 'admin' ? admin : alice;
          await storeLogin(page, server.url, { token: account.api.token!, username: account.username }, contest);
        }
        await page.goto(server.url + screen.path(), { waitUntil: 'domcontentloaded' });
        await page.waitForSelector(screen.ready, { timeout: 20_000 });
        await new Promise((r) => setTimeout(r, 500)); // animations in
        assert.equal(await page.evaluate(() => document.documentElement.lang), lang, 'the page is in the language under test');
        const found = await violations(page);
        assert.equal(found.length, 0, found.map((v) => `${v.id} (${v.impact}): ${v.nodes.join(' | ')}`).join('\n'));
      });
    }
  }
});
