// Prometheus metrics of one server process (GET /metrics, docs/operations.md "Metrics"). What
// the process sees itself (request latencies, its streams, its database pool, its event loop)
// is measured as it happens; what every process shares (the queue, the judges, the verdicts) is
// read from the database when Prometheus scrapes, so any API process answers for all of them.
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import client from 'prom-client';
import type { MetricsAccess } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

/** Counts of this process's long-lived streams, read at each scrape. */
export type StreamCounts = () => Record<string, number>;

const WAITING = ['PD', 'JG'];
/** The window over which queue waits and judging times are summarised. */
const RECENT_SECONDS = 600;

export class Metrics {
  readonly registry = new client.Registry();
  private readonly requests: client.Histogram<'method' | 'route' | 'status'>;
  private streamCounts: StreamCounts = () => ({});

  constructor(
    readonly access: MetricsAccess,
    private readonly database: Database,
    private readonly db: Kysely<DB>,
  ) {
    const registers = [this.registry];
    // Process figures, the event loop's lag (nodejs_eventloop_lag_*) among them.
    client.collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    this.requests = new client.Histogram({
      name: 'verdict_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern (not the raw path), method and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    const pool = this.database.pool;
    new client.Gauge({
      name: 'verdict_db_pool_connections',
      help: "This process's database connections by state (waiting: requests waiting for one)",
      labelNames: ['state'],
      registers,
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    const streams = () => this.streamCounts();
    new client.Gauge({
      name: 'verdict_open_streams',
      help: "This process's open long-lived streams by kind (live updates, Contest API event feeds)",
      labelNames: ['kind'],
      registers,
      collect() {
        for (const [kind, count] of Object.entries(streams())) this.set({ kind }, count);
      },
    });
    this.databaseGauges(registers);
  }

  /** Where the stream counts come from (the live-updates hub and the event feeds). */
  countStreams(counts: StreamCounts): void {
    this.streamCounts = counts;
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requests.observe({ method, route, status: String(status) }, seconds);
  }

  /** True when `authorization` (the request's header) may read the metrics. */
  allows(authorization: string | undefined): boolean {
    if (this.access.kind === 'open') return true;
    if (this.access.kind === 'off') return false;
    const given = Buffer.from(/^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim() ?? '');
    const expected = Buffer.from(this.access.token);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  }

  async text(): Promise<string> {
    return this.registry.metrics();
  }

  /** Figures every process shares, read from the database at each scrape. */
  private databaseGauges(registers: client.Registry[]): void {
    const db = this.db;
    new client.Gauge({
      name: 'verdict_queue_records',
      help: 'Submissions waiting for a verdict, by status (PD: queued, JG: being judged)',
      labelNames: ['status'],
      registers,
      async collect() {
        const rows = await db.selectFrom('submissions').select(['status', (eb) => eb.fn.countAll<string>().as('n')]).where('status', 'in', WAITING).groupBy('status').execute();
        for (const status of WAITING) this.set({ status }, Number(rows.find((r) => r.status === status)?.n ?? 0));
      },
    });
    new client.Gauge({
      name: 'verdict_queue_oldest_wait_seconds',
      help: 'How long the oldest queued (PD) submission has waited',
      registers,
      async collect() {
        const { rows } = await sql<{ s: string | null }>`select extract(epoch from now() - min(created_at)) as s from submissions where status = 'PD'`.execute(db);
        this.set(Math.max(0, Number(rows[0]?.s ?? 0)));
      },
    });
    new client.Gauge({
      name: 'verdict_queue_wait_seconds',
      help: `Wait from submission to the start of judging, over the submissions judged in the last ${RECENT_SECONDS} s (quantile 0.5, 0.99, 1)`,
      labelNames: ['quantile'],
      registers,
      async collect() {
        await setQuantiles(this, db, sql`judge_started_at - created_at`, sql`judge_started_at`);
      },
    });
    new client.Gauge({
      name: 'verdict_judging_seconds',
      help: `Time to judge a submission, over those judged in the last ${RECENT_SECONDS} s (quantile 0.5, 0.99, 1)`,
      labelNames: ['quantile'],
      registers,
      async collect() {
        await setQuantiles(this, db, sql`judged_at - judge_started_at`, sql`judged_at`);
      },
    });
    new client.Gauge({
      name: 'verdict_submissions',
      help: 'Submissions stored, by language and verdict (status)',
      labelNames: ['language', 'status'],
      registers,
      async collect() {
        this.reset();
        const rows = await db.selectFrom('submissions').select(['language', 'status', (eb) => eb.fn.countAll<string>().as('n')]).groupBy(['language', 'status']).execute();
        for (const r of rows) this.set({ language: r.language, status: r.status }, Number(r.n));
      },
    });
    new client.Gauge({
      name: 'verdict_judge_workers',
      help: 'Judge workers of live judging processes (capacity), and how many submissions are being judged (busy)',
      labelNames: ['state'],
      registers,
      async collect() {
        const { rows } = await sql<{ capacity: string | null; busy: string }>`
          select (select sum(workers) from judge_workers where heartbeat_at > now() - interval '30 seconds') as capacity,
                 (select count(*) from submissions where status = 'JG') as busy`.execute(db);
        this.set({ state: 'capacity' }, Number(rows[0]?.capacity ?? 0));
        this.set({ state: 'busy' }, Number(rows[0]?.busy ?? 0));
      },
    });
  }
}

async function setQuantiles(gauge: client.Gauge<'quantile'>, db: Kysely<DB>, span: ReturnType<typeof sql>, at: ReturnType<typeof sql>): Promise<void> {
  const { rows } = await sql<{ p50: number | null; p99: number | null; max: number | null }>`
    select extract(epoch from percentile_cont(0.5) within group (order by ${span})) as p50,
           extract(epoch from percentile_cont(0.99) within group (order by ${span})) as p99,
           extract(epoch from max(${span})) as max
      from submissions
     where ${at} > now() - make_interval(secs => ${RECENT_SECONDS}) and judge_started_at is not null and judged_at is not null`.execute(db);
  const row = rows[0];
  gauge.set({ quantile: '0.5' }, Number(row?.p50 ?? 0));
  gauge.set({ quantile: '0.99' }, Number(row?.p99 ?? 0));
  gauge.set({ quantile: '1' }, Number(row?.max ?? 0));
}
