import { sql, type Kysely } from 'kysely';

// Live updates (issue 16, item 3). Every API process learns what changed — a submission made,
// claimed, judged test by test, rejudged; a contest frozen, thawed or edited — whichever process
// or host changed it, by reading the rows whose `change_seq` passed the last one it saw. A
// trigger takes the column's next number on every insert and update, so no writer can forget
// it. `judging_test` is the test a submission is being run on (null when it is not running).
const TABLES = ['submissions', 'contests'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('submissions').addColumn('judging_test', 'integer').execute();
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn('change_seq', 'bigserial', (c) => c.notNull()).execute();
    await db.schema.createIndex(`${table}_change_seq`).on(table).column('change_seq').execute();
    await sql`
      create function ${sql.raw(`${table}_next_change`)}() returns trigger language plpgsql as $$
      begin
        new.change_seq := nextval(${sql.lit(`${table}_change_seq_seq`)});
        return new;
      end $$`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_next_change`)} before update on ${sql.table(table)}
        for each row execute function ${sql.raw(`${table}_next_change`)}()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`drop trigger if exists ${sql.raw(`${table}_next_change`)} on ${sql.table(table)}`.execute(db);
    await sql`drop function if exists ${sql.raw(`${table}_next_change`)}()`.execute(db);
    await db.schema.alterTable(table).dropColumn('change_seq').execute();
  }
  await db.schema.alterTable('submissions').dropColumn('judging_test').execute();
}
