// Long-lived streams (the Contest API's event feed, GET /api/events) attacked (issue 26, items
// 1–4): a thousand anonymous feeds that never read must not slow a contestant's leaderboard nor
// grow the server without bound; streams over the caps are refused with 429/503 and Retry-After;
// a stream ends within a second of its token being revoked, its password changed or its role
// lowered; and what a contestant's stream shows (its ids) does not depend on another
// contestant's hidden verdict.
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { formatTime } from '@verdict/server/internal/common/wire';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { seedLiveRoom } from '../helpers/live-room.ts';
import { LiveFeed } from '../helpers/ccs.ts';
import { LiveClient } from '../helpers/live-events.ts';
import { closeStalled, headerOf, openStalled, type StalledClient } from '../helpers/stalled-clients.ts';

const MINUTE = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * The median of a series of reads. The finding was the median (15 ms to 1.7 s at 300 feeds, 14 s
 * at 1000): a p99 of 150 reads is one read, which a shared machine's hiccup decides (CI read 332
 * against 58 ms with Chromium starting beside it, and the code from before the feeds' fix failed
 * it as often as today's).
 */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A full garbage collection, without starting node with --expose-gc. */
const collectGarbage: () => void = (() => {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
})();

describe('long-lived streams under attack', function () {
  this.timeout(180_000);

  describe('a thousand anonymous feeds that never read', () => {
    let server: TestServer;
    let boardUrl: string;
    let contestant: string;
    let contestId: number;
    let feedPath: string;
    let submissions: number[];

    before(async () => {
      // The caps are raised here: this is about what the feeds cost once admitted.
      server = await startTestServer({ STREAMS_ANONYMOUS_PER_ADDRESS: '2000', STREAMS_ANONYMOUS_MAX: '2000', STREAMS_MAX: '3000', CCS_ANONYMOUS: 'all', CCS_FEED_POLL_MS: '500' });
      const room = await seedLiveRoom(server.services.db, 100, server.clock.now().getTime(), 'attack');
      contestId = room.contestId;
      submissions = room.submissionOf;
      contestant = room.tokens[0];
      boardUrl = `${server.url}/api/BangDan/AllResultList?contestId=${contestId}`;
      feedPath = `/api/ccs/contests/${contestId}/event-feed`;
      const judgedAt = server.clock.now();
      await server.services.db.updateTable('submissions').set({ status: 'AC', judged_at: judgedAt }).where('id', 'in', submissions.slice(0, 50)).execute();
    });
    after(() => server?.destroy());

    async function boardTimes(n: number): Promise<number[]> {
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        const res = await fetch(boardUrl, { headers: { Authorization: contestant } });
        assert.equal(res.status, 200);
        await res.arrayBuffer();
        times.push(performance.now() - t0);
      }
      return times;
    }

    it('leave the leaderboard within twice its median without them and the server’s memory bounded, while verdicts come in', async () => {
      // Verdicts keep coming in, with and without the feeds: each wakes every feed of the contest.
      let i = 50;
      const judging = setInterval(() => {
        const id = submissions[i++ % submissions.length];
        void server.services.db.updateTable('submissions').set({ status: i % 2 ? 'WA' : 'AC', judged_at: server.clock.now() }).where('id', '=', id).execute();
      }, 200);
      let feeds: StalledClient[] = [];
      try {
        await boardTimes(20); // warm up
        const idle = median(await boardTimes(150));
        // Garbage collected first at each reading: what is measured is what the feeds hold, not
        // when the collector last ran (147 MB was once read at load 10, most of it garbage).
        collectGarbage();
        const memoryBefore = process.memoryUsage();
        const listenersBefore = server.services.changes.listenerCount;
        feeds = await openStalled(server.url, feedPath, 1000);
        assert.deepEqual([...new Set(feeds.map((f) => f.status))], [200]);
        await sleep(1500);
        // A shared machine's hiccup can spoil one sample; feeds that really cost would spoil both.
        const during = Math.min(median(await boardTimes(150)), median(await boardTimes(150)));
        collectGarbage();
        const memoryDuring = process.memoryUsage();
        closeStalled(feeds);
        await sleep(500);
        // The machine is shared: the median without feeds is the worse of before and after them.
        const without = Math.max(idle, median(await boardTimes(150)));
        // Twice that, and a few ms of slack for a median of a few ms.
        const bound = Math.max(2 * without, without + 15);
        assert.ok(during <= bound, `leaderboard median ${during.toFixed(1)} ms with 1000 open feeds; without ${without.toFixed(1)} ms (bound ${bound.toFixed(1)} ms)`);
        const grown = memoryDuring.heapUsed + memoryDuring.external - (memoryBefore.heapUsed + memoryBefore.external);
        assert.ok(grown < 120 * 2 ** 20, `the server's memory grew by ${(grown / 2 ** 20).toFixed(0)} MB with 1000 feeds`);
        // One listener of the change feed for the contest's feeds, not one per feed.
        assert.ok(server.services.changes.listenerCount - listenersBefore <= 1, `${server.services.changes.listenerCount - listenersBefore} change listeners for 1000 feeds`);
      } finally {
        clearInterval(judging);
        closeStalled(feeds);
      }
    });
  });

  describe('caps on open streams', () => {
    let server: TestServer;
    let contestId: number;
    let feedPath: string;
    let alice: TestAccount;
    let bob: TestAccount;
    const open: StalledClient[] = [];
    const openFrom = async (address: string, headers: Record<string, string> = {}, path = feedPath) => {
      const [client] = await openStalled(server.url, path, 1, headers, address);
      open.push(client);
      return client;
    };

    before(async () => {
      server = await startTestServer({ STREAMS_ANONYMOUS_PER_ADDRESS: '3', STREAMS_ANONYMOUS_MAX: '5', STREAMS_PER_ACCOUNT: '2', STREAMS_MAX: '8' });
      const room = await seedLiveRoom(server.services.db, 3, server.clock.now().getTime(), 'caps');
      contestId = room.contestId;
      feedPath = `/api/ccs/contests/${contestId}/event-feed`;
      alice = await accountWithToken(server, { username: 'caps_alice' });
      bob = await accountWithToken(server, { username: 'caps_bob' });
    });
    after(async () => {
      closeStalled(open);
      await server?.destroy();
    });

    it('per address (429), anonymous streams together (503), per account (429) and in all (503), each with Retry-After', async () => {
      for (let i = 0; i < 3; i++) assert.equal((await openFrom('127.0.0.1')).status, 200);
      const perAddress = await openFrom('127.0.0.1');
      assert.equal(perAddress.status, 429, perAddress.head);
      assert.ok(Number(headerOf(perAddress.head, 'Retry-After')) >= 1, perAddress.head);
      for (let i = 0; i < 2; i++) assert.equal((await openFrom('127.0.0.2')).status, 200);
      const anonymous = await openFrom('127.0.0.3');
      assert.equal(anonymous.status, 503, anonymous.head);
      assert.ok(Number(headerOf(anonymous.head, 'Retry-After')) >= 1, anonymous.head);
      const asAlice = { Authorization: alice.api.token! };
      for (let i = 0; i < 2; i++) assert.equal((await openFrom('127.0.0.1', asAlice)).status, 200);
      const perAccount = await openFrom('127.0.0.1', asAlice);
      assert.equal(perAccount.status, 429, perAccount.head);
      assert.ok(Number(headerOf(perAccount.head, 'Retry-After')) >= 1, perAccount.head);
      // The live stream of /api/events counts per account too (its own count).
      assert.equal((await openFrom('127.0.0.1', asAlice, '/api/events')).status, 200);
      const all = await openFrom('127.0.0.4', { Authorization: bob.api.token! });
      assert.equal(all.status, 503, all.head);
      assert.ok(Number(headerOf(all.head, 'Retry-After')) >= 1, all.head);
      // A stream that closes frees its place.
      closeStalled(open.splice(0, 1));
      await sleep(300);
      assert.equal((await openFrom('127.0.0.4', { Authorization: bob.api.token! })).status, 200);
    });
  });

  describe('streams answer to their credentials', () => {
    let server: TestServer;
    let admin: TestAccount;
    let contestId: number;
    let start: number;
    let problemId: number;

    before(async () => {
      server = await startTestServer({ CCS_FEED_POLL_MS: '100' });
      admin = await adminAccount(server);
      start = server.clock.now().getTime() - 60 * MINUTE;
      const added = await admin.api.json('/api/contest/add', {
        title: 'Credentials Cup',
        startTimeStr: formatTime(new Date(start)),
        endTimeStr: formatTime(new Date(start + 120 * MINUTE)),
        freezeTimeStr: formatTime(new Date(start + 30 * MINUTE)),
      });
      contestId = added.data.id;
      const p = await admin.api.json('/api/admin/problem/add', { title: 'Creds A', memoryLimit: 64, timeLimit: 1000 });
      problemId = p.data.id;
      await admin.api.form('/api/contestProblem/addByProblemId', { contestId, problemId });
    });
    after(() => server?.destroy());

    /** A second administrator with a feed by token, a feed by Basic and a live stream open. */
    async function openAll(name: string) {
      const judge = await accountWithToken(server, { username: name, auth: 1, password: 'judge-pass-1' });
      const byToken = await LiveFeed.open(server.url, contestId, { token: judge.api.token! });
      const byBasic = await LiveFeed.open(server.url, contestId, { basic: [name, 'judge-pass-1'] });
      const live = await LiveClient.open(server.url, judge.api.token!, { contestId });
      assert.equal(byToken.status, 200);
      assert.equal(byBasic.status, 200);
      await live.until('hello', (c) => c.of('hello').length === 1);
      return { judge, byToken, byBasic, live };
    }

    async function liveClosedAt(live: LiveClient, ms = 5000): Promise<number> {
      const deadline = Date.now() + ms;
      while (!live.closed) {
        if (Date.now() > deadline) throw new Error('the live stream is still open');
        await sleep(10);
      }
      return Date.now();
    }

    async function assertClosedWithinASecond(streams: Awaited<ReturnType<typeof openAll>>, since: number, which: ('byToken' | 'byBasic' | 'live')[]) {
      for (const name of which) {
        const at = name === 'live' ? await liveClosedAt(streams.live) : await streams[name].ended();
        assert.ok(at - since <= 1000, `${name} closed ${at - since} ms after the change`);
      }
    }

    it('revoking the token (logout) closes the token’s feed and live stream within a second', async () => {
      const streams = await openAll('creds_revoked');
      const t0 = Date.now();
      assert.equal((await streams.judge.api.json('/api/user/logout', {})).code, 0);
      await assertClosedWithinASecond(streams, t0, ['byToken', 'live']);
      await streams.byBasic.close();
    });

    it('a password change closes its feeds (token and Basic) and live stream within a second', async () => {
      const streams = await openAll('creds_password');
      const t0 = Date.now();
      const r = await admin.api.json('/api/user/updateUserPwd', { id: streams.judge.id, password: 'new-pass-123', confirmPassword: 'new-pass-123' });
      assert.equal(r.code, 0, r.message);
      await assertClosedWithinASecond(streams, t0, ['byToken', 'byBasic', 'live']);
    });

    it('demoting closes the feeds and live stream within a second; the demoted account’s new stream hears no administrator’s news', async () => {
      const streams = await openAll('creds_demoted');
      const contestant = await accountWithToken(server, { username: 'creds_contestant' });
      await admin.api.json('/api/contestRecord/add', { contestId, userId: contestant.id });
      const t0 = Date.now();
      const r = await admin.api.json('/api/user/updateUser', { id: streams.judge.id, username: 'creds_demoted', email: streams.judge.email, nickname: 'x', gender: 'male', auth: 0 });
      assert.equal(r.code, 0, r.message);
      await assertClosedWithinASecond(streams, t0, ['byToken', 'byBasic', 'live']);
      // Reconnecting: with what the account may still see (or refused, once demotion revokes tokens).
      const res = await fetch(`${server.url}/api/events`, { headers: { Authorization: streams.judge.api.token! } });
      await res.body?.cancel();
      if (res.status !== 200) return;
      const again = await LiveClient.open(server.url, streams.judge.api.token!);
      const watcher = await LiveClient.open(server.url, admin.api.token!);
      await again.until('hello', (c) => c.of('hello').length === 1);
      await watcher.until('hello', (c) => c.of('hello').length === 1);
      await server.services.db
        .insertInto('submissions')
        .values({ user_id: contestant.id, problem_id: problemId, contest_id: contestId, language: 'cpp', code: '//', status: 'PD', tests: '[]', created_at: server.clock.now() })
        .execute();
      await watcher.until("the contestant's submission", (c) => c.of('submission').length > 0);
      await sleep(500);
      assert.deepEqual(again.of('submission'), []);
      again.close();
      watcher.close();
    });
  });

  describe("a contestant's stream and another's hidden verdict", () => {
    let server: TestServer;
    let admin: TestAccount;
    let alice: TestAccount;
    let bob: TestAccount;
    let carol: TestAccount;
    let contestId: number;
    let problemId: number;

    before(async () => {
      server = await startTestServer({});
      admin = await adminAccount(server);
      const start = server.clock.now().getTime() - 60 * MINUTE;
      const added = await admin.api.json('/api/contest/add', {
        title: 'Hidden Cup',
        startTimeStr: formatTime(new Date(start)),
        endTimeStr: formatTime(new Date(start + 120 * MINUTE)),
        freezeTimeStr: formatTime(new Date(start + 30 * MINUTE)),
      });
      contestId = added.data.id;
      const p = await admin.api.json('/api/admin/problem/add', { title: 'Hidden A', memoryLimit: 64, timeLimit: 1000 });
      problemId = p.data.id;
      await admin.api.form('/api/contestProblem/addByProblemId', { contestId, problemId });
      alice = await accountWithToken(server, { username: 'hidden_alice' });
      bob = await accountWithToken(server, { username: 'hidden_bob' });
      carol = await accountWithToken(server, { username: 'hidden_carol' });
      for (const user of [alice, bob, carol]) await admin.api.json('/api/contestRecord/add', { contestId, userId: user.id });
    });
    after(() => server?.destroy());

    /** Alice's and Bob's streams around Carol's post-freeze submission judged through `steps`, then a contest edit everyone hears. */
    async function observe(steps: { status: string; judging_test: number | null }[], title: string): Promise<string[]> {
      const judges = await LiveClient.open(server.url, admin.api.token!, { contestId });
      const watchers = [await LiveClient.open(server.url, alice.api.token!, { contestId }), await LiveClient.open(server.url, bob.api.token!, { contestId })];
      for (const c of [judges, ...watchers]) await c.until('hello', (x) => x.of('hello').length === 1);
      const { db } = server.services;
      const row = await db
        .insertInto('submissions')
        .values({ user_id: carol.id, problem_id: problemId, contest_id: contestId, language: 'cpp', code: '//', status: 'PD', tests: '[]', created_at: server.clock.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      let seen = 1;
      await judges.until('the new submission', (c) => c.of('submission').length >= seen);
      for (const step of steps) {
        await db.updateTable('submissions').set({ ...step, judged_at: step.judging_test === null ? server.clock.now() : null }).where('id', '=', row.id).execute();
        seen++;
        await judges.until(`step ${step.status}`, (c) => c.of('submission').length >= seen);
      }
      await sleep(1200); // the board's news, at most once a second
      await db.updateTable('contests').set({ title }).where('id', '=', contestId).execute();
      for (const c of watchers) await c.until('the contest edit', (x) => x.of('contest').length >= 1);
      await sleep(300);
      const raw = watchers.map((c) => JSON.stringify(c.idsAndEvents()));
      for (const c of [judges, ...watchers]) c.close();
      return raw;
    }

    it('shows Alice and Bob the same ids and events whether Carol’s hidden verdict ran every test (AC) or stopped at the first (WA)', async () => {
      const accepted = await observe(
        [...[1, 2, 3, 4].map((n) => ({ status: 'JG', judging_test: n as number | null })), { status: 'AC', judging_test: null }],
        'Hidden Cup (1)',
      );
      const wrong = await observe([{ status: 'JG', judging_test: 1 }, { status: 'WA', judging_test: null }], 'Hidden Cup (2)');
      assert.deepEqual(wrong, accepted);
    });
  });
});
