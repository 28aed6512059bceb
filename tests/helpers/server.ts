// A real Verdict server for tests: a fresh embedded database in a temp folder, or, when
// TEST_DATABASE_URL is set, a fresh database created on that PostgreSQL server.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, type Config } from '@verdict/server/internal/config';
import { startServer, type RunningServer } from '@verdict/server/internal/server';
import { TestClock } from './clock.ts';
import { seedEmbeddedStore } from './store-template.ts';

export interface TestServer extends RunningServer {
  dataDir: string;
  adminPassword: string;
  /** The services' clock: `clock.advance(ms)` instead of sleeping through a cooldown. */
  clock: TestClock;
  /** Stops the server and removes its data (temp folder or database). */
  destroy(): Promise<void>;
}

export const ADMIN_PASSWORD = 'admin-pass-123';

/** Creates an empty database on the TEST_DATABASE_URL server; returns its URL and a dropper. */
export async function freshPostgresDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `verdict_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      // A closed pool ends its connections asynchronously: let them finish closing, so the
      // forced drop does not cut one mid-goodbye (the client would raise it as uncaught).
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export function makeTempDir(prefix = 'verdict-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * Starts a server for a test file. `env` overrides configuration (CAPTCHA, SMTP_URL, ...);
 * by default captcha is on, no judge workers, no sample problems, NODE_ENV=test.
 * Pass `dataDir` (and `databaseUrl`) to restart on existing data.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  reuse?: { dataDir: string; databaseUrl?: string },
): Promise<TestServer & { databaseUrl?: string }> {
  const dataDir = reuse?.dataDir ?? makeTempDir();
  let databaseUrl = reuse?.databaseUrl;
  let drop: (() => Promise<void>) | undefined;
  if (!reuse && process.env.TEST_DATABASE_URL) {
    const fresh = await freshPostgresDatabase(process.env.TEST_DATABASE_URL);
    databaseUrl = fresh.url;
    drop = fresh.drop;
  } else if (!reuse && !env.DATABASE_URL) {
    await seedEmbeddedStore(dataDir);
  }
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    JUDGE_WORKERS: '0',
    LOAD_SAMPLES: 'off',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const clock = new TestClock();
  const server = await startServer(config, { clock });
  return {
    ...server,
    clock,
    dataDir,
    databaseUrl,
    adminPassword: ADMIN_PASSWORD,
    async destroy() {
      await server.close();
      if (drop) await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
