// The contestant's whole journey in a real browser against a real server on a fresh database:
// register (code from the test SMTP server), log in (captcha answer from the test hook), open a
// running contest and a problem, download its PDF, submit a WA then an AC solution, see the
// history (and its CSV), see the leaderboard; a contest that has not started refuses problems.
// E2E_SUBMIT_WAIT_MS=0 makes /api/submit answer before judging, exercising the page's polling;
// E2E_JUDGE_BACKEND picks the judge backend.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yazl from 'yazl';
import type { Page } from 'puppeteer-core';
import { Api, dataOf } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { adminAccount } from '../helpers/tokens.ts';
import { createUser } from '../helpers/users.ts';
import { formatServerTime } from '../../web/src/lib/time.ts';
import {
  captchaSolved,
  clickByText,
  fill,
  findByText,
  hasHorizontalPageScroll,
  animationsDone,
  launchBrowser,
  waitForDownload,
  waitForText,
  type BrowserSession,
} from './browser.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SAMPLE_PROBLEM = path.join(REPO_ROOT, 'problems', 'aplusb');

const STATEMENT = '# A plus B\n\nGiven $a$ and $b$, print $a + b$.\n\n$$\\sum_{i=1}^{2} x_i = a + b$$\n';
const WRONG_ANSWER = 'a, b = map(int, input().split())\nprint(a - b)\n';
const ACCEPTED = 'a, b = map(int, input().split())\nprint(a + b)\n';
const TEMPLATE_SCRIPT = '# Read the input from stdin, print the answer to stdout\nimport sys\n';

const USER = { username: 'e2e_alice', email: 'e2e_alice@example.test', password: 'alice-pass-1' };

/**
 * Browser errors that are expected traffic, not defects: Chromium logs the refused captcha's login
 * and the refused password change without the current password.
 */
const EXPECTED_ERRORS: RegExp[] = [/\/api\/user\/login$/, /\/api\/user\/updateMyUser$/];

function filesUnder(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full, base) : [path.relative(base, full)];
  });
}

/** The sample problem as a package zip, with a statement that has maths in it. */
function samplePackageZip(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const file of filesUnder(SAMPLE_PROBLEM)) {
    if (file.startsWith('problem_statement')) continue;
    zip.addFile(path.join(SAMPLE_PROBLEM, file), `aplusb/${file}`);
  }
  zip.addBuffer(Buffer.from(STATEMENT), 'aplusb/problem_statement/problem.en.md');
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

const minutes = (n: number) => n * 60_000;

describe('e2e: contestant screens @slow', function () {
  this.timeout(300_000);

  let smtp: TestSmtp;
  let server: TestServer;
  let admin: Api;
  let session: BrowserSession;
  let page: Page;
  let downloads: string;
  const contests = { running: { id: 0, title: 'E2E Running Cup' }, upcoming: { id: 0, title: 'E2E Future Cup' } };
  let problem = { id: 0, title: '' };

  const url = (p: string) => server.url + p;
  const shot = (name: string) => session.screenshot(name);

  const answerCaptcha = () => captchaSolved(page);

  async function confirmDialog(): Promise<void> {
    const button = await page.waitForSelector('.ant-modal-confirm-btns .ant-btn-primary', { visible: true });
    await animationsDone(page);
    await button!.click();
    await page.waitForSelector('.ant-modal-confirm', { hidden: true });
    await page.waitForSelector('.ant-modal-mask', { hidden: true });
  }

  async function setEditorText(code: string): Promise<void> {
    await page.click('.cm-content');
    await page.keyboard.down('Control');
    await page.keyboard.press('KeyA');
    await page.keyboard.up('Control');
    await page.evaluate((text) => document.execCommand('insertText', false, text), code);
    await page.waitForFunction(
      (first) => (document.querySelector('.cm-content') as HTMLElement).innerText.includes(first),
      {},
      code.split('\n')[0],
    );
  }

  /**
   * Top-menu navigation; a DOM click, so a message toast over the menu does not catch it. The
   * address changes before the new page is drawn (the old one stays while the new one loads), so
   * it waits for the new page's title too; what a test then looks for must be the new page's own.
   */
  async function openMenu(label: string, pathname: string): Promise<void> {
    const item = await findByText(page, '.ant-menu-item', label);
    await item.evaluate((el) => (el as HTMLElement).click());
    await page.waitForFunction((p) => location.pathname === p, {}, pathname);
    await page.waitForFunction((title) => document.title === title, {}, `${label} · Verdict`);
  }

  async function submitAndWaitFor(verdict: string): Promise<void> {
    await page.click('button[data-testid="submit-code"]');
    await page.waitForSelector(`[data-testid="result-verdict"] [data-verdict="${verdict}"]`, { timeout: 120_000 });
  }

  before(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({
      SMTP_URL: smtp.url,
      JUDGE_WORKERS: '1',
      SUBMIT_WAIT_MS: process.env.E2E_SUBMIT_WAIT_MS ?? '30000',
      ...(process.env.E2E_JUDGE_BACKEND ? { JUDGE_BACKEND: process.env.E2E_JUDGE_BACKEND } : {}),
    });
    admin = (await adminAccount(server)).api;

    // A problem with test data, a template, one running and one upcoming contest.
    const created = dataOf(await admin.json('/api/admin/problem/add', { title: 'A plus B', memoryLimit: 256, timeLimit: 1000, statement: STATEMENT }), 'add problem');
    const form = new FormData();
    form.set('problemId', String(created.id));
    form.set('file', new Blob([new Uint8Array(await samplePackageZip())], { type: 'application/zip' }), 'aplusb.zip');
    dataOf(await admin.multipart('/api/admin/problem/upload', form), 'upload problem data');
    const listed = dataOf(await admin.get('/api/admin/problem/list', { id: created.id }), 'list problems') as Array<{ id: number; title: string }>;
    problem = { id: created.id, title: listed[0].title };

    const languages = dataOf(await admin.get('/api/JudgeTemplate/languages'), 'languages') as Array<{ id: string; name: string }>;
    const python = languages.find((l) => /^python/i.test(l.id)) ?? languages.find((l) => /python/i.test(l.name));
    assert.ok(python, `no Python among the judge's languages: ${JSON.stringify(languages)}`);
    dataOf(await admin.json('/api/JudgeTemplate/add', { language: python.id, comment: 'Python starter', description: TEMPLATE_SCRIPT }), 'add template');

    const now = Date.now();
    for (const [key, start, end] of [
      ['running', now - minutes(10), now + minutes(120)],
      ['upcoming', now + minutes(24 * 60), now + minutes(26 * 60)],
    ] as const) {
      const contest = dataOf(
        await admin.json('/api/contest/add', { title: contests[key].title, startTimeStr: formatServerTime(start), endTimeStr: formatServerTime(end) }),
        `add ${key} contest`,
      ) as { id: number };
      contests[key].id = contest.id;
      dataOf(await admin.form('/api/contestProblem/addByProblemId', { problemId: problem.id, contestId: contest.id }), 'add problem to contest');
    }

    session = await launchBrowser({ screenshotPrefix: 'contestant' });
    page = session.page;
    downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-downloads-'));
    await session.allowDownloads(downloads);
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && session) await shot(`failed-${this.currentTest.title}`).catch(() => undefined);
  });

  after(async () => {
    await session?.close();
    await server?.destroy();
    await smtp?.close();
    if (downloads) fs.rmSync(downloads, { recursive: true, force: true });
  });

  it('shows the home page and sends a visitor of a user page to the login page', async () => {
    await page.goto(url('/'), { waitUntil: 'networkidle0' });
    await findByText(page, 'button', 'User Login');
    await findByText(page, 'button', 'Admin Login');
    await shot('01-home');
    await page.goto(url('/contest_list'), { waitUntil: 'networkidle0' });
    await page.waitForFunction(() => location.pathname === '/login');
    await waitForText(page, 'Please log in first!');
    await shot('02-guard-to-login');
  });

  it('registers with an e-mail code', async () => {
    await page.goto(url('/register'), { waitUntil: 'networkidle0' });
    await fill(page, 'input[data-testid="email"]', USER.email);
    await page.click('button[data-testid="send-code"]');
    await waitForText(page, 'Sent successfully');
    const code = await smtp.waitForCode(USER.email);
    await fill(page, 'input[data-testid="email-code"]', code);
    await fill(page, 'input[data-testid="username"]', USER.username);
    await fill(page, 'input[data-testid="password"]', USER.password);
    await fill(page, 'input[data-testid="confirm-password"]', 'different-1');
    await answerCaptcha();
    await page.click('button[data-testid="account-submit"]');
    await waitForText(page, 'passwords inconsistent');
    await fill(page, 'input[data-testid="confirm-password"]', USER.password);
    await shot('03-register');
    await page.click('button[data-testid="account-submit"]');
    await findByText(page, '.ant-modal-confirm', USER.username);
    await confirmDialog();
    await page.waitForFunction(() => location.pathname === '/login', { timeout: 15_000 });
    await waitForText(page, 'Register Success!');

    // The administrator puts the new user into both contests.
    const users = dataOf(await admin.get('/api/user/list', { keyword: USER.username }), 'find user') as Array<{ id: number; username: string }>;
    const userId = users.find((u) => u.username === USER.username)!.id;
    for (const contest of Object.values(contests)) {
      dataOf(await admin.json('/api/contestRecord/add', { contestId: contest.id, userId }), 'add user to contest');
    }
  });

  it('sends a refused captcha (expired on the server) to the failure page', async () => {
    await page.goto(url('/login'), { waitUntil: 'networkidle0' });
    await fill(page, '#password-login_username', USER.username);
    await fill(page, '#password-login_password', USER.password);
    const captchaId = await captchaSolved(page);
    await server.services.db.updateTable('captchas').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', captchaId).execute();
    await page.click('button[data-testid="login-submit"]');
    await confirmDialog();
    await page.waitForFunction(() => location.pathname === '/failure', { timeout: 15_000 });
    await findByText(page, 'a', 'Reset password');
    await findByText(page, 'a', 'Try to log in again');
    await findByText(page, 'a', 'Back to home');
    await shot('04-failure');
  });

  it('logs in and reaches the contest list', async () => {
    await page.goto(url('/login'), { waitUntil: 'networkidle0' });
    await fill(page, '#password-login_username', USER.username);
    await fill(page, '#password-login_password', USER.password);
    await answerCaptcha();
    await shot('05-login');
    await page.click('button[data-testid="login-submit"]');
    const dialog = await findByText(page, '.ant-modal-confirm', USER.username);
    const dialogText = await dialog.evaluate((el) => (el as HTMLElement).innerText);
    assert.ok(!dialogText.includes(USER.password), 'the login confirmation masks the password');
    assert.ok(dialogText.includes('*'.repeat(USER.password.length)));
    await confirmDialog();
    await page.waitForFunction(() => location.pathname === '/success', { timeout: 15_000 });
    await waitForText(page, 'Login Success!');
    await shot('06-success');
    await page.click('button[data-testid="enter-main"]');
    await page.waitForFunction(() => location.pathname === '/contest_list');
    await findByText(page, '.ant-table-tbody td', contests.running.title);
    await findByText(page, '.ant-table-tbody td', contests.upcoming.title);
    await page.click('button[data-testid="enter-contest"]');
    await waitForText(page, 'No contests selected!');
    await shot('07-contest-list');
  });

  it('refuses the problems of a contest that has not started', async () => {
    await page.click(`button[data-testid="view-contest-${contests.upcoming.id}"]`);
    await findByText(page, '.ant-card', 'Create Time');
    await page.click('button[data-testid="enter-contest"]');
    await page.waitForFunction(() => location.pathname === '/contest_details');
    await page.waitForSelector('[data-testid="open-problem-A"]');
    // Its problems' titles stay hidden until the start (the server leaves them out).
    await page.waitForFunction(() => document.querySelector('[data-testid="open-problem-A"]')?.textContent === 'Hidden until the start');
    assert.equal(await page.$eval('[data-testid="problem-table"]', (t, title) => (t.textContent ?? '').includes(title), problem.title), false);
    await page.click('[data-testid="open-problem-A"]');
    await waitForText(page, 'The contest has not started yet.');
    assert.equal(new URL(page.url()).pathname, '/contest_details');
    await shot('08-contest-not-started');
  });

  it('opens a running contest, its problem and the problem PDF', async () => {
    await page.goto(url('/contest_list'), { waitUntil: 'networkidle0' });
    await page.click(`button[data-testid="view-contest-${contests.running.id}"]`);
    await findByText(page, '.ant-card', contests.running.title);
    await page.click('button[data-testid="enter-contest"]');
    await page.waitForFunction(() => location.pathname === '/contest_details');
    await page.waitForSelector('[data-testid="current-time"]');
    const clock = await page.$eval('[data-testid="current-time"]', (el) => el.textContent);
    // The clock ticks (waitForFunction fails the test if it does not within its timeout).
    await page.waitForFunction((before) => document.querySelector('[data-testid="current-time"]')?.textContent !== before, { timeout: 5000 }, clock);
    await findByText(page, '.ant-table-tbody td', problem.title);
    await shot('09-contest-details');
    await page.click('[data-testid="open-problem-A"]');
    await page.waitForFunction(() => location.pathname === '/problem_page');
    await page.waitForSelector('[data-testid="statement"] .katex');
    await shot('10-problem');

    await page.click('button[data-testid="download-pdf"]');
    await waitForText(page, 'Download successfully!');
    const pdf = await waitForDownload(downloads, `${problem.title}.pdf`);
    assert.equal(fs.readFileSync(pdf).subarray(0, 5).toString(), '%PDF-');
  });

  it('submits a wrong answer, then an accepted one, and shows both verdicts', async () => {
    await page.click('button[data-testid="submit-code"]');
    await waitForText(page, 'Please select a language!');

    await page.click('.ant-select[data-testid="template-select"] .ant-select-selector');
    await clickByText(page, '.ant-select-item-option', 'Python starter');
    await page.waitForFunction(() => (document.querySelector('.cm-content') as HTMLElement).innerText.includes('Read the input from stdin'));
    const rows = await page.$eval('.cm-editor', (el) => el.getBoundingClientRect().height);
    assert.ok(rows >= 20 * 18, `the code box is at least 20 rows tall (${rows}px)`);

    await setEditorText(WRONG_ANSWER);
    await submitAndWaitFor('WA');
    await waitForText(page, 'Your code has been submitted successfully!');
    await shot('11-submit-wa');

    // The server takes one submission per 3 s: the button counts the wait down, then comes back.
    const countdown = await page.$eval('button[data-testid="submit-code"]', (b) => ({ text: b.textContent ?? '', disabled: (b as HTMLButtonElement).disabled }));
    if (countdown.disabled) assert.match(countdown.text, /^Submit \([1-3] s\)$/);
    await page.waitForSelector('button[data-testid="submit-code"]:not([disabled])', { timeout: 10_000 });
    assert.equal(await page.$eval('button[data-testid="submit-code"]', (b) => b.textContent), 'Submit');
    server.clock.advance(3200);
    await setEditorText(ACCEPTED);
    await submitAndWaitFor('AC');
    await shot('12-submit-ac');
  });

  it('lists both submissions in the history and exports them', async () => {
    await openMenu('Judge Records', '/history');
    await page.waitForSelector('.ant-table-tbody [data-verdict="AC"]');
    await page.waitForSelector('.ant-table-tbody [data-verdict="WA"]');
    await page.waitForSelector('button[data-testid="export-csv"]:not([disabled])');
    await shot('13-history');
    await page.click('button[data-testid="export-csv"]');
    const csv = fs.readFileSync(await waitForDownload(downloads, 'JudgeRecords.csv'), 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    assert.equal(lines.length, 3, csv);
    assert.match(lines[1], /,AC,/);
    assert.match(lines[2], /,WA,/);
  });

  it('shows the leaderboard with the accepted cell', async () => {
    await openMenu('Contest Details', '/contest_details');
    // The problem table's own verdict: the history page left behind has AC verdicts too.
    await page.waitForSelector('[data-testid="problem-table"] .ant-table-tbody [data-verdict="AC"]');
    await page.locator('button[data-testid="enter-leaderboard"]').click();
    await page.waitForFunction((id) => location.pathname === `/user_board/${id}`, {}, contests.running.id);
    await findByText(page, '.ant-table-tbody td', USER.username);
    const cell = await page.waitForSelector('.ant-table-tbody [data-cell="accepted"]');
    const text = await cell!.evaluate((el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim());
    assert.match(text, /^\+2 \d+$/, `the A cell shows "+2" and the minutes: ${text}`);
    const percent = await page.$eval('.ant-progress', (el) => Number(el.getAttribute('aria-valuenow') ?? el.querySelector('[aria-valuenow]')?.getAttribute('aria-valuenow')));
    assert.ok(percent > 0 && percent < 100, `progress ${percent}`);
    const headers = await page.$$eval('.ant-table-thead th', (ths) => ths.map((th) => (th as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));
    assert.deepEqual(headers.slice(0, 5), ['Rank', 'User', 'AC', 'Penalty (min)', 'A']);
    await shot('14-leaderboard');
  });

  it('submits several files together from the problem page', async () => {
    await openMenu('Contest Details', '/contest_details');
    await page.locator('[data-testid="open-problem-A"]').click();
    await page.waitForFunction(() => location.pathname === '/problem_page');
    // The problem page's code loads on demand, and the page may draw the select anew while it
    // loads: a locator waits until it is attached, visible and still, and retries if replaced.
    await page.locator('.ant-select[data-testid="template-select"] .ant-select-selector').click();
    await clickByText(page, '.ant-select-item-option', 'Python starter');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-e2e-files-'));
    fs.writeFileSync(path.join(dir, '__main__.py'), 'from helper import add\nprint(add(*map(int, input().split())))\n');
    fs.writeFileSync(path.join(dir, 'helper.py'), 'def add(a, b):\n    return a + b\n');
    const input = await page.$('input[type="file"]');
    await (input as unknown as { uploadFile(...files: string[]): Promise<void> }).uploadFile(path.join(dir, '__main__.py'), path.join(dir, 'helper.py'));
    await page.waitForSelector('[data-testid="picked-files"]');
    const tags = await page.$$eval('[data-testid="picked-files"] .ant-tag', (els) => els.map((el) => (el as HTMLElement).innerText.trim()).sort());
    assert.deepEqual(tags, ['__main__.py', 'helper.py']);
    server.clock.advance(3200);
    await page.waitForSelector('button[data-testid="submit-code"]:not([disabled])', { timeout: 10_000 });
    await submitAndWaitFor('AC');
    const stored = await server.services.db.selectFrom('submissions').select(['files']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    assert.deepEqual(stored.files?.map((f) => f.name).sort(), ['__main__.py', 'helper.py']);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('shows and saves personal info', async () => {
    await openMenu('Personal Info', '/person_info');
    await page.waitForFunction((name) => (document.querySelector('#person-info_username') as HTMLInputElement)?.value === name, {}, USER.username);
    await fill(page, '#person-info_nickname', 'Alice E2E');
    await page.click('button[data-testid="save-person-info"]');
    await waitForText(page, 'Update user information successfully');
    await shot('15-person-info');
    // A new password (here the same one again) needs the current password.
    await fill(page, '#person-info_password', USER.password);
    await page.click('button[data-testid="save-person-info"]');
    await waitForText(page, 'Please enter your current password to change your password or e-mail');
    await fill(page, '#person-info_currentPassword', USER.password);
    await page.click('button[data-testid="save-person-info"]');
    await page.waitForFunction(() => (document.querySelector('#person-info_currentPassword') as HTMLInputElement).value === '');
  });

  it('fits a 390 px wide screen without sideways scrolling of the page', async () => {
    await page.setViewport({ width: 390, height: 844 });
    for (const [name, p] of [
      ['contest-list', '/contest_list'],
      ['contest-details', '/contest_details'],
      ['problem', '/problem_page'],
      ['history', '/history'],
      ['person-info', '/person_info'],
      ['leaderboard', `/user_board/${contests.running.id}`],
      ['login', '/login'],
    ] as const) {
      // Contest pages keep their live stream open: the network is never idle, only quiet.
      await page.goto(url(p), { waitUntil: 'networkidle2' });
      await animationsDone(page);
      assert.equal(await hasHorizontalPageScroll(page), false, `${p} scrolls sideways at 390 px`);
      await shot(`16-narrow-${name}`);
    }
    await page.setViewport({ width: 1280, height: 800 });
  });

  it('logs out and logs in again with an e-mail code', async () => {
    const bob = await createUser(server, { username: 'e2e_bob', email: 'e2e_bob@example.test' });
    await page.goto(url('/contest_list'), { waitUntil: 'networkidle0' });
    await page.click('button[aria-label="Log out"]');
    await page.waitForFunction(() => location.pathname === '/' && localStorage.getItem('token') === null);
    await page.goto(url('/login'), { waitUntil: 'networkidle0' });
    await clickByText(page, '[data-testid="login-method"] .ant-segmented-item', 'E-mail Code');
    await fill(page, '#email-login_email', bob.email);
    await page.click('button[data-testid="send-code"]');
    await waitForText(page, 'Sent successfully');
    await fill(page, '#email-login_code', await smtp.waitForCode(bob.email));
    await answerCaptcha();
    await shot('17-email-login');
    await page.click('button[data-testid="email-login-submit"]');
    await findByText(page, '.ant-modal-confirm', bob.email);
    await confirmDialog();
    await page.waitForFunction(() => location.pathname === '/success', { timeout: 15_000 });
    assert.equal(await page.evaluate(() => localStorage.getItem('username')), bob.username);
    await page.click('button[data-testid="enter-main"]');
    await page.waitForFunction(() => location.pathname === '/contest_list');
    await page.waitForSelector('.ant-table-tbody .ant-empty');
    await shot('18-contest-list-empty');
  });

  it('resets a forgotten password and logs in with the new one', async () => {
    const carol = await createUser(server, { username: 'e2e_carol', email: 'e2e_carol@example.test' });
    await page.goto(url('/reset_password'), { waitUntil: 'networkidle0' });
    await fill(page, 'input[data-testid="email"]', carol.email);
    await page.click('button[data-testid="send-code"]');
    await waitForText(page, 'Sent successfully');
    await fill(page, 'input[data-testid="email-code"]', await smtp.waitForCode(carol.email));
    await fill(page, 'input[data-testid="password"]', 'short');
    await fill(page, 'input[data-testid="confirm-password"]', 'short');
    await answerCaptcha();
    await page.click('button[data-testid="account-submit"]');
    await waitForText(page, 'password length must not be under 6');
    await fill(page, 'input[data-testid="password"]', 'carol-new-pass');
    await fill(page, 'input[data-testid="confirm-password"]', 'carol-new-pass');
    await shot('19-reset-password');
    await page.click('button[data-testid="account-submit"]');
    await findByText(page, '.ant-modal-confirm', 'carol-new-pass');
    await confirmDialog();
    await page.waitForFunction(() => location.pathname === '/login', { timeout: 15_000 });

    await fill(page, '#password-login_username', carol.username);
    await fill(page, '#password-login_password', 'carol-new-pass');
    await answerCaptcha();
    await page.click('button[data-testid="login-submit"]');
    await confirmDialog();
    await page.waitForFunction(() => location.pathname === '/success', { timeout: 15_000 });
  });

  it('resets an administrator password and logs in to the admin area', async () => {
    const dave = await createUser(server, { username: 'e2e_dave', email: 'e2e_dave@example.test', auth: 1 });
    await page.goto(url('/adminResetPassword'), { waitUntil: 'networkidle0' });
    assert.equal(await page.evaluate(() => localStorage.getItem('resetPasswordAdmin')), 'true');
    await fill(page, 'input[data-testid="email"]', dave.email);
    await page.click('button[data-testid="send-code"]');
    await waitForText(page, 'Sent successfully');
    await fill(page, 'input[data-testid="email-code"]', await smtp.waitForCode(dave.email));
    await fill(page, 'input[data-testid="username"]', dave.username);
    await fill(page, 'input[data-testid="password"]', 'dave-new-pass');
    await fill(page, 'input[data-testid="confirm-password"]', 'dave-new-pass');
    await answerCaptcha();
    await shot('20-admin-reset-password');
    await page.click('button[data-testid="account-submit"]');
    await confirmDialog();
    await page.waitForFunction(() => location.pathname === '/admin_login', { timeout: 15_000 });
    await waitForText(page, 'Reset password successfully!');

    await fill(page, '#password-login_username', dave.username);
    await fill(page, '#password-login_password', 'dave-new-pass');
    await answerCaptcha();
    await shot('21-admin-login');
    await page.click('button[data-testid="login-submit"]');
    await confirmDialog();
    await page.waitForFunction(() => location.pathname === '/admin_nav', { timeout: 15_000 });
    await waitForText(page, 'Login Success!');
    await shot('22-admin-nav');
  });

  it('logged no errors in the browser console', () => {
    assert.deepEqual(session.unexpectedErrors(EXPECTED_ERRORS), []);
  });
});
