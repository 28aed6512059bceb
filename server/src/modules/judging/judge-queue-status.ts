// How many records wait for judgement, for how long and why (issue 33): what `verdict doctor` and
// GET /api/admin/judgeQueue tell an operator. A record waits while its status is PD, CP or JG; the
// judge processes that could take it are the judge_workers rows whose heartbeat is fresh.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { PENDING_STATES } from '../submissions/index.ts';
import type { JudgeQueueStatus } from './wire.ts';

/** A record waiting longer than this is worth an operator's look (the queue heals within ~20 s). */
export const LONG_WAIT_MS = 60_000;

export async function judgeQueueStatus(db: Kysely<DB>, now: Date, workerDeadMs: number): Promise<JudgeQueueStatus> {
  const pending = [...PENDING_STATES];
  const [byStatus, oldest, judges] = await Promise.all([
    db
      .selectFrom('submissions')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.max('judge_attempts').as('attempts')])
      .where('status', 'in', pending)
      .groupBy('status')
      .execute(),
    db.selectFrom('submissions').select(['id', 'created_at']).where('status', 'in', pending).orderBy('created_at').orderBy('id').limit(1).executeTakeFirst(),
    db.selectFrom('judge_workers').select(['name', 'workers', 'heartbeat_at']).orderBy('name').execute(),
  ]);
  const waiting = byStatus.reduce((sum, row) => sum + Number(row.n), 0);
  const maxAttempts = byStatus.reduce((most, row) => Math.max(most, Number(row.attempts ?? 0)), 0);
  const judgeViews = judges.map((j) => {
    const heartbeatAgeMs = Math.max(0, now.getTime() - new Date(j.heartbeat_at).getTime());
    return { name: j.name, workers: j.workers, heartbeatAgeMs, alive: heartbeatAgeMs < workerDeadMs };
  });
  const alive = judgeViews.filter((j) => j.alive);
  const oldestWaitMs = oldest ? Math.max(0, now.getTime() - new Date(oldest.created_at).getTime()) : null;
  return {
    waiting,
    byStatus: { PD: 0, CP: 0, JG: 0, ...Object.fromEntries(byStatus.map((row) => [row.status, Number(row.n)])) },
    oldestId: oldest?.id ?? null,
    oldestWaitMs,
    maxAttempts,
    judges: judgeViews,
    reason: reasonOf(waiting, oldestWaitMs, alive.length, alive.reduce((sum, j) => sum + j.workers, 0)),
  };
}

function reasonOf(waiting: number, oldestWaitMs: number | null, aliveJudges: number, aliveWorkers: number): string {
  if (waiting === 0) return 'nothing waits for judgement';
  if (aliveWorkers === 0) {
    return aliveJudges === 0
      ? 'no judge process is alive: start `verdict serve` with JUDGE_WORKERS of at least 1, or a `verdict worker`'
      : 'the live judge processes run no workers (JUDGE_WORKERS=0): start a `verdict worker`';
  }
  if (oldestWaitMs !== null && oldestWaitMs > LONG_WAIT_MS) {
    return `${aliveWorkers} worker(s) alive but the oldest record waits for ${Math.round(oldestWaitMs / 1000)} s: the judges are busy (add workers) or stuck (see the server's log)`;
  }
  return `${aliveWorkers} worker(s) in ${aliveJudges} judge process(es) are at it`;
}
