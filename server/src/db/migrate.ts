// Numbered migrations (migrations/NNNN_name.ts), applied in order at start.
import { Migrator, type Migration, type MigrationProvider, type Kysely } from 'kysely';
import * as m0001 from './migrations/0001_initial.ts';
import * as m0002 from './migrations/0002_account_indexes.ts';
import * as m0004 from './migrations/0004_judging_indexes.ts';
import * as m0005 from './migrations/0005_judge_timings.ts';
import * as m0006 from './migrations/0006_submission_verdicts.ts';
import * as m0007 from './migrations/0007_contest_freeze.ts';
import * as m0008 from './migrations/0008_clarifications.ts';
import * as m0009 from './migrations/0009_submission_files.ts';
import * as m0010 from './migrations/0010_submission_scores.ts';
import * as m0011 from './migrations/0011_contest_scoring_rule.ts';
import * as m0012 from './migrations/0012_balloons.ts';
import * as m0013 from './migrations/0013_change_feed.ts';
import * as m0014 from './migrations/0014_leaderboard_versions.ts';
import * as m0015 from './migrations/0015_user_affiliation.ts';
import * as m0016 from './migrations/0016_contest_all_tests.ts';
import * as m0017 from './migrations/0017_problem_language_factors.ts';
import * as m0018 from './migrations/0018_judge_workers.ts';
import * as m0019 from './migrations/0019_api_tokens.ts';
import * as m0020 from './migrations/0020_username_keys.ts';
import * as m0022 from './migrations/0022_submission_keys.ts';
import * as m0025 from './migrations/0025_ccs_groups.ts';
import * as m0027 from './migrations/0027_board_names.ts';
import * as m0028 from './migrations/0028_shadow.ts';
import * as m0030 from './migrations/0030_username_shapes.ts';
import * as m0034 from './migrations/0034_similarity.ts';

const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_account_indexes': m0002,
  '0004_judging_indexes': m0004,
  '0005_judge_timings': m0005,
  '0006_submission_verdicts': m0006,
  '0007_contest_freeze': m0007,
  '0008_clarifications': m0008,
  '0009_submission_files': m0009,
  '0010_submission_scores': m0010,
  '0011_contest_scoring_rule': m0011,
  '0012_balloons': m0012,
  '0013_change_feed': m0013,
  '0014_leaderboard_versions': m0014,
  '0015_user_affiliation': m0015,
  '0016_contest_all_tests': m0016,
  '0017_problem_language_factors': m0017,
  '0018_judge_workers': m0018,
  '0019_api_tokens': m0019,
  '0020_username_keys': m0020,
  '0022_submission_keys': m0022,
  '0025_ccs_groups': m0025,
  '0027_board_names': m0027,
  '0028_shadow': m0028,
  '0030_username_shapes': m0030,
  '0034_similarity': m0034,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const { error, results } = await migrator(db).migrateToLatest();
  if (error) throw new Error(`database migration failed: ${(error as Error).message ?? error}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Kysely's bookkeeping of the migrations: not data, never backed up. */
export const MIGRATION_TABLES = ['verdict_migrations', 'verdict_migrations_lock'];

function migrator(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider, migrationTableName: MIGRATION_TABLES[0], migrationLockTableName: MIGRATION_TABLES[1] });
}

/** The last migration applied, or null on a database without any. */
export async function latestMigration(db: Kysely<any>): Promise<string | null> {
  const applied = (await migrator(db).getMigrations()).filter((m) => m.executedAt !== undefined);
  return applied.length ? applied[applied.length - 1].name : null;
}

/** Migrates up to `name` (a backup's schema); refuses a name this version does not know. */
export async function migrateTo(db: Kysely<any>, name: string): Promise<void> {
  if (!(name in migrations)) throw new Error(`the backup was made at migration ${JSON.stringify(name)}, which this Verdict does not know (a newer version made it)`);
  const { error } = await migrator(db).migrateTo(name);
  if (error) throw new Error(`database migration failed: ${(error as Error).message ?? error}`);
}
