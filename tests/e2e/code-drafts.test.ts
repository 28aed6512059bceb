// The problem page as contestants expect it (issue 17), in Chromium: code drafts kept per problem
// and template in the browser (after a reload, Back, logging out and the end-of-contest
// redirect), Ctrl+Enter submits, a source file fills the editor (under its language), each
// sample of the statement copies with one click, the default templates are skeletons and every
// language is highlighted by its editor mode (Rust, Go and Pascal checked).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'puppeteer-core';
import { issueToken } from '@verdict/server/internal/modules/accounts/tokens';
import { dataOf } from '../helpers/api.ts';
import { buildZip, kattisEntries, zipForm } from '../helpers/package-zip.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { formatServerTime } from '../../web/src/lib/time.ts';
import { animationsDone, clickByText, launchBrowser, storeLogin, waitForText, type BrowserSession } from './browser.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const skeleton = (file: string) => fs.readFileSync(path.join(REPO, 'languages', file), 'utf8');
const TEMPLATES = [
  { language: 'python3', comment: 'Py starter', script: skeleton('python3/template.py') },
  { language: 'rust', comment: 'Rust starter', script: skeleton('rust/template.rs') },
  { language: 'go', comment: 'Go starter', script: skeleton('go/template.go') },
  { language: 'pascal', comment: 'Pascal starter', script: skeleton('pascal/template.pas') },
];
const STATEMENT = [
  '# Sum',
  '',
  'Print the sum.',
  '',
  '| Input | Output |',
  '|-------|--------|',
  '| `1 2` | `3`    |',
  '',
  '## Sample Input 2',
  '',
  '```',
  '40 2',
  '```',
  '',
].join('\n');

describe('e2e: code drafts, Ctrl+Enter, source files, sample copy and highlighting @slow', function () {
  this.timeout(240_000);
  let server: TestServer;
  let session: BrowserSession;
  let page: Page;
  let alice: TestAccount;
  let admin: TestAccount;
  let contest: { id: number; title: string; startTime: string; endTime: string };
  let problemId: number;
  const problemUrl = () => `${server.url}/problem_page?contestId=${contest.id}&problemId=${problemId}`;

  before(async () => {
    // Nothing judges here: the tests read what was submitted.
    server = await startTestServer({ CAPTCHA: 'off', SUBMIT_WAIT_MS: '0' });
    admin = await adminAccount(server);
    alice = await accountWithToken(server, { username: 'drafts_alice' });
    const problem = dataOf(await admin.api.json('/api/admin/problem/add', { title: 'Drafted Sum', memoryLimit: 256, timeLimit: 1000 }), 'add problem');
    dataOf(await admin.api.multipart('/api/admin/problem/upload', zipForm(problem.id, await buildZip(kattisEntries({ statement: STATEMENT })))), 'upload');
    problemId = problem.id;
    const now = Date.now();
    contest = dataOf(
      await admin.api.json('/api/contest/add', { title: 'Drafts Cup', startTimeStr: formatServerTime(now - 600_000), endTimeStr: formatServerTime(now + 3_600_000) }),
      'add contest',
    );
    dataOf(await admin.api.form('/api/contestProblem/addByProblemId', { problemId, contestId: contest.id }), 'add problem to contest');
    dataOf(await admin.api.json('/api/contestRecord/add', { contestId: contest.id, userId: alice.id }), 'add member');
    for (const t of TEMPLATES) dataOf(await admin.api.json('/api/JudgeTemplate/add', { language: t.language, comment: t.comment, description: t.script }), 'add template');
    session = await launchBrowser({ screenshotPrefix: 'drafts' });
    page = session.page;
    await session.browser.defaultBrowserContext().overridePermissions(server.url, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
    await storeLogin(page, server.url, { token: alice.api.token!, username: alice.username }, contest);
  });
  after(async () => {
    await session?.close();
    await server?.destroy();
  });

  const editorText = () => page.$eval('.cm-content', (el) => (el as HTMLElement).innerText);
  const waitForEditor = (text: string) =>
    page.waitForFunction((t) => (document.querySelector('.cm-content') as HTMLElement | null)?.innerText.includes(t), { timeout: 15_000 }, text);
  const chosenTemplate = () => page.$eval('.ant-select[data-testid="template-select"] .ant-select-selection-item', (el) => el.textContent ?? '');

  async function openProblem(): Promise<void> {
    await page.goto(problemUrl(), { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-testid="statement"]');
    await page.waitForSelector('.ant-select[data-testid="template-select"]:not(.ant-select-loading)');
  }

  async function chooseTemplate(comment: string): Promise<void> {
    await (await page.waitForSelector('.ant-select[data-testid="template-select"] .ant-select-selector', { visible: true }))!.click();
    await clickByText(page, '.ant-select-item-option', comment);
    await page.waitForSelector('.ant-select-dropdown', { hidden: true });
  }

  /** Types at the end of the editor's text. */
  async function typeAtEnd(text: string): Promise<void> {
    await page.click('.cm-content');
    await page.keyboard.down('Control');
    await page.keyboard.press('End');
    await page.keyboard.up('Control');
    await page.keyboard.type(text);
    await waitForEditor(text.trim());
  }

  /** The editor shows its language's highlighting: the mode asked for, and tokens styled by it. */
  async function assertHighlighted(mode: string): Promise<void> {
    await page.waitForSelector(`[data-testid="code-editor"][data-mode="${mode}"]`);
    const styles = await page.waitForFunction(() => {
      const classes = new Set([...document.querySelectorAll('.cm-content .cm-line span')].map((s) => s.className).filter(Boolean));
      return classes.size >= 2 ? classes.size : 0;
    }, { timeout: 15_000 });
    assert.ok(Number(await styles.jsonValue()) >= 2, `${mode}: no highlighting`);
  }

  it('opens with the skeleton of the chosen language, highlighted: Rust, Go and Pascal', async () => {
    await openProblem();
    await chooseTemplate('Rust starter');
    await waitForEditor('Solve the problem here');
    assert.ok(!(await editorText()).includes('sum()'), 'the Rust template is a skeleton, not an A+B solution');
    await assertHighlighted('text/x-rustsrc');
    await session.screenshot('01-rust-highlighted');
    await chooseTemplate('Pascal starter');
    await waitForEditor('program Main;');
    await assertHighlighted('text/x-pascal');
    await chooseTemplate('Go starter');
    await waitForEditor('package main');
    await assertHighlighted('text/x-go');
  });

  it('keeps a draft per template across a reload', async () => {
    await typeAtEnd('\n// my go draft\n');
    await chooseTemplate('Rust starter');
    // Rust has no draft yet: whether its template replaces the code on screen is asked (the Go
    // draft stays Go's whatever the answer).
    assert.match(await confirm(), /Replace your code with the template's script\?/);
    await waitForEditor('fn main()');
    assert.ok(!(await editorText()).includes('my go draft'), 'each template has its own draft');
    await typeAtEnd('\n// my rust draft\n');
    await page.reload({ waitUntil: 'domcontentloaded' });
    await waitForEditor('my rust draft');
    assert.match(await chosenTemplate(), /Rust starter/, 'the template used last is chosen again');
    await page.waitForFunction(() => /Draft restored/.test(document.querySelector('[data-testid="draft-status"]')?.textContent ?? ''));
    await chooseTemplate('Go starter');
    await waitForEditor('my go draft');
    await session.screenshot('02-draft-restored');
  });

  it('keeps it after Back, and after logging out', async () => {
    await page.click('button[data-testid="back-contest-details"]');
    await page.waitForFunction(() => location.pathname === '/contest_details');
    await page.goBack({ waitUntil: 'domcontentloaded' });
    await waitForEditor('my go draft');
    // Logging out clears local storage: the session goes, the drafts stay.
    await page.click('.ant-layout-header button[aria-label="Log out"]');
    await page.waitForFunction(() => location.pathname === '/' && localStorage.getItem('token') === null);
    const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('draft:')).length);
    assert.ok(kept >= 3, `drafts kept after logging out: ${kept}`);
    await storeLoginKeepingDrafts();
    await openProblem();
    await waitForEditor('my go draft');
  });

  it('keeps it through the end-of-contest redirect', async () => {
    await setContestEnd(Date.now() + 9_000);
    await openProblem();
    await waitForEditor('my go draft');
    await typeAtEnd('// typed just before the end\n');
    await page.waitForFunction(() => location.pathname === '/contest_details', { timeout: 25_000 });
    await waitForText(page, 'The contest has ended.');
    await setContestEnd(Date.now() + 3_600_000);
    await openProblem();
    await waitForEditor('typed just before the end');
  });

  it('submits with Ctrl+Enter, from the editor, without a new line in the code', async () => {
    await page.click('.cm-content');
    const before = await editorText();
    await page.keyboard.down('Control');
    await page.keyboard.press('Enter');
    await page.keyboard.up('Control');
    await waitForText(page, 'Your code has been submitted successfully!');
    const sent = await server.services.db.selectFrom('submissions').select(['code', 'language', 'problem_id']).where('user_id', '=', alice.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    assert.equal(sent.language, 'go');
    assert.equal(sent.problem_id, problemId);
    assert.match(sent.code, /typed just before the end/);
    assert.equal(await editorText(), before, 'Ctrl+Enter added nothing to the code');
  });

  it('loads a source file into the editor under its language, asking before it replaces a draft', async () => {
    await chooseTemplate('Rust starter');
    await waitForEditor('my rust draft');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-e2e-drafts-'));
    const file = path.join(dir, 'solve.go');
    fs.writeFileSync(file, 'package main\n\nfunc main() {\n\t// from a file on disk\n}\n');
    try {
      const input = await page.$('input[type="file"]');
      await (input as unknown as { uploadFile(...files: string[]): Promise<void> }).uploadFile(file);
      // The Go template holds a draft: replacing it is asked first.
      assert.match(await confirm(), /solve\.go/);
      await waitForEditor('from a file on disk');
      assert.match(await chosenTemplate(), /Go starter/, 'the file went under its language');
      await page.reload({ waitUntil: 'domcontentloaded' });
      await waitForEditor('from a file on disk');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('goes back to the template only when asked, and forgets that draft then', async () => {
    await page.click('[data-testid="reset-template"]');
    assert.match(await confirm(), /start again from the template/);
    await waitForEditor('Solve the problem here');
    assert.ok(!(await editorText()).includes('from a file on disk'));
    await page.reload({ waitUntil: 'domcontentloaded' });
    await waitForEditor('Solve the problem here');
    assert.equal(await page.$('[data-testid="reset-template"]'), null, 'nothing of the contestant to reset');
    // The other templates' drafts are untouched.
    await chooseTemplate('Rust starter');
    await waitForEditor('my rust draft');
  });

  it('copies each sample of the statement with one click', async () => {
    const buttons = await page.$$('[data-testid="statement"] [data-testid="copy-sample"]');
    assert.equal(buttons.length, 3, 'the table cells `1 2` and `3`, and the code block');
    await buttons[0].click();
    await page.waitForFunction(() => document.querySelector('[data-testid="statement"] [data-testid="copy-sample"]')?.textContent === 'Copied');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), '1 2');
    await buttons[2].click();
    await page.waitForFunction(async () => (await navigator.clipboard.readText()) === '40 2\n');
    await session.screenshot('03-sample-copied');
    assert.deepEqual(session.unexpectedErrors(), []);
  });

  it('finds a language by typing, and a problem opened for the first time starts with the language chosen last (issue 30, defect 5)', async () => {
    const added: number[] = [];
    for (const title of ['Second Sum', 'Third Sum']) {
      const id = dataOf(await admin.api.json('/api/admin/problem/add', { title, memoryLimit: 256, timeLimit: 1000 }), 'add problem').id;
      dataOf(await admin.api.form('/api/contestProblem/addByProblemId', { problemId: id, contestId: contest.id }), 'add problem to contest');
      added.push(id);
    }
    const open = async (id: number) => {
      await page.goto(`${server.url}/problem_page?contestId=${contest.id}&problemId=${id}`, { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('.ant-select[data-testid="template-select"] .ant-select-selection-item');
    };
    // A problem without a draft: it opens with the template chosen last (not Pascal), showing its script.
    await open(added[0]);
    assert.doesNotMatch(await chosenTemplate(), /Pascal starter/);
    await (await page.waitForSelector('.ant-select[data-testid="template-select"] .ant-select-selector', { visible: true }))!.click();
    // Typed and Enter: the matching template, not the list's first.
    await page.keyboard.type('pascal st');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('.ant-select[data-testid="template-select"] .ant-select-selection-item')?.textContent?.includes('Pascal starter'));
    await open(added[1]);
    assert.match(await chosenTemplate(), /Pascal starter/);
    await waitForEditor('program Main;');
    assert.deepEqual(session.unexpectedErrors(), []);
  });

  /** Answers OK to the confirmation dialog on screen; returns its question. */
  async function confirm(): Promise<string> {
    const ok = await page.waitForSelector('.ant-modal-confirm-btns .ant-btn-primary', { visible: true });
    const question = await page.$eval('.ant-modal-confirm-title', (el) => el.textContent ?? '');
    await animationsDone(page);
    await ok!.click();
    await page.waitForSelector('.ant-modal-confirm', { hidden: true });
    return question;
  }

  async function setContestEnd(ms: number): Promise<void> {
    await server.services.db.updateTable('contests').set({ end_time: new Date(ms) }).where('id', '=', contest.id).execute();
    contest.endTime = formatServerTime(ms);
  }

  /** Logs in again (logging out revoked the token) without the helper's clear(), which would take the drafts with it. */
  async function storeLoginKeepingDrafts(): Promise<void> {
    const token = await issueToken(server.services.db, alice.id);
    await page.evaluate(
      (a, c) => {
        localStorage.setItem('token', a.token);
        localStorage.setItem('username', a.username);
        localStorage.setItem('contest_id', String(c.id));
      },
      { token, username: alice.username },
      { id: contest.id },
    );
  }
});
