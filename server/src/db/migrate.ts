// Numbered migrations (migrations/NNNN_name.ts), applied in order at start.
import { Migrator, type Migration, type MigrationProvider, type Kysely } from 'kysely';
import * as m0001 from './migrations/0001_initial.ts';
import * as m0002 from './migrations/0002_account_indexes.ts';
import * as m0004 from './migrations/0004_judging_indexes.ts';
import * as m0005 from './migrations/0005_judge_timings.ts';
import * as m0006 from './migrations/0006_submission_verdicts.ts';

const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_account_indexes': m0002,
  '0004_judging_indexes': m0004,
  '0005_judge_timings': m0005,
  '0006_submission_verdicts': m0006,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider, migrationTableName: 'verdict_migrations', migrationLockTableName: 'verdict_migrations_lock' });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw new Error(`database migration failed: ${(error as Error).message ?? error}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
