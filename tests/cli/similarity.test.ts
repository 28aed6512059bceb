// `verdict contest similarity` (issue 31): on the local database (the analysis runs in the
// command's own worker thread) and on a server (which runs it): the copy ranks first, --problem
// takes a letter, --csv and --json print every stored pair, a missing contest or letter is refused.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken } from '../helpers/tokens.ts';
import { CliSandbox, REPO_ROOT } from './run-cli.ts';

const fixture = (name: string) => fs.readFileSync(path.join(REPO_ROOT, 'tests/fixtures/similarity-evasion', name), 'utf8');

describe('verdict contest similarity @slow', () => {
  let box: CliSandbox;
  let server: TestServer;
  let contestId: number;

  before(async () => {
    box = new CliSandbox();
    server = await startTestServer({ CAPTCHA: 'off' }, { dataDir: box.dataDir });
    const { db } = server.services;
    const now = Date.now();
    const contest = await db.insertInto('contests').values({ title: 'Copy Cup', start_time: new Date(now - 3600_000), end_time: new Date(now + 3600_000) }).returning('id').executeTakeFirstOrThrow();
    contestId = contest.id;
    const problem = await db.insertInto('problems').values({ title: 'Islands', time_limit: 1000, memory_limit: 256 }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('contest_problems').values({ contest_id: contestId, problem_id: problem.id, position: 0 }).execute();
    const sources: [string, string][] = [['ann', 'original.cpp'], ['ben', 'loops.cpp'], ['cid', 'independent-dsu.cpp'], ['dot', 'independent-bfs2.cpp']];
    for (const [name, file] of sources) {
      const user = await accountWithToken(server, { username: `cli_${name}` });
      await db.insertInto('contest_users').values({ contest_id: contestId, user_id: user.id }).execute();
      await db
        .insertInto('submissions')
        .values({ user_id: user.id, problem_id: problem.id, contest_id: contestId, language: 'cpp', code: fixture(file), status: 'AC', tests: '[]', created_at: new Date(now - 600_000) })
        .execute();
    }
  });
  after(async () => server?.close());

  it('analyses the local database: the copy first, a table, JSON and CSV', async () => {
    const json = await box.run(['contest', 'similarity', String(contestId), '--json']);
    assert.equal(json.code, 0, json.stderr);
    const parsed = JSON.parse(json.stdout);
    assert.equal(parsed.run.status, 'done');
    assert.equal(parsed.run.totalSources, 4);
    assert.equal(parsed.pairs.length, 6);
    assert.deepEqual([parsed.pairs[0].userA.username, parsed.pairs[0].userB.username], ['cli_ann', 'cli_ben']);
    assert.ok(parsed.pairs[0].similarity > 2 * parsed.pairs[1].similarity);

    const table = await box.run(['contest', 'similarity', String(contestId), '--problem', 'a', '--top', '2']);
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /Problem A Islands: 4 sources/);
    assert.match(table.stdout, /│ \d+\.\d% +│ cli_ann +│ cli_ben +│ \d+ tokens +│ 1 \/ 1 +│/);
    assert.equal(table.stdout.match(/│ \d+\.\d% /g)?.length, 2, '--top 2');

    const csv = await box.run(['contest', 'similarity', String(contestId), '--csv']);
    const lines = csv.stdout.trim().split('\n');
    assert.equal(lines.length, 7);
    assert.match(lines[1], /^A,cli_ann,cli_ben,0\.\d{4},\d+,/);
  });

  it('refuses a missing contest and a letter the contest does not have', async () => {
    const missing = await box.run(['contest', 'similarity', '9999']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /contest 9999: No such contest/);
    const letter = await box.run(['contest', 'similarity', String(contestId), '--problem', 'Q']);
    assert.equal(letter.code, 2);
    assert.match(letter.stderr, /no problem "Q" in this contest \(letters: A\)/);
  });

  it('runs on a server and follows it to the end', async () => {
    const login = await box.run(['login', '--server', server.url, '-u', 'admin', '--password-stdin'], { stdin: `${ADMIN_PASSWORD}\n` });
    assert.equal(login.code, 0, login.stderr);
    const json = await box.run(['contest', 'similarity', String(contestId), '--server', server.url, '--problem', 'A', '--json']);
    assert.equal(json.code, 0, json.stderr);
    const parsed = JSON.parse(json.stdout);
    assert.equal(parsed.run.status, 'done');
    assert.deepEqual([parsed.pairs[0].userA.username, parsed.pairs[0].userB.username], ['cli_ann', 'cli_ben']);
    await server.services.similarity.idle();
  });
});
