import assert from 'node:assert/strict';
import { isDomainError } from '@verdict/server/errors';
import { issueToken } from '@verdict/server/internal/modules/accounts/tokens';
import { PdfRenderer, CHROMIUM_MISSING } from '@verdict/server/internal/modules/problems/pdf-render';
import { Api } from '../helpers/api.ts';
import { buildZip, kattisEntries, zipForm } from '../helpers/package-zip.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const MATHS = '# Sums\n\nFor $n \\ge 1$ print\n\n$$\\sum_{i=1}^{n} i^2 = \\frac{n(n+1)(2n+1)}{6}$$\n\n| n | answer |\n|---|---|\n| 2 | 5 |\n';
const TITLE = 'Σ Sums 求和';

async function download(api: Api, problemId: number): Promise<Response> {
  return api.raw('/api/download', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ problemId: String(problemId) }),
  });
}

describe('statement PDF download @slow', () => {
  let server: TestServer;
  let admin: Api;
  let member: Api;
  let outsider: Api;
  let early: Api;
  let mathsId: number;
  let packagedId: number;

  before(async () => {
    server = await startTestServer();
    const db = server.services.db;
    const addUser = async (username: string) =>
      (await db.insertInto('users').values({ username, email: `${username}@example.com`, password_hash: 'x' }).returning('id').executeTakeFirstOrThrow()).id;
    const adminId = (await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    const [memberId, outsiderId, earlyId] = [await addUser('member'), await addUser('outsider'), await addUser('early')];
    const api = new Api(server.url);
    admin = api.withToken(await issueToken(db, adminId));
    member = api.withToken(await issueToken(db, memberId));
    outsider = api.withToken(await issueToken(db, outsiderId));
    early = api.withToken(await issueToken(db, earlyId));

    const addProblem = async (title: string, statement: string) =>
      (await db.insertInto('problems').values({ title, time_limit: 1000, memory_limit: 256, statement }).returning('id').executeTakeFirstOrThrow()).id;
    mathsId = await addProblem(TITLE, MATHS);
    packagedId = await addProblem('Packaged', '');

    const hour = 3600_000;
    const running = await db
      .insertInto('contests')
      .values({ title: 'Running', start_time: new Date(Date.now() - hour), end_time: new Date(Date.now() + hour) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const future = await db
      .insertInto('contests')
      .values({ title: 'Future', start_time: new Date(Date.now() + hour), end_time: new Date(Date.now() + 2 * hour) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('contest_users').values([{ contest_id: running.id, user_id: memberId }, { contest_id: future.id, user_id: earlyId }]).execute();
    await db
      .insertInto('contest_problems')
      .values([
        { contest_id: running.id, problem_id: mathsId, position: 0 },
        { contest_id: future.id, problem_id: mathsId, position: 0 },
      ])
      .execute();
  });
  after(() => server?.destroy());

  it('renders a Markdown statement with maths to a real PDF named after the problem', async () => {
    const res = await download(admin, mathsId);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/pdf');
    const disposition = res.headers.get('content-disposition') ?? '';
    assert.match(disposition, /^attachment;/);
    assert.ok(disposition.includes(`filename*=UTF-8''${encodeURIComponent(`${TITLE}.pdf`)}`), disposition);
    const pdf = Buffer.from(await res.arrayBuffer());
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.ok(pdf.length > 10_000, `only ${pdf.length} bytes`);
    // The maths was typeset with KaTeX's own fonts, embedded in the PDF.
    assert.match(pdf.toString('latin1'), /KaTeX_(Main|Math|Size\d)/);
  });

  it('lets a member of a started contest download it, from the cache the second time', async () => {
    const first = Buffer.from(await (await download(member, mathsId)).arrayBuffer());
    const second = await download(member, mathsId);
    assert.equal(second.status, 200);
    assert.ok(Buffer.from(await second.arrayBuffer()).equals(first));
  });

  it("serves a package's own PDF byte for byte", async () => {
    const ownPdf = Buffer.concat([Buffer.from('%PDF-1.4\n% the setter made this\n'), Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251))]);
    const zip = await buildZip(kattisEntries({ pdf: ownPdf, statement: '# Markdown too\n' }));
    const up = await admin.multipart('/api/admin/problem/upload', zipForm(packagedId, zip));
    assert.equal(up.code, 0, up.message);
    const res = await download(admin, packagedId);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/pdf');
    assert.match(res.headers.get('content-disposition') ?? '', /filename="Packaged\.pdf"/);
    assert.ok(Buffer.from(await res.arrayBuffer()).equals(ownPdf));
  });

  it('takes a package whose only statement is a PDF: the problem says it has one, and serves it byte for byte', async () => {
    const pdfOnlyId = (await server.services.db.insertInto('problems').values({ title: 'PDF only', time_limit: 1000, memory_limit: 256, statement: '' }).returning('id').executeTakeFirstOrThrow()).id;
    const ownPdf = Buffer.concat([Buffer.from('%PDF-1.5\n% only a PDF\n'), Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7) % 256))]);
    const up = await admin.multipart('/api/admin/problem/upload', zipForm(pdfOnlyId, await buildZip(kattisEntries({ pdf: ownPdf }))));
    assert.equal(up.code, 0, up.message);
    const detail = await admin.get('/api/problem/statement', { problemId: pdfOnlyId });
    assert.equal(detail.code, 0, detail.message);
    assert.equal(detail.data.statement, '', 'no Markdown statement');
    assert.equal(detail.data.hasPdf, true, 'the problem page learns there is a PDF to show');
    const res = await download(admin, pdfOnlyId);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/pdf');
    assert.ok(Buffer.from(await res.arrayBuffer()).equals(ownPdf));
  });

  it('refuses a user outside the contest, before its start, and without a token', async () => {
    const outside = await download(outsider, mathsId);
    assert.equal(outside.status, 404);
    assert.equal((await outside.json()).message, 'No such problem');
    const tooEarly = await download(early, mathsId);
    assert.equal(tooEarly.status, 403);
    assert.equal((await tooEarly.json()).message, 'The contest has not started yet.');
    const nobody = await download(new Api(server.url), mathsId);
    assert.equal(nobody.status, 401);
    const missing = await download(admin, 999_999);
    assert.equal(missing.status, 404);
  });

  it('says how to install Chromium when it is missing', async () => {
    const renderer = new PdfRenderer({ executablePath: '/nonexistent/chromium' });
    await assert.rejects(renderer.render({ html: '<p>hi</p>' }), (err: Error) => {
      assert.equal(err.message, CHROMIUM_MISSING);
      // Answered as 503 Service Unavailable.
      assert.ok(isDomainError(err, 'UNAVAILABLE'), String(err));
      return true;
    });
    await renderer.close();
  });
});
