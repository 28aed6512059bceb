// The HTTP edge: bodies, headers and URLs too large are refused early and cleanly; every
// reply (web app, assets, API, errors, downloads) carries the security headers; JSON cannot
// be read as a page and downloads are attachments with a safe file name.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { clientErrorReply } from '@verdict/server/internal/http/client-error';
import { DEFAULT_WEB_DIR } from '@verdict/server/internal/server';
import { buildZip, kattisEntries, zipForm } from '../helpers/package-zip.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { adminAccount, type TestAccount } from '../helpers/tokens.ts';

interface RawReply {
  head: string;
  body: string;
  /** Bytes of the request body written before the server closed the connection. */
  sent: number;
  closedEarly: boolean;
}

/** Sends a request head, then `size` bytes of body as fast as the server takes them. */
function rawUpload(port: number, head: string, size: number): Promise<RawReply> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let sent = 0;
    let reply = '';
    socket.on('data', (d) => (reply += d.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      const [h, ...rest] = reply.split('\r\n\r\n');
      resolve({ head: h, body: rest.join('\r\n\r\n'), sent, closedEarly: sent < size });
    });
    socket.write(head);
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const pump = () => {
      while (sent < size && !socket.destroyed) {
        sent += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
    };
    pump();
  });
}

describe('security: the HTTP edge', function () {
  this.timeout(120_000);
  let server: TestServer;
  let admin: TestAccount;

  before(async () => {
    server = await startTestServer({ UPLOAD_MAX_BYTES: String(256 * 1024) });
    admin = await adminAccount(server);
  });
  after(() => server?.destroy());

  describe('oversized requests', () => {
    const BIG = 50 * 1024 * 1024;

    it('refuses a JSON or form body over 1 MB with 413, before reading it all, and closes the connection', async () => {
      for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
        const head = `POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nContent-Length: ${BIG}\r\n\r\n`;
        const reply = await rawUpload(server.port, head, BIG);
        assert.match(reply.head, /^HTTP\/1\.1 413 /);
        assert.match(reply.head, /connection: close/i);
        assert.deepEqual(JSON.parse(reply.body.trim().split('\r\n').find((l) => l.startsWith('{'))!), { code: 1011, message: 'File size exceeds the limit.', data: null });
        assert.ok(reply.closedEarly, `the server read all ${reply.sent} bytes`);
      }
    });

    it('refuses a chunked body (no Content-Length) once it passes the limit', async () => {
      const head = 'POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n';
      // Chunks of 64 KB written as raw chunked framing.
      const reply = await new Promise<RawReply>((resolve) => {
        const socket = net.connect(server.port, '127.0.0.1');
        let reply = '';
        let sent = 0;
        socket.on('data', (d) => (reply += d.toString('latin1')));
        socket.on('error', () => {});
        socket.on('close', () => resolve({ head: reply.split('\r\n\r\n')[0], body: '', sent, closedEarly: sent < BIG }));
        socket.write(head);
        const chunk = Buffer.concat([Buffer.from('10000\r\n'), Buffer.alloc(0x10000, 'a'), Buffer.from('\r\n')]);
        const pump = () => {
          while (sent < BIG && !socket.destroyed) {
            sent += 0x10000;
            if (!socket.write(chunk)) return void socket.once('drain', pump);
          }
        };
        pump();
      });
      assert.match(reply.head, /^HTTP\/1\.1 413 /);
      assert.ok(reply.closedEarly);
    });

    it('refuses a multipart upload over the limit with 413 and keeps no partial file', async () => {
      const problem = await admin.api.json('/api/admin/problem/add', { title: 'Big upload', memoryLimit: 64, timeLimit: 1000 });
      const form = zipForm(problem.data.id, Buffer.alloc(512 * 1024, 7), 'big.zip');
      const r = await admin.api.multipart('/api/admin/problem/upload', form);
      assert.deepEqual([r.status, r.code], [413, 1011]);
      // The partial file goes once formidable has closed it.
      const uploads = path.join(server.dataDir, 'uploads');
      for (let i = 0; i < 100 && fs.readdirSync(uploads).length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      assert.deepEqual(fs.readdirSync(uploads), []);
      // Two files where one is taken: refused in the envelope, not a crash.
      const two = zipForm(problem.data.id, await buildZip(kattisEntries()));
      two.append('file', new Blob([new Uint8Array(10)]), 'second.zip');
      const twice = await admin.api.multipart('/api/admin/problem/upload', two);
      assert.ok(twice.status >= 400 && twice.status < 500, `${twice.status} ${twice.message}`);
    });

    it('refuses huge headers and URLs without harm, and a deeply nested body cleanly', async () => {
      // Refused by Node before Koa, answered in the envelope all the same.
      const longUrl = await fetch(`${server.url}/api/contest/list?title=${'x'.repeat(20_000)}`, { headers: { Authorization: admin.api.token! } });
      assert.equal(longUrl.status, 431);
      assert.match(longUrl.headers.get('content-type') ?? '', /^application\/json/);
      assert.deepEqual(await longUrl.json(), { code: 1000, message: 'Invalid request: the URL and headers are too large (16 KB at most)', data: null });
      const header = await fetch(`${server.url}/api/health`, { headers: { 'X-Padding': 'x'.repeat(20_000) } });
      assert.equal(header.status, 431);
      assert.equal((await header.json()).code, 1000);
      // Not HTTP at all: a 400 in the envelope, and the connection closed.
      const raw = await rawUpload(server.port, 'GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n', 0);
      assert.match(raw.head, /^HTTP\/1\.1 400 Bad Request\r\n/);
      assert.match(raw.head, /\r\nConnection: close(\r\n|$)/);
      assert.deepEqual(JSON.parse(raw.body), { code: 1000, message: 'Invalid request: not a well-formed HTTP request', data: null });
      // Headers that take longer than the headers timeout (66 s, too long to wait for here) get
      // the same kind of reply, with 408.
      const late = clientErrorReply('ERR_HTTP_REQUEST_TIMEOUT');
      assert.match(late, /^HTTP\/1\.1 408 Request Timeout\r\n/);
      assert.equal(JSON.parse(late.slice(late.indexOf('\r\n\r\n') + 4)).code, 1000);
      // The server still answers.
      assert.equal((await fetch(`${server.url}/api/health`)).status, 200);
      const nested = await fetch(`${server.url}/api/user/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
      });
      assert.equal(nested.status, 400);
      const form = await fetch(`${server.url}/api/user/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `${'a'.repeat(1)}${'[b]'.repeat(5_000)}=1&${Array.from({ length: 5_000 }, (_, i) => `k${i}=1`).join('&')}`,
      });
      assert.equal(form.status, 400);
      assert.equal((await fetch(`${server.url}/api/health`)).status, 200);
    });
  });

  describe('headers', () => {
    function assertSecurityHeaders(res: Response, what: string): void {
      const csp = res.headers.get('content-security-policy') ?? '';
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src ')) ?? '';
      assert.match(scriptSrc, /'self'/, `${what}: ${csp}`);
      assert.doesNotMatch(scriptSrc, /unsafe-inline|unsafe-eval|\*/, `${what}: ${csp}`);
      assert.match(csp, /frame-ancestors 'none'/, what);
      assert.match(csp, /object-src 'none'/, what);
      assert.match(csp, /frame-src 'self' blob:(;|$)/, `${what}: only the page's own frames and the PDF statements it fetched`);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff', what);
      assert.equal(res.headers.get('x-frame-options'), 'DENY', what);
      assert.equal(res.headers.get('referrer-policy'), 'no-referrer', what);
      assert.equal(res.headers.get('x-powered-by'), null, what);
    }

    it('on the web app, its assets, API replies, errors and the API page', async () => {
      const asset = fs.readdirSync(path.join(DEFAULT_WEB_DIR, 'assets')).find((f) => f.endsWith('.js'))!;
      const pages: [string, RequestInit?][] = [
        ['/'],
        ['/contest/1/problem/A'],
        [`/assets/${asset}`],
        ['/api/health'],
        ['/api/no-such-thing'],
        ['/api/user/userInfo'],
        ['/api/user/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' }],
        ['/api/docs'],
        ['/api/openapi.json'],
      ];
      for (const [p, init] of pages) assertSecurityHeaders(await fetch(server.url + p, init), p);
    });

    it('the web app has no inline script, and a missing asset is a 404, not the page', async () => {
      const html = await (await fetch(`${server.url}/`)).text();
      assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/i);
      assert.doesNotMatch(html, /\son[a-z]+=/i);
      const missing = await fetch(`${server.url}/assets/missing-0000.js`);
      assert.equal(missing.status, 404);
      assert.doesNotMatch(missing.headers.get('content-type') ?? '', /html/);
    });

    it('JSON replies are JSON, even when they echo markup', async () => {
      const res = await fetch(`${server.url}/api/%3Cscript%3Ealert(1)%3C%2Fscript%3E`);
      assert.equal(res.status, 404);
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    });

    it('downloads are attachments with a quoted, header-safe file name', async () => {
      const title = 'Evil"; filename=x.html\\ 题';
      const problem = await admin.api.json('/api/admin/problem/add', { title, memoryLimit: 64, timeLimit: 1000 });
      assert.equal(problem.code, 0, problem.message);
      const pdf = Buffer.from('%PDF-1.4\n% a tiny test file\n%%EOF\n');
      const upload = await admin.api.multipart('/api/admin/problem/upload', zipForm(problem.data.id, await buildZip(kattisEntries({ pdf }))));
      assert.equal(upload.code, 0, upload.message);
      const downloads = [
        await admin.api.raw('/api/download', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `problemId=${problem.data.id}` }),
        await admin.api.raw(`/api/admin/problem/export?problemId=${problem.data.id}`, { method: 'GET' }),
      ];
      for (const res of downloads) {
        assert.equal(res.status, 200);
        const disposition = res.headers.get('content-disposition') ?? '';
        assert.match(disposition, /^attachment; filename="(?:[^"\\]|\\.)*"; filename\*=UTF-8''[^\s";]+$/, disposition);
        assert.match(disposition, /filename="Evil\\"; filename=x\.html\\\\ \?\.(pdf|zip)"/, disposition);
        assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
        assert.match(res.headers.get('content-type') ?? '', /^application\/(pdf|zip)$/);
        await res.arrayBuffer();
      }
    });
  });
});
