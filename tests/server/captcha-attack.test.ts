// Attacks on the captcha (issue 26, item 5): a scripted reader that learns the pictures' glyph
// outlines from labelled captchas and then reads new ones without OCR (it read 20 of 20
// svg-captcha pictures), and a client that asks for challenges without end (3,000 rows in 30 s).
import assert from 'node:assert/strict';
import { CAPTCHA_COST, CAPTCHA_COUNTER_MAX } from '@verdict/server/internal/modules/accounts/captcha';
import { MAX_CAPTCHAS_PER_IP } from '@verdict/server/internal/modules/accounts/rate-limit';
import { Api } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createUser } from '../helpers/users.ts';

interface Issued {
  captchaId: string;
  image: string;
}

/** The filled outlines of a picture, left to right, each as the letters of its path commands. */
function glyphs(image: string): string[] {
  const m = /^data:image\/svg\+xml;base64,(.*)$/.exec(image);
  if (!m) return [];
  const svg = Buffer.from(m[1], 'base64').toString('utf8');
  const paths = [...svg.matchAll(/<path fill="(?!none)[^"]*" d="([^"]*)"/g)].map(([, d]) => ({
    x: Number(/^M\s*(-?[\d.]+)/.exec(d)?.[1] ?? 0),
    shape: d.replace(/[^A-Za-z]/g, ''),
  }));
  return paths.sort((a, b) => a.x - b.x).map((p) => p.shape);
}

/**
 * The OCR-free reader: a table from outline to character, learnt from pictures whose answers it
 * was told (an attacker labels a few by hand); then it reads a picture outline by outline. Where
 * there is nothing to read it guesses: a proof-of-work counter in the documented range, or letters.
 */
class ScriptedReader {
  private readonly table = new Map<string, string>();

  learn(image: string, answer: string): void {
    const shapes = glyphs(image);
    if (shapes.length !== answer.length) return;
    shapes.forEach((shape, i) => this.table.set(shape, answer[i]));
  }

  read(issued: Issued & Record<string, unknown>): string {
    const shapes = glyphs(issued.image);
    const read = shapes.map((shape) => this.table.get(shape) ?? '?').join('');
    if (shapes.length > 0 && !read.includes('?')) return read;
    return 'challenge' in issued ? String(Math.floor(Math.random() * CAPTCHA_COUNTER_MAX)) : 'abcd';
  }
}

describe('security: captcha attacks (issue 26)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let api: Api;
  const trustProxy = process.env.TRUST_PROXY;
  before(async () => {
    // Addresses from X-Forwarded-For, so that the reader is not stopped by the per-address limit
    // (a botnet has many addresses): the reader must fail on its own. The app reads it at start.
    process.env.TRUST_PROXY = '1';
    server = await startTestServer();
    api = new Api(server.url);
    await createUser(server, { username: 'victim', password: 'victim-pass' });
  });
  after(async () => {
    if (trustProxy === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = trustProxy;
    await server?.destroy();
  });

  const from = (n: number) => ({ 'X-Forwarded-For': `198.51.100.${n % 250}` });
  async function issue(n: number): Promise<Issued & Record<string, unknown>> {
    const res = await api.raw('/api/captcha', { headers: from(n) });
    const body = (await res.json()) as { code: number; data: Issued & Record<string, unknown> };
    assert.equal(body.code, 0);
    return body.data;
  }

  it('a scripted reader that learnt the pictures logs in less than 1% of the time', async () => {
    const reader = new ScriptedReader();
    for (let i = 0; i < 150; i++) {
      const issued = await issue(i);
      const { answer } = (await api.get(`/api/test/captcha/${encodeURIComponent(issued.captchaId)}`)).data as { answer: string };
      reader.learn(issued.image, answer);
    }
    const tries = 300;
    let loggedIn = 0;
    for (let i = 0; i < tries; i++) {
      const issued = await issue(i);
      const body = new URLSearchParams({ username: 'victim', password: 'victim-pass', captchaId: issued.captchaId, captcha: reader.read(issued) });
      const res = await api.raw('/api/user/login', { method: 'POST', body, headers: { ...from(i), 'Content-Type': 'application/x-www-form-urlencoded' } });
      if (((await res.json()) as { code: number }).code === 0) loggedIn += 1;
    }
    assert.ok(loggedIn < tries / 100, `the reader logged in ${loggedIn} times out of ${tries}`);
  });

  it('a challenge costs 1,500 derivations of 5,000 PBKDF2 iterations on average: its counter is uniform below 3,000', async () => {
    const ids = [];
    for (let i = 0; i < 200; i++) ids.push((await issue(1000 + i)).captchaId);
    const rows = await server.services.db.selectFrom('captchas').select('answer').where('id', 'in', ids).execute();
    const counters = rows.map((r) => Number(r.answer));
    const mean = counters.reduce((a, b) => a + b, 0) / counters.length;
    assert.equal(CAPTCHA_COST, 5000);
    assert.equal(CAPTCHA_COUNTER_MAX, 3000);
    // The mean of 200 uniform draws below 3,000 is 1,500 ± 61 (one standard deviation).
    assert.ok(mean > 1200 && mean < 1800, `mean counter ${mean}`);
    assert.ok(counters.every((c) => Number.isInteger(c) && c >= 0 && c < CAPTCHA_COUNTER_MAX));
  });

  it('one address gets a bounded number of challenges; other addresses are not affected', async () => {
    const address = { 'X-Forwarded-For': '203.0.113.9' };
    const statuses = await Promise.all(
      Array.from({ length: MAX_CAPTCHAS_PER_IP + 20 }, () => api.raw('/api/captcha', { headers: address }).then((r) => r.status)),
    );
    assert.equal(statuses.filter((s) => s === 200).length, MAX_CAPTCHAS_PER_IP);
    assert.equal(statuses.filter((s) => s === 429).length, 20);
    const refused = await api.raw('/api/captcha', { headers: address });
    assert.equal(refused.status, 429);
    assert.match(((await refused.json()) as { message: string }).message, /Too many captchas from your address; try again in \d+ minutes?/);
    const other = await api.raw('/api/captcha', { headers: { 'X-Forwarded-For': '203.0.113.10' } });
    assert.equal(other.status, 200);
  });

  it('behind the documented proxy, an X-Forwarded-For the client sends does not give it new addresses (review)', async () => {
    // nginx's $proxy_add_x_forwarded_for appends the real address to whatever the client sent:
    // the server must take the last entry, the one its proxy wrote, not the client's first.
    const statuses = await Promise.all(
      Array.from({ length: MAX_CAPTCHAS_PER_IP + 5 }, (_, i) =>
        api.raw('/api/captcha', { headers: { 'X-Forwarded-For': `192.0.2.${i % 250}, 10.${i >> 8}.${i & 255}.1, 203.0.113.50` } }).then((r) => r.status),
      ),
    );
    assert.equal(statuses.filter((s) => s === 200).length, MAX_CAPTCHAS_PER_IP);
    assert.equal(statuses.filter((s) => s === 429).length, 5);
  });

  it('an IPv6 client counts by its /64, not by each of its 2^64 addresses (review)', async () => {
    const statuses = await Promise.all(
      Array.from({ length: MAX_CAPTCHAS_PER_IP + 5 }, (_, i) =>
        api.raw('/api/captcha', { headers: { 'X-Forwarded-For': `2001:db8:7:9:${(i + 1).toString(16)}::${i % 7}` } }).then((r) => r.status),
      ),
    );
    assert.equal(statuses.filter((s) => s === 200).length, MAX_CAPTCHAS_PER_IP);
    assert.equal(statuses.filter((s) => s === 429).length, 5);
    const neighbour = await api.raw('/api/captcha', { headers: { 'X-Forwarded-For': '2001:db8:7:a::1' } });
    assert.equal(neighbour.status, 200, 'the next /64 is another client');
  });
});
