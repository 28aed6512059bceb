// The database `verdict serve` would use (DATA_DIR / DATABASE_URL), for commands that work
// without a server. PGlite allows one process on its files: when a server is running on the
// same DATA_DIR it announces its socket in pglite.url, and we connect there instead.
import fs from 'node:fs';
import { loadConfig } from '@verdict/server';
import { embeddedUrlFile, openDatabase, type Database } from '@verdict/server/database';
import { migrateToLatest } from '@verdict/server/database';
import { CliError } from './errors.ts';
import { unreachable } from './server-client.ts';

/** Where the local commands work: the data folder, and the database in words. */
export function localStore(env: NodeJS.ProcessEnv = process.env): { dataDir: string; databaseUrl?: string; where: string } {
  let config;
  try {
    config = loadConfig(env);
  } catch (err) {
    throw new CliError((err as Error).message);
  }
  const where = config.databaseUrl ? 'the PostgreSQL server in DATABASE_URL' : `the embedded database in ${config.dataDir}`;
  return { dataDir: config.dataDir, databaseUrl: config.databaseUrl, where };
}

/** `migrate: false` leaves the schema as it is (a restore brings it to the backup's first). */
export async function openLocalDatabase(env: NodeJS.ProcessEnv = process.env, opts: { migrate?: boolean } = {}): Promise<Database> {
  const { dataDir, databaseUrl, where } = localStore(env);
  try {
    const database = await openShared(dataDir, databaseUrl);
    if (opts.migrate !== false) await migrateToLatest(database.db);
    return database;
  } catch (err) {
    if (err instanceof CliError) throw err;
    throw new CliError(`cannot open ${where}: ${(err as Error).message}`);
  }
}

async function openShared(dataDir: string, databaseUrl: string | undefined): Promise<Database> {
  if (databaseUrl) return openDatabase({ dataDir, databaseUrl, poolSize: 2 });
  const announced = readAnnouncedUrl(dataDir);
  if (announced) {
    try {
      return await openDatabase({ dataDir, databaseUrl: announced, poolSize: 2 });
    } catch (err) {
      // A server that died leaves its pglite.url behind; its files are free again.
      if (!unreachable(announced, err)) throw err;
    }
  }
  fs.mkdirSync(dataDir, { recursive: true });
  return openDatabase({ dataDir, poolSize: 2 });
}

function readAnnouncedUrl(dataDir: string): string | undefined {
  try {
    return fs.readFileSync(embeddedUrlFile(dataDir), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Runs `work` with the local database open, closing it afterwards whatever happens. */
export async function withLocalDatabase<T>(work: (database: Database) => Promise<T>, opts: { migrate?: boolean } = {}): Promise<T> {
  const database = await openLocalDatabase(process.env, opts);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}
