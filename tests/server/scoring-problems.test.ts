// A scoring problem on the server: the record keeps its score, the most possible and each test
// data group's result; the record views show them; a rejudge clears them until judged again.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createProblemFromPackage } from '@verdict/server/internal/modules/problems/upload';
import { zipOf } from '../helpers/package-zip.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, type TestAccount } from '../helpers/tokens.ts';

const SMALL_ONLY = 'n = int(input())\nprint(n * n if n <= 10 else 0)\n';
const FULL = 'n = int(input())\nprint(n * n)\n';

describe('scoring problems on the server', function () {
  this.timeout(180_000);
  let server: TestServer;
  let admin: TestAccount;
  let problemId: number;

  before(async () => {
    server = await startTestServer({ JUDGE_WORKERS: '1' });
    admin = await accountWithToken(server, { auth: 1 });
    const zipPath = path.join(server.dataDir, 'squares.zip');
    fs.writeFileSync(
      zipPath,
      await zipOf({
        'squares/problem.yaml': 'problem_format_version: 2023-07\nname: Squares\ntype: scoring\nlimits:\n  time_limit: 2\n  memory: 256\n',
        'squares/data/sample/1.in': '3\n',
        'squares/data/sample/1.ans': '9\n',
        'squares/data/secret/1-small/test_group.yaml': 'scoring:\n  score: 40\n  aggregation: min\n',
        'squares/data/secret/1-small/1.in': '4\n',
        'squares/data/secret/1-small/1.ans': '16\n',
        'squares/data/secret/2-big/test_group.yaml': 'scoring:\n  score: 60\n  aggregation: min\n',
        'squares/data/secret/2-big/1.in': '1000\n',
        'squares/data/secret/2-big/1.ans': '1000000\n',
      }),
    );
    problemId = (await createProblemFromPackage(server.services, zipPath)).problemId;
  });

  after(async () => {
    await server?.destroy();
  });

  it('stores and shows the score of each submission and of its groups', async () => {
    const partial = await admin.api.json('/api/submit', { problemId, language: 'python3', code: SMALL_ONLY });
    assert.equal(partial.code, 0, partial.message);
    assert.deepEqual([partial.data.judgeResult, partial.data.score, partial.data.maxScore], ['WA', 40, 100]);
    const detail = await admin.api.get('/api/JudgeRecord/detail', { id: partial.data.id });
    assert.deepEqual(
      detail.data.groups?.map((g) => [g.name, g.verdict, g.score, g.maxScore]),
      [
        ['sample', 'AC', 1, 1],
        ['secret/1-small', 'AC', 40, 40],
        ['secret/2-big', 'WA', 0, 60],
        ['secret', 'WA', 40, 100],
        ['data', 'WA', 40, 100],
      ],
    );
    const full = await admin.api.json('/api/submit', { problemId, language: 'python3', code: FULL });
    assert.deepEqual([full.data.judgeResult, full.data.score], ['AC', 100]);
    const list = await admin.api.get('/api/JudgeRecord/list', {});
    const mine = list.data.filter((r) => r.problemId === problemId).map((r) => r.score);
    assert.deepEqual(mine.sort(), [100, 40]);
  });

  it('clears the score when a record is rejudged, and scores it again', async () => {
    const first = await admin.api.json('/api/submit', { problemId, language: 'python3', code: SMALL_ONLY });
    const row = await server.services.db.selectFrom('submissions').select(['score']).where('id', '=', first.data.id).executeTakeFirstOrThrow();
    assert.equal(row.score, 40);
    const again = await admin.api.json('/api/JudgeRecord/rejudge', { id: first.data.id });
    assert.equal(again.code, 0, again.message);
    assert.ok(again.data.score === null || again.data.score === 40, `cleared, or already judged again: ${again.data.score}`);
  });
});
