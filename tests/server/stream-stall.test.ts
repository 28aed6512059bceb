// A long stream's client is dropped for taking nothing in a window the server was free to hear of
// it (STREAM_STALL_MS), never because the server itself was busy: the embedded database runs in
// the server's process, and a large read stops its event loop for a while. After such a pause the
// stall timer runs before the socket's news of what the client took meanwhile; it used to drop a
// client that read steadily all along (a 60 MB feed was cut at 6 MB on the embedded store).
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { feedEvents } from '../helpers/ccs.ts';
import { closeStalled, openStalled } from '../helpers/stalled-clients.ts';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedJudgedContest } from '../helpers/large-contest.ts';

const STALL_MS = 2000;
const SUBMISSIONS = 2000;
const TESTS = 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds the event loop, as a long synchronous piece of work (a large embedded-database read) does. */
function busyFor(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

/**
 * A client in a process of its own (node -e): sends the GET, reads 64 KiB every 50 ms, prints
 * "progress <bytes>" after each piece and writes the whole reply to a file at the end.
 */
const SLOW_READER = `
const net = require('node:net'); const fs = require('node:fs');
const [host, port, path, token, out] = process.argv.slice(1);
const socket = net.connect({ host, port: Number(port) });
const chunks = []; let received = 0; let tick = 0;
socket.write('GET ' + path + ' HTTP/1.1\\r\\nHost: ' + host + ':' + port + '\\r\\nAuthorization: ' + token + '\\r\\nConnection: close\\r\\n\\r\\n');
socket.on('data', (c) => { chunks.push(c); received += c.length; tick += c.length; process.stdout.write('progress ' + received + '\\n'); if (tick >= 65536) socket.pause(); });
const timer = setInterval(() => { tick = 0; socket.resume(); }, 50);
socket.on('end', () => { clearInterval(timer); fs.writeFileSync(out, Buffer.concat(chunks)); });
socket.on('error', (e) => { console.error(e.message); process.exit(1); });
`;

/** The body of a chunked reply. */
function dechunk(text: string): string {
  const parts: string[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = text.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(text.slice(at, lineEnd), 16);
    if (!size) break;
    parts.push(text.slice(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return parts.join('');
}

describe('long streams: the stall window and a busy server', function () {
  this.timeout(120_000);
  let server: TestServer;
  let admin: TestAccount;
  let contestId: number;

  before(async () => {
    server = await startTestServer({ STREAM_STALL_MS: String(STALL_MS) });
    admin = await adminAccount(server);
    contestId = await seedJudgedContest(server, { teams: 100, submissions: SUBMISSIONS, tests: TESTS });
  });
  after(async () => {
    await server?.destroy();
  });

  it('keeps a client that reads steadily through a pause of the server longer than the window', async () => {
    // The client is another process, as a real one is: it goes on reading what the kernel holds
    // while this process (the server) is held. About 1.3 MB/s: the feed (~6 MB) waits in the
    // server's buffers for most of the read.
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-stall-')), 'feed');
    const { hostname, port } = new URL(server.url);
    const child = spawn(process.execPath, ['-e', SLOW_READER, hostname, port, `/api/ccs/contests/${contestId}/event-feed?stream=false`, admin.api.token!, out], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let paused = false;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (line: string) => {
      // "progress <bytes>" lines: once a megabyte came, the server is held for 2.5 windows.
      const received = Math.max(...line.split('\n').map((l) => Number(/^progress (\d+)/.exec(l)?.[1] ?? 0)));
      if (paused || received < 1024 * 1024) return;
      paused = true;
      busyFor(2.5 * STALL_MS);
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    assert.equal(code, 0);
    assert.ok(paused, 'the feed was shorter than a megabyte');
    const raw = fs.readFileSync(out, 'utf8');
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
    assert.equal(status, 200);
    const body = dechunk(raw.slice(raw.indexOf('\r\n\r\n') + 4));
    assert.ok(body.endsWith('\n'), `the feed was cut after ${body.length} bytes`);
    const runs = feedEvents(body).filter((e) => e.type === 'runs');
    assert.equal(runs.length, SUBMISSIONS * TESTS);
  });

  it('still drops a client that takes nothing while the server is free, within the window', async () => {
    const [stalled] = await openStalled(server.url, `/api/ccs/contests/${contestId}/event-feed`, 1, { Authorization: admin.api.token! });
    try {
      assert.equal(stalled.status, 200);
      const opened = Date.now();
      while (server.services.streams.limits.size > 0) {
        assert.ok(Date.now() - opened < 2 * STALL_MS + 5000, `the stalled client is still held ${Date.now() - opened} ms after it stopped reading`);
        await sleep(100);
      }
    } finally {
      closeStalled([stalled]);
    }
  });
});
