// Configuration comes from environment variables; every default is documented in README.md.
import path from 'node:path';

export interface Config {
  env: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  captcha: boolean;
  /** HTTP Basic with an account's password on the Contest API (off: API tokens only; docs/auth.md). */
  basicPasswords: boolean;
  adminPassword?: string;
  /** Concurrent judge jobs of `verdict serve` (in its judge process) or of `verdict worker` (0 = none in serve). */
  workers: number;
  /** How long POST /api/submit waits for a verdict before replying with the current state. */
  submitWaitMs: number;
  judgeBackend?: string;
  plugins: string[];
  logLevel: string;
  /** Load the sample problems from problems/ on first start. */
  loadSamples: boolean;
  /** Largest problem data upload accepted, in bytes (spec §9: 512 MB). */
  uploadMaxBytes: number;
  judgeQueue: JudgeQueueOptions;
  /** The Contest API's event feed (docs/ccs-api.md). */
  ccsFeed: CcsFeedOptions;
  /** Who may read GET /metrics (docs/operations.md, "Metrics"). */
  metrics: MetricsAccess;
  /** What the Contest API shows anonymous visitors (docs/ccs-api.md, Who sees what). */
  ccsAnonymous: CcsAnonymous;
  /** Long-lived streams: the event feed and GET /api/events (docs/security.md, Streams). */
  streams: StreamOptions;
}

/** scoreboard: the contest, its problems and the scoreboard, nothing per user; all: the public view; none: nothing. */
export const CCS_ANONYMOUS = ['scoreboard', 'all', 'none'] as const;
export type CcsAnonymous = (typeof CCS_ANONYMOUS)[number];

export interface StreamOptions {
  /** A client that has not taken what was written for this long is dropped. */
  stallMs: number;
  /** Streams of one kind (feeds, live streams) one account may hold open at once. */
  perAccount: number;
  /** Streams without credentials one address may hold open at once. */
  anonymousPerAddress: number;
  /** Streams without credentials, from every address together. */
  anonymousMax: number;
  /** Streams of every kind and caller in this process. */
  max: number;
}

/** Who may read /metrics: nobody (off), a bearer token, or anyone who reaches the port. */
export type MetricsAccess = { kind: 'off' } | { kind: 'token'; token: string } | { kind: 'open' };

export interface CcsFeedOptions {
  /** How often an open feed looks for changes in the database. */
  pollMs: number;
  /** A newline is sent after this long without an event (the 2023-06 API asks for one within 120 s). */
  keepAliveMs: number;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function bool(value: string | undefined, fallback: boolean, name: string): boolean {
  if (value === undefined || value === '') return fallback;
  if (['on', 'true', '1', 'yes'].includes(value.toLowerCase())) return true;
  if (['off', 'false', '0', 'no'].includes(value.toLowerCase())) return false;
  throw new Error(`${name} must be on or off, got "${value}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const config: Config = {
    env: nodeEnv,
    port: int(env.PORT, 8080, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Verdict <no-reply@verdict.local>',
    captcha: bool(env.CAPTCHA, true, 'CAPTCHA'),
    basicPasswords: bool(env.BASIC_PASSWORDS, true, 'BASIC_PASSWORDS'),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    workers: int(env.JUDGE_WORKERS, 1, 'JUDGE_WORKERS'),
    submitWaitMs: int(env.SUBMIT_WAIT_MS, 30000, 'SUBMIT_WAIT_MS'),
    judgeBackend: env.JUDGE_BACKEND || undefined,
    plugins: (env.JUDGE_PLUGINS || '@verdict/sandbox-bwrap,@verdict/unsafe-local')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    loadSamples: bool(env.LOAD_SAMPLES, true, 'LOAD_SAMPLES'),
    uploadMaxBytes: int(env.UPLOAD_MAX_BYTES, 536870912, 'UPLOAD_MAX_BYTES'),
    judgeQueue: judgeQueueOptions(env),
    metrics: metricsAccess(env),
    ccsFeed: { pollMs: positiveMs(env, 'CCS_FEED_POLL_MS', 500), keepAliveMs: positiveMs(env, 'CCS_FEED_KEEPALIVE_MS', 60_000) },
    ccsAnonymous: oneOf(env, 'CCS_ANONYMOUS', CCS_ANONYMOUS, 'scoreboard'),
    streams: {
      stallMs: positiveMs(env, 'STREAM_STALL_MS', 30_000),
      perAccount: positiveCount(env, 'STREAMS_PER_ACCOUNT', 8),
      anonymousPerAddress: positiveCount(env, 'STREAMS_ANONYMOUS_PER_ADDRESS', 4),
      anonymousMax: positiveCount(env, 'STREAMS_ANONYMOUS_MAX', 200),
      max: positiveCount(env, 'STREAMS_MAX', 5000),
    },
    ...overrides,
  };
  if (!config.captcha && config.env === 'production') {
    throw new Error('CAPTCHA=off is refused when NODE_ENV=production');
  }
  return config;
}

/** Judge queue timings (docs/judging-queue.md); the variables exist for tests and unusual deployments. */
export interface JudgeQueueOptions {
  /** A job whose worker has not touched it for this long is taken over by another worker. */
  lockLifetimeMs: number;
  /** How often a processing instance looks for due jobs (new jobs are also announced). */
  processEveryMs: number;
  /** A PD/JG record this old without a live job is re-enqueued (or set to SE after 3 attempts). */
  staleMs: number;
  /** How often a process that judges writes its heartbeat (and looks for dead workers). */
  heartbeatMs: number;
  /** A worker whose heartbeat is this old is dead: its judge jobs go to another worker. */
  workerDeadMs: number;
  /** How often the chore runs. */
  choreEveryMs: number;
}

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, values: readonly T[], fallback: T): T {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (!(values as readonly string[]).includes(value)) throw new Error(`${name} must be one of ${values.join(', ')}, got "${value}"`);
  return value as T;
}

function positiveMs(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  return positiveCount(env, name, fallback, ' (milliseconds)');
}

function positiveCount(env: NodeJS.ProcessEnv, name: string, fallback: number, unit = ''): number {
  const n = int(env[name], fallback, name);
  if (n <= 0) throw new Error(`${name} must be a positive integer${unit}, got "${env[name]}"`);
  return n;
}

function judgeQueueOptions(env: NodeJS.ProcessEnv): JudgeQueueOptions {
  const ms = (name: string, fallback: number) => positiveMs(env, name, fallback);
  const options = {
    lockLifetimeMs: ms('JUDGE_LOCK_LIFETIME_MS', 15_000),
    processEveryMs: ms('JUDGE_POLL_MS', 2_000),
    staleMs: ms('JUDGE_STALE_MS', 20_000),
    heartbeatMs: ms('JUDGE_HEARTBEAT_MS', 1_000),
    workerDeadMs: ms('JUDGE_WORKER_DEAD_MS', 5_000),
    choreEveryMs: ms('JUDGE_CHORE_MS', 10_000),
  };
  // A live worker must be able to miss a beat or two without being taken for dead.
  if (options.workerDeadMs < 3 * options.heartbeatMs) {
    throw new Error(`JUDGE_WORKER_DEAD_MS (${options.workerDeadMs}) must be at least three times JUDGE_HEARTBEAT_MS (${options.heartbeatMs})`);
  }
  return options;
}

/** METRICS_TOKEN (a bearer token Prometheus sends) or METRICS=open; off otherwise. */
function metricsAccess(env: NodeJS.ProcessEnv): MetricsAccess {
  const token = env.METRICS_TOKEN?.trim();
  const mode = (env.METRICS ?? '').trim().toLowerCase();
  if (mode && !['open', 'off', 'token'].includes(mode)) throw new Error(`METRICS must be open, token or off, got "${env.METRICS}"`);
  if (token) {
    if (mode === 'open' || mode === 'off') throw new Error(`METRICS=${mode} contradicts METRICS_TOKEN: set one of them`);
    if (token.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters');
    return { kind: 'token', token };
  }
  if (mode === 'token') throw new Error('METRICS=token needs METRICS_TOKEN');
  return mode === 'open' ? { kind: 'open' } : { kind: 'off' };
}
