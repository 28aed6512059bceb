// Stored XSS, checked in a real browser: payloads are stored through the real API in every text a
// user or an administrator controls (names, titles, statements, templates, submitted code and its
// compile message, a spreadsheet of names), then every contestant and admin screen showing them
// is opened in Chromium with a canary installed before the page's scripts (xss-canary.ts). The
// page's CSP is bypassed there, so the proof is that the app itself shows payloads as text; the
// CSP is checked on its own at the end. Statement PDFs: the same payloads go through the server's
// renderer, which must neither run script nor fetch anything.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from 'xlsx';
import type { ElementHandle, Page } from 'puppeteer-core';
import { PdfRenderer } from '@verdict/server/internal/modules/problems/pdf-render';
import { dataOf } from '../helpers/api.ts';
import { kattisEntries, buildZip, zipForm } from '../helpers/package-zip.ts';
import { waitFor } from '../helpers/processes.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { formatServerTime } from '../../web/src/lib/time.ts';
import { animationsDone, clickByText, clickTestId, findByText, launchBrowser, type BrowserSession } from './browser.ts';
import { dangerousMarkup, installCanary, startCanaryServer, type CanaryHit, type CanaryServer } from './xss-canary.ts';

// Within each field's length limit: usernames 30, nicknames 100, problem titles 50.
const USERNAME = '<img src=x onerror=__xss(1)>';
const USERNAME_2 = '"><svg onload=__xss(2)>';
const NICKNAME = `</td><script>__xss('nick')</script><img src=x onerror="alert('nick')">'"`;
const NICKNAME_2 = `' onmouseover='__xss(4)' x='<iframe src=javascript:__xss(5)>`;
const CONTEST_TITLE = `<script>__xss('contest')</script><img src=x onerror=alert('contest')>"'&amp;`;
const PROBLEM_TITLE = `<img src=x onerror=__xss('problem')>"'&lt;`;
const TEMPLATE_COMMENT = `<iframe src="javascript:__xss('tpl')"></iframe><img src=x onerror=alert('tpl')>`;
const COMPILE_PAYLOAD = `<img src=x onerror=__xss('compile')>`;
const TEMPLATE_CODE = [
  `// </textarea><script>__xss('code')</script>`,
  `/* <img src=x onerror=__xss('code-img')> */`,
  `#error ${COMPILE_PAYLOAD}`,
  'int main() { return 0; }',
  '',
].join('\n');
const SHEET_NAMES = [`<script>__xss('xlsx')</script>`, `<img src=x onerror=__xss('xlsx-img')>`];
const CLAR_QUESTION = `<img src=x onerror=__xss('question')> is n > 0?`;
const CLAR_ANSWER = `<script>__xss('answer')</script><a href="javascript:__xss('answer-a')">yes</a>`;
const CLAR_ANNOUNCEMENT = `<iframe src="javascript:__xss('announce')"></iframe><svg onload=__xss('announce-svg')>`;

/** Every Markdown and HTML trick against the statement renderer; `c` is the canary origin. */
function statementPayload(c: string): string {
  return `# <img src=x onerror=__xss('h1')> Heading

<script>__xss('statement-script')</script>

<img src="${c}/raw-img" onerror="__xss('statement-img')">

<iframe src="javascript:__xss('statement-iframe')"></iframe> <svg onload="__xss('statement-svg')"><circle r="1"/></svg>

<a href="javascript:__xss('raw-a')">raw link</a> <style>@import url(${c}/style);</style><link rel="stylesheet" href="${c}/link">

<meta http-equiv="refresh" content="0;url=javascript:__xss('meta')">

<object data="${c}/object"></object><embed src="${c}/embed"><form action="javascript:__xss('form')"><button>go</button></form>

Links: [js](javascript:__xss('md-link')) [entity](jav&#x61;script:__xss('md-entity')) [vbs](vbscript:msgbox(1))
[data](data:text/html;base64,PHNjcmlwdD5fX3hzcygnZGF0YScpPC9zY3JpcHQ+) [breakout](http://example.test/"onmouseover="__xss('md-attr'))
<javascript:__xss('autolink')> javascript:__xss('linkify') www.example.test/"><script>__xss('linkify2')</script>

Images: ![js](javascript:__xss('md-img')) ![svg](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9Il9feHNzKCdzdmcnKSIvPg==) ![alt" onerror="__xss('alt')](data:image/gif;base64,R0lGODlhAQABAAAAACw=)

Entities: &lt;script&gt;__xss('entity')&lt;/script&gt; &#60;img src=x onerror=__xss('entity2')&#62;

Code: \`<script>__xss('code-span')</script>\`

\`\`\`html
<script>__xss('fenced')</script>
\`\`\`

Maths: $\\href{javascript:__xss('katex-href')}{k}$ $\\url{javascript:__xss('katex-url')}$ $\\htmlId{x}{y}$ $\\includegraphics{${c}/katex.png}$ $\\text{<img src=x onerror=__xss('katex-text')>}$

$$
\\href{javascript:alert('katex-block')}{b} </div><script>__xss('katex-block')</script>
$$
`;
}

/** Texts of the statement that must show literally. */
const STATEMENT_TEXTS = [
  `<script>__xss('statement-script')</script>`,
  `<a href="javascript:__xss('raw-a')">raw link</a>`,
  `<script>__xss('entity')</script>`,
  `<img src=x onerror=__xss('entity2')>`,
  `<script>__xss('code-span')</script>`,
  `<script>__xss('fenced')</script>`,
];

function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length;
}

describe('e2e: stored XSS stays text in every screen and in statement PDFs @slow', function () {
  this.timeout(240_000);

  let canary: CanaryServer;
  let server: TestServer;
  let admin: TestAccount;
  let alice: TestAccount;
  let bob: TestAccount;
  let session: BrowserSession;
  let page: Page;
  let hits: CanaryHit[];
  let tmp: string;
  let problemId = 0;
  let contestId = 0;
  let templateId = 0;
  let submissionId = 0;

  const url = (p: string) => server.url + p;

  /**
   * The PDFs are made; a request the renderer sent while making them may still be on its way to
   * the canary. What did not happen can only be watched for a while: this is that while.
   */
  const lateRequestWindow = () => new Promise((resolve) => setTimeout(resolve, 300));

  /** No payload ran or loaded anything, and nothing that could run on a click is in the page. */
  async function assertClean(where: string): Promise<void> {
    // Every image has loaded or failed, and a few frames passed for their error events to run.
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    await animationsDone(page);
    assert.deepEqual(hits, [], `${where}: a payload ran or reached the canary`);
    assert.deepEqual(canary.hits, [], `${where}: the canary server was reached`);
    assert.deepEqual(await dangerousMarkup(page), [], `${where}: markup that runs script`);
  }

  async function assertShows(where: string, texts: string[], selector = 'body'): Promise<void> {
    for (const text of texts) {
      // 40 s: under CI's load (two streams of suites and a judge) a cold screen once took over 20.
      await findByText(page, selector, text, 40_000).catch(async () => {
        // What was there instead, to tell a slow screen from a wrong one.
        const seen = await page
          .evaluate((sel) => `${location.pathname}: ${(document.querySelector(sel) as HTMLElement | null)?.innerText ?? '(no such element)'}`, selector)
          .catch((err: Error) => `(page not readable: ${err.message})`);
        assert.fail(`${where}: "${text}" is not shown as text in ${selector}; it shows ${JSON.stringify(seen.slice(0, 600))}`);
      });
    }
  }

  /** Opens a screen; the assertions that follow wait for its data. */
  async function visit(pathname: string): Promise<void> {
    await page.goto(url(pathname), { waitUntil: 'domcontentloaded' });
    await page.waitForFunction((p) => location.pathname === p, {}, pathname);
  }

  async function logIn(account: { username: string; token: string }): Promise<void> {
    await page.goto(url('/'), { waitUntil: 'domcontentloaded' });
    await page.evaluate((a) => {
      localStorage.clear();
      localStorage.setItem('token', a.token);
      localStorage.setItem('username', a.username);
    }, account);
  }

  async function openSelect(selector: string): Promise<void> {
    const el = await page.waitForSelector(`${selector} .ant-select-selector`, { visible: true });
    await el!.click();
    await page.waitForSelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { visible: true });
  }

  /** Escape closes an open dropdown first, then the modal. */
  async function closeModal(): Promise<void> {
    const open = '.ant-modal-wrap:not([style*="display: none"]) .ant-modal';
    for (let i = 0; i < 3 && (await page.$(open)); i++) {
      await page.keyboard.press('Escape');
      await animationsDone(page);
    }
    await page.waitForSelector(open, { hidden: true, timeout: 10_000 });
  }

  before(async () => {
    canary = await startCanaryServer();
    server = await startTestServer({ JUDGE_WORKERS: '1', SUBMIT_WAIT_MS: '30000' });
    admin = await adminAccount(server);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-xss-'));

    // The users store their own names; the administrator names the second one.
    alice = await accountWithToken(server, { username: 'xss_alice' });
    bob = await accountWithToken(server, { username: 'xss_bob' });
    dataOf(
      await alice.api.json('/api/user/updateMyUser', { userID: alice.id, username: USERNAME, nickname: NICKNAME, email: alice.email, gender: 'female' }),
      'alice renames herself',
    );
    dataOf(
      await admin.api.json('/api/user/updateUser', { id: bob.id, username: USERNAME_2, nickname: NICKNAME_2, email: bob.email, gender: 'male', auth: 0 }),
      'admin renames bob',
    );

    dataOf(
      await admin.api.json('/api/user/updateMyUser', { userID: admin.id, username: admin.username, nickname: NICKNAME, email: admin.email, gender: 'male' }),
      'admin renames itself',
    );

    const problem = dataOf(
      await admin.api.json('/api/admin/problem/add', { title: PROBLEM_TITLE, memoryLimit: 256, timeLimit: 1000, statement: statementPayload(canary.origin) }),
      'add problem',
    ) as { id: number };
    problemId = problem.id;
    dataOf(await admin.api.multipart('/api/admin/problem/upload', zipForm(problemId, await buildZip(kattisEntries()))), 'upload test data');

    const languages = dataOf(await admin.api.get('/api/JudgeTemplate/languages'), 'languages') as Array<{ id: string; name: string }>;
    const cpp = languages.find((l) => /^(cpp|c\+\+)/i.test(l.id)) ?? languages.find((l) => /c\+\+/i.test(l.name));
    assert.ok(cpp, `no C++ among the judge's languages: ${JSON.stringify(languages)}`);
    templateId = (dataOf(await admin.api.json('/api/JudgeTemplate/add', { language: cpp.id, comment: TEMPLATE_COMMENT, description: TEMPLATE_CODE }), 'add template') as { id: number }).id;

    const now = Date.now();
    const contest = dataOf(
      await admin.api.json('/api/contest/add', { title: CONTEST_TITLE, startTimeStr: formatServerTime(now - 600_000), endTimeStr: formatServerTime(now + 7_200_000) }),
      'add contest',
    ) as { id: number };
    contestId = contest.id;
    dataOf(await admin.api.form('/api/contestProblem/addByProblemId', { problemId, contestId }), 'add problem to contest');
    for (const user of [alice, bob]) dataOf(await admin.api.json('/api/contestRecord/add', { contestId, userId: user.id }), 'add member');
    const question = dataOf(await alice.api.json('/api/clarification/ask', { contestId, problemId, text: CLAR_QUESTION }), 'ask a question');
    dataOf(await admin.api.json('/api/clarification/admin/answer', { id: question.id, answer: CLAR_ANSWER, visibility: 'public' }), 'answer it to everyone');
    dataOf(await admin.api.json('/api/clarification/admin/announce', { contestId, text: CLAR_ANNOUNCEMENT }), 'announce');

    session = await launchBrowser({ screenshotPrefix: 'xss' });
    page = session.page;
    await page.setBypassCSP(true);
    await page.emulateTimezone('Asia/Shanghai');
    hits = await installCanary(page, canary.origin);
    await logIn({ username: USERNAME, token: alice.api.token! });
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && session) await session.screenshot(`failed-${this.currentTest.title}`).catch(() => undefined);
  });

  after(async () => {
    await session?.close();
    await server?.destroy();
    await canary?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('catches a payload that does run (the canary works)', async () => {
    await visit('/contest_list');
    await page.evaluate((c) => {
      document.body.insertAdjacentHTML('beforeend', `<img src=x onerror="__xss('control'); alert('control')"><img src="${c}/control">`);
    }, canary.origin);
    await page.waitForFunction(() => document.querySelectorAll('img[src="x"]').length === 1);
    await waitFor('the control payload to be seen three ways', async () => (hits.length >= 3 && canary.hits.length >= 1 ? true : undefined), 10_000, 50);
    assert.deepEqual(hits.map((h) => h.how).sort(), ['called', 'dialog', 'request']);
    assert.deepEqual(canary.hits.map((h) => h.what), ['GET /control']);
    assert.ok((await dangerousMarkup(page)).some((found) => found.startsWith('onerror handler')));
    hits.length = 0;
    canary.hits.length = 0;
  });

  it('contestant: the contest title shows as text in the list, the chosen-contest card and the details', async () => {
    await visit('/contest_list');
    await assertShows('contest list', [CONTEST_TITLE], '.ant-table-tbody');
    await clickTestId(page, `view-contest-${contestId}`);
    await assertShows('chosen contest', [CONTEST_TITLE], '[data-testid="contest-panel"]');
    await assertClean('contest list');
    await clickTestId(page, 'enter-contest');
    await page.waitForFunction(() => location.pathname === '/contest_details');
    await assertShows('contest details', [CONTEST_TITLE, PROBLEM_TITLE]);
    await assertClean('contest details');
  });

  it('contestant: the statement, the problem title and the template show as text; a compile message echoing markup too', async () => {
    await clickTestId(page, 'open-problem-A');
    await page.waitForFunction(() => location.pathname === '/problem_page');
    await page.waitForSelector('[data-testid="statement"] h1');
    await assertShows('problem page', [PROBLEM_TITLE], '[data-testid="problem-title"]');
    await assertShows('statement', STATEMENT_TEXTS, '[data-testid="statement"]');
    const hrefs = await page.$$eval('[data-testid="statement"] a[href]', (links) => links.map((a) => a.getAttribute('href')!));
    assert.ok(hrefs.length > 0, 'the statement keeps its ordinary links');
    for (const href of hrefs) assert.match(href, /^(https?:|mailto:|#)/, `statement link ${href}`);
    await assertClean('problem page');

    await openSelect('.ant-select[data-testid="template-select"]');
    await assertShows('template options', [TEMPLATE_COMMENT], '.ant-select-dropdown');
    await assertClean('template options');
    await clickByText(page, '.ant-select-item-option', TEMPLATE_COMMENT);
    await assertShows('code editor', [`#error ${COMPILE_PAYLOAD}`, `</textarea><script>__xss('code')</script>`], '.cm-content');
    await page.click('button[data-testid="submit-code"]');
    await page.waitForSelector('[data-testid="result-verdict"] [data-verdict="CE"]', { timeout: 120_000 });
    await assertShows('compile message', [COMPILE_PAYLOAD], '[data-testid="compile-message"]');
    await assertClean('problem page after a compile error');
    const mine = dataOf(await alice.api.form('/api/JudgeRecord/MyList', { contestId }), 'my submissions') as Array<{ id: number }>;
    submissionId = mine[0].id;
  });

  it('contestant: history, leaderboard and personal info show names and titles as text', async () => {
    await visit('/history');
    await assertShows('history', [PROBLEM_TITLE], '.ant-table-tbody');
    await assertClean('history');

    await visit(`/user_board/${contestId}`);
    await assertShows('leaderboard', [USERNAME, USERNAME_2], '[data-testid="leaderboard"]');
    await assertShows('leaderboard', [CONTEST_TITLE], '[data-testid="board-title"]');
    await assertClean('leaderboard');

    await visit('/person_info');
    await page.waitForFunction((n) => (document.querySelector('#person-info_nickname') as HTMLInputElement)?.value === n, {}, NICKNAME);
    assert.equal(await page.$eval('#person-info_username', (el) => (el as HTMLInputElement).value), USERNAME);
    await assertClean('personal info');
  });

  it('contestant: questions, answers and announcements show as text', async () => {
    await page.goto(url(`/contest_details?contestId=${contestId}`), { waitUntil: 'domcontentloaded' });
    await clickTestId(page, 'clarifications-open');
    await assertShows('clarifications', [CLAR_QUESTION, CLAR_ANSWER, CLAR_ANNOUNCEMENT, PROBLEM_TITLE], '[data-testid="clarification-list"]');
    await assertClean('clarifications');
  });

  it('admin: the welcome page, the users table, the edit form and the own profile', async () => {
    await logIn({ username: 'admin', token: admin.api.token! });
    await visit('/admin_nav');
    await assertShows('admin welcome', ['admin'], '[data-testid="admin-welcome"]');
    await assertClean('admin welcome');
    await visit('/userManagement');
    await assertShows('users table', [USERNAME, USERNAME_2, NICKNAME, NICKNAME_2], '.ant-table-tbody');
    await assertClean('users table');
    await clickTestId(page, `edit-user-${bob.id}`);
    await page.waitForFunction((n) => (document.querySelector('#edit-user-form_nickname') as HTMLInputElement)?.value === n, {}, NICKNAME_2);
    await assertClean('user edit form');
    await closeModal();

    await visit('/adminPersonInfo');
    await page.waitForFunction((n) => (document.querySelector('[data-testid="admin-nickname"]') as HTMLInputElement)?.value === n, {}, NICKNAME);
    await assertClean('admin profile');
  });

  it('admin: the problems table and the live statement preview', async () => {
    await visit('/problemManagement');
    await assertShows('problems table', [PROBLEM_TITLE], '.ant-table-tbody');
    await clickTestId(page, `edit-problem-${problemId}`);
    await page.waitForSelector('[data-testid="statement-preview"] h1');
    await assertShows('statement preview', STATEMENT_TEXTS, '[data-testid="statement-preview"]');
    await assertShows('problem modal title', [PROBLEM_TITLE], '.ant-modal-title');
    await assertClean('problem edit modal');
    await closeModal();
    await clickTestId(page, `upload-problem-${problemId}`);
    await assertShows('upload modal title', [PROBLEM_TITLE], '.ant-modal-title');
    await assertClean('upload modal');
    await closeModal();
  });

  it('admin: contests, their members and problems, the pickers and a spreadsheet of names', async () => {
    await visit('/contestManagement');
    await assertShows('contests table', [CONTEST_TITLE], '.ant-table-tbody');
    await assertClean('contests table');

    await clickTestId(page, `view-contest-${contestId}`);
    await assertShows('contest members', [USERNAME, USERNAME_2], '[data-testid="contest-users-table"]');
    await assertShows('contest problems', [PROBLEM_TITLE], '[data-testid="contest-problems-table"]');
    await assertClean('contest view');
    await closeModal();

    await clickTestId(page, `remove-user-${contestId}`);
    await openSelect('.ant-modal');
    await assertShows('member picker', [USERNAME], '.ant-select-dropdown');
    await assertClean('member picker');
    await closeModal();

    const sheet = path.join(tmp, 'names.xlsx');
    const book = XLSX.utils.book_new();
    const rows = [['username'], ...SHEET_NAMES.map((n) => [n]), [{ t: 's', v: 'formula', f: `HYPERLINK("javascript:__xss('f')","formula")` }]];
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Users');
    fs.writeFileSync(sheet, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    await clickTestId(page, `add-user-list-${contestId}`);
    const input = (await page.waitForSelector('.ant-modal input[type="file"]')) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(sheet);
    await assertShows('spreadsheet preview', SHEET_NAMES, '[data-testid="user-list-preview"]');
    await assertClean('spreadsheet preview');
    await clickTestId(page, 'user-list-modal-ok');
    await assertShows('unknown names message', [`Unknown usernames: ${SHEET_NAMES.join(', ')}`], '.ant-message');
    await assertClean('after adding the spreadsheet');
  });

  it('admin: templates, the submission with its source and compile message, and the scoreboard', async () => {
    await visit('/templateManagement');
    await assertShows('templates table', [TEMPLATE_COMMENT], '.ant-table-tbody');
    await clickTestId(page, `edit-template-${templateId}`);
    await assertShows('template editor', [`#error ${COMPILE_PAYLOAD}`], '.ant-modal .cm-content');
    await assertClean('template edit modal');
    await closeModal();

    await visit('/submissionManagement');
    await assertShows('submissions table', [PROBLEM_TITLE, USERNAME], `[data-testid="submission-row-${submissionId}"]`);
    await assertClean('submissions table');
    await clickTestId(page, `submission-row-${submissionId}`);
    await assertShows('submitted source', [`</textarea><script>__xss('code')</script>`], '.ant-modal .cm-content');
    await assertShows('compile message', [COMPILE_PAYLOAD], '.ant-modal [data-testid="compile-message"]');
    await assertClean('submission detail');
    await closeModal();

    await visit(`/contestDetail/${contestId}`);
    await assertShows('scoreboard', [CONTEST_TITLE], '[data-testid="board-title"]');
    await assertShows('scoreboard', [USERNAME, USERNAME_2], '[data-testid="leaderboard"]');
    await assertClean('scoreboard');
  });

  it('admin: the clarification queue, the list and the answer form', async () => {
    await visit('/clarificationManagement');
    await assertShows('clarifications table', [CLAR_QUESTION, CLAR_ANSWER, CLAR_ANNOUNCEMENT, CONTEST_TITLE, USERNAME], '[data-testid="clarification-table"]');
    await assertClean('clarifications table');
    const [question] = dataOf(await admin.api.get('/api/clarification/admin/list', { contestId }), 'clarifications');
    await clickTestId(page, `reanswer-${question.id}`);
    await assertShows('answer form', [CLAR_QUESTION], '[data-testid="answer-modal-question"]');
    await assertClean('answer form');
    await closeModal();
  });

  it('admin: balloons show the contestant, the problem and its colour name as text', async () => {
    const colorName = `<svg onload=__xss('colour')>`;
    dataOf(await admin.api.json('/api/admin/problem/update', { id: problemId, title: PROBLEM_TITLE, memoryLimit: 256, timeLimit: 1000, color: '#ff0000', colorName }, 'PUT'), 'colour');
    await server.services.db
      .insertInto('submissions')
      .values({ user_id: alice.id, problem_id: problemId, contest_id: contestId, language: 'cpp', code: '', status: 'AC', tests: '[]', created_at: server.clock.now() })
      .execute();
    await page.goto(url(`/balloons?contestId=${contestId}`), { waitUntil: 'domcontentloaded' });
    await assertShows('balloons', [USERNAME, PROBLEM_TITLE, colorName], '[data-testid="balloon-table"]');
    await assertClean('balloons');
  });

  it('statement PDFs: payloads neither run nor fetch anything while the server renders them', async () => {
    // Through the API: the stored title and statement, plus ordinary Markdown images and links
    // that point at the canary (the renderer must refuse every request that is not its own).
    const probe = dataOf(
      await admin.api.json('/api/admin/problem/add', {
        title: `PDF ${PROBLEM_TITLE}`.slice(0, 50),
        memoryLimit: 64,
        timeLimit: 1000,
        statement: `![pixel](${canary.origin}/md-image.png) [link](${canary.origin}/link) ![local](file:///etc/hostname)\n\n${statementPayload(canary.origin)}`,
      }),
      'add PDF probe',
    ) as { id: number };
    for (const id of [problemId, probe.id]) {
      const res = await admin.api.raw('/api/download', { method: 'POST', body: new URLSearchParams({ problemId: String(id) }) });
      assert.equal(res.status, 200, `PDF of problem ${id}`);
      const pdf = Buffer.from(await res.arrayBuffer());
      assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    }
    await lateRequestWindow();
    assert.deepEqual(canary.hits, [], 'rendering a statement PDF reached the canary');

    // The renderer itself, given raw HTML that escaped Markdown: script stays off (it would add
    // five pages), and no http:, file: or frame load happens (a loaded stylesheet would too).
    fs.writeFileSync(path.join(tmp, 'pages.css'), '.pb { page-break-after: always }');
    const breaks = '<div class="pb">x</div>'.repeat(6);
    const renderer = new PdfRenderer();
    try {
      const control = await renderer.render({ html: `<style>.pb { page-break-after: always }</style>${breaks}` });
      assert.ok(pdfPageCount(control) >= 6, `the page-count probe works (${pdfPageCount(control)} pages)`);
      const hostile = `<!doctype html><html><head>
<link rel="stylesheet" href="file://${tmp}/pages.css"><link rel="stylesheet" href="${canary.origin}/css">
<style>@import url(file://${tmp}/pages.css);</style>
<meta http-equiv="refresh" content="0;url=${canary.origin}/refresh"></head><body>${breaks.replaceAll('class="pb"', 'class="pb-off"')}
<script>document.querySelectorAll('.pb-off').forEach((d) => (d.style.pageBreakAfter = 'always')); fetch('${canary.origin}/script');</script>
<img src="${canary.origin}/img"><object data="${canary.origin}/object"></object><iframe src="${canary.origin}/iframe"></iframe>
<iframe src="file:///etc/hostname"></iframe><iframe srcdoc="<script>fetch('${canary.origin}/srcdoc')</script><img src=${canary.origin}/srcdoc-img>"></iframe>
<iframe src="data:text/html,<script>fetch('${canary.origin}/data-frame')</script><img src=${canary.origin}/data-img>"></iframe>
<img src="../../../../../etc/passwd.png"><img src="..%2f..%2f..%2fetc%2fx.png"></body></html>`;
      const pdf = await renderer.render({ html: hostile, assetsDir: tmp });
      assert.equal(pdfPageCount(pdf), 1, 'script or a file: stylesheet changed the PDF');
    } finally {
      await renderer.close();
    }
    await lateRequestWindow();
    assert.deepEqual(canary.hits, [], 'the PDF renderer fetched from the canary');
  });

  it('serves the app with a CSP that refuses inline script, and the screens work under it', async () => {
    for (const p of ['/', '/problem_page', `/user_board/${contestId}`]) {
      const res = await fetch(url(p));
      const csp = res.headers.get('content-security-policy') ?? '';
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      assert.equal(scriptSrc.trim(), "'self'", `${p}: script-src of ${csp}`);
      assert.match(csp, /object-src 'none'/, `${p}: ${csp}`);
      assert.match(csp, /frame-ancestors 'none'/, `${p}: ${csp}`);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      assert.match(res.headers.get('x-frame-options') ?? '', /^(DENY|SAMEORIGIN)$/);
    }

    // A page that enforces the CSP: the statement and the scoreboard render with no violation.
    // The earlier screens' page goes: its live stream counts against the account's streams.
    await page.close();
    page = await session.newPage();
    hits = await installCanary(page, canary.origin);
    const violations: string[] = [];
    page.on('console', (msg) => msg.text().startsWith('CSP-VIOLATION') && violations.push(msg.text()));
    await page.evaluateOnNewDocument(() =>
      document.addEventListener('securitypolicyviolation', (e) => console.log(`CSP-VIOLATION ${e.violatedDirective} ${e.blockedURI}`)),
    );
    await logIn({ username: USERNAME, token: alice.api.token! });
    await visit('/contest_list');
    await clickTestId(page, `view-contest-${contestId}`);
    await assertShows('chosen contest', [CONTEST_TITLE], '[data-testid="contest-panel"]');
    await clickTestId(page, 'enter-contest');
    await page.waitForFunction(() => location.pathname === '/contest_details');
    await clickTestId(page, 'open-problem-A');
    await page.waitForSelector('[data-testid="statement"] .katex');
    await assertShows('statement under CSP', STATEMENT_TEXTS, '[data-testid="statement"]');
    await assertClean('problem page under CSP');
    await visit(`/user_board/${contestId}`);
    await assertShows('leaderboard under CSP', [USERNAME], '[data-testid="leaderboard"]');
    await assertClean('leaderboard under CSP');
    assert.deepEqual(violations, [], 'the app itself breaks its CSP');
    const unexpected = session.unexpectedErrors([/Failed to load resource/]);
    assert.deepEqual(unexpected, [], 'browser console errors');
  });
});
