// Processes that open the judge queue at once on one PostgreSQL database (a `verdict serve` and
// its workers started together). Agenda creates its table, indexes and trigger function on every
// connect; done by several at once, PostgreSQL's catalog answered "tuple concurrently updated"
// and a worker crashed at start-up (CI, 2026-11-28). Each store here is its own pool, as each
// process has its own. The embedded store serves every connection from one backend: nothing to
// race there, so this runs on PostgreSQL only.
import assert from 'node:assert/strict';
import { openDatabase, type Database } from '@verdict/server/internal/db/database';
import { JudgeQueue } from '@verdict/server/internal/modules/judging/judge-queue';
import { loadConfig } from '@verdict/server/internal/config';
import { createLogger } from '@verdict/server/internal/logger';
import { freshPostgresDatabase } from '../helpers/server.ts';

describe('judge queue: processes opening it at once on PostgreSQL', function () {
  this.timeout(120_000);
  const url = process.env.TEST_DATABASE_URL;
  const stores: Database[] = [];
  let drop: (() => Promise<void>) | undefined;

  before(function () {
    if (!url) this.skip();
  });

  after(async () => {
    for (const store of stores) await store.close().catch(() => undefined);
    await drop?.();
  });

  it('opens in each of six processes at once on a fresh database, every time', async () => {
    const log = createLogger('silent');
    const { judgeQueue: options } = loadConfig({});
    // Three fresh databases, six "processes" each: one race is not always lost.
    for (let round = 0; round < 3; round++) {
      const created = await freshPostgresDatabase(url!);
      const previousDrop = drop;
      drop = async () => {
        await previousDrop?.();
        await created.drop();
      };
      const mine = await Promise.all(Array.from({ length: 6 }, () => openDatabase({ dataDir: '/nonexistent', databaseUrl: created.url, poolSize: 3 })));
      stores.push(...mine);
      // Bounded: when Agenda's connect failed, its `ready` never settled and open() hung.
      const opened = await Promise.allSettled(mine.map((database) => withinSeconds(30, JudgeQueue.open(database, log, options))));
      const failed = opened.flatMap((o) => (o.status === 'rejected' ? [String((o.reason as Error).message)] : []));
      assert.deepEqual(failed, [], `round ${round}`);
      for (const o of opened) if (o.status === 'fulfilled') await o.value.stop();
      for (const store of mine) await store.close();
      stores.splice(0);
    }
  });
});

function withinSeconds<T>(seconds: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not open within ${seconds} s`)), seconds * 1000);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
