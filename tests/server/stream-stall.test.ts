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
import { readSlowly, seedJudgedContest } from '../helpers/large-contest.ts';

const STALL_MS = 2000;
const SUBMISSIONS = 2000;
const TESTS = 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds the event loop, as a long synchronous piece of work (a large embedded-database read) does. */
function busyFor(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until);
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
    let paused = false;
    // About 1.3 MB/s: the feed (~6 MB) waits in the server's buffers for most of the read.
    const read = await readSlowly(server.url, `/api/ccs/contests/${contestId}/event-feed?stream=false`, admin.api.token!, 64 * 1024, 50, (received) => {
      if (paused || received < 1024 * 1024) return;
      paused = true;
      busyFor(2.5 * STALL_MS);
    });
    assert.ok(paused, 'the feed was shorter than a megabyte');
    assert.equal(read.status, 200);
    assert.ok(read.body.endsWith('\n'), `the feed was cut after ${read.body.length} bytes`);
    const runs = feedEvents(read.body).filter((e) => e.type === 'runs');
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
