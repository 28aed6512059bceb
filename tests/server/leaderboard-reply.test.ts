// GET /api/BangDan/AllResultList is polled by every contestant every 5 s, so its reply is
// serialized (and gzipped) once per version of the board instead of once per request
// (bench/load.ts). The reply must still be the current board, plain or gzipped alike.
import assert from 'node:assert/strict';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { issueToken } from '@verdict/server/internal/modules/accounts/tokens';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createUser } from '../helpers/users.ts';

interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function rawGet(url: string, headers: Record<string, string>): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('leaderboard reply', () => {
  let server: TestServer;
  let token: string;
  let url: string;
  let ids: { user: number; problem: number; contest: number };

  before(async () => {
    server = await startTestServer();
    const { db } = server.services;
    const user = await createUser(server);
    token = await issueToken(db, user.id);
    const problem = await db.insertInto('problems').values({ title: 'Reply A', time_limit: 1000, memory_limit: 256 }).returning('id').executeTakeFirstOrThrow();
    const contest = await db
      .insertInto('contests')
      .values({ title: 'Reply contest', start_time: new Date(Date.now() - 3600_000), end_time: new Date(Date.now() + 3600_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('contest_users').values({ contest_id: contest.id, user_id: user.id }).execute();
    await db.insertInto('contest_problems').values({ contest_id: contest.id, problem_id: problem.id, position: 1 }).execute();
    ids = { user: user.id, problem: problem.id, contest: contest.id };
    url = `${server.url}/api/BangDan/AllResultList?contestId=${contest.id}`;
  });
  after(() => server?.destroy());

  const addSubmission = (status: string) =>
    server.services.db
      .insertInto('submissions')
      .values({ user_id: ids.user, problem_id: ids.problem, contest_id: ids.contest, language: 'cpp', code: 'x', status, tests: '[]', judged_at: new Date() })
      .execute();

  it('sends the same envelope plain and gzipped, by Accept-Encoding', async () => {
    await addSubmission('WA');
    const plain = await rawGet(url, { Authorization: token, 'Accept-Encoding': 'identity' });
    const zipped = await rawGet(url, { Authorization: token, 'Accept-Encoding': 'gzip, deflate, br' });
    assert.equal(plain.status, 200);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.match(String(plain.headers['content-type']), /^application\/json/);
    assert.match(String(plain.headers.vary), /Accept-Encoding/i);
    assert.equal(zipped.status, 200);
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    assert.match(String(zipped.headers.vary), /Accept-Encoding/i);
    assert.deepEqual(gunzipSync(zipped.body), plain.body);
    const envelope = JSON.parse(plain.body.toString('utf8'));
    assert.equal(envelope.code, 0);
    assert.equal(envelope.data.length, 1);
    const { submitTime, ...cell } = envelope.data[0].judgeResultList[0];
    assert.deepEqual(cell, { newId: 'A', result: 'WA', cnt: 1 });
    assert.ok(Number.isInteger(submitTime) && submitTime >= 0, `submitTime ${submitTime}`);
    assert.equal(envelope.data[0].acNum, 0);
  });

  it('serves the new board once it changed, not the serialized old one', async () => {
    await addSubmission('AC');
    for (const encoding of ['identity', 'gzip']) {
      const reply = await rawGet(url, { Authorization: token, 'Accept-Encoding': encoding });
      const body = encoding === 'gzip' ? gunzipSync(reply.body) : reply.body;
      const envelope = JSON.parse(body.toString('utf8'));
      assert.equal(envelope.data[0].acNum, 1, encoding);
      assert.equal(envelope.data[0].judgeResultList[0].result, 'AC', encoding);
      assert.equal(envelope.data[0].judgeResultList[0].cnt, 2, encoding);
    }
  });

  it('answers 304 with no body while the board has not changed (ETag, If-None-Match), and the new board once it has', async () => {
    const first = await rawGet(url, { Authorization: token, 'Accept-Encoding': 'gzip' });
    const etag = String(first.headers.etag);
    assert.match(etag, /^W\/"[\w-]+"$/);
    assert.equal(first.headers['cache-control'], 'private, no-cache');
    const plain = await rawGet(url, { Authorization: token, 'Accept-Encoding': 'identity' });
    assert.equal(plain.headers.etag, etag, 'one validator for the plain and the gzipped bytes');
    const again = await rawGet(url, { Authorization: token, 'Accept-Encoding': 'gzip', 'If-None-Match': etag });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
    assert.equal(again.headers.etag, etag);
    const other = await rawGet(url, { Authorization: token, 'If-None-Match': 'W/"something-else"' });
    assert.equal(other.status, 200);
    // A second contestant's rejected try: a new row on the board.
    const second = await createUser(server);
    await server.services.db.insertInto('contest_users').values({ contest_id: ids.contest, user_id: second.id }).execute();
    await server.services.db
      .insertInto('submissions')
      .values({ user_id: second.id, problem_id: ids.problem, contest_id: ids.contest, language: 'cpp', code: 'x', status: 'WA', tests: '[]', judged_at: new Date() })
      .execute();
    const changed = await rawGet(url, { Authorization: token, 'Accept-Encoding': 'identity', 'If-None-Match': etag });
    assert.equal(changed.status, 200, 'a changed board is sent whole');
    assert.notEqual(changed.headers.etag, etag);
    assert.equal(JSON.parse(changed.body.toString('utf8')).data.length, 2);
  });

  it("carries the member's nickname and affiliation once set, and shows an edit of them at the next request (issue 30, defect 3)", async () => {
    const row = async () => JSON.parse((await rawGet(url, { Authorization: token, 'Accept-Encoding': 'identity' })).body.toString('utf8')).data[0];
    await server.services.db.updateTable('users').set({ nickname: '' }).where('id', '=', ids.user).execute();
    const before = await row();
    assert.equal(before.nickname, undefined);
    assert.equal(before.affiliation, undefined);
    // The board is kept in memory: a changed nickname or affiliation must reach it like a rename.
    await server.services.db.updateTable('users').set({ nickname: 'Alice Wang', affiliation: 'Tsinghua' }).where('id', '=', ids.user).execute();
    const after = await row();
    assert.equal(after.nickname, 'Alice Wang');
    assert.equal(after.affiliation, 'Tsinghua');
    assert.deepEqual(Object.keys(after).slice(0, 4), ['rank', 'userName', 'nickname', 'affiliation']);
  });

  it('still refuses a caller who is not a member, in the usual envelope', async () => {
    const stranger = await createUser(server);
    const reply = await rawGet(url, { Authorization: await issueToken(server.services.db, stranger.id), 'Accept-Encoding': 'gzip' });
    assert.equal(reply.headers['content-encoding'], undefined);
    const envelope = JSON.parse(reply.body.toString('utf8'));
    assert.notEqual(envelope.code, 0);
  });
});
