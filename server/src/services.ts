// Everything a route handler may use. Built once per server (or per test server) in
// server/src/server.ts; handlers get it as their second argument and never see Koa.
import type { Kysely } from 'kysely';
import type { Clock } from './common/clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { DB } from './db/schema.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './modules/mail/index.ts';
import type { PdfRenderer, LanguageCatalog } from './modules/problems/index.ts';
import type { JudgeQueue } from './modules/judging/index.ts';
import type { Leaderboards } from './modules/contests/index.ts';
import type { ChangeFeed, EventsHub, StreamGuard, StreamLimits } from './modules/events/index.ts';
import type { CcsFeeds } from './modules/ccs/index.ts';
import type { Metrics } from './modules/metrics/index.ts';
import type { Readiness } from './readiness.ts';
import type { SimilarityRunner } from './modules/similarity/index.ts';

export interface Services {
  config: Config;
  /** The time the services go by (contest windows, the submission cooldown and cap). */
  clock: Clock;
  database: Database;
  db: Kysely<DB>;
  log: Logger;
  /** Outgoing mail (SMTP, or the local outbox when SMTP_URL is not set). */
  mailer: Mailer;
  /** Chromium-driven HTML → PDF (statements), started on first use. */
  pdf: PdfRenderer;
  /** Languages a template may name (ids and display names). */
  languages: LanguageCatalog;
  /** Judge jobs (Agenda): enqueue submissions. */
  judgeQueue: JudgeQueue;
  /** Contest leaderboards with a short-lived cache. */
  leaderboards: Leaderboards;
  /** What changed in the database, read by one poll per process while someone listens. */
  changes: ChangeFeed;
  /** The live streams (GET /api/events) of this process. */
  events: EventsHub;
  /** Prometheus metrics (GET /metrics); absent when METRICS is off. */
  metrics?: Metrics;
  /** The Contest API's event feeds of this process: one reader and snapshot per contest and audience. */
  ccsFeeds: CcsFeeds;
  /** Every long-lived stream's caps and credentials. */
  streams: { limits: StreamLimits; guard: StreamGuard };
  /** The similarity analyses running in this process (worker threads). */
  similarity: SimilarityRunner;
  /** Whether this process can take work now (GET /api/ready). */
  readiness: Readiness;
}
