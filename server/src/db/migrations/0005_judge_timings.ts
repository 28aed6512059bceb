import type { Kysely } from 'kysely';

// Where a submission's time went: when a worker claimed it (queue wait = judge_started_at -
// created_at) and the judge's phase timings (JudgeTimings: compile, run, check, total ms).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('submissions').addColumn('judge_started_at', 'timestamptz').addColumn('timings', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('submissions').dropColumn('timings').dropColumn('judge_started_at').execute();
}
