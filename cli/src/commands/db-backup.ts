// `verdict db backup FILE`: the database (embedded or PostgreSQL, also while `verdict serve` runs
// on it) and the data folder's stored files (package zips, statement PDFs), in one file.
import path from 'node:path';
import { writeBackup } from '@verdict/server/database';
import { CliError } from '../errors.ts';
import { localStore, withLocalDatabase } from '../local-db.ts';

export default async function dbBackup(file: string): Promise<void> {
  const { dataDir, where } = localStore();
  const target = path.resolve(file);
  const manifest = await withLocalDatabase((database) =>
    writeBackup(database.db, dataDir, target).catch((err: Error) => {
      throw new CliError(`backup failed (nothing written to ${target}): ${err.message}`);
    }),
  );
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  console.log(`Backed up ${where}: ${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.files.length} stored files (schema ${manifest.migration}) → ${target}`);
}
