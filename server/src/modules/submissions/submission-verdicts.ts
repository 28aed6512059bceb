// The final write of a judging. The verdict goes into the record and, in the same statement,
// one row into submission_verdicts (which attempt, which process). The write is conditional on
// the caller's claim (the record's state and attempt number), so a late writer — a worker that
// stalled past its lock, a chore racing a claim — changes nothing and leaves no row: a record
// has one history row per judging that reached a verdict (docs/judging-queue.md).
import os from 'node:os';
import { sql, type Kysely, type Updateable } from 'kysely';
import type { DB, SubmissionsTable } from '../../db/schema.ts';

/** A process of this machine as the history and the judge queue's locks name it: host#pid. */
export const processName = (pid: number = process.pid): string => `${os.hostname()}#${pid}`;

/** This process, as the history names it. */
export const JUDGED_BY = processName();

export interface VerdictClaim {
  /** The attempt number the writer claimed the record with. */
  attempt: number;
  /** The states the record must still be in (JG for a worker; PD/CP/JG for the chore). */
  states: readonly string[];
}

export type FinalVerdict = Updateable<SubmissionsTable> & { status: string };

/** Stores the verdict if the claim still holds; false when someone else owns the record now. */
export async function storeFinalVerdict(db: Kysely<DB>, id: number, claim: VerdictClaim, verdict: FinalVerdict): Promise<boolean> {
  const written = await db
    .with('stored', (q) =>
      q
        .updateTable('submissions')
        .set({ ...verdict, judged_at: new Date() })
        .where('id', '=', id)
        .where('status', 'in', [...claim.states])
        .where('judge_attempts', '=', claim.attempt)
        .returning(['id', 'judge_attempts', 'status', 'run_time', 'run_memory', 'judged_at']),
    )
    .insertInto('submission_verdicts')
    .columns(['submission_id', 'attempt', 'status', 'run_time', 'run_memory', 'judged_by', 'judged_at'])
    .expression((eb) =>
      eb.selectFrom('stored').select(['id', 'judge_attempts', 'status', 'run_time', 'run_memory', sql<string>`${JUDGED_BY}::text`.as('judged_by'), 'judged_at']),
    )
    .executeTakeFirst();
  return Number(written.numInsertedOrUpdatedRows ?? 0) > 0;
}
