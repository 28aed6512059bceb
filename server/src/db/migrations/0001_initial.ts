import { sql, type Kysely } from 'kysely';

// Every entity of the spec (§3) and what the server needs around them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('username', 'varchar(30)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('nickname', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('gender', 'varchar(6)', (c) => c.notNull().defaultTo('male').check(sql`gender in ('male', 'female')`))
    .addColumn('auth', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`auth in (0, 1, 2)`))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('auth_tokens')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('auth_tokens_user').on('auth_tokens').column('user_id').execute();

  await db.schema
    .createTable('captchas')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('email_codes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('email_codes_email').on('email_codes').columns(['email', 'created_at']).execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('login_attempts_key').on('login_attempts').columns(['key', 'at']).execute();

  await db.schema
    .createTable('problems')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'varchar(50)', (c) => c.notNull())
    .addColumn('time_limit', 'integer', (c) => c.notNull()) // ms
    .addColumn('memory_limit', 'integer', (c) => c.notNull()) // MB
    .addColumn('statement', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('package_hash', 'text') // current test data, by content hash
    .addColumn('package_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pdf_hash', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Test-data packages by content hash: workers on other machines fetch them from here.
  await db.schema
    .createTable('packages')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('data', 'bytea')
    .addColumn('meta', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('problem_versions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('problem_id', 'integer', (c) => c.notNull().references('problems.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('package_hash', 'text', (c) => c.notNull().references('packages.hash'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('problem_versions_unique', ['problem_id', 'version'])
    .execute();

  await db.schema
    .createTable('templates')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('language', 'varchar(100)', (c) => c.notNull())
    .addColumn('comment', 'varchar(150)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('contests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('end_time', 'timestamptz', (c) => c.notNull())
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('contests_end_after_start', sql`end_time > start_time`)
    .execute();

  await db.schema
    .createTable('contest_users')
    .addColumn('contest_id', 'integer', (c) => c.notNull().references('contests.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('contest_users_pk', ['contest_id', 'user_id'])
    .execute();
  await db.schema.createIndex('contest_users_user').on('contest_users').column('user_id').execute();

  await db.schema
    .createTable('contest_problems')
    .addColumn('contest_id', 'integer', (c) => c.notNull().references('contests.id').onDelete('cascade'))
    .addColumn('problem_id', 'integer', (c) => c.notNull().references('problems.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('contest_problems_pk', ['contest_id', 'problem_id'])
    .execute();

  await db.schema
    .createTable('submissions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('problem_id', 'integer', (c) => c.notNull().references('problems.id').onDelete('cascade'))
    .addColumn('contest_id', 'integer', (c) => c.references('contests.id').onDelete('set null'))
    .addColumn('template_id', 'integer', (c) => c.references('templates.id').onDelete('set null'))
    .addColumn('language', 'varchar(100)', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(4)', (c) => c.notNull().defaultTo('PD'))
    .addColumn('compile_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('run_time', 'integer', (c) => c.notNull().defaultTo(0)) // max CPU ms
    .addColumn('run_memory', 'integer', (c) => c.notNull().defaultTo(0)) // max KB
    .addColumn('tests', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('package_hash', 'text')
    .addColumn('judge_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('judged_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('submissions_contest').on('submissions').columns(['contest_id', 'user_id', 'problem_id', 'id']).execute();
  await db.schema.createIndex('submissions_user').on('submissions').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('submissions_status').on('submissions').column('status').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'submissions', 'contest_problems', 'contest_users', 'contests', 'templates', 'problem_versions',
    'packages', 'problems', 'login_attempts', 'email_codes', 'captchas', 'auth_tokens', 'users',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
