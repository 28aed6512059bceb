import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';

/**
 * Runs `work` in a transaction of its own, or inside the caller's when `db` already is one
 * (a caller that groups several writes, such as the first-start sample loader).
 */
export function inTransaction<T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
