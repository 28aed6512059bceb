// Time on the server's clock: the services read Services.clock, so a test moves it forward
// instead of sleeping or rewriting timestamps. A contest opens at its start, a login block lifts
// after its window and a token dies after its lifetime, each as the clock passes them.
import assert from 'node:assert/strict';
import { TOKEN_TTL_MS } from '@verdict/server/internal/modules/accounts/tokens';
import { MAX_FAILURES_PER_USER, WINDOW_MS } from '@verdict/server/internal/modules/accounts/rate-limit';
import { dataOf } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { formatServerTime } from '../../web/src/lib/time.ts';

describe("the server's clock", function () {
  this.timeout(60_000);
  let server: TestServer;
  let alice: TestAccount;

  before(async () => {
    server = await startTestServer({ CAPTCHA: 'off' });
    alice = await accountWithToken(server, { username: 'clock_alice', password: 'alice-pass' });
  });
  after(() => server?.destroy());

  const login = (password: string) => alice.api.withToken(null).form('/api/user/login', { username: alice.username, password });

  it('opens a contest problem when the clock reaches the start', async () => {
    const admin = await adminAccount(server);
    const problem = dataOf(await admin.api.json('/api/admin/problem/add', { title: 'Later', memoryLimit: 256, timeLimit: 1000 }), 'add problem');
    const start = server.clock.now().getTime() + 3_600_000;
    const contest = dataOf(
      await admin.api.json('/api/contest/add', { title: 'Later Cup', startTimeStr: formatServerTime(start), endTimeStr: formatServerTime(start + 3_600_000) }),
      'add contest',
    );
    dataOf(await admin.api.form('/api/contestProblem/addByProblemId', { problemId: problem.id, contestId: contest.id }), 'add problem');
    dataOf(await admin.api.json('/api/contestRecord/add', { contestId: contest.id, userId: alice.id }), 'add member');
    const read = () => alice.api.get('/api/problem/statement', { problemId: problem.id, contestId: contest.id });
    assert.equal((await read()).message, 'The contest has not started yet.');
    server.clock.advance(3_600_000 + 1000);
    assert.equal((await read()).code, 0);
  });

  it('lifts a login block when its window has passed', async () => {
    for (let i = 0; i < MAX_FAILURES_PER_USER; i++) assert.equal((await login('wrong-pass')).status, 401);
    assert.equal((await login('alice-pass')).status, 429, 'blocked, even with the right password');
    server.clock.advance(WINDOW_MS + 1000);
    assert.equal((await login('alice-pass')).code, 0);
  });

  it('ends a token when its lifetime has passed', async () => {
    const fresh = dataOf(await login('alice-pass'), 'login').token;
    const me = alice.api.withToken(fresh);
    assert.equal((await me.get('/api/user/userInfo')).code, 0);
    server.clock.advance(TOKEN_TTL_MS - 60_000);
    assert.equal((await me.get('/api/user/userInfo')).code, 0, 'still within its lifetime');
    server.clock.advance(120_000);
    assert.equal((await me.get('/api/user/userInfo')).status, 401);
  });
});
