import assert from 'node:assert/strict';
import { itRefusesNonAdmins, type AdminOnlyCall } from '../helpers/admin-only.ts';
import { Api } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, snapshot, type TestAccount } from '../helpers/tokens.ts';

describe('problems', () => {
  let server: TestServer;
  let admin: TestAccount;
  let alice: TestAccount;
  const unchanged = () => snapshot(server, ['problems', 'contest_problems']);

  before(async () => {
    server = await startTestServer();
    admin = await adminAccount(server);
    alice = await accountWithToken(server);
  });
  after(() => server?.destroy());

  async function addProblem(title: string, extra: Record<string, unknown> = {}) {
    const r = await admin.api.json('/api/admin/problem/add', { title, memoryLimit: 256, timeLimit: 1000, ...extra });
    assert.equal(r.code, 0, r.message);
    return r.data as { id: number; title: string };
  }

  describe('roles', () => {
    const calls: AdminOnlyCall[] = [
      ['get', '/api/admin/problem/list', null],
      ['post', '/api/admin/problem/add', { title: 'x', memoryLimit: 1, timeLimit: 1 }],
      ['put', '/api/admin/problem/update', { id: 1, title: 'x', memoryLimit: 1, timeLimit: 1 }],
      ['delete', '/api/admin/problem/deleteList', [1]],
      ['get', '/api/admin/problem/listNoBelong?contestId=1', null],
    ];
    itRefusesNonAdmins(calls, () => ({ url: server.url, user: alice.api, state: unchanged }));
    it('findByTitle2 and statement need a login', async () => {
      const anonymous = new Api(server.url);
      assert.equal((await anonymous.form('/api/admin/problem/findByTitle2', { prob_title: 'x' })).status, 401);
      assert.equal((await anonymous.get('/api/problem/statement', { problemId: 1 })).status, 401);
    });
  });

  describe('add and list', () => {
    it('adds problems and lists them ascending by id', async () => {
      const a = await addProblem('A plus B', { statement: '# Sum\nAdd two numbers.' });
      const b = await addProblem('Bubbles');
      assert.deepEqual(a, { id: a.id, title: 'A plus B', timeLimit: 1000, memoryLimit: 256, hasData: false, hasPdf: false, color: null, colorName: null, languageFactors: null });
      const list = await admin.api.get('/api/admin/problem/list');
      assert.deepEqual(list.data.map((p) => p.id), [a.id, b.id]);
    });

    it('accepts a form body with numbers as strings, and the bounds 0 and max', async () => {
      const r = await admin.api.form('/api/admin/problem/add', { title: 'Edges', memoryLimit: '524288', timeLimit: '0' });
      assert.equal(r.code, 0, r.message);
      assert.equal(r.data.memoryLimit, 524288);
      assert.equal(r.data.timeLimit, 0);
    });

    it('searches by exact id and title substring', async () => {
      const all = (await admin.api.get('/api/admin/problem/list')).data;
      const byId = await admin.api.get('/api/admin/problem/list', { id: all[1].id });
      assert.deepEqual(byId.data.map((p) => p.title), ['Bubbles']);
      const byTitle = await admin.api.get('/api/admin/problem/list', { title: 'plus' });
      assert.deepEqual(byTitle.data.map((p) => p.title), ['A plus B']);
      const blank = await admin.api.get('/api/admin/problem/list', { id: '', title: '' });
      assert.equal(blank.data.length, all.length);
      const bad = await admin.api.get('/api/admin/problem/list', { id: 'abc' });
      assert.equal(bad.status, 400);
      assert.equal(bad.message, 'ID must be a number');
    });

    const refusals: [string, Record<string, unknown>, string, number?][] = [
      ['a missing title', { title: undefined }, 'Please input the Title'],
      ['an empty title', { title: '' }, 'Please input the Title'],
      ['a title of 51 characters', { title: 't'.repeat(51) }, 'The length of Title should be 1-50'],
      ['a missing memory limit', { memoryLimit: undefined }, 'The length of Memory should be 0-524288'],
      ['memory above 524288', { memoryLimit: 524289 }, 'The length of Memory should be 0-524288'],
      ['negative memory', { memoryLimit: -1 }, 'The length of Memory should be 0-524288'],
      ['memory as text', { memoryLimit: 'lots' }, 'The length of Memory should be 0-524288'],
      ['memory as a boolean', { memoryLimit: true }, 'The length of Memory should be 0-524288'],
      ['a fractional time', { timeLimit: 1.5 }, 'The length of Time should be 0-10000'],
      ['time above 10000', { timeLimit: 10001 }, 'The length of Time should be 0-10000'],
      ['a missing time limit', { timeLimit: undefined }, 'The length of Time should be 0-10000'],
      ['an unknown field', { author: 'me' }, 'Unknown field: author'],
      ['a taken title', { title: 'Bubbles' }, 'A problem with this title already exists', 409],
    ];
    for (const [what, change, message, status] of refusals) {
      it(`refuses ${what}: "${message}" and changes nothing`, async () => {
        const before = await unchanged();
        const r = await admin.api.json('/api/admin/problem/add', { title: 'Fresh', memoryLimit: 64, timeLimit: 500, ...change });
        assert.equal(r.status, status ?? 400);
        assert.equal(r.message, message);
        assert.equal(await unchanged(), before);
      });
    }
  });

  describe('PUT /api/admin/problem/update', () => {
    it('edits title and limits, keeping the statement unless one is sent', async () => {
      const p = await addProblem('Editable', { statement: 'keep me' });
      const r = await admin.api.json('/api/admin/problem/update', { id: p.id, title: 'Edited', memoryLimit: 128, timeLimit: 2000 }, 'PUT');
      assert.equal(r.code, 0, r.message);
      assert.deepEqual([r.data.title, r.data.memoryLimit, r.data.timeLimit], ['Edited', 128, 2000]);
      const read = await admin.api.get('/api/problem/statement', { problemId: p.id });
      assert.equal(read.data.statement, 'keep me');
    });

    it('refuses an unknown id, a taken title and bad limits, changing nothing', async () => {
      const p = await addProblem('Stable');
      const before = await unchanged();
      const ghost = await admin.api.json('/api/admin/problem/update', { id: 999999, title: 'Ghost', memoryLimit: 1, timeLimit: 1 }, 'PUT');
      assert.equal(ghost.status, 404);
      assert.equal(ghost.message, 'No such problem');
      const taken = await admin.api.json('/api/admin/problem/update', { id: p.id, title: 'Bubbles', memoryLimit: 1, timeLimit: 1 }, 'PUT');
      assert.equal(taken.status, 409);
      const limits = await admin.api.json('/api/admin/problem/update', { id: p.id, title: 'Stable', memoryLimit: 1, timeLimit: 99999 }, 'PUT');
      assert.equal(limits.message, 'The length of Time should be 0-10000');
      const noId = await admin.api.json('/api/admin/problem/update', { title: 'Stable', memoryLimit: 1, timeLimit: 1 }, 'PUT');
      assert.equal(noId.message, 'id must be a positive integer');
      assert.equal(await unchanged(), before);
    });
  });

  describe('DELETE /api/admin/problem/deleteList', () => {
    it('refuses an empty selection with the spec message', async () => {
      const r = await admin.api.json('/api/admin/problem/deleteList', [], 'DELETE');
      assert.equal(r.status, 400);
      assert.equal(r.message, 'Please select the problem to delete');
    });

    it('refuses the whole list when one id is unknown', async () => {
      const p = await addProblem('Survivor');
      const before = await unchanged();
      const r = await admin.api.json('/api/admin/problem/deleteList', [p.id, 999999], 'DELETE');
      assert.equal(r.status, 404);
      assert.equal(await unchanged(), before);
    });

    it('deletes problems with their contest links (JSON array or form ids)', async () => {
      const p = await addProblem('Doomed');
      const q = await addProblem('Doomed too');
      const c = await server.services.db
        .insertInto('contests')
        .values({ title: 'with doomed', start_time: new Date(), end_time: new Date(Date.now() + 3600_000) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await server.services.db.insertInto('contest_problems').values({ contest_id: c.id, problem_id: p.id, position: 1 }).execute();
      await server.services.db.insertInto('submissions').values({ user_id: alice.id, problem_id: p.id, contest_id: c.id, language: 'cpp', code: 'x' }).execute();
      const r = await admin.api.json('/api/admin/problem/deleteList', [p.id], 'DELETE');
      assert.deepEqual(r.data, { deleted: 1 });
      assert.deepEqual(await server.services.db.selectFrom('contest_problems').selectAll().where('contest_id', '=', c.id).execute(), []);
      assert.deepEqual(await server.services.db.selectFrom('submissions').select('id').where('problem_id', '=', p.id).execute(), []);
      const form = await admin.api.form('/api/admin/problem/deleteList', { ids: String(q.id) }, 'DELETE');
      assert.deepEqual(form.data, { deleted: 1 });
    });
  });

  describe('GET /api/admin/problem/listNoBelong', () => {
    it('lists the problems outside a contest', async () => {
      const inside = await addProblem('Inside');
      const c = await server.services.db
        .insertInto('contests')
        .values({ title: 'nobelong', start_time: new Date(), end_time: new Date(Date.now() + 3600_000) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await server.services.db.insertInto('contest_problems').values({ contest_id: c.id, problem_id: inside.id, position: 1 }).execute();
      const r = await admin.api.get('/api/admin/problem/listNoBelong', { contestId: c.id });
      assert.equal(r.code, 0);
      const titles = r.data.map((p) => p.title);
      assert.ok(!titles.includes('Inside'));
      assert.ok(titles.includes('Bubbles'));
      const ids = r.data.map((p) => p.id);
      assert.deepEqual(ids, [...ids].sort((a, b) => a - b));
      assert.equal((await admin.api.get('/api/admin/problem/listNoBelong', { contestId: 999999 })).status, 404);
      const missing = await admin.api.get('/api/admin/problem/listNoBelong');
      assert.equal(missing.status, 400);
      assert.equal(missing.message, 'contestId must be a positive integer');
    });
  });

  describe('reading a problem', () => {
    it('gives an admin any problem by title or id', async () => {
      const r = await admin.api.form('/api/admin/problem/findByTitle2', { prob_title: 'A plus B' });
      assert.equal(r.code, 0, r.message);
      assert.equal(r.data.statement, '# Sum\nAdd two numbers.');
      assert.equal(r.data.timeLimit, 1000);
      const s = await admin.api.get('/api/problem/statement', { problemId: r.data.id });
      assert.equal(s.data.title, 'A plus B');
    });

    it('refuses a user a problem outside their contests, and unknown titles', async () => {
      const r = await alice.api.form('/api/admin/problem/findByTitle2', { prob_title: 'A plus B' });
      assert.equal(r.status, 404);
      assert.equal(r.message, 'No such problem');
      const unknown = await alice.api.form('/api/admin/problem/findByTitle2', { prob_title: 'Nope' });
      assert.equal(unknown.status, 404);
      const empty = await alice.api.form('/api/admin/problem/findByTitle2', { prob_title: '' });
      assert.equal(empty.message, 'Please input the Title');
      const extra = await alice.api.form('/api/admin/problem/findByTitle2', { prob_title: 'A plus B', x: '1' });
      assert.equal(extra.message, 'Unknown field: x');
    });
  });
});
