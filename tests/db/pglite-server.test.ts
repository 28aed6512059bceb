// The embedded database's wire server: many pg connections share PGlite's one session
// without seeing each other's statements or transactions.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { startPgliteServer, type PgliteServer } from '@verdict/server/internal/db/pglite-server';

describe('embedded database wire server', function () {
  this.timeout(120_000);
  let lite: PGlite;
  let server: PgliteServer;
  let pool: pg.Pool;
  let url: string;

  before(async () => {
    lite = await PGlite.create();
    server = await startPgliteServer(lite, { host: '127.0.0.1', port: 0, maxConnections: 40 });
    url = `postgresql://postgres@127.0.0.1:${server.port}/postgres?sslmode=disable`;
    pool = new pg.Pool({ connectionString: url, max: 8 });
    await pool.query('create table t (id serial primary key, v int not null)');
  });

  after(async () => {
    await pool?.end();
    await server?.stop();
    await lite?.close();
  });

  beforeEach(async () => {
    await pool.query('truncate t');
  });

  it('answers hundreds of concurrent parameterised queries each with its own result', async () => {
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) => pool.query('select $1::int * 2 as x, $2::text as s', [i, `q${i}`])),
    );
    results.forEach((r, i) => assert.deepEqual(r.rows, [{ x: 2 * i, s: `q${i}` }]));
  });

  it('keeps transactions whole and apart under concurrency: commits stay, rollbacks leave nothing', async () => {
    const readers = new pg.Pool({ connectionString: url, max: 4 });
    const seen: number[] = [];
    let writing = true;
    const reading = (async () => {
      while (writing) {
        const r = await readers.query('select count(*)::int as n from t group by v');
        seen.push(...r.rows.map((row) => row.n));
      }
    })();
    await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const c = await pool.connect();
        try {
          await c.query('begin');
          await c.query('insert into t (v) values ($1)', [i]);
          await c.query('insert into t (v) values ($1)', [i]);
          await c.query(i % 2 ? 'commit' : 'rollback');
        } finally {
          c.release();
        }
      }),
    );
    writing = false;
    await reading;
    await readers.end();
    const { rows } = await pool.query('select v, count(*)::int as n from t group by v order by v');
    assert.deepEqual(rows, Array.from({ length: 30 }, (_, k) => ({ v: 2 * k + 1, n: 2 })));
    // Readers running alongside never saw half a transaction.
    assert.ok(seen.length > 0, 'the readers saw committed rows');
    for (const n of seen) assert.equal(n, 2);
  });

  it('a statement error in one connection does not disturb the others', async () => {
    const replies = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) => (i % 3 === 0 ? pool.query('select 1/0') : pool.query('select $1::int as x', [i]))),
    );
    replies.forEach((r, i) => {
      if (i % 3 === 0) assert.equal(r.status, 'rejected');
      else assert.deepEqual(r.status === 'fulfilled' && r.value.rows, [{ x: i }]);
    });
  });

  it('rolls back the transaction of a client that disappears, and serves the others on', async () => {
    const doomed = new pg.Client({ connectionString: url });
    doomed.on('error', () => {});
    await doomed.connect();
    await doomed.query('begin');
    await doomed.query('insert into t (v) values (99)');
    const waiting = pool.query('select count(*)::int as n from t');
    // The socket drops without a goodbye, as when its process is killed.
    (doomed as unknown as { connection: { stream: net.Socket } }).connection.stream.destroy();
    assert.deepEqual((await waiting).rows, [{ n: 0 }]);
    await pool.query('insert into t (v) values (1)');
    assert.deepEqual((await pool.query('select v from t')).rows, [{ v: 1 }]);
  });

  it('recovers a client that drops halfway through an extended-protocol exchange', async () => {
    // Parse and Bind without Sync, then the socket closes: the session must not stay in the
    // exchange (it would swallow the next client's messages until a Sync).
    const socket = net.connect(server.port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    const startup = Buffer.concat([Buffer.alloc(8), Buffer.from('user\0postgres\0database\0postgres\0\0')]);
    startup.writeInt32BE(startup.length, 0);
    startup.writeInt32BE(196608, 4);
    socket.write(startup);
    await new Promise((r) => socket.once('data', r));
    const parse = message('P', Buffer.from('\0select 1/0\0\0\0'));
    const bind = message('B', Buffer.from('\0\0\0\0\0\0\0\0'));
    const execute = message('E', Buffer.from('\0\0\0\0\0'));
    socket.write(Buffer.concat([parse, bind, execute]));
    await new Promise((r) => setTimeout(r, 100));
    socket.destroy();
    const r = await pool.query('select $1::int + 1 as x', [41]);
    assert.deepEqual(r.rows, [{ x: 42 }]);
  });

  it('delivers a result of many megabytes whole, every row its own, to a client that reads slower than PGlite writes', async () => {
    // 20 000 rows of ~540 bytes: ~11 MB, far beyond the socket's buffer, so most of the reply
    // waits in the server's write queue. PGlite hands out its chunks as views of memory it
    // reuses: queued uncopied, they were overwritten and the reply never parsed (the client
    // waited for ever: a contest's event feed over ~8000 submissions hung the embedded store).
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const query = client.query<{ i: number; h: string }>(`select i, md5(i::text) || repeat('x', 500) as h from generate_series(1, 20000) i order by i`);
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the large result never arrived')), 60_000).unref());
      const { rows } = await Promise.race([query, timeout]);
      assert.equal(rows.length, 20000);
      const wrong = rows.filter((row, k) => row.i !== k + 1 || row.h.slice(0, 32) !== createHash('md5').update(String(k + 1)).digest('hex'));
      assert.deepEqual(wrong.slice(0, 3), [], `${wrong.length} rows are not their own`);
    } finally {
      await client.end().catch(() => {});
    }
    // The session is idle again for everyone.
    assert.deepEqual((await pool.query('select 2 as x')).rows, [{ x: 2 }]);
  });
});

function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0);
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}
