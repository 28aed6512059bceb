// The database as the CLI opens it: the configured PostgreSQL or the embedded one, migrated.
export { embeddedUrlFile, openDatabase, type Database } from '../db/database.ts';
export { migrateToLatest } from '../db/migrate.ts';
export { writeBackup, restoreBackup, BACKUP_FORMAT, type BackupManifest } from '../db/backup.ts';
