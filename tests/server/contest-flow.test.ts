import assert from 'node:assert/strict';
import { formatTime } from '@verdict/server/internal/common/wire';
import { DomainError } from '@verdict/server/errors';
import { assertCanOpenContestProblem } from '@verdict/server/internal/modules/contests/contest-access';
import { Api } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';

const HOUR = 3600_000;
const at = (offsetMs: number) => formatTime(new Date(Date.now() + offsetMs));
const NOT_STARTED = 'The contest has not started yet.';
const ENDED = 'The contest has ended.';
const NOT_MEMBER = 'You are not a participant of this contest';

describe('user contest flow', () => {
  let server: TestServer;
  let admin: TestAccount;
  let alice: TestAccount;
  let bob: TestAccount;
  const contest: Record<'running' | 'upcoming' | 'ended', number> = { running: 0, upcoming: 0, ended: 0 };
  const problem: Record<'running' | 'upcoming' | 'ended', number> = { running: 0, upcoming: 0, ended: 0 };

  before(async () => {
    server = await startTestServer();
    admin = await adminAccount(server);
    alice = await accountWithToken(server, { username: 'alice' });
    bob = await accountWithToken(server, { username: 'bob' });
    const windows = { running: [-HOUR, HOUR], upcoming: [HOUR, 2 * HOUR], ended: [-2 * HOUR, -HOUR] } as const;
    for (const kind of ['running', 'upcoming', 'ended'] as const) {
      const [start, end] = windows[kind];
      const c = await admin.api.json('/api/contest/add', { title: `${kind} cup`, startTimeStr: at(start), endTimeStr: at(end) });
      assert.equal(c.code, 0, c.message);
      contest[kind] = c.data.id;
      const p = await admin.api.json('/api/admin/problem/add', { title: `${kind} problem`, memoryLimit: 64, timeLimit: 1000, statement: `Statement of ${kind}` });
      problem[kind] = p.data.id;
      await admin.api.form('/api/contestProblem/addByProblemId', { contestId: c.data.id, problemId: p.data.id });
      await admin.api.json('/api/contestRecord/add', { contestId: c.data.id, userId: alice.id });
    }
  });
  after(() => server?.destroy());

  describe('GET /api/contest/findByUserId', () => {
    it("lists a user's own contests ascending by id", async () => {
      const r = await alice.api.get('/api/contest/findByUserId', { username: 'alice' });
      assert.equal(r.code, 0, r.message);
      assert.deepEqual(r.data.map((c) => c.title), ['running cup', 'upcoming cup', 'ended cup']);
      // The spec's fields, and the freeze state and server clock (issue 16) and scoring rule (issue 15) and showAllTests (issue 17) added beside them.
      assert.deepEqual(Object.keys(r.data[0]).sort(), ['createTime', 'endTime', 'freezeTime', 'frozen', 'id', 'scoringRule', 'serverTime', 'showAllTests', 'startTime', 'thawTime', 'title']);
      assert.deepEqual((await bob.api.get('/api/contest/findByUserId', { username: 'bob' })).data, []);
    });

    it("refuses another user's contests, but an admin may ask", async () => {
      const r = await bob.api.get('/api/contest/findByUserId', { username: 'alice' });
      assert.equal(r.status, 403);
      assert.equal(r.message, 'You can only see your own contests');
      assert.equal((await admin.api.get('/api/contest/findByUserId', { username: 'alice' })).data.length, 3);
      assert.equal((await admin.api.get('/api/contest/findByUserId', { username: 'ghost' })).status, 404);
    });

    it('refuses no token, a missing username and extra fields', async () => {
      assert.equal((await new Api(server.url).get('/api/contest/findByUserId', { username: 'alice' })).status, 401);
      assert.equal((await alice.api.get('/api/contest/findByUserId')).message, 'Username cannot be empty!');
      assert.equal((await alice.api.get('/api/contest/findByUserId', { username: 'alice', page: 2 })).message, 'Unknown field: page');
    });
  });

  describe('POST /api/contest/findByTitle and GET /api/contest/ContestInfo', () => {
    it('give a member the contest', async () => {
      const r = await alice.api.form('/api/contest/findByTitle', { title: 'running cup' });
      assert.equal(r.code, 0, r.message);
      assert.equal(r.data.id, contest.running);
      const info = await alice.api.get('/api/contest/ContestInfo', { contestId: contest.upcoming });
      assert.equal(info.data.title, 'upcoming cup');
    });

    it('refuse a non-member, and answer unknown contests with 404', async () => {
      const r = await bob.api.form('/api/contest/findByTitle', { title: 'running cup' });
      assert.equal(r.status, 403);
      assert.equal(r.message, NOT_MEMBER);
      assert.equal((await bob.api.get('/api/contest/ContestInfo', { contestId: contest.running })).message, NOT_MEMBER);
      assert.equal((await alice.api.form('/api/contest/findByTitle', { title: 'nope' })).status, 404);
      assert.equal((await alice.api.get('/api/contest/ContestInfo', { contestId: 999999 })).message, 'No such contest');
    });

    it('give an admin any contest', async () => {
      assert.equal((await admin.api.form('/api/contest/findByTitle', { title: 'ended cup' })).data.id, contest.ended);
    });

    it('refuse no token and bad fields', async () => {
      assert.equal((await new Api(server.url).form('/api/contest/findByTitle', { title: 'running cup' })).status, 401);
      assert.equal((await new Api(server.url).get('/api/contest/ContestInfo', { contestId: 1 })).status, 401);
      assert.equal((await alice.api.form('/api/contest/findByTitle', {})).message, 'Please input the title');
      assert.equal((await alice.api.get('/api/contest/ContestInfo', { contestId: 'x' })).message, 'contestId must be a positive integer');
    });
  });

  describe('GET /api/contestProblem/list', () => {
    it('lists problems to members before the start without their titles, which administrators see', async () => {
      const r = await alice.api.get('/api/contestProblem/list', { contestId: contest.upcoming });
      assert.deepEqual(r.data.map((p) => [p.letter, p.title]), [['A', '']]);
      const asAdmin = await admin.api.get('/api/contestProblem/list', { contestId: contest.upcoming });
      assert.deepEqual(asAdmin.data.map((p) => [p.letter, p.title]), [['A', 'upcoming problem']]);
      const running = await alice.api.get('/api/contestProblem/list', { contestId: contest.running });
      assert.deepEqual(running.data.map((p) => [p.letter, p.title]), [['A', 'running problem']]);
    });

    it('refuses non-members and no token', async () => {
      const r = await bob.api.get('/api/contestProblem/list', { contestId: contest.running });
      assert.equal(r.status, 403);
      assert.equal(r.message, NOT_MEMBER);
      assert.equal((await new Api(server.url).get('/api/contestProblem/list', { contestId: contest.running })).status, 401);
    });
  });

  describe('reading a problem as a user', () => {
    it('works for a problem of a started contest the user is in', async () => {
      const r = await alice.api.form('/api/admin/problem/findByTitle2', { prob_title: 'running problem' });
      assert.equal(r.code, 0, r.message);
      assert.deepEqual([r.data.title, r.data.timeLimit, r.data.memoryLimit, r.data.statement], ['running problem', 1000, 64, 'Statement of running']);
      const s = await alice.api.get('/api/problem/statement', { problemId: problem.ended, contestId: contest.ended });
      assert.equal(s.data.statement, 'Statement of ended');
    });

    it('is refused before the start (by title as if the title did not exist: issue 26)', async () => {
      const r = await alice.api.form('/api/admin/problem/findByTitle2', { prob_title: 'upcoming problem' });
      assert.equal(r.status, 404);
      assert.equal(r.message, 'No such problem');
      const s = await alice.api.get('/api/problem/statement', { problemId: problem.upcoming, contestId: contest.upcoming });
      assert.equal(s.message, NOT_STARTED);
    });

    it('is refused to a non-member and for a problem outside the named contest', async () => {
      assert.equal((await bob.api.form('/api/admin/problem/findByTitle2', { prob_title: 'running problem' })).status, 404);
      assert.equal((await bob.api.get('/api/problem/statement', { problemId: problem.running, contestId: contest.running })).message, NOT_MEMBER);
      const elsewhere = await alice.api.get('/api/problem/statement', { problemId: problem.ended, contestId: contest.running });
      assert.equal(elsewhere.status, 404);
      assert.equal(elsewhere.message, 'No such problem in this contest');
    });
  });

  describe('assertCanOpenContestProblem (for submissions)', () => {
    const attempt = async (who: TestAccount, kind: 'running' | 'upcoming' | 'ended', problemKind = kind) => {
      try {
        await assertCanOpenContestProblem(server.services.db, who, contest[kind], problem[problemKind], server.clock.now());
        return 'ok';
      } catch (err) {
        assert.ok(err instanceof DomainError, String(err));
        return err.message;
      }
    };

    it('lets a member in only while the contest runs', async () => {
      assert.equal(await attempt(alice, 'running'), 'ok');
      assert.equal(await attempt(alice, 'upcoming'), NOT_STARTED);
      assert.equal(await attempt(alice, 'ended'), ENDED);
    });

    it('refuses non-members and problems of another contest', async () => {
      assert.equal(await attempt(bob, 'running'), NOT_MEMBER);
      assert.equal(await attempt(alice, 'running', 'ended'), 'No such problem in this contest');
    });

    it('lets an admin in at any time', async () => {
      assert.equal(await attempt(admin, 'ended'), 'ok');
      assert.equal(await attempt(admin, 'upcoming'), 'ok');
    });
  });
});
