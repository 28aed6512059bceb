// The built web app as the server sends it (issue 17, fast pages): scripts and styles under
// /assets/ carry a hash in their names and are cached for a year without revalidation; they go
// brotli- or gzip-compressed (precompressed at build) to a client that accepts it and plain to
// one that does not; the page (index.html, under any app path) is revalidated every time
// (no-cache, with an ETag answered by 304) and compressed too. Needs `npm run build:web`.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { DEFAULT_WEB_DIR } from '@verdict/server/internal/server';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent (not decompressed). */
  body: Buffer;
}

/** A GET with exactly these headers (fetch would add its own Accept-Encoding and decompress). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

function decode(reply: RawReply): Buffer {
  const encoding = reply.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(reply.body);
  if (encoding === 'gzip') return zlib.gunzipSync(reply.body);
  assert.equal(encoding, undefined, `unexpected Content-Encoding ${encoding}`);
  return reply.body;
}

function varies(reply: RawReply): boolean {
  return /(^|,)\s*accept-encoding\s*(,|$)/i.test(String(reply.headers.vary ?? ''));
}

describe('web app: compression and caching', function () {
  this.timeout(60_000);
  let server: TestServer;
  let indexHtml: string;
  /** Scripts and styles index.html names (the first load of every page). */
  let initialAssets: string[];

  before(async function () {
    const index = path.join(DEFAULT_WEB_DIR, 'index.html');
    assert.ok(fs.existsSync(index), `no web build in ${DEFAULT_WEB_DIR}: run npm run build:web`);
    indexHtml = fs.readFileSync(index, 'utf8');
    initialAssets = [...indexHtml.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    assert.ok(initialAssets.some((a) => a.endsWith('.js')) && initialAssets.some((a) => a.endsWith('.css')), indexHtml);
    server = await startTestServer();
  });
  after(() => server?.destroy());

  it('sends the hashed scripts and styles of the first load immutable for a year, brotli or gzip as accepted, plain otherwise', async () => {
    for (const asset of initialAssets) {
      const file = fs.readFileSync(path.join(DEFAULT_WEB_DIR, asset));
      const type = asset.endsWith('.js') ? /javascript/ : /text\/css/;

      const br = await rawGet(server.url + asset, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
      assert.equal(br.status, 200, asset);
      assert.equal(br.headers['cache-control'], IMMUTABLE, asset);
      // Files under 1 KB are not worth compressing (the build leaves them plain).
      const compressible = file.length >= 1024;
      if (compressible) assert.equal(br.headers['content-encoding'], 'br', asset);
      assert.match(String(br.headers['content-type']), type, asset);
      assert.ok(varies(br), `${asset}: Vary ${br.headers.vary}`);
      assert.deepEqual(decode(br), file, asset);
      if (file.length > 4096) assert.ok(br.body.length < file.length / 2, `${asset}: ${br.body.length} of ${file.length} bytes`);

      const gzip = await rawGet(server.url + asset, { 'Accept-Encoding': 'gzip' });
      if (compressible) assert.equal(gzip.headers['content-encoding'], 'gzip', asset);
      assert.equal(gzip.headers['cache-control'], IMMUTABLE, asset);
      assert.deepEqual(decode(gzip), file, asset);

      const plain = await rawGet(server.url + asset, { 'Accept-Encoding': 'identity' });
      assert.equal(plain.headers['content-encoding'], undefined, asset);
      assert.equal(plain.headers['cache-control'], IMMUTABLE, asset);
      assert.deepEqual(plain.body, file, asset);
      const none = await rawGet(server.url + asset);
      assert.deepEqual(none.body, file, `${asset} without Accept-Encoding`);
    }
  });

  it('sends the chunks loaded later (pages, the editor, the statements) the same way', async () => {
    const listed = new Set(initialAssets.map((a) => path.basename(a)));
    const later = fs.readdirSync(path.join(DEFAULT_WEB_DIR, 'assets')).filter((f) => f.endsWith('.js') && !listed.has(f));
    assert.ok(later.length > 10, `only ${later.length} chunks outside the first load: is the app split?`);
    for (const name of later.slice(0, 20)) {
      const file = fs.readFileSync(path.join(DEFAULT_WEB_DIR, 'assets', name));
      const reply = await rawGet(`${server.url}/assets/${name}`, { 'Accept-Encoding': 'br' });
      assert.equal(reply.headers['cache-control'], IMMUTABLE, name);
      if (file.length >= 1024) assert.equal(reply.headers['content-encoding'], 'br', name);
      assert.deepEqual(decode(reply), file, name);
    }
  });

  it('sends the page no-cache, compressed, with an ETag answered by 304 Not Modified', async () => {
    for (const p of ['/', '/problem_page?contestId=1&problemId=2', '/contestDetail/3', '/index.html']) {
      const br = await rawGet(server.url + p, { 'Accept-Encoding': 'br, gzip' });
      assert.equal(br.status, 200, p);
      assert.equal(br.headers['cache-control'], 'no-cache', p);
      assert.match(String(br.headers['content-type']), /text\/html/, p);
      assert.notEqual(br.headers['cache-control'], IMMUTABLE, p);
      assert.equal(decode(br).toString('utf8'), indexHtml, p);
      if (p === '/index.html') continue;
      assert.equal(br.headers['content-encoding'], 'br', p);
      assert.ok(varies(br), `${p}: Vary ${br.headers.vary}`);

      const gzip = await rawGet(server.url + p, { 'Accept-Encoding': 'gzip' });
      assert.equal(gzip.headers['content-encoding'], 'gzip', p);
      assert.equal(decode(gzip).toString('utf8'), indexHtml, p);
      const plain = await rawGet(server.url + p);
      assert.equal(plain.headers['content-encoding'], undefined, p);
      assert.equal(plain.body.toString('utf8'), indexHtml, p);

      const etag = String(br.headers.etag ?? '');
      assert.ok(etag, `${p}: no ETag`);
      const again = await rawGet(server.url + p, { 'Accept-Encoding': 'br', 'If-None-Match': etag });
      assert.equal(again.status, 304, p);
      assert.equal(again.body.length, 0, p);
    }
  });

  it('keeps files without a hash in their name (the icon) on a short cache, and a missing asset is a 404', async () => {
    const icon = await rawGet(`${server.url}/favicon.svg`);
    assert.equal(icon.status, 200);
    assert.doesNotMatch(String(icon.headers['cache-control']), /immutable/);
    const missing = await rawGet(`${server.url}/assets/missing-0000.js`, { 'Accept-Encoding': 'br' });
    assert.equal(missing.status, 404);
    assert.doesNotMatch(String(missing.headers['cache-control'] ?? ''), /immutable/);
  });

  it('sends /robots.txt as text, and a missing file outside /assets/ as a 404, not the app page (issue 30)', async () => {
    const robots = await rawGet(`${server.url}/robots.txt`);
    assert.equal(robots.status, 200);
    assert.match(String(robots.headers['content-type']), /^text\/plain/);
    assert.match(robots.body.toString('utf8'), /^User-agent: \*$/m);
    for (const missing of ['/sitemap.xml', '/apple-touch-icon.png', '/favicon.ico']) {
      const reply = await rawGet(server.url + missing);
      assert.equal(reply.status, 404, missing);
      assert.doesNotMatch(String(reply.headers['content-type'] ?? ''), /html/, missing);
    }
  });

  it('leaves the API replies as they were: not cached as assets', async () => {
    const health = await rawGet(`${server.url}/api/health`, { 'Accept-Encoding': 'br, gzip' });
    assert.equal(health.status, 200);
    assert.doesNotMatch(String(health.headers['cache-control'] ?? ''), /immutable/);
    assert.equal(JSON.parse(decode(health).toString('utf8')).code, 0);
  });
});
