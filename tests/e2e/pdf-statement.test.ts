// A problem whose package holds only a PDF statement, in Chromium: the problem page shows that
// PDF (the bytes the Download button gets) with a notice and a button to open it, not "No statement".
import assert from 'node:assert/strict';
import { dataOf } from '../helpers/api.ts';
import { buildZip, kattisEntries, zipForm } from '../helpers/package-zip.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount } from '../helpers/tokens.ts';
import { formatServerTime } from '../../web/src/lib/time.ts';
import { launchBrowser, storeLogin, waitForText, type BrowserSession } from './browser.ts';

/** A one-page PDF saying `text`, with a correct cross-reference table. */
function onePagePdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

describe('e2e: a statement that is only a PDF @slow', function () {
  this.timeout(120_000);
  let server: TestServer;
  let session: BrowserSession;
  const pdf = onePagePdf('Only a PDF statement');
  let problemId: number;
  let contest: { id: number; title: string; startTime: string; endTime: string };

  before(async () => {
    server = await startTestServer({ CAPTCHA: 'off', SUBMIT_WAIT_MS: '0' });
    const admin = await adminAccount(server);
    const alice = await accountWithToken(server, { username: 'pdf_alice' });
    problemId = dataOf(await admin.api.json('/api/admin/problem/add', { title: 'Paper', memoryLimit: 256, timeLimit: 1000 }), 'add problem').id;
    dataOf(await admin.api.multipart('/api/admin/problem/upload', zipForm(problemId, await buildZip(kattisEntries({ pdf })))), 'upload');
    const now = Date.now();
    contest = dataOf(
      await admin.api.json('/api/contest/add', { title: 'Paper Cup', startTimeStr: formatServerTime(now - 600_000), endTimeStr: formatServerTime(now + 3_600_000) }),
      'add contest',
    );
    dataOf(await admin.api.form('/api/contestProblem/addByProblemId', { problemId, contestId: contest.id }), 'add problem to contest');
    dataOf(await admin.api.json('/api/contestRecord/add', { contestId: contest.id, userId: alice.id }), 'add member');
    session = await launchBrowser({ screenshotPrefix: 'pdf-statement' });
    await storeLogin(session.page, server.url, { token: alice.api.token!, username: alice.username }, contest);
  });
  after(async () => {
    await session?.close();
    await server?.destroy();
  });

  it('shows the PDF in the page, with a notice and a button to open it', async () => {
    const page = session.page;
    await page.goto(`${server.url}/problem_page?contestId=${contest.id}&problemId=${problemId}`, { waitUntil: 'domcontentloaded' });
    await waitForText(page, 'The statement of this problem is a PDF', 15_000);
    const frame = await page.waitForSelector('iframe[data-testid="pdf-statement"]', { visible: true });
    const src = await frame!.evaluate((el) => (el as HTMLIFrameElement).src);
    assert.match(src, /^blob:/);
    assert.equal(await page.$eval('[data-testid="open-pdf"]', (el) => el.getAttribute('href')), src, 'the button opens the same PDF');
    assert.equal(await page.evaluate(() => document.body.innerText.includes('No statement')), false);
    await session.screenshot('problem-page');
    // The page's own policy lets it frame the PDF: no "Refused to frame" on the console.
    assert.deepEqual(session.unexpectedErrors(), []);
    // What the frame shows is the package's PDF, byte for byte (read from another page of the
    // same origin: the problem page's policy lets it fetch only from the server).
    const reader = await session.newPage();
    await reader.setBypassCSP(true);
    await reader.goto(`${server.url}/`, { waitUntil: 'domcontentloaded' });
    const shown = await reader.evaluate(async (url) => Array.from(new Uint8Array(await (await fetch(url)).arrayBuffer())), src);
    assert.ok(Buffer.from(shown).equals(pdf));
    await reader.close();
  });
});
