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
import { PdfRenderer, removeStaleChromiumProfiles, loadSamples, languageCatalogFromJudge } from './modules/problems/index.ts';
import { ensureFirstAdmin, type FirstAdmin } from './bootstrap.ts';
import { usernameClashes, startAuthChores } from './modules/accounts/index.ts';
import { createApp } from './http/app.ts';
import { answerClientErrors } from './http/client-error.ts';
import { allRoutes, testOnlyRoutes } from './http/routes.ts';
import type { Services } from './services.ts';
import { Metrics } from './modules/metrics/index.ts';
import { closeShadows, resumeShadows } from './modules/shadow/index.ts';
import { SimilarityRunner } from './modules/similarity/index.ts';
import { createMailer } from './modules/mail/index.ts';
import { JudgeQueue, serveAnnouncements, JudgeProcess, createJudgeProvider } from './modules/judging/index.ts';
import { Leaderboards } from './modules/contests/index.ts';
import { ChangeFeed, EventsHub, StreamGuard, StreamLimits } from './modules/events/index.ts';
import { CcsFeeds } from './modules/ccs/index.ts';
import { Readiness } from './readiness.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_WEB_DIR = path.join(REPO_ROOT, 'web', 'dist');
/** How long an idle HTTP connection is kept open (see where it is set). */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/**
 * How long a stopping server lets the requests in flight finish (waiting submits reply at once
 * with their record as it is) before it closes every connection. With the judge process's stop
 * (JudgeProcess.stop) this keeps a stop under SHUTDOWN_LIMIT_MS (docs/operations.md).
 */
export const SHUTDOWN_DRAIN_MS = 3_000;
/** The longest a stop takes: `verdict serve` exits by then whatever still hangs. */
export const SHUTDOWN_LIMIT_MS = 10_000;

export interface RunningServer {
  url: string;
  port: number;
  services: Services;
  /** Whether it can take work (GET /api/ready). */
  readiness: Readiness;
  firstAdmin: FirstAdmin | null;
  /** The child process running the judge workers (null with JUDGE_WORKERS=0). */
  judgeProcess: JudgeProcess | null;
  /** Stops in order: readiness off, no new connections, waiting submits answered, requests drained, then everything else. */
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
  const readiness = new Readiness();
  /** Set once the HTTP server listens: stops it first, before what its requests use. */
  let stopHttp: (() => Promise<void>) | undefined;
  /** Set once the judge process runs: stopped while the requests drain (both bounded), not after. */
  let stopJudgeProcess: (() => Promise<void>) | undefined;
  const closeAll = async () => {
    readiness.stopping();
    // In sequence, the drain (SHUTDOWN_DRAIN_MS), the judge process's stop (STOP_GRACE_MS) and the
    // rest passed SHUTDOWN_LIMIT_MS on a loaded host (exit code 1, issue 36): the judge process
    // needs none of what the requests use, so both go at once.
    await Promise.all([
      stopHttp?.().catch((err) => log.error({ err }, 'error while stopping the HTTP server')),
      stopJudgeProcess?.().catch((err) => log.error({ err }, 'error while stopping the judge process')),
    ]);
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
    const guard = new StreamGuard(database.db, log, () => clock.now());
    closers.push(async () => guard.stop());
    const leaderboards = new Leaderboards(database.db, opts.clock);
    const events = new EventsHub(database.db, changes, log, () => clock.now(), { leaderboards, guard });
    closers.push(async () => events.close());
    const languages = languageCatalogFromJudge(judge, log);
    const ccsFeeds = new CcsFeeds({ db: database.db, languages, leaderboards, clock, log, changes }, config.ccsFeed);
    const streams = { limits: new StreamLimits(config.streams), guard };
    const similarity = new SimilarityRunner(database.db, log);
    closers.push(() => similarity.close());
    const services: Services = { config, clock, database, db: database.db, log, mailer: createMailer(config, log), pdf, languages, judgeQueue, leaderboards, changes, events, ccsFeeds, streams, similarity, readiness };
    if (config.metrics.kind !== 'off') {
      services.metrics = new Metrics(config.metrics, database, database.db);
      // Every stream goes through the caps: feeds are the ones that are not live streams.
      services.metrics.countStreams(() => ({ live: events.size, feeds: Math.max(0, streams.limits.size - events.size), anonymous: streams.limits.anonymous }));
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
    let inFlight = 0;
    httpServer.on('request', (_req, res: http.ServerResponse) => {
      inFlight++;
      res.once('close', () => inFlight--);
    });
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(config.port, config.host, () => resolve());
    });
    stopHttp = async () => {
      stopHttp = undefined;
      httpServer.close(); // no new connections; idle kept-alive ones are closed
      judgeQueue.verdicts.close(); // waiting submits reply now with their record (PD/JG)
      events.close(); // live streams end (clients reconnect elsewhere)
      const deadline = Date.now() + SHUTDOWN_DRAIN_MS;
      while (inFlight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
      if (inFlight > 0) log.warn({ requests: inFlight }, 'stopping: closing requests still running');
      httpServer.closeAllConnections();
    };
    log.info({ port: (httpServer.address() as AddressInfo).port }, 'Verdict is listening (not ready yet: GET /api/ready)');
    // This process runs the queue's chore; the judge workers run in a child process.
    await judgeQueue.start();
    // `verdict worker` processes beside this server hear of new jobs at once (PGlite has no NOTIFY).
    if (database.embedded) closers.push(await serveAnnouncements(judgeQueue, config.dataDir, log));
    let judgeProcess: JudgeProcess | null = null;
    if (config.workers > 0) {
      judgeProcess = await JudgeProcess.start({ config, database, queue: judgeQueue, log });
      const started = judgeProcess;
      stopJudgeProcess = () => started.stop();
      readiness.add({ name: 'the judge process is restarting', ok: () => started.pid !== undefined });
      // Probe this process's toolchains for the language list now, not on the first submission.
      void services.languages();
    }
    // Shadows that were running go on where they stopped (docs/ccs-api.md, Shadow mode).
    await resumeShadows(services);
    closers.push(() => closeShadows(services));
    const port = (httpServer.address() as AddressInfo).port;
    const shownHost = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
    readiness.ready();
    log.info({ port, store: database.embedded ? 'embedded PGlite' : 'PostgreSQL', judgeWorkers: config.workers }, 'Verdict is ready');
    let closing: Promise<void> | undefined;
    return { url: `http://${shownHost}:${port}`, port, services, readiness, firstAdmin, judgeProcess, close: () => (closing ??= closeAll()) };
  } catch (err) {
    await closeAll();
    throw err;
  }
}
