import type { Kysely } from 'kysely';

// The judge workers alive now (docs/judging-queue.md, Liveness): every process that judges writes
// its row every JUDGE_HEARTBEAT_MS, and the judge jobs of a process whose row is older than
// JUDGE_WORKER_DEAD_MS go to another worker within seconds instead of after the lock lifetime.
// Named as Agenda names a lock's owner (agenda_jobs.last_modified_by): host#pid.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('judge_workers')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('workers', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('heartbeat_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('judge_workers').ifExists().execute();
}
