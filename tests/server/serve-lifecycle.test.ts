// `verdict serve` from start to stop as an operator's load balancer and orchestrator see it,
// a real process and real signals (docs/operations.md, "Health, readiness and stopping"):
// GET /api/ready answers 503 until the database is migrated and the judge takes jobs (and
// while the judge process restarts), GET /api/health answers throughout; a submit sent the
// moment a restarted server listens, on a loaded machine, replies within SUBMIT_WAIT_MS; on
// SIGTERM it stops accepting, answers a waiting submit with its record and exits within 10 s.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { SHUTDOWN_LIMIT_MS } from '@verdict/server/internal/server';
import { Api } from '../helpers/api.ts';
import { commandOf, descendantsOf, isAlive, sleep, spawnVerdict, waitFor, type ClusterData, type VerdictProcess } from '../helpers/processes.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addSlowSumProblem, SUM_AC } from '../helpers/slow-sum.ts';
import { accountWithToken } from '../helpers/tokens.ts';

/** A port nothing listens on now (the test must know it before the server says it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** GET a route; the HTTP status and message, or 'refused' when no connection could be made. */
async function probe(url: string): Promise<{ status: number | 'refused'; message: string }> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    return { status: res.status, message: body.message ?? '' };
  } catch {
    return { status: 'refused', message: '' };
  }
}

/** Busy loops, one per core: the load a contest's first minutes put on the host. */
function busyLoops(n: number): { stop(): void } {
  const loops: ChildProcess[] = [];
  for (let i = 0; i < n; i++) loops.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  return { stop: () => loops.forEach((l) => l.kill('SIGKILL')) };
}

// The judge process runs judge-process-entry.mjs from the sources, judge-process.js from the build (dist/cli).
const judgeProcessOf = (pid: number) => descendantsOf(pid).find((p) => /judge-process(?:-entry\.mjs|\.js)/.test(fs.readFileSync(`/proc/${p}/cmdline`, 'utf8')));

describe('verdict serve: readiness, bounded submits, bounded stop @slow', function () {
  this.timeout(240_000);
  let setup: TestServer & { databaseUrl?: string };
  let data: ClusterData;
  let token: string;
  let problemId: number;
  const processes: VerdictProcess[] = [];

  before(async () => {
    // The data (an administrator, a 3-test problem) made by an in-process server, then left to `verdict serve`.
    setup = await startTestServer({ JUDGE_WORKERS: '0' });
    const admin = await accountWithToken(setup, { auth: 1 });
    token = admin.api.token!;
    problemId = await addSlowSumProblem(setup);
    await setup.close();
    data = { dataDir: setup.dataDir, databaseUrl: setup.databaseUrl };
  });

  after(async () => {
    for (const p of processes) await p.kill('SIGKILL');
    await setup?.destroy();
  });

  async function serve(env: Record<string, string>): Promise<{ port: number; api: Api; started: Promise<VerdictProcess> }> {
    const port = await freePort();
    const started = spawnVerdict('serve', data, { PORT: String(port), ...env });
    started.then((p) => processes.push(p), () => undefined);
    return { port, api: new Api(`http://127.0.0.1:${port}`).withToken(token), started };
  }

  it('answers /api/ready 503 until it can judge and while its judge process restarts, /api/health 200 throughout; says when it is ready', async () => {
    const { api, started } = await serve({ JUDGE_WORKERS: '1', LOG_LEVEL: 'info' });
    let process: VerdictProcess | undefined;
    void started.then((p) => (process = p));
    const seen: string[] = [];
    let outputAtReady = '';
    for (const deadline = Date.now() + 120_000; Date.now() < deadline; await sleep(50)) {
      const [health, ready] = await Promise.all([probe(`${api.baseUrl}/api/health`), probe(`${api.baseUrl}/api/ready`)]);
      seen.push(`health ${health.status}, ready ${ready.status} ${ready.message}`);
      if (ready.status === 200) break;
      assert.ok(ready.status === 'refused' || ready.status === 503, seen.at(-1));
    }
    const server = process ?? (await started);
    outputAtReady = server.output();
    assert.equal(seen.at(-1), 'health 200, ready 200 success', seen.slice(-5).join('\n'));
    assert.ok(seen.includes('health 200, ready 503 Not ready: the server is starting.'), `listening before it is ready, and saying so:\n${[...new Set(seen)].join('\n')}`);
    assert.match(outputAtReady, /judge process started/, 'ready only once the judge process takes jobs');
    assert.match(outputAtReady, /Verdict is running at http:\S+ .*and ready/);
    assert.match(outputAtReady, /"msg":"Verdict is ready"/);
    const ready = await api.get('/api/ready');
    assert.deepEqual(ready.data, { status: 'ready', store: data.databaseUrl ? 'postgresql' : 'pglite', judgeWorkers: 1 });

    // The judge process dies: not ready until it is back, alive all along.
    const judgePid = judgeProcessOf(server.child.pid!);
    assert.ok(judgePid, 'a judge process');
    global.process.kill(judgePid, 'SIGKILL');
    const during: string[] = [];
    await waitFor(
      'ready again after the judge process restarted',
      async () => {
        const [health, ready] = await Promise.all([probe(`${api.baseUrl}/api/health`), probe(`${api.baseUrl}/api/ready`)]);
        during.push(`health ${health.status}, ready ${ready.status} ${ready.message}`);
        return ready.status === 200 && during.length > 1 ? true : undefined;
      },
      60_000,
      25,
    );
    assert.ok(during.includes('health 200, ready 503 Not ready: the judge process is restarting.'), [...new Set(during)].join('\n'));
    assert.ok(during.every((d) => d.startsWith('health 200')), [...new Set(during)].join('\n'));
    await server.kill('SIGTERM');
  });

  it('on SIGTERM stops accepting, answers a waiting submit with its record, and exits within 10 s with its judge', async function () {
    const { api, started } = await serve({ JUDGE_WORKERS: '1', SUBMIT_WAIT_MS: '120000' });
    const server = await started;
    const judgePid = judgeProcessOf(server.child.pid!)!;
    // About 4 s a test, 3 tests: still judging when the signal comes.
    const submitted = api.json('/api/submit', { problemId, language: 'python3', code: `import time\ntime.sleep(4)\n${SUM_AC}` });
    // Stored and being judged (a sandbox under the judge process alone can be its first probe of
    // the toolchains, before the submission is even stored: then its submit is refused with a 503).
    const sandboxes = await waitFor(
      'the submission judged in a sandbox',
      async () => {
        const list = await api.get('/api/JudgeRecord/list');
        if (list.data?.[0]?.judgeResult !== 'JG') return undefined;
        const found = descendantsOf(judgePid).filter((pid) => commandOf(pid) === 'bwrap');
        return found.length ? found : undefined;
      },
      60_000,
      20,
    );
    const exited = new Promise<number>((resolve) => server.child.once('exit', () => resolve(Date.now())));
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const reply = await submitted.catch((err: Error) => {
      throw new Error(`the waiting submit got no reply (${err.message}: ${(err.cause as Error | undefined)?.message}); the server said:\n${server.output().slice(-3000)}`);
    });
    const repliedAt = Date.now();
    assert.equal(reply.code, 0, reply.message);
    assert.ok(['PD', 'JG'].includes(reply.data.judgeResult), reply.data.judgeResult);
    assert.ok(reply.data.id > 0);
    assert.ok(repliedAt - signalledAt < 5000, `the waiting submit was answered ${repliedAt - signalledAt} ms after SIGTERM`);
    assert.equal((await probe(`${api.baseUrl}/api/health`)).status, 'refused', 'no new connection is taken once stopping');
    const exitedAt = await Promise.race([exited, sleep(SHUTDOWN_LIMIT_MS + 5000).then(() => 0)]);
    assert.ok(exitedAt > 0 && exitedAt - signalledAt <= SHUTDOWN_LIMIT_MS + 1000, `exited ${exitedAt ? exitedAt - signalledAt : 'never'} ms after SIGTERM:\n${server.output().slice(-2000)}`);
    assert.equal(server.child.exitCode, 0, server.output().slice(-2000));
    await waitFor('the judge process and its sandboxes gone', async () => ([judgePid, ...sandboxes].some(isAlive) ? undefined : true), 5000);
  });

  it('a submit sent the moment a restarted server listens, on a loaded host, replies within SUBMIT_WAIT_MS', async () => {
    const waitMs = 5000;
    const load = busyLoops(2);
    try {
      const { api, started } = await serve({ JUDGE_WORKERS: '1', SUBMIT_WAIT_MS: String(waitMs) });
      started.catch(() => undefined);
      await waitFor('the port open', async () => ((await probe(`${api.baseUrl}/api/health`)).status === 200 ? true : undefined), 120_000, 20);
      const sentAt = Date.now();
      const reply = await api.json('/api/submit', { problemId, language: 'python3', code: SUM_AC });
      const took = Date.now() - sentAt;
      assert.equal(reply.code, 0, reply.message);
      // The margin is for storing the record on a host with both cores busy.
      assert.ok(took <= waitMs + 5000, `the reply took ${took} ms (SUBMIT_WAIT_MS ${waitMs})`);
      await (await started).kill('SIGTERM');
    } finally {
      load.stop();
    }
  });
});
