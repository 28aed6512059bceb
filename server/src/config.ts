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
}

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
    ccsFeed: { pollMs: positiveMs(env, 'CCS_FEED_POLL_MS', 500), keepAliveMs: positiveMs(env, 'CCS_FEED_KEEPALIVE_MS', 60_000) },
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

function positiveMs(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const n = int(env[name], fallback, name);
  if (n <= 0) throw new Error(`${name} must be a positive integer (milliseconds), got "${env[name]}"`);
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
