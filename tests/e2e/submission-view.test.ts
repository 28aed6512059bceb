// The contestant's submission view (issue 17), in Chromium: from the history (whose contest
// column names the contest, and where a compile error shows no "0 ms / 0 KB") and from the
// problem page, a contestant opens their own submission: the source highlighted read-only (several
// files as tabs), the language, the compile message, each test up to the first failure, time and
// memory. Someone else's submission shows nothing of it.
import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import { dataOf } from '../helpers/api.ts';
import { buildZip, kattisEntries, zipForm } from '../helpers/package-zip.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { formatServerTime } from '../../web/src/lib/time.ts';
import { launchBrowser, storeLogin, waitForText, type BrowserSession } from './browser.ts';

const BOB_SECRET = 'BOBS_PRIVATE_SOURCE_91c';
const WA_CODE = 'def main():\n    a, b = map(int, input().split())\n    print(a - b)  # ALICE_WA\n\n\nmain()\n';
const FILES = [
  { name: 'main.rs', content: 'mod add;\nfn main() {\n    println!("{}", add::add(1, 2));\n}\n' },
  { name: 'add.rs', content: 'pub fn add(a: i64, b: i64) -> i64 {\n    a + b // ALICE_MODULE\n}\n' },
];
const CE_MESSAGE = 'main.cpp:1:13: error: expected ‘;’ before ‘}’ token';

describe('e2e: the submission view @slow', function () {
  this.timeout(180_000);
  let server: TestServer;
  let session: BrowserSession;
  let page: Page;
  let alice: TestAccount;
  let bob: TestAccount;
  let contest: { id: number; title: string; startTime: string; endTime: string };
  let problemId: number;
  const ids = { wa: 0, files: 0, ce: 0, bob: 0 };

  before(async () => {
    server = await startTestServer({ CAPTCHA: 'off', SUBMIT_WAIT_MS: '0' });
    const admin = await adminAccount(server);
    alice = await accountWithToken(server, { username: 'view_alice' });
    bob = await accountWithToken(server, { username: 'view_bob' });
    const problem = dataOf(await admin.api.json('/api/admin/problem/add', { title: 'Viewed Sum', memoryLimit: 256, timeLimit: 1000 }), 'add problem');
    dataOf(await admin.api.multipart('/api/admin/problem/upload', zipForm(problem.id, await buildZip(kattisEntries()))), 'upload');
    problemId = problem.id;
    const now = Date.now();
    contest = dataOf(
      await admin.api.json('/api/contest/add', { title: 'Viewing Cup', startTimeStr: formatServerTime(now - 600_000), endTimeStr: formatServerTime(now + 3_600_000) }),
      'add contest',
    );
    dataOf(await admin.api.form('/api/contestProblem/addByProblemId', { problemId, contestId: contest.id }), 'add problem to contest');
    for (const u of [alice, bob]) dataOf(await admin.api.json('/api/contestRecord/add', { contestId: contest.id, userId: u.id }), 'add member');
    // Judged records, as the judge leaves them (nothing is judged in this test).
    const record = (values: { user_id?: number; language: string; code: string; files?: string; status: string; tests: unknown[]; compile_message?: string; run_time?: number; run_memory?: number }) =>
      server.services.db
        .insertInto('submissions')
        .values({ user_id: alice.id, problem_id: problemId, contest_id: contest.id, judged_at: new Date(), ...values, tests: JSON.stringify(values.tests) })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => r.id);
    ids.wa = await record({
      language: 'python3',
      code: WA_CODE,
      status: 'WA',
      run_time: 21,
      run_memory: 9120,
      tests: [
        { name: 'sample/1', verdict: 'AC', timeMs: 20, memoryKb: 9100 },
        { name: 'secret/1', verdict: 'WA', timeMs: 21, memoryKb: 9120 },
      ],
    });
    ids.files = await record({
      language: 'rust',
      code: FILES.map((f) => `===== ${f.name} =====\n${f.content}`).join('\n'),
      files: JSON.stringify(FILES),
      status: 'AC',
      run_time: 2,
      run_memory: 2048,
      tests: [{ name: 'sample/1', verdict: 'AC', timeMs: 2, memoryKb: 2048 }],
    });
    ids.ce = await record({ language: 'cpp', code: 'int main() { return 0 }\n', status: 'CE', tests: [], compile_message: CE_MESSAGE });
    ids.bob = await record({ user_id: bob.id, language: 'python3', code: `print("${BOB_SECRET}")\n`, status: 'AC', tests: [] });

    session = await launchBrowser({ screenshotPrefix: 'submission' });
    page = session.page;
    await storeLogin(page, server.url, { token: alice.api.token!, username: alice.username }, contest);
  });
  after(async () => {
    await session?.close();
    await server?.destroy();
  });

  const rowOf = (id: number) => `.ant-table-tbody tr[data-row-key="${id}"]`;
  const cellTexts = (selector: string) => page.$$eval(`${selector} td`, (tds) => tds.map((td) => (td as HTMLElement).innerText.trim()));
  /** Each editor's text, line by line as CodeMirror shows it. */
  const editorTexts = () =>
    page.$$eval('[data-testid="submission-source"] .cm-content', (els) => els.map((el) => [...el.querySelectorAll('.cm-line')].map((line) => line.textContent).join('\n')));

  it('lists the records with the contest title, a compile error without time or memory', async () => {
    await page.goto(server.url + '/history', { waitUntil: 'domcontentloaded' });
    await page.waitForSelector(rowOf(ids.ce));
    const contests = await page.$$eval('[data-testid="record-contest"]', (els) => els.map((el) => el.textContent));
    assert.deepEqual(contests, ['Viewing Cup', 'Viewing Cup', 'Viewing Cup']);
    const ce = await cellTexts(rowOf(ids.ce));
    assert.ok(!ce.includes('0'), `the CE row shows no 0 ms / 0 KB: ${ce.join(' | ')}`);
    assert.equal(ce.filter((text) => text === '—').length, 2, 'time and memory read "—"');
    assert.ok((await cellTexts(rowOf(ids.wa))).includes('21'), 'a judged record shows its time');
    await session.screenshot('01-history');
  });

  it('opens a submission from the history: source highlighted, language, tests up to the first failure, time and memory', async () => {
    await page.click(`${rowOf(ids.wa)} [data-testid="view-submission"]`);
    await page.waitForFunction((id) => location.pathname === `/submission/${id}`, {}, ids.wa);
    await page.waitForSelector('[data-testid="submission-view"]');
    assert.equal(await page.$eval('[data-testid="submission-title"]', (el) => el.textContent), `Submission #${ids.wa}`);
    assert.equal(await page.$eval('[data-testid="submission-language"]', (el) => el.textContent), 'Python 3');
    assert.equal(await page.$eval('[data-testid="submission-contest"]', (el) => el.textContent), 'Viewing Cup');
    assert.equal(await page.$eval('[data-testid="submission-time"]', (el) => el.textContent), '21 ms');
    assert.equal(await page.$eval('[data-testid="submission-memory"]', (el) => el.textContent), '9120 KB');
    await page.waitForSelector('[data-testid="submission-verdict"] [data-verdict="WA"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="submission-source"] .cm-content')?.textContent?.includes('ALICE_WA'));
    assert.deepEqual((await editorTexts()).map((text) => text.trimEnd()), [WA_CODE.trimEnd()]);
    assert.equal(await page.$eval('[data-testid="submission-source"] .cm-content', (el) => el.getAttribute('contenteditable')), 'false', 'read-only');
    await page.waitForFunction(() => new Set([...document.querySelectorAll('[data-testid="submission-source"] .cm-line span')].map((s) => s.className)).size >= 2);
    const tests = await page.$$eval('[data-testid="submission-tests"] .ant-table-tbody tr.ant-table-row', (rows) =>
      rows.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim())),
    );
    assert.deepEqual(tests, [
      ['1', 'sample/1', 'AC', '20 ms', '9100 KB'],
      ['2', 'secret/1', 'WA', '21 ms', '9120 KB'],
    ]);
    await waitForText(page, 'stop at the first one that fails');
    await session.screenshot('02-submission');
  });

  it('shows a submission of several files as tabs', async () => {
    await page.goto(`${server.url}/submission/${ids.files}`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-testid="submission-files"] .ant-tabs-tab');
    const tabs = await page.$$eval('[data-testid="submission-files"] .ant-tabs-tab', (els) => els.map((el) => (el as HTMLElement).innerText.trim()));
    assert.deepEqual(tabs, ['main.rs', 'add.rs']);
    await page.waitForFunction(() => document.querySelector('[data-testid="submission-source"] .ant-tabs-tabpane-active .cm-content')?.textContent?.includes('mod add;'));
    await page.waitForSelector('[data-testid="code-editor"][data-mode="text/x-rustsrc"]');
    const second = await page.$$('[data-testid="submission-files"] .ant-tabs-tab');
    await second[1].click();
    await page.waitForFunction(() => document.querySelector('[data-testid="submission-source"] .ant-tabs-tabpane-active .cm-content')?.textContent?.includes('ALICE_MODULE'));
    await session.screenshot('03-files');
  });

  it('shows a compile error with its message, no tests and no time or memory', async () => {
    await page.goto(`${server.url}/submission/${ids.ce}`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-testid="compile-message"]');
    assert.equal(await page.$eval('[data-testid="compile-message"]', (el) => el.textContent), CE_MESSAGE);
    assert.equal(await page.$eval('[data-testid="submission-time"]', (el) => el.textContent), '—');
    assert.equal(await page.$eval('[data-testid="submission-memory"]', (el) => el.textContent), '—');
    await page.waitForSelector('[data-testid="no-tests"]');
    const text = await page.$eval('[data-testid="submission-view"]', (el) => (el as HTMLElement).innerText);
    assert.ok(!/\b0 ms\b|\b0 KB\b/.test(text), 'no 0 ms / 0 KB');
  });

  it("shows nothing of someone else's submission", async () => {
    await page.goto(`${server.url}/submission/${ids.bob}`, { waitUntil: 'domcontentloaded' });
    await waitForText(page, 'No such record');
    const text = await page.evaluate(() => document.body.innerText);
    assert.ok(!text.includes(BOB_SECRET), "bob's code is not on alice's screen");
    assert.equal(await page.$('[data-testid="submission-source"]'), null);
  });

  it('opens a submission from the problem page', async () => {
    await page.goto(`${server.url}/problem_page?contestId=${contest.id}&problemId=${problemId}`, { waitUntil: 'domcontentloaded' });
    const links = await page.waitForFunction(() => document.querySelectorAll('[data-testid="my-submissions"] [data-testid="my-submission-link"]').length);
    assert.equal(await links.jsonValue(), 3, "alice's three submissions, not bob's");
    await page.click(`[data-testid="my-submissions"] ${rowOf(ids.wa)} [data-testid="my-submission-link"]`);
    await page.waitForFunction((id) => location.pathname === `/submission/${id}`, {}, ids.wa);
    await page.waitForFunction(() => document.querySelector('[data-testid="submission-source"] .cm-content')?.textContent?.includes('ALICE_WA'));
    await page.goBack({ waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => location.pathname === '/problem_page');
    // Only the expected refusal of bob's record reached the console.
    assert.deepEqual(session.unexpectedErrors([/404/]), []);
  });

  it('says every test was run in a contest that shows them all', async () => {
    const admin = await adminAccount(server);
    const update = (showAllTests: boolean) =>
      admin.api.json('/api/contest/update', { id: contest.id, title: contest.title, startTimeStr: contest.startTime, endTimeStr: contest.endTime, showAllTests }, 'PUT');
    dataOf(await update(true), 'show every test');
    await page.goto(`${server.url}/submission/${ids.wa}`, { waitUntil: 'domcontentloaded' });
    await waitForText(page, 'Every test was run: this contest shows each test’s verdict.');
    assert.equal(await page.evaluate(() => document.body.innerText.includes('stop at the first one that fails')), false);
    await session.screenshot('06-all-tests');
    dataOf(await update(false), 'stop at the first failure');
  });
  it('shows "—" for a compile error\'s time and memory in the administrators\' list too (issue 30, low)', async () => {
    const admin = await adminAccount(server);
    await storeLogin(page, server.url, { token: admin.api.token!, username: admin.username });
    await page.goto(`${server.url}/submissionManagement`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector(`[data-testid="submission-row-${ids.ce}"]`, { timeout: 15_000 });
    const ce = await cellTexts(`[data-testid="submission-row-${ids.ce}"]`);
    assert.ok(!ce.some((text) => /^0 (ms|KB)$/.test(text)), `the CE row shows no 0 ms / 0 KB: ${ce.join(' | ')}`);
    assert.equal(ce.filter((text) => text === '—').length, 2, 'time and memory read "—"');
    await storeLogin(page, server.url, { token: alice.api.token!, username: alice.username }, contest);
  });
});
