// One pg Pool for everything (app, migrations, Agenda). With DATABASE_URL it points at a
// real PostgreSQL; otherwise at PGlite under DATA_DIR, served over a local socket by
// pglite-server.ts so that the code path is the same for both stores.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { DB } from './schema.ts';
import { startPgliteServer, type PgliteServer } from './pglite-server.ts';

// Return BIGINT (count(*), sums) as numbers: our counts never reach 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export interface Database {
  pool: pg.Pool;
  db: Kysely<DB>;
  /** The connection string other processes (a `verdict worker`) can use. */
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

export interface OpenOptions {
  dataDir: string;
  databaseUrl?: string;
  poolSize?: number;
}

const EMBEDDED_URL_FILE = 'pglite.url';
/** How long closing waits for a PostgreSQL pool's lent clients (the embedded store's close is always awaited: it flushes). */
const POOL_END_WAIT_MS = 2000;
/** The embedded database's port, kept across runs. */
const EMBEDDED_PORT_FILE = 'pglite.port';

/** Where a running server announces its embedded database for workers on the same machine. */
export function embeddedUrlFile(dataDir: string): string {
  return path.join(dataDir, EMBEDDED_URL_FILE);
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = guard(new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 }));
    await pool.query('select 1');
    return wrap(pool, opts.databaseUrl, false, async () => {});
  }
  return openEmbedded(opts);
}

async function openEmbedded(opts: OpenOptions): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const dir = path.join(opts.dataDir, 'pgdata');
  fs.mkdirSync(dir, { recursive: true });
  const lite = await PGlite.create(dir);
  const poolSize = opts.poolSize ?? 8;
  // Extra connections beyond the pool are for `verdict worker` processes on this machine.
  const maxConnections = poolSize + 16;
  // The port of the last run when it is free: workers connected to the server find it again
  // after it restarts, even after a crash (docs/judging-queue.md).
  const portFile = path.join(opts.dataDir, EMBEDDED_PORT_FILE);
  const lastPort = Number(fs.existsSync(portFile) ? fs.readFileSync(portFile, 'utf8').trim() : 0) || 0;
  let server: PgliteServer;
  try {
    server = await startPgliteServer(lite, { host: '127.0.0.1', port: lastPort, maxConnections });
  } catch (err) {
    if (!lastPort) throw err;
    server = await startPgliteServer(lite, { host: '127.0.0.1', port: 0, maxConnections });
  }
  fs.writeFileSync(portFile, `${server.port}\n`);
  const url = `postgresql://postgres@${server.host}:${server.port}/postgres?sslmode=disable`;
  const pool = guard(new pg.Pool({ connectionString: url, max: poolSize }));
  await pool.query('select 1');
  fs.writeFileSync(embeddedUrlFile(opts.dataDir), url + '\n');
  return wrap(pool, url, true, async () => {
    fs.rmSync(embeddedUrlFile(opts.dataDir), { force: true });
    await server.stop();
    await lite.close();
  });
}

/**
 * A connection the server drops (restart, failover, a dropped database) must not crash the
 * process: the query that was using it fails and reports it, and the pool opens a new one.
 */
function guard(pool: pg.Pool): pg.Pool {
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

function wrap(pool: pg.Pool, url: string, embedded: boolean, closeStore: () => Promise<void>): Database {
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
  return {
    pool,
    db,
    url,
    embedded,
    async close() {
      if (closed) return;
      closed = true;
      if (embedded) {
        await db.destroy(); // ends the pool too
      } else {
        // The pool's end waits for every client it lent: one a query still holds (a server
        // that does not answer) must not hold a stopping process past its limit (issue 36).
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([db.destroy(), new Promise((resolve) => (timer = setTimeout(resolve, POOL_END_WAIT_MS)))]);
        clearTimeout(timer);
      }
      await closeStore();
    },
  };
}
