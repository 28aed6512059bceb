// GET /metrics (docs/operations.md, "Metrics"): off unless configured, a bearer token when set,
// Prometheus's text format, request latencies by route pattern, and the queue, judge, pool,
// stream and event-loop figures a dashboard needs.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { loadConfig } from '@verdict/server/internal/config';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const TOKEN = 'metrics-token-0123456789';

/** Every sample line of a Prometheus text exposition: name, labels and value. */
function samples(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  const out = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    assert.ok(m, `not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[k] = v;
    const value = Number(m[3] === '+Inf' ? Infinity : m[3]);
    assert.ok(!Number.isNaN(value), line);
    out.push({ name: m[1], labels, value });
  }
  return out;
}

describe('metrics (GET /metrics)', function () {
  this.timeout(60_000);
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ METRICS_TOKEN: TOKEN });
  });
  after(async () => server?.destroy());

  it('is off by default: a 404 naming the setting, never the web app', async () => {
    const off = await startTestServer();
    try {
      const res = await fetch(`${off.url}/metrics`);
      assert.equal(res.status, 404);
      assert.match(await res.text(), /METRICS_TOKEN/);
    } finally {
      await off.destroy();
    }
  });

  it('needs the bearer token when one is set', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await fetch(`${server.url}/metrics`, { headers: authorization ? { authorization } : {} });
      assert.equal(res.status, 401, String(authorization));
      assert.match(res.headers.get('www-authenticate') ?? '', /^Bearer/);
      await res.text();
    }
  });

  it('refuses settings that contradict each other or a short token', () => {
    assert.throws(() => loadConfig({ METRICS: 'off', METRICS_TOKEN: TOKEN }), /contradicts/);
    assert.throws(() => loadConfig({ METRICS_TOKEN: 'short' }), /at least 16/);
    assert.throws(() => loadConfig({ METRICS: 'sometimes' }), /METRICS must be/);
    assert.equal(loadConfig({ METRICS: 'open' }).metrics.kind, 'open');
  });

  it('gives route latencies by pattern, queue, judge, pool, stream and event-loop figures', async () => {
    for (let i = 0; i < 3; i++) await (await fetch(`${server.url}/api/health`)).text();
    await (await fetch(`${server.url}/api/no/such/route/${Math.random()}`)).text();
    // A queued submission 90 s old, as the queue would hold it.
    const { db } = server.services;
    const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const problem = await db.insertInto('problems').values({ title: 'metrics', time_limit: 1000, memory_limit: 256, package_hash: null, pdf_hash: null, created_at: new Date() }).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('submissions')
      .values({ user_id: admin.id, problem_id: problem.id, contest_id: null, template_id: null, language: 'cpp', code: 'int main(){}', files: null, groups: null, tests: JSON.stringify([]), package_hash: null, created_at: sql<Date>`now() - interval '90 seconds'`, judged_at: null, judge_started_at: null, timings: null, judging_test: null })
      .execute();
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    const all = samples(await res.text());
    const one = (name: string, labels: Record<string, string> = {}) => all.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
    const health = one('verdict_http_request_duration_seconds_count', { route: '/api/health', method: 'GET', status: '200' });
    assert.ok(health && health.value >= 3, 'requests counted by route pattern');
    assert.ok(one('verdict_http_request_duration_seconds_count', { route: 'unmatched', status: '404' }), 'unknown paths share one label');
    assert.ok(!all.some((s) => (s.labels.route ?? '').includes('/no/such/')), 'no raw path as a label');
    assert.ok(one('verdict_queue_records', { status: 'JG' }));
    assert.equal(one('verdict_queue_records', { status: 'PD' })?.value, 1);
    assert.ok((one('verdict_queue_oldest_wait_seconds')?.value ?? 0) >= 89);
    assert.equal(one('verdict_submissions', { language: 'cpp', status: 'PD' })?.value, 1);
    assert.ok(one('verdict_queue_wait_seconds', { quantile: '0.99' }));
    assert.ok(one('verdict_judging_seconds', { quantile: '0.5' }));
    assert.ok(one('verdict_judge_workers', { state: 'capacity' }));
    assert.ok(one('verdict_db_pool_connections', { state: 'total' }));
    assert.ok(one('verdict_open_streams', { kind: 'live' }));
    assert.ok(one('nodejs_eventloop_lag_p99_seconds'), 'the event loop lag');
  });
});
