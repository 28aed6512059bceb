// Teachers' accounts in bulk (issue 30, defect 8): User Management creates accounts from a
// spreadsheet in the browser; the preview flags invalid rows, usernames that exist and contests
// that do not before anything is created; the generated passwords are saved once as CSV and work;
// Add User List's preview flags the usernames that do not exist. English at 1280 px, 中文 at 390 px.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ElementHandle, Page } from 'puppeteer-core';
import * as XLSX from 'xlsx';
import { verifyPassword } from '@verdict/server/internal/modules/accounts/passwords';
import { dataOf } from '../helpers/api.ts';
import { makeTempDir, startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { formatServerTime } from '../../web/src/lib/time.ts';
import { PASSWORDS_FILE } from '../../web/src/pages/admin/logic/bulkAccounts.ts';
import { animationsDone, clickTestId, findByText, hasHorizontalPageScroll, launchBrowser, storeLogin, waitForDownload, waitForText, type BrowserSession } from './browser.ts';

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist/index.html');
const CONTEST = 'Bulk Cup';

function writeSheet(file: string, rows: string[][]): string {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Accounts');
  fs.writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  return file;
}

const HEADER = ['username', 'email', 'nickname', 'password', 'contest', 'affiliation'];

describe('e2e: accounts in bulk from a spreadsheet (issue 30, defect 8) @slow', function () {
  this.timeout(180_000);
  let server: TestServer;
  let admin: TestAccount;
  let taken: TestAccount;
  let contestId: number;
  let tmp: string;
  let session: BrowserSession | undefined;

  const userRow = (username: string) => server.services.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();

  async function upload(page: Page, file: string): Promise<void> {
    const input = (await page.waitForSelector('.ant-modal input[type="file"]')) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(file);
  }
  const checkOf = (page: Page, row: number) => page.$eval(`[data-testid="bulk-row-${row}"]`, (el) => el.getAttribute('data-check'));
  const rowText = (page: Page, row: number) => page.$eval(`[data-testid="bulk-row-${row}"]`, (el) => (el as HTMLElement).innerText);

  before(async () => {
    assert.ok(fs.existsSync(WEB_DIST), 'the web app is not built: run `npm run build:web` first');
    server = await startTestServer({ CAPTCHA: 'off' });
    admin = await adminAccount(server);
    taken = await accountWithToken(server, { username: 'bulk_taken', email: 'taken@example.com' });
    const start = Date.now() - 60_000;
    contestId = dataOf(await admin.api.json('/api/contest/add', { title: CONTEST, startTimeStr: formatServerTime(start), endTimeStr: formatServerTime(start + 3 * 3600_000) }), 'add contest').id;
    tmp = makeTempDir('verdict-bulk-');
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && session) await session.screenshot(`failed-${this.currentTest.title}`).catch(() => undefined);
    await session?.close();
    session = undefined;
  });
  after(async () => {
    await server?.destroy();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('previews every row checked, creates the good ones, saves the generated passwords once and they log in (English, 1280 px)', async () => {
    const sheet = writeSheet(path.join(tmp, 'class.xlsx'), [
      HEADER,
      ['bulk_ann', 'ann@example.com', 'Ann', '', CONTEST, 'Tsinghua'],
      ['bulk_ben', 'ben@example.com', '', 'given-pass-1', '', ''],
      ['BULK_TAKEN', 'other@example.com', '', '', '', ''],
      ['bulk_bad', 'not-an-email', '', '', '', ''],
      ['bulk_ann', 'ann2@example.com', '', '', '', ''],
      ['bulk_cat', 'cat@example.com', '', '', 'No Such Cup', ''],
    ]);
    session = await launchBrowser({ screenshotPrefix: 'bulk-accounts' });
    const { page } = session;
    const downloads = path.join(tmp, 'downloads');
    await session.allowDownloads(downloads);
    await storeLogin(page, server.url, { token: admin.api.token!, username: 'admin' });
    await page.goto(`${server.url}/userManagement`, { waitUntil: 'domcontentloaded' });
    await clickTestId(page, 'bulk-accounts');
    await upload(page, sheet);
    await page.waitForSelector('[data-testid="bulk-row-7"]');
    // The preview says what would happen to each row before anything is created.
    assert.deepEqual(
      await Promise.all([2, 3, 4, 5, 6, 7].map((r) => checkOf(page, r))),
      ['ok', 'ok', 'exists', 'invalid', 'invalid', 'unknownContest'],
    );
    assert.match(await rowText(page, 2), /\(generated\)/);
    assert.match(await rowText(page, 3), /\(given\)/);
    assert.match(await rowText(page, 4), /Username already exists: skipped/);
    assert.match(await rowText(page, 5), /E-mail: Please enter a valid email/);
    assert.match(await rowText(page, 6), /appears twice/);
    assert.match(await rowText(page, 7), /No contest titled "No Such Cup"/);
    assert.equal(await userRow('bulk_ann'), undefined, 'nothing is created by the preview');
    await animationsDone(page);
    await session.screenshot('01-preview');

    const ok = await findByText(page, '[data-testid="bulk-accounts-ok"]', 'Create 2 accounts');
    await ok.click();
    await waitForText(page, '2 of 6 accounts created');
    assert.equal(await checkOf(page, 2), 'created');
    assert.equal(await checkOf(page, 3), 'created');
    await page.waitForSelector('[data-testid="bulk-accounts-passwords"]');
    await session.screenshot('02-created');

    // The passwords file has the generated password only (bob's was given), and it logs in.
    const csv = fs.readFileSync(await waitForDownload(downloads, PASSWORDS_FILE), 'utf8');
    const lines = csv.trim().split('\n');
    assert.equal(lines[0], 'username,email,password');
    assert.equal(lines.length, 2, csv);
    const [name, email, password] = lines[1]!.split(',');
    assert.deepEqual([name, email], ['bulk_ann', 'ann@example.com']);
    assert.match(password!, /^[A-Za-z2-9]{14}$/);
    const ann = await userRow('bulk_ann');
    assert.ok(ann && (await verifyPassword(ann.password_hash, password!)), 'the generated password is the account’s');
    assert.equal(ann.nickname, 'Ann');
    assert.equal(ann.affiliation, 'Tsinghua');
    const ben = await userRow('bulk_ben');
    assert.ok(ben && (await verifyPassword(ben.password_hash, 'given-pass-1')));
    assert.equal(ben.nickname, 'bulk_ben', 'an empty nickname is the username');
    // Ann joined the contest her row names; the refused rows created nothing; the existing user is unchanged.
    const members = await server.services.db.selectFrom('contest_users').select('user_id').where('contest_id', '=', contestId).execute();
    assert.deepEqual(members.map((m) => m.user_id), [ann.id]);
    for (const refused of ['bulk_bad', 'bulk_cat']) assert.equal(await userRow(refused), undefined, refused);
    assert.equal((await userRow('bulk_taken'))!.email, taken.email);
    // The table behind shows the new accounts.
    await findByText(page, '[data-testid="user-table"] td', 'bulk_ben');

    // Closed, the passwords are gone: opening again shows an empty preview and no passwords.
    await clickTestId(page, 'bulk-accounts-close');
    await page.waitForSelector('[data-testid="bulk-accounts-modal"]', { hidden: true });
    await clickTestId(page, 'bulk-accounts');
    await page.waitForSelector('[data-testid="bulk-accounts-choose"]', { visible: true });
    assert.equal(await page.$('[data-testid="bulk-accounts-passwords"]'), null);
    assert.equal(await page.$('[data-testid^="bulk-row-"]'), null);
    assert.deepEqual(session.unexpectedErrors(), []);
  });

  it('flags unknown usernames in the Add User List preview, before Confirm (English)', async () => {
    const sheet = writeSheet(path.join(tmp, 'members.xlsx'), [['username'], ['bulk_taken'], ['bulk_ghost']]);
    session = await launchBrowser({ screenshotPrefix: 'bulk-accounts' });
    const { page } = session;
    await storeLogin(page, server.url, { token: admin.api.token!, username: 'admin' });
    await page.goto(`${server.url}/contestManagement`, { waitUntil: 'domcontentloaded' });
    await clickTestId(page, `add-user-list-${contestId}`);
    await upload(page, sheet);
    await findByText(page, '[data-testid="user-list-unknown"]', '1 username of the file is unknown');
    const unknown = await page.$$eval('[data-testid="user-list-unknown-row"]', (els) => els.map((el) => (el.closest('tr') as HTMLElement).innerText));
    assert.equal(unknown.length, 1);
    assert.match(unknown[0]!, /bulk_ghost/);
    await session.screenshot('03-user-list-unknown');
    assert.deepEqual(session.unexpectedErrors(), []);
  });

  it('works in Chinese on a phone (390 px): checks translated, the page never scrolls sideways', async () => {
    const sheet = writeSheet(path.join(tmp, 'phone.xlsx'), [HEADER, ['bulk_dan', 'dan@example.com', '', '', '', ''], ['bulk_eve', 'bad', '', '', '', ''], ['bulk_taken', 'x@example.com', '', '', '', '']]);
    session = await launchBrowser({ screenshotPrefix: 'bulk-accounts-zh', lang: 'zh-CN', width: 390, height: 844 });
    const { page } = session;
    const downloads = path.join(tmp, 'downloads-zh');
    await session.allowDownloads(downloads);
    await storeLogin(page, server.url, { token: admin.api.token!, username: 'admin' });
    await page.goto(`${server.url}/userManagement`, { waitUntil: 'domcontentloaded' });
    await findByText(page, '[data-testid="bulk-accounts"]', '从表格批量创建账号');
    await clickTestId(page, 'bulk-accounts');
    await upload(page, sheet);
    await page.waitForSelector('[data-testid="bulk-row-4"]');
    assert.match(await rowText(page, 2), /可以创建/);
    assert.match(await rowText(page, 3), /邮箱: 请输入有效的邮箱/);
    assert.match(await rowText(page, 4), /用户名已存在：跳过/);
    await animationsDone(page);
    assert.equal(await hasHorizontalPageScroll(page), false, 'the page scrolls sideways at 390 px');
    const ok = await findByText(page, '[data-testid="bulk-accounts-ok"]', '创建 1 个账号');
    const box = (await ok.boundingBox())!;
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `the create button is off screen: ${JSON.stringify(box)}`);
    await session.screenshot('01-preview');
    await ok.click();
    await waitForText(page, '已创建 1 个账号（共 3 行）');
    await findByText(page, '[data-testid="bulk-accounts-passwords"]', '生成的密码已保存为');
    const csv = fs.readFileSync(await waitForDownload(downloads, PASSWORDS_FILE), 'utf8');
    assert.match(csv, /^username,email,password\nbulk_dan,dan@example\.com,[A-Za-z2-9]{14}\n$/);
    assert.ok(await userRow('bulk_dan'));
    assert.equal(await hasHorizontalPageScroll(page), false);
    await session.screenshot('02-created');
    assert.deepEqual(session.unexpectedErrors(), []);
  });
});
