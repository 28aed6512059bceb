import { sql, type Kysely } from 'kysely';

// Boards show who is who (issue 30, defect 3): each row carries the member's nickname and
// affiliation beside the username, so names that look alike ("aIice", "alice") can be told apart.
// The boards are kept in memory and folded again only for what the change log names (migration
// 0014): the trigger that logs a renamed member now fires on a changed nickname or affiliation too.

const RENAMED = (columns: string, changed: string) =>
  sql.raw(`create trigger leaderboard_user_renamed after update of ${columns} on users for each row when (${changed}) execute function leaderboard_user_renamed()`);

export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists leaderboard_user_renamed on users`.execute(db);
  await RENAMED(
    'username, nickname, affiliation',
    'old.username is distinct from new.username or old.nickname is distinct from new.nickname or old.affiliation is distinct from new.affiliation',
  ).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists leaderboard_user_renamed on users`.execute(db);
  await RENAMED('username', 'old.username is distinct from new.username').execute(db);
}
