// `verdict serve`: API + web app on one port, judge workers in a child process it supervises.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { loadConfig, type Config } from '@verdict/server';
import { startServer, DEFAULT_WEB_DIR, REPO_ROOT, SHUTDOWN_LIMIT_MS } from '@verdict/server';
import { CliError } from '../errors.ts';

interface ServeOptions {
  port?: string;
  dataDir?: string;
  databaseUrl?: string;
  workers?: string;
}

export function configFromFlags(opts: ServeOptions): Config {
  const env = { ...process.env };
  if (opts.port !== undefined) env.PORT = opts.port;
  if (opts.dataDir !== undefined) env.DATA_DIR = opts.dataDir;
  if (opts.databaseUrl !== undefined) env.DATABASE_URL = opts.databaseUrl;
  if (opts.workers !== undefined) env.JUDGE_WORKERS = opts.workers;
  try {
    return loadConfig(env);
  } catch (err) {
    throw new CliError((err as Error).message);
  }
}

/** Builds the web app once when web/dist is missing, so `npm start` alone is enough. */
function ensureWebBuilt(): void {
  if (fs.existsSync(path.join(DEFAULT_WEB_DIR, 'index.html'))) return;
  if (!fs.existsSync(path.join(REPO_ROOT, 'web', 'index.html'))) return;
  console.log('Building the web app (first start)...');
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new CliError('building the web app failed (npm run build -w web)');
}

/** How long a stopped server may take to exit by itself before it is made to. */
const STOPPED_EXIT_GRACE_MS = 1000;

export default async function serve(opts: ServeOptions): Promise<void> {
  const config = configFromFlags(opts);
  ensureWebBuilt();
  const server = await startServer(config);
  // Printed once it is ready (GET /api/ready answers 200): migrated, and its judge takes jobs.
  console.log(`Verdict is running at ${server.url} (${server.services.database.embedded ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}) and ready`);
  if (server.firstAdmin) {
    console.log('');
    console.log('  First administrator created — write this down, it is shown only once:');
    console.log(`    username: ${server.firstAdmin.username}`);
    console.log(`    password: ${server.firstAdmin.password}`);
    console.log('');
  }
  await new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      console.log(`${signal} received, stopping (at most ${SHUTDOWN_LIMIT_MS / 1000} s)...`);
      // Whatever hangs (a judge process that does not exit, a database that does not answer),
      // the process ends within the documented time.
      setTimeout(() => {
        console.error(`stopping took over ${SHUTDOWN_LIMIT_MS / 1000} s: exiting now`);
        process.exit(1);
      }, SHUTDOWN_LIMIT_MS).unref();
      server.close().then(resolve, resolve);
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  // Everything is closed: a handle something left open (a database client that did not end)
  // must not hold the process until the limit above and its exit code 1 (issue 36).
  setTimeout(() => {
    console.error('stopped, but something was still open: exiting');
    process.exit(process.exitCode ?? 0);
  }, STOPPED_EXIT_GRACE_MS).unref();
}
