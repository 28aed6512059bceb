// `verdict db restore FILE`: a backup into a fresh data folder or an empty PostgreSQL database
// (refused otherwise); the schema is brought to the backup's, the rows restored in one
// transaction, then migrated to this version's.
import fs from 'node:fs';
import path from 'node:path';
import { restoreBackup } from '@verdict/server/database';
import { CliError } from '../errors.ts';
import { localStore, withLocalDatabase } from '../local-db.ts';

export default async function dbRestore(file: string): Promise<void> {
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new CliError(`no backup at ${source}`);
  const { dataDir, where } = localStore();
  const manifest = await withLocalDatabase(
    (database) =>
      restoreBackup(database.db, dataDir, source).catch((err: Error) => {
        throw new CliError(`restore refused: ${err.message}`);
      }),
    { migrate: false },
  );
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  console.log(`Restored ${source} (made ${manifest.createdAt}) into ${where}: ${rows} rows, ${manifest.files.length} stored files.`);
}
