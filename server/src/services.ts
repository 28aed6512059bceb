// Everything a route handler may use. Built once per server (or per test server) in
// server/src/server.ts; handlers get it as their second argument and never see Koa.
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { DB } from './db/schema.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './services/mail.ts';
import type { PdfRenderer } from './services/pdf-render.ts';
import type { JudgeQueue } from './services/judge-queue.ts';
import type { Leaderboards } from './services/leaderboard.ts';
import type { LanguageCatalog } from './services/templates-languages.ts';

export interface Services {
  config: Config;
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
}
