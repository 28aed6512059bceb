// Starts Verdict: database (embedded or PostgreSQL), migrations, first admin, services,
// routes, HTTP listener. Returns a handle whose close() stops everything in order.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { systemClock, type Clock } from './common/clock.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createLogger } from './logger.ts';
import { PdfRenderer, removeStaleChromiumProfiles } from './modules/problems/pdf-render.ts';
import { loadSamples } from './modules/problems/samples.ts';
import { ensureFirstAdmin, type FirstAdmin } from './bootstrap.ts';
import { usernameClashes } from './modules/accounts/usernames.ts';
import { createApp } from './http/app.ts';
import { answerClientErrors } from './http/client-error.ts';
import { allRoutes, testOnlyRoutes } from './http/routes.ts';
import type { Services } from './services.ts';
import { Metrics } from './modules/metrics/metrics.ts';
import { startAuthChores } from './modules/accounts/auth-chores.ts';
import { closeShadows, resumeShadows } from './modules/shadow/shadows.ts';
import { createMailer } from './modules/mail/mail.ts';
import { languageCatalogFromJudge } from './modules/problems/templates-languages.ts';
import { JudgeQueue } from './modules/judging/judge-queue.ts';
import { Leaderboards } from './modules/contests/leaderboard.ts';
import { serveAnnouncements } from './modules/judging/announcement-socket.ts';
import { JudgeProcess } from './modules/judging/judge-process.ts';
import { ChangeFeed } from './modules/events/change-feed.ts';
import { EventsHub } from './modules/events/events-hub.ts';
import { createJudgeProvider } from './modules/judging/judge-provider.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_WEB_DIR = path.join(REPO_ROOT, 'web', 'dist');
/** How long an idle HTTP connection is kept open (see where it is set). */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export interface RunningServer {
  url: string;
  port: number;
  services: Services;
  firstAdmin: FirstAdmin | null;
  /** The child process running the judge workers (null with JUDGE_WORKERS=0). */
  judgeProcess: JudgeProcess | null;
  close(): Promise<void>;
}

export interface StartOptions {
  webDir?: string;
  /** The services' clock (tests move theirs forward instead of sleeping). */
  clock?: Clock;
}

export async function startServer(config: Config, opts: StartOptions = {}): Promise<RunningServer> {
  const log = createLogger(config.logLevel);
  if (!config.captcha) log.warn('CAPTCHA=off: captcha answers are not checked (never do this in production)');
  fs.mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const closers: (() => Promise<void>)[] = [() => database.close()];
  const closeAll = async () => {
    for (const c of closers.reverse()) await c().catch((err) => log.error({ err }, 'error while stopping'));
  };
  try {
    await migrateToLatest(database.db);
    const firstAdmin = await ensureFirstAdmin(database.db, config.adminPassword, log);
    for (const clash of await usernameClashes(database.db)) {
      log.warn(clash, 'a username looks like an older account\'s (migration 0020 made usernames canonical): rename one of them');
    }
    await removeStaleChromiumProfiles().catch((err: Error) => log.warn({ reason: err.message }, 'could not remove the Chromium profiles of ended servers'));
    const pdf = new PdfRenderer({ log });
    closers.push(() => pdf.close());
    // The server's judge only answers the API's language list; judging is the judge process's.
    const judge = createJudgeProvider(config, log);
    closers.push(() => judge.close());
    const judgeQueue = await JudgeQueue.open(database, log, config.judgeQueue);
    closers.push(() => judgeQueue.stop());
    const clock = opts.clock ?? systemClock;
    const changes = new ChangeFeed(database.db, log);
    closers.push(() => changes.stop());
    const events = new EventsHub(database.db, changes, log, () => clock.now());
    closers.push(async () => events.close());
    const services: Services = { config, clock, database, db: database.db, log, mailer: createMailer(config, log), pdf, languages: languageCatalogFromJudge(judge, log), judgeQueue, leaderboards: new Leaderboards(database.db, opts.clock), changes, events };
    if (config.metrics.kind !== 'off') {
      services.metrics = new Metrics(config.metrics, database, database.db);
      services.metrics.countStreams(() => ({ live: events.size }));
    }

    await loadSamples(services);
    const uploadDir = path.join(config.dataDir, 'uploads');
    fs.mkdirSync(uploadDir, { recursive: true });
    // Test hooks (the captcha answer) exist only under NODE_ENV=test.
    const routes = config.env === 'test' ? [...allRoutes, ...testOnlyRoutes] : allRoutes;
    closers.push(startAuthChores(database.db, log));
    const app = createApp(services, { routes, webDir: opts.webDir ?? DEFAULT_WEB_DIR, uploadDir });
    const httpServer = http.createServer(app.callback());
    // The web app polls every 5 s (spec §9), exactly Node's default keep-alive timeout: the
    // server closed idle connections just as the next poll was sent on them (a reset seen by
    // the client, or a new TCP connection for every poll). Keep them open past the poll
    // interval and the usual 60 s idle timeout of a proxy in front; headers timeout above it.
    httpServer.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    httpServer.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
    answerClientErrors(httpServer);
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(config.port, config.host, () => resolve());
    });
    closers.push(
      () =>
        new Promise<void>((resolve) => {
          httpServer.close(() => resolve());
          httpServer.closeAllConnections();
        }),
    );
    // This process runs the queue's chore; the judge workers run in a child process.
    await judgeQueue.start();
    // `verdict worker` processes beside this server hear of new jobs at once (PGlite has no NOTIFY).
    if (database.embedded) closers.push(await serveAnnouncements(judgeQueue, config.dataDir, log));
    let judgeProcess: JudgeProcess | null = null;
    if (config.workers > 0) {
      judgeProcess = await JudgeProcess.start({ config, database, queue: judgeQueue, log });
      const started = judgeProcess;
      closers.push(() => started.stop());
    }
    // Shadows that were running go on where they stopped (docs/ccs-api.md, Shadow mode).
    await resumeShadows(services);
    closers.push(() => closeShadows(services));
    const port = (httpServer.address() as AddressInfo).port;
    const shownHost = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
    log.info({ port, store: database.embedded ? 'embedded PGlite' : 'PostgreSQL' }, 'Verdict is listening');
    return { url: `http://${shownHost}:${port}`, port, services, firstAdmin, judgeProcess, close: closeAll };
  } catch (err) {
    await closeAll();
    throw err;
  }
}
