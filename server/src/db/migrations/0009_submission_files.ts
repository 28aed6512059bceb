import { sql, type Kysely } from 'kysely';

// A submission of several files (POST /api/submit with `files`): their names and contents as
// JSON, null for a single source. `code` keeps the main file's text (what the spec's views show).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('submissions').addColumn('files', sql`jsonb`).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('submissions').dropColumn('files').execute();
}
