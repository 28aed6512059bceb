import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { SAMPLE_PROBLEMS_DIR } from '@verdict/server/internal/modules/problems/samples';
import { ensurePackageDir } from '@verdict/server/internal/modules/problems/packages';
import { startTestServer, type TestServer } from '../helpers/server.ts';

async function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.end();
}

describe('sample problems and templates at first start', () => {
  let first: TestServer & { databaseUrl?: string };
  let second: TestServer | undefined;
  const samples = fs
    .readdirSync(SAMPLE_PROBLEMS_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

  before(async () => {
    first = await startTestServer({ LOAD_SAMPLES: 'on' });
  });
  after(async () => {
    await second?.close();
    await first.close();
    if (first.databaseUrl) await dropDatabase(first.databaseUrl);
    fs.rmSync(first.dataDir, { recursive: true, force: true });
  });

  const problems = (s: TestServer) => s.services.db.selectFrom('problems').selectAll().orderBy('id').execute();
  const templates = (s: TestServer) => s.services.db.selectFrom('templates').selectAll().orderBy('id').execute();

  it('loads every package under problems/ with its data and statement', async () => {
    assert.ok(samples.length >= 2, 'the repository ships sample problems');
    const rows = await problems(first);
    assert.equal(rows.length, samples.length);
    for (const row of rows) {
      assert.ok(row.package_hash, `${row.title} has test data`);
      assert.equal(row.package_version, 1);
      const dir = await ensurePackageDir(first.services, row.package_hash!);
      assert.ok(fs.existsSync(path.join(dir, 'data')), `${row.title}: unpacked for workers`);
    }
    const circle = rows.find((r) => r.title === 'Circle Area');
    assert.ok(circle, 'problem.yaml names the problem');
    assert.equal(circle.time_limit, 1000);
    assert.equal(circle.memory_limit, 256);
    assert.equal(circle.statement, fs.readFileSync(path.join(SAMPLE_PROBLEMS_DIR, 'circle/problem_statement/problem.en.md'), 'utf8'));
  });

  it('adds the default template of each available language', async () => {
    const rows = await templates(first);
    const languages = await first.services.languages();
    assert.ok(rows.length > 0 && rows.length <= languages.length);
    const cpp = rows.find((t) => t.language === languages.find((l) => l.id === 'cpp')?.name);
    assert.ok(cpp, 'a C++ template');
    assert.match(cpp.description, /int main/);
  });

  it('does not load them again on the next start', async () => {
    const before = { problems: await problems(first), templates: await templates(first) };
    await first.close();
    second = await startTestServer({ LOAD_SAMPLES: 'on' }, { dataDir: first.dataDir, databaseUrl: first.databaseUrl });
    assert.deepEqual(await problems(second), before.problems);
    assert.deepEqual(await templates(second), before.templates);
  });

  it('stays off by default in tests', async () => {
    const plain = await startTestServer();
    try {
      assert.equal((await problems(plain)).length, 0);
      assert.equal((await templates(plain)).length, 0);
    } finally {
      await plain.destroy();
    }
  });
});
