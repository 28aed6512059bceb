// The database as the CLI opens it: the configured PostgreSQL or the embedded one, migrated.
export { embeddedUrlFile, openDatabase, type Database } from '../db/database.ts';
export { migrateToLatest } from '../db/migrate.ts';
