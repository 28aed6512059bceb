// Shadow mode when the shadowed CCS's feed drops (issue 28): B shadows A through a real HTTP
// server in the test that passes A's Contest API through but cuts the first event-feed
// connection in the middle of a line, just after the first submission (once the shadow has read
// up to it). The shadow reads the feed
// again with since_token = the token of the last whole line it read, and ends with the
// all-diagonal matrix an unbroken feed gives, each submission submitted and judged once.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { issueApiToken } from '@verdict/server/internal/modules/accounts/api-tokens';
import { assertDiagonal, shadowPair, type ShadowPair } from '../helpers/shadow.ts';

const VERDICTS = ['AC', 'WA', 'CE'];

interface FeedLine {
  type: string;
  token?: string;
}

describe('shadow mode: a feed that drops mid-way is resumed with since_token @slow', function () {
  this.timeout(300_000);
  let pair: ShadowPair;
  let proxy: http.Server;
  /** Each event-feed connection's since_token (null: none). */
  const connections: (string | null)[] = [];
  /** The token of the last whole line the first connection sent. */
  let lastWholeToken: string | null = null;

  /** Until B's shadow has stored `token` as where it resumes. */
  const readUpTo = async (token: string | null) => {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const row = await pair.b.services.db.selectFrom('shadows').select('since_token').where('contest_id', '=', pair.contestId).executeTakeFirst();
      if (row?.since_token === token) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the shadow did not read up to ${token}`);
  };

  before(async () => {
    pair = await shadowPair(VERDICTS);
    const target = pair.a.url;
    proxy = http.createServer((req, res) => {
      void (async () => {
        const url = new URL(req.url ?? '/', target);
        const upstream = await fetch(url, { headers: req.headers.authorization ? { Authorization: req.headers.authorization } : {} });
        if (!url.pathname.endsWith('/event-feed') || !upstream.body) {
          res.writeHead(upstream.status, { 'Content-Type': upstream.headers.get('content-type') ?? 'application/octet-stream' });
          res.end(Buffer.from(await upstream.arrayBuffer()));
          return;
        }
        connections.push(url.searchParams.get('since_token'));
        res.writeHead(upstream.status, { 'Content-Type': 'application/x-ndjson' });
        const first = connections.length === 1;
        let buffered = '';
        for await (const chunk of upstream.body as unknown as AsyncIterable<Uint8Array>) {
          if (!first) {
            res.write(chunk);
            continue;
          }
          buffered += Buffer.from(chunk).toString('utf8');
          let nl: number;
          while ((nl = buffered.indexOf('\n')) >= 0) {
            const line = buffered.slice(0, nl);
            buffered = buffered.slice(nl + 1);
            if (line.trim() === '') continue;
            const note = JSON.parse(line) as FeedLine;
            res.write(`${line}\n`);
            lastWholeToken = note.token ?? lastWholeToken;
            if (note.type === 'submissions') {
              // Once the shadow has read up to here (a stream that errors drops what its reader
              // has not taken yet), half of the next line, then the connection is cut.
              await readUpTo(lastWholeToken);
              const next = buffered.split('\n')[0] || '{"type":"judgements","id":"1","da';
              res.write(next.slice(0, Math.ceil(next.length / 2)));
              res.socket?.destroy();
              return;
            }
          }
        }
        res.end();
      })().catch(() => res.socket?.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  });
  after(async () => {
    proxy?.closeAllConnections();
    await new Promise((resolve) => proxy?.close(resolve));
    await pair?.destroy();
  });

  it('reconnects after the last whole line read and ends with the same matrix, nothing doubled', async () => {
    const { a, aContest, b, bAdmin, contestId } = pair;
    const { token } = await issueApiToken(a.services.db, null, 'admin', 'shadow');
    const base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const started = await bAdmin.api.json('/api/shadow/start', { contestId, source: `${base}/api/ccs/contests/${aContest}/event-feed`, token });
    assert.equal(started.code, 0, started.message);
    const report = await pair.settled(VERDICTS.length);
    assertDiagonal(report, VERDICTS);

    assert.ok(connections.length >= 2, `the feed was read again (${connections.length} connections)`);
    assert.equal(connections[0], null, 'the first connection reads from the start');
    assert.ok(lastWholeToken, 'the feed has tokens');
    assert.equal(connections[1], lastWholeToken, 'the second connection resumes after the last whole line read');
    // Nothing doubled: one submission of ours per submission of theirs.
    const ours = await b.services.db.selectFrom('submissions').select('id').where('contest_id', '=', contestId).execute();
    assert.equal(ours.length, VERDICTS.length);
    const rows = await b.services.db.selectFrom('shadow_submissions').select(['their_id', 'submission_id']).where('contest_id', '=', contestId).execute();
    assert.equal(rows.length, VERDICTS.length);
    assert.equal(new Set(rows.map((r) => r.submission_id)).size, VERDICTS.length);
    assert.equal(report.running, true, 'still reading the feed');
    assert.equal((await bAdmin.api.json('/api/shadow/stop', { contestId })).code, 0);
  });
});
