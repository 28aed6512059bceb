// The administrator's screens in a real browser against a real server on a fresh database:
// log in, create two problems and upload a Kattis zip to each, create a template and a contest
// (one hour, starting now), add one user and a list from an .xlsx file, add the problems, see the
// users and problems tables; a contestant submits through the API and the judge runs it; the
// admin sees the submission and the scoreboard cell, deletes a problem with confirmation; a
// validation error keeps a modal open with the spec's message. Screenshots of every screen.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yazl from 'yazl';
import * as XLSX from 'xlsx';
import type { Page } from 'puppeteer-core';
import { dataOf } from '../helpers/api.ts';
import { waitFor } from '../helpers/processes.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { formatServerTime, parseServerTime } from '../../web/src/lib/time.ts';
import { captchaSolved, clickByText, clickTestId, fill, findByText, hasHorizontalPageScroll, animationsDone, launchBrowser, waitForText, type BrowserSession } from './browser.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SAMPLE_PROBLEM = path.join(REPO_ROOT, 'problems', 'aplusb');
const WEB_DIR = path.join(REPO_ROOT, 'web');

const PROBLEMS = ['Admin Sum', 'Admin Sum Again'];
const CONTEST = 'E2E Admin Cup';
const ACCEPTED = 'a, b = map(int, input().split())\nprint(a + b)\n';
const TEMPLATE_SCRIPT = '#include <cstdio>\nint main() {\n    return 0;\n}\n';

function filesUnder(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full, base) : [path.relative(base, full)];
  });
}

/** The sample problem as a Kattis package zip. */
function writePackageZip(file: string): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const entry of filesUnder(SAMPLE_PROBLEM)) zip.addFile(path.join(SAMPLE_PROBLEM, entry), `aplusb/${entry}`);
  zip.end();
  return new Promise((resolve, reject) => {
    zip.outputStream.pipe(fs.createWriteStream(file)).on('finish', resolve).on('error', reject);
  });
}

function writeUserList(file: string, names: string[]): void {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['username'], ...names.map((n) => [n])]), 'Users');
  fs.writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}

function ensureWebBuilt(): void {
  if (fs.existsSync(path.join(WEB_DIR, 'dist', 'index.html'))) return;
  execFileSync('npx', ['vite', 'build'], { cwd: WEB_DIR, stdio: 'ignore' });
}

describe('e2e: admin screens @slow', function () {
  this.timeout(300_000);

  let server: TestServer;
  let admin: TestAccount;
  let session: BrowserSession;
  let page: Page;
  let tmp: string;
  const contestants: TestAccount[] = [];
  const problemIds: number[] = [];
  let contestId = 0;

  const url = (p: string) => server.url + p;
  /** A screenshot once modals, spinners and menus have finished animating. */
  const shot = async (name: string) => {
    await animationsDone(page);
    return session.screenshot(name);
  };

  /** Side-menu navigation (a DOM click, so a toast over the menu does not catch it). */
  async function openMenu(label: string, pathname: string): Promise<void> {
    const item = await findByText(page, '.ant-menu-item', label);
    await item.evaluate((el) => (el as HTMLElement).click());
    await page.waitForFunction((p) => location.pathname === p, {}, pathname);
  }

  /** Confirms the modal whose OK button carries `testId`, then waits for it to close. */
  async function confirmModal(testId: string): Promise<void> {
    const button = await page.waitForSelector(`[data-testid="${testId}"]`, { visible: true });
    await animationsDone(page); // the modal zooms in
    await button!.evaluate((el) => (el as HTMLElement).click());
    await page.waitForSelector(`[data-testid="${testId}"]`, { hidden: true, timeout: 15_000 });
  }

  async function closeModal(): Promise<void> {
    const close = await page.waitForSelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal-close', { visible: true });
    await close!.click();
  }

  async function confirmDialog(): Promise<void> {
    const button = await page.waitForSelector('.ant-modal-confirm-btns .ant-btn-primary', { visible: true });
    await animationsDone(page);
    await button!.click();
  }

  /** Picks an option of the filterable select in the open modal. */
  async function pickOption(label: string): Promise<void> {
    const selector = await page.waitForSelector('.ant-modal .ant-select-selector', { visible: true });
    await animationsDone(page); // the modal zooms in: a click before it settles may miss
    await selector!.click();
    await page.keyboard.type(label);
    const option = await page.waitForSelector(`.ant-select-item-option[title="${label}"]`, { visible: true });
    await option!.click();
  }

  async function setEditorText(text: string): Promise<void> {
    await page.click('.ant-modal .cm-content');
    await page.evaluate((t) => document.execCommand('insertText', false, t), text);
  }

  before(async () => {
    ensureWebBuilt();
    server = await startTestServer({
      JUDGE_WORKERS: '1',
      ...(process.env.E2E_JUDGE_BACKEND ? { JUDGE_BACKEND: process.env.E2E_JUDGE_BACKEND } : {}),
    });
    admin = await adminAccount(server);
    for (const username of ['e2e_carol', 'e2e_dave', 'e2e_erin']) contestants.push(await accountWithToken(server, { username }));
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-admin-e2e-'));
    await writePackageZip(path.join(tmp, 'aplusb.zip'));
    writeUserList(path.join(tmp, 'users.xlsx'), ['e2e_dave', 'e2e_erin', 'e2e_ghost']);
    session = await launchBrowser({ screenshotPrefix: 'admin' });
    page = session.page;
    // Contest times are Asia/Shanghai on the wire; a browser in that zone shows the same clock.
    await page.emulateTimezone('Asia/Shanghai');
  });

  after(async () => {
    await session?.close();
    await server?.destroy();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('logs the administrator in and shows the welcome page', async () => {
    await page.goto(url('/problemManagement'), { waitUntil: 'networkidle0' });
    await page.waitForFunction(() => location.pathname === '/admin_login');
    await fill(page, '#password-login_username', 'admin');
    await fill(page, '#password-login_password', server.adminPassword);
    await captchaSolved(page);
    await page.click('button[data-testid="login-submit"]');
    await confirmDialog();
    await page.waitForFunction(() => location.pathname === '/admin_nav', { timeout: 15_000 });
    await findByText(page, '[data-testid="admin-welcome"]', 'admin');
    for (const label of ['Users', 'Problems', 'Contests', 'Templates', 'Submissions']) await findByText(page, '.ant-menu-item', label);
    await shot('01-admin-nav');
    // The side menu collapses to 78 px.
    await page.click('.ant-layout-sider-trigger');
    await page.waitForFunction(() => (document.querySelector('.ant-layout-sider') as HTMLElement).offsetWidth === 78);
    await page.click('.ant-layout-sider-trigger');
  });

  it('keeps the Add Problem modal open on a validation error, then creates two problems', async () => {
    await openMenu('Problems', '/problemManagement');
    await clickTestId(page, 'add-problem');
    await page.waitForSelector('#problem-modal_title', { visible: true });
    await fill(page, '#problem-modal_memoryLimit', '600000');
    await confirmModalExpectingError();
    await waitForText(page, 'Please input the Title');
    await waitForText(page, 'The length of Memory should be 0-524288');
    await waitForText(page, 'Please fill in the form correctly');
    assert.ok(await page.$('#problem-modal_title'), 'the modal stays open');
    await shot('02-problem-validation');

    await fill(page, '#problem-modal_title', PROBLEMS[0]);
    await fill(page, '#problem-modal_memoryLimit', '256');
    await fill(page, '#problem-modal_statement', '# Sum\n\nPrint $a + b$.');
    await page.waitForSelector('[data-testid="statement-preview"] .katex');
    await shot('03-problem-add');
    await confirmModal('problem-modal-ok');
    await waitForText(page, 'Add problem successfully');

    await clickTestId(page, 'add-problem');
    await fill(page, '#problem-modal_title', PROBLEMS[1]);
    await confirmModal('problem-modal-ok');
    for (const title of PROBLEMS) await findByText(page, '.ant-table-tbody td', title);
    const listed = dataOf(await admin.api.get('/api/admin/problem/list'), 'problems') as Array<{ id: number; title: string }>;
    for (const title of PROBLEMS) problemIds.push(listed.find((p) => p.title === title)!.id);

    // Edit: the modal is titled with the problem's title and holds its statement.
    await clickTestId(page, `edit-problem-${problemIds[0]}`);
    await findByText(page, '.ant-modal-title', PROBLEMS[0]);
    await page.waitForFunction(() => (document.querySelector('#problem-modal_statement') as HTMLTextAreaElement)?.value.includes('# Sum'));
    // The modal opens with its statement already loaded: still zooming in, where a triple click misses.
    await animationsDone(page);
    await fill(page, '#problem-modal_timeLimit', '2000');
    // Limits per language: as the format says until the administrator chooses.
    await findByText(page, '[data-testid="problem-language-factors"] .ant-select-selection-item', 'As the test data’s format says');
    await page.click('[data-testid="problem-language-factors"] .ant-select-selector');
    await clickByText(page, '.ant-select-item-option', 'The same for every language');
    await shot('03b-problem-edit');
    await confirmModal('problem-modal-ok');
    await waitForText(page, 'Edit problem successfully');
    await findByText(page, `tr[data-row-key="${problemIds[0]}"] td`, '2000 ms');
    const edited = dataOf(await admin.api.get('/api/admin/problem/list', { id: String(problemIds[0]) }), 'edited');
    assert.equal(edited[0].languageFactors, false);

    // Live search by title, then reset.
    await fill(page, '[data-testid="problem-search-title"]', 'Again');
    await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === 1);
    await clickTestId(page, 'problem-search-reset');
    await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === 2);
  });

  /** Clicks the problem modal's confirm while the form is invalid (it must stay open). */
  async function confirmModalExpectingError(): Promise<void> {
    await clickTestId(page, 'problem-modal-ok');
    await page.waitForSelector('.ant-form-item-explain-error', { visible: true });
  }

  it('uploads a Kattis zip to each problem', async () => {
    for (const [i, id] of problemIds.entries()) {
      await clickTestId(page, `upload-problem-${id}`);
      const input = await page.waitForSelector('.ant-modal input[type="file"]');
      await (input as import('puppeteer-core').ElementHandle<HTMLInputElement>).uploadFile(path.join(tmp, 'aplusb.zip'));
      await findByText(page, '.ant-upload-list', 'aplusb.zip');
      if (i === 0) await shot('04-problem-upload');
      await confirmModal('upload-modal-ok');
      await waitForText(page, `Upload successful: ${PROBLEMS[i]}`, 30_000);
    }
    const listed = dataOf(await admin.api.get('/api/admin/problem/list'), 'problems') as Array<{ id: number; hasData: boolean }>;
    assert.ok(problemIds.every((id) => listed.find((p) => p.id === id)?.hasData), 'both problems have test data');
  });

  it('creates a template with the script editor', async () => {
    await openMenu('Templates', '/templateManagement');
    await clickTestId(page, 'add-template');
    // The language is picked from the judge's (typing filters, Enter takes the match).
    await page.waitForSelector('#template-modal_language', { visible: true });
    await animationsDone(page);
    await page.click('#template-modal_language');
    await page.keyboard.type('cpp');
    await findByText(page, '.ant-select-item-option-active', '(cpp)');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /\(cpp\)/.test(document.querySelector('[data-testid="template-modal-fields"] .ant-select-selection-item')?.textContent ?? ''));
    await fill(page, '#template-modal_comment', 'Admin C++ starter');
    await page.click('.ant-modal .cm-content');
    await page.keyboard.press('Tab');
    await page.keyboard.type('x');
    await page.waitForFunction(() => (document.querySelector('.ant-modal .cm-line') as HTMLElement).textContent === '    x');
    await page.keyboard.down('Control');
    await page.keyboard.press('KeyA');
    await page.keyboard.up('Control');
    await setEditorText(TEMPLATE_SCRIPT);
    await shot('05-template-add');
    await confirmModal('template-modal-ok');
    await waitForText(page, 'Add template successfully');
    await findByText(page, '.ant-table-tbody td', 'Admin C++ starter');
    await shot('06-templates');
  });

  it('creates a contest one hour long starting now', async () => {
    await openMenu('Contests', '/contestManagement');
    await clickTestId(page, 'add-contest');
    await clickTestId(page, 'contest-modal-ok');
    for (const message of ['Please input the title', 'Please select the start time', 'Please select the end time']) {
      await waitForText(page, message);
    }
    await fill(page, '#contest-modal_title', CONTEST);
    await page.click('#contest-modal_start');
    await animationsDone(page); // the dropdown animates in
    // The contest's Now (Asia/Shanghai), not the browser's.
    await clickByText(page, '.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-presets li', 'Now (UTC+8)');
    await animationsDone(page);
    const okButton = await page.$('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-ok button:not([disabled])');
    if (okButton) await okButton.click();
    await page.waitForFunction(() => (document.querySelector('#contest-modal_start') as HTMLInputElement).value !== '');
    const start = await page.$eval('#contest-modal_start', (el) => (el as HTMLInputElement).value);
    assert.ok(Math.abs(parseServerTime(start) - Date.now()) < 60_000, `start ${start} is now`);
    const end = formatServerTime(parseServerTime(start) + 3_600_000);
    await page.click('#contest-modal_end');
    await page.keyboard.type(end);
    await page.keyboard.press('Enter');
    await page.waitForFunction((v) => (document.querySelector('#contest-modal_end') as HTMLInputElement).value === v, {}, end);
    await shot('07-contest-add');
    await confirmModal('contest-modal-ok');
    await waitForText(page, 'Add contest successfully');
    const contests = dataOf(await admin.api.get('/api/contest/list'), 'contests') as Array<{ id: number; title: string; startTime: string; endTime: string }>;
    const contest = contests.find((c) => c.title === CONTEST)!;
    assert.equal(contest.startTime, start);
    assert.equal(contest.endTime, end);
    contestId = contest.id;
  });

  it('adds one user, a list from a spreadsheet and both problems', async () => {
    await clickTestId(page, `add-user-${contestId}`);
    await findByText(page, '.ant-modal', CONTEST);
    await pickOption('e2e_carol');
    await shot('08-contest-add-user');
    await confirmModal('add-user-modal-ok');
    await waitForText(page, 'Add user successfully');

    await clickTestId(page, `add-user-list-${contestId}`);
    const input = await page.waitForSelector('.ant-modal input[type="file"]');
    await (input as import('puppeteer-core').ElementHandle<HTMLInputElement>).uploadFile(path.join(tmp, 'users.xlsx'));
    await findByText(page, '[data-testid="user-list-preview"] td', 'e2e_ghost');
    await findByText(page, '[data-testid="user-list-preview"]', 'User List');
    await shot('09-contest-user-list');
    await confirmModal('user-list-modal-ok');
    await waitForText(page, 'Add user list successfully');
    await waitForText(page, 'Unknown usernames: e2e_ghost');

    for (const title of PROBLEMS) {
      await clickTestId(page, `add-problem-${contestId}`);
      await pickOption(title);
      await confirmModal('add-problem-modal-ok');
      await waitForText(page, 'Add problem successfully');
    }

    await clickTestId(page, `view-contest-${contestId}`);
    for (const name of ['e2e_carol', 'e2e_dave', 'e2e_erin']) await findByText(page, '[data-testid="contest-users-table"] td', name);
    for (const title of PROBLEMS) await findByText(page, '[data-testid="contest-problems-table"] td', title);
    const usersText = await page.$eval('[data-testid="contest-users-table"]', (el) => (el as HTMLElement).innerText);
    assert.ok(!usersText.includes('e2e_ghost'), 'the unknown name was not added');
    await shot('10-contest-view');
    await closeModal();
    await page.waitForSelector('[data-testid="contest-users-table"]', { hidden: true });
    await shot('11-contests');
  });

  it('shows a contestant submission judged by the server, and the scoreboard cell', async () => {
    const languages = dataOf(await admin.api.get('/api/JudgeTemplate/languages'), 'languages') as Array<{ id: string; name: string }>;
    const python = languages.find((l) => /python/i.test(l.id) || /python/i.test(l.name));
    assert.ok(python, `no Python among ${JSON.stringify(languages)}`);
    const reply = dataOf(
      await contestants[0].api.json('/api/submit', { problemId: problemIds[0], language: python.id, code: ACCEPTED, contestId }),
      'submit',
    ) as { id: number; judgeResult: string };
    await waitFor(
      'the contestant\'s submission judged AC',
      async () => {
        const mine = dataOf(await contestants[0].api.form('/api/JudgeRecord/MyList', { contestId }), 'my list') as Array<{ judgeResult: string }>;
        return mine[0]?.judgeResult === 'AC' ? true : undefined;
      },
      60_000,
      500,
    );

    await openMenu('Submissions', '/submissionManagement');
    const row = await page.waitForSelector(`[data-testid="submission-row-${reply.id}"] [data-verdict="AC"]`, { timeout: 30_000 });
    assert.ok(row);
    await findByText(page, `[data-testid="submission-row-${reply.id}"]`, 'e2e_carol');
    await shot('12-submissions');
    await clickTestId(page, `submission-row-${reply.id}`);
    await findByText(page, '.ant-modal .cm-content', 'print(a + b)');
    await page.waitForSelector('[data-testid="submission-tests"] [data-verdict="AC"]');
    await shot('13-submission-detail');
    await closeModal();
    await page.waitForSelector('[data-testid="submission-tests"]', { hidden: true });

    await openMenu('Contests', '/contestManagement');
    await clickTestId(page, `contest-board-${contestId}`);
    await page.waitForFunction((id) => location.pathname === `/contestDetail/${id}`, {}, contestId);
    await findByText(page, '[data-testid="board-title"]', CONTEST);
    const cell = await findByText(page, '[data-testid="leaderboard"] tr', 'e2e_carol');
    await page.waitForSelector('[data-testid="leaderboard"] [data-cell="accepted"]');
    const text = await cell.evaluate((el) => (el as HTMLElement).innerText);
    assert.match(text, /\+1/);
    const headers = await page.$$eval('[data-testid="leaderboard"] th', (ths) => ths.map((th) => (th as HTMLElement).innerText.trim()));
    assert.deepEqual(headers.slice(4, 6), ['A', 'B'], JSON.stringify(headers));
    assert.ok(!headers.includes('C'), `two problem columns once the count loaded: ${JSON.stringify(headers)}`);
    await shot('14-scoreboard');
    await clickTestId(page, 'board-back');
    await page.waitForFunction(() => location.pathname === '/contestManagement');

    // Rejudge from the submission's detail: the record is judged again to the same verdict.
    await openMenu('Submissions', '/submissionManagement');
    await clickTestId(page, `submission-row-${reply.id}`);
    await page.waitForSelector('[data-testid="submission-tests"] [data-verdict="AC"]');
    await clickTestId(page, 'rejudge');
    await waitForText(page, `Submission ${reply.id} queued for rejudging`);
    await closeModal();
    await page.waitForSelector(`[data-testid="submission-row-${reply.id}"] [data-verdict="AC"]`, { timeout: 60_000 });
  });

  it('deletes a problem after confirmation', async () => {
    await openMenu('Problems', '/problemManagement');
    await findByText(page, '.ant-table-tbody td', PROBLEMS[1]);
    await clickTestId(page, 'delete-problems');
    await waitForText(page, 'Please select the problem to delete');
    await page.click(`tr[data-row-key="${problemIds[1]}"] .ant-checkbox-input`);
    await clickTestId(page, 'delete-problems');
    await findByText(page, '.ant-modal-confirm', 'Are you sure to delete the selected problems?');
    await shot('15-problem-delete-confirm');
    await confirmDialog();
    await waitForText(page, 'Delete problem successfully');
    await page.waitForSelector(`tr[data-row-key="${problemIds[1]}"]`, { hidden: true });
    const listed = dataOf(await admin.api.get('/api/admin/problem/list'), 'problems') as Array<{ id: number }>;
    assert.deepEqual(listed.map((p) => p.id), [problemIds[0]]);
  });

  it('shows users with role tags and the admin profile', async () => {
    await openMenu('Users', '/userManagement');
    await findByText(page, '.ant-table-tbody td', 'e2e_dave');
    const tags = await page.$$eval('[data-role]', (els) =>
      els.map((el) => `${el.getAttribute('data-role')}:${getComputedStyle(el).backgroundColor}`),
    );
    assert.ok(tags.includes('superadmin:rgb(0, 0, 0)'), tags.join());
    assert.ok(tags.includes('user:rgb(255, 242, 232)'), tags.join());
    await clickTestId(page, 'add-user');
    await fill(page, '#add-user-form_username', 'e2e_frank');
    await fill(page, '#add-user-form_email', 'frank@example.test');
    await fill(page, '#add-user-form_password', 'secret-1');
    await fill(page, '#add-user-form_confirmPassword', 'secret-2');
    await clickTestId(page, 'add-user-form-ok');
    await waitForText(page, 'Password dost not match');
    await waitForText(page, 'Please fill in the form correctly');
    await shot('16a-user-add-mismatch');
    await fill(page, '#add-user-form_confirmPassword', 'secret-1');
    await confirmModal('add-user-form-ok');
    await waitForText(page, 'Add user successfully');
    await findByText(page, '.ant-table-tbody td', 'frank@example.test');
    const users = dataOf(await admin.api.get('/api/user/list', { keyword: 'e2e_frank' }), 'users') as Array<{ id: number }>;
    const frank = users[0].id;

    // Edit, change the password (a short one is refused and the modal stays open), delete.
    await clickTestId(page, `edit-user-${frank}`);
    await page.waitForFunction(() => (document.querySelector('#edit-user-form_username') as HTMLInputElement)?.value === 'e2e_frank');
    await fill(page, '#edit-user-form_nickname', 'Frank the Tester');
    await confirmModal('edit-user-form-ok');
    await waitForText(page, 'Update user information successfully');
    await findByText(page, '.ant-table-tbody td', 'Frank the Tester');
    await clickTestId(page, `password-user-${frank}`);
    await fill(page, '#password-form_password', 'short');
    await fill(page, '#password-form_confirmPassword', 'short');
    await clickTestId(page, 'password-form-ok');
    await waitForText(page, 'Password length is between 6 and 32');
    await fill(page, '#password-form_password', 'longer-secret');
    await fill(page, '#password-form_confirmPassword', 'longer-secret');
    await confirmModal('password-form-ok');
    await waitForText(page, 'Success');
    await page.click(`tr[data-row-key="${frank}"] .ant-checkbox-input`);
    await clickTestId(page, 'delete-users');
    await findByText(page, '.ant-modal-confirm', 'Delete 1 selected users?');
    await confirmDialog();
    await waitForText(page, 'Delete user successfully');
    await page.waitForSelector(`tr[data-row-key="${frank}"]`, { hidden: true });

    await fill(page, '[data-testid="user-search-keyword"]', 'dave');
    await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === 1);
    await clickTestId(page, 'delete-users');
    await waitForText(page, 'No selected users');
    await shot('16-users');
    assert.equal(await hasHorizontalPageScroll(page), false, 'no sideways page scroll at 1280 px');

    await clickTestId(page, 'admin-profile');
    await page.waitForFunction(() => location.pathname === '/adminPersonInfo');
    await page.waitForFunction(() => document.querySelector('[data-testid="admin-auth"]')?.textContent === '2');
    await findByText(page, 'label', 'Male');
    await findByText(page, '.ant-card', 'Related Links');
    await shot('17-admin-profile');
    await clickByText(page, 'button', 'Reset Password');
    await page.waitForFunction(() => location.pathname === '/adminResetPassword');

    assert.deepEqual(session.unexpectedErrors(), []);
  });
});
