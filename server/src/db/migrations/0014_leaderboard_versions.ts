import { sql, type Kysely } from 'kysely';

// Leaderboard versions (issue 18, item 5). Every API process keeps its contests' boards in memory
// (modules/contests/leaderboard.ts) and must learn of a change made by any process or host before
// it answers the next request. Triggers number the changes per contest, in the writer's own
// transaction, so no writer can forget one:
//   leaderboard_versions(contest_id, version, pruned_through): the contest's newest change, and
//     the newest one pruned from the log (a board older than that is folded again);
//   leaderboard_changes(contest_id, version, user_id, problem_id): what each change touched —
//     a (user, problem) pair (a submission made, judged, rejudged, moved or deleted); a user and
//     no problem (a member added, removed or renamed); neither (the contest's problem set).
// The version row is updated under its row lock, held to the writer's commit, so a contest's
// versions become visible in order: a reader that sees version v sees every change up to v.
// Updates of a submission that cannot change a board (the test being run, run times, logs) are
// left out by the trigger's column list and condition.
//
// Statement triggers (with their transition tables) for inserts and deletes: a restore's or an
// import's bulk insert is one change per contest, not one per row.

const BUMP = `
  bumped as (
    insert into leaderboard_versions as v (contest_id, version)
    select distinct contest_id, 1 from touched order by contest_id
    on conflict (contest_id) do update set version = v.version + 1
    returning contest_id, version
  )
  insert into leaderboard_changes (contest_id, version, user_id, problem_id)
  select t.contest_id, b.version, t.user_id, t.problem_id from touched t join bumped b on b.contest_id = t.contest_id`;

/** A trigger function recording the rows `touched` selects (contest_id, user_id, problem_id). */
const recorder = (name: string, touched: string) => sql`
  create function ${sql.raw(name)}() returns trigger language plpgsql as $$
  begin
    with touched as (${sql.raw(touched)}), ${sql.raw(BUMP)};
    return null;
  end $$`;

/** What each trigger function records: a SELECT of (contest_id, user_id, problem_id). */
const FUNCTIONS = [
  ['leaderboard_submissions_inserted', 'select distinct contest_id, user_id, problem_id from new_rows where contest_id is not null'],
  ['leaderboard_submissions_deleted', 'select distinct contest_id, user_id, problem_id from old_rows where contest_id is not null'],
  [
    'leaderboard_submission_updated',
    `select old.contest_id, old.user_id, old.problem_id where old.contest_id is not null
     union
     select new.contest_id, new.user_id, new.problem_id where new.contest_id is not null`,
  ],
  ['leaderboard_members_inserted', 'select distinct contest_id, user_id, null::int as problem_id from new_rows'],
  ['leaderboard_members_deleted', 'select distinct contest_id, user_id, null::int as problem_id from old_rows'],
  ['leaderboard_problems_written', 'select distinct contest_id, null::int as user_id, null::int as problem_id from new_rows'],
  ['leaderboard_problems_deleted', 'select distinct contest_id, null::int as user_id, null::int as problem_id from old_rows'],
  ['leaderboard_user_renamed', 'select contest_id, new.id as user_id, null::int as problem_id from contest_users where user_id = new.id'],
  ['leaderboard_problem_repackaged', 'select contest_id, null::int as user_id, null::int as problem_id from contest_problems where problem_id = new.id'],
] as const;

/** [trigger, table, when and how it fires, function]; transition tables are read as new_rows and old_rows. */
const TRIGGERS = [
  ['leaderboard_submissions_inserted', 'submissions', 'after insert on submissions referencing new table as new_rows for each statement', 'leaderboard_submissions_inserted'],
  ['leaderboard_submissions_deleted', 'submissions', 'after delete on submissions referencing old table as old_rows for each statement', 'leaderboard_submissions_deleted'],
  [
    'leaderboard_submission_updated',
    'submissions',
    `after update of status, score, max_score, created_at, contest_id, user_id, problem_id on submissions for each row
     when (old.status is distinct from new.status or old.score is distinct from new.score
       or old.max_score is distinct from new.max_score or old.created_at is distinct from new.created_at
       or old.contest_id is distinct from new.contest_id or old.user_id is distinct from new.user_id
       or old.problem_id is distinct from new.problem_id)`,
    'leaderboard_submission_updated',
  ],
  ['leaderboard_members_inserted', 'contest_users', 'after insert on contest_users referencing new table as new_rows for each statement', 'leaderboard_members_inserted'],
  ['leaderboard_members_deleted', 'contest_users', 'after delete on contest_users referencing old table as old_rows for each statement', 'leaderboard_members_deleted'],
  ['leaderboard_problems_inserted', 'contest_problems', 'after insert on contest_problems referencing new table as new_rows for each statement', 'leaderboard_problems_written'],
  ['leaderboard_problems_updated', 'contest_problems', 'after update on contest_problems referencing new table as new_rows for each statement', 'leaderboard_problems_written'],
  ['leaderboard_problems_deleted', 'contest_problems', 'after delete on contest_problems referencing old table as old_rows for each statement', 'leaderboard_problems_deleted'],
  ['leaderboard_user_renamed', 'users', 'after update of username on users for each row when (old.username is distinct from new.username)', 'leaderboard_user_renamed'],
  ['leaderboard_problem_repackaged', 'problems', 'after update of package_hash on problems for each row when (old.package_hash is distinct from new.package_hash)', 'leaderboard_problem_repackaged'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('leaderboard_versions')
    .addColumn('contest_id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('pruned_through', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // No foreign keys: a contest's deletion cascades to its submissions, whose trigger records a
  // change of a contest that is already gone.
  await db.schema
    .createTable('leaderboard_changes')
    .addColumn('contest_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('problem_id', 'integer')
    .execute();
  await db.schema.createIndex('leaderboard_changes_version').on('leaderboard_changes').columns(['contest_id', 'version']).execute();
  for (const [name, touched] of FUNCTIONS) await recorder(name, touched).execute(db);
  for (const [name, , fires, fn] of TRIGGERS) await sql.raw(`create trigger ${name} ${fires} execute function ${fn}()`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, table] of TRIGGERS) await sql`drop trigger if exists ${sql.raw(name)} on ${sql.table(table)}`.execute(db);
  for (const [name] of FUNCTIONS) await sql`drop function if exists ${sql.raw(name)}()`.execute(db);
  await db.schema.dropTable('leaderboard_changes').ifExists().execute();
  await db.schema.dropTable('leaderboard_versions').ifExists().execute();
}
