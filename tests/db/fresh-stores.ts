// Empty stores for the database tests: a PGlite folder, or a fresh PostgreSQL database when
// TEST_DATABASE_URL names a server; each is closed and removed by `cleanup` (an after() hook).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '@verdict/server/internal/db/database';
import { freshPostgresDatabase } from '../helpers/server.ts';

export function freshStores(prefix: string) {
  const cleanups: (() => Promise<void>)[] = [];
  return {
    async fresh(): Promise<{ database: Database; dataDir: string }> {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      let databaseUrl: string | undefined;
      if (process.env.TEST_DATABASE_URL) {
        const created = await freshPostgresDatabase(process.env.TEST_DATABASE_URL);
        databaseUrl = created.url;
        cleanups.push(created.drop);
      }
      const database = await openDatabase({ dataDir, databaseUrl });
      cleanups.push(async () => {
        await database.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      });
      return { database, dataDir };
    },
    async cleanup(): Promise<void> {
      for (const c of cleanups.reverse()) await c().catch(() => undefined);
    },
  };
}
