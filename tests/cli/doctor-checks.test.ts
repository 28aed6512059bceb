import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '@verdict/server/internal/db/database';
import { migrateTo, migrateToLatest } from '@verdict/server/internal/db/migrate';
import { chromiumCheck, databaseCheck, smtpCheck } from '../../cli/src/doctor-service-checks.ts';
import { startTestSmtp } from '../helpers/smtp.ts';
import { seedEmbeddedStore } from '../helpers/store-template.ts';

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs `fn` with these environment variables set (undefined removes one), then restores them. */
async function withEnv<T>(vars: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  const apply = (v: Record<string, string | undefined>) => {
    for (const [k, value] of Object.entries(v)) {
      if (value === undefined) delete process.env[k];
      else process.env[k] = value;
    }
  };
  apply(vars);
  try {
    return await fn();
  } finally {
    apply(saved);
  }
}

describe('cli: doctor checks for database, Chromium and SMTP', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-doctor-'))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('finds a fresh DATA_DIR fine and an unreachable DATABASE_URL failing, with a fix', async () => {
    const fresh = await withEnv({ DATA_DIR: path.join(dir, 'data'), DATABASE_URL: undefined }, () => databaseCheck.run());
    assert.deepEqual(fresh.map((f) => f.status), ['ok']);
    assert.match(fresh[0].detail, /will be created in .*data on first start/);
    assert.equal(fs.existsSync(path.join(dir, 'data')), false, 'the check creates nothing');

    const port = await closedPort();
    const down = await withEnv({ DATABASE_URL: `postgresql://verdict:secret@127.0.0.1:${port}/verdict` }, () => databaseCheck.run());
    assert.equal(down[0].status, 'fail');
    assert.match(down[0].detail, /ECONNREFUSED/);
    assert.doesNotMatch(down[0].detail, /secret/, 'the password is not shown');
    assert.match(down[0].fix!, /DATABASE_URL/);
  });

  it('warns of usernames that clashed when migration 0020 made them canonical', async () => {
    const dataDir = path.join(dir, 'clashes');
    await seedEmbeddedStore(dataDir);
    const database = await openDatabase({ dataDir });
    try {
      // Back to the schema before canonical usernames, with two names that clash under it.
      await migrateTo(database.db, '0019_api_tokens');
      await sql`insert into users (username, email, password_hash) values ('alice', 'a@x.test', 'h'), ('Alice', 'b@x.test', 'h')`.execute(database.db);
      await migrateToLatest(database.db);
    } finally {
      await database.close();
    }
    const findings = await withEnv({ DATA_DIR: dataDir, DATABASE_URL: undefined }, () => databaseCheck.run());
    assert.deepEqual(
      findings.map((f) => [f.item, f.status]),
      [
        ['database', 'ok'],
        ['username "Alice"', 'warn'],
        ['judging queue', 'ok'],
      ],
    );
    assert.match(findings[1].detail, /older account "alice"/);
    assert.match(findings[1].fix!, /rename/);
    assert.equal(findings[2].detail, 'nothing waits for judgement');
  });

  it('warns of records waiting for judgement with no judge alive, saying how many, the oldest and why', async () => {
    const dataDir = path.join(dir, 'queue');
    await seedEmbeddedStore(dataDir);
    const database = await openDatabase({ dataDir });
    try {
      const { db } = database;
      const problem = await db.insertInto('problems').values({ title: 'Q', time_limit: 1000, memory_limit: 256 }).returning('id').executeTakeFirstOrThrow();
      const user = await db.insertInto('users').values({ username: 'waiter', email: 'w@x.test', password_hash: 'h' }).returning('id').executeTakeFirstOrThrow();
      await db
        .insertInto('submissions')
        .values({ user_id: user.id, problem_id: problem.id, language: 'cpp', code: '//', status: 'PD', tests: JSON.stringify([]), judge_attempts: 1, created_at: new Date(Date.now() - 120_000) })
        .execute();
    } finally {
      await database.close();
    }
    const findings = await withEnv({ DATA_DIR: dataDir, DATABASE_URL: undefined }, () => databaseCheck.run());
    const queue = findings.find((f) => f.item === 'judging queue');
    assert.equal(queue?.status, 'warn');
    assert.match(queue!.detail, /^1 record\(s\) wait \(1 PD\); the oldest \(#\d+\) for 1[23]\d s; at most 1 attempt\(s\): no judge process is alive/);
    assert.match(queue!.fix!, /judgeQueue/);
  });

  it('warns without SMTP_URL, passes with a live server and fails with a dead one', async () => {
    const unset = await withEnv({ SMTP_URL: undefined }, () => smtpCheck.run());
    assert.equal(unset[0].status, 'warn');
    assert.match(unset[0].fix!, /set SMTP_URL/);

    const smtp = await startTestSmtp();
    try {
      const live = await withEnv({ SMTP_URL: smtp.url }, () => smtpCheck.run());
      assert.equal(live[0].status, 'ok', live[0].detail);
    } finally {
      await smtp.close();
    }
    const dead = await withEnv({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` }, () => smtpCheck.run());
    assert.equal(dead[0].status, 'fail');
    assert.match(dead[0].fix!, /SMTP_URL/);
  });

  it('reports Chromium’s version, or how to install it', async () => {
    const [finding] = await chromiumCheck.run();
    if (fs.existsSync('/usr/bin/chromium')) assert.match(finding.detail, /Chromium \d+/);
    else assert.deepEqual([finding.status, finding.fix], ['warn', 'apt-get install -y chromium']);
  });
});
