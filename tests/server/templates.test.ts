import assert from 'node:assert/strict';
import { itRefusesNonAdmins, type AdminOnlyCall } from '../helpers/admin-only.ts';
import { Api } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, snapshot, type TestAccount } from '../helpers/tokens.ts';

describe('judge templates', () => {
  let server: TestServer;
  let admin: TestAccount;
  let alice: TestAccount;
  const unchanged = () => snapshot(server, ['templates']);
  const cpp = { language: 'cpp', comment: 'C++ starter', description: 'int main() { return 0; }\n' };

  before(async () => {
    server = await startTestServer();
    admin = await adminAccount(server);
    alice = await accountWithToken(server);
  });
  after(() => server?.destroy());

  describe('roles', () => {
    const calls: AdminOnlyCall[] = [
      ['get', '/api/JudgeTemplate/list', null],
      ['post', '/api/JudgeTemplate/add', cpp],
      ['put', '/api/JudgeTemplate/update', { id: 1, ...cpp }],
      ['delete', '/api/JudgeTemplate/deleteList', [1]],
    ];
    itRefusesNonAdmins(calls, () => ({ url: server.url, user: alice.api, state: unchanged }));
    it('listUnConditional and languages need a login only', async () => {
      assert.equal((await new Api(server.url).get('/api/JudgeTemplate/listUnConditional')).status, 401);
      assert.equal((await new Api(server.url).get('/api/JudgeTemplate/languages')).status, 401);
      assert.equal((await alice.api.get('/api/JudgeTemplate/listUnConditional')).code, 0);
    });
  });

  it("lists the judge's languages as {id, name}", async () => {
    const r = await alice.api.get('/api/JudgeTemplate/languages');
    assert.equal(r.code, 0);
    const cppLanguage = r.data.find((l) => l.id === 'cpp');
    assert.ok(cppLanguage, JSON.stringify(r.data));
    assert.equal(typeof cppLanguage.name, 'string');
    assert.ok(r.data.some((l) => l.id === 'python3'));
  });

  it('adds templates by language id or name; lists them ascending by id', async () => {
    const a = await admin.api.json('/api/JudgeTemplate/add', cpp);
    assert.equal(a.code, 0, a.message);
    assert.deepEqual(a.data, { id: a.data.id, ...cpp });
    const languages = (await alice.api.get('/api/JudgeTemplate/languages')).data;
    const python = languages.find((l) => l.id === 'python3')!;
    const b = await admin.api.form('/api/JudgeTemplate/add', { language: python.name, comment: 'Python', description: 'print(input())' });
    assert.equal(b.code, 0, b.message);
    const list = await admin.api.get('/api/JudgeTemplate/list');
    assert.deepEqual(list.data.map((t) => t.id), [a.data.id, b.data.id]);
    const users = await alice.api.get('/api/JudgeTemplate/listUnConditional');
    assert.deepEqual(users.data.map((t) => t.language), ['cpp', python.name]);
    const search = await admin.api.get('/api/JudgeTemplate/list', { language: 'CP' });
    assert.deepEqual(search.data.map((t) => t.id), [a.data.id]);
    const byId = await admin.api.get('/api/JudgeTemplate/list', { id: b.data.id });
    assert.deepEqual(byId.data.map((t) => t.id), [b.data.id]);
  });

  const LANGUAGE = 'The length of the Language should be between 1 and 100 characters';
  const COMMENT = 'The length of the Comment should be between 1 and 150 characters';
  const refusals: [string, Record<string, unknown>, string][] = [
    ['a missing language', { language: undefined }, LANGUAGE],
    ['an empty language', { language: '' }, LANGUAGE],
    ['a language of 101 characters', { language: 'l'.repeat(101) }, LANGUAGE],
    ['a missing comment', { comment: undefined }, COMMENT],
    ['a comment of 151 characters', { comment: 'c'.repeat(151) }, COMMENT],
    ['a missing script', { description: undefined }, 'Please input the Script'],
    ['a blank script', { description: '  \n ' }, 'Please input the Script'],
    ['a script as a number', { description: 42 }, 'Please input the Script'],
    ['an unknown field', { name: 'x' }, 'Unknown field: name'],
  ];
  for (const [what, change, message] of refusals) {
    it(`refuses ${what}: "${message}" and changes nothing`, async () => {
      const before = await unchanged();
      const r = await admin.api.json('/api/JudgeTemplate/add', { ...cpp, ...change });
      assert.equal(r.status, 400);
      assert.equal(r.message, message);
      assert.equal(await unchanged(), before);
    });
  }

  it('refuses a language the judge does not offer', async () => {
    const before = await unchanged();
    const r = await admin.api.json('/api/JudgeTemplate/add', { ...cpp, language: 'INTERCAL' });
    assert.equal(r.status, 400);
    assert.match(r.message, /^Unknown language "INTERCAL"; the judge offers: .*cpp/);
    assert.equal(await unchanged(), before);
  });

  it('edits a template and refuses an unknown id or language', async () => {
    const t = (await admin.api.json('/api/JudgeTemplate/add', cpp)).data;
    const r = await admin.api.json('/api/JudgeTemplate/update', { id: t.id, language: 'c', comment: 'C now', description: 'int main(void){}' }, 'PUT');
    assert.equal(r.code, 0, r.message);
    assert.equal(r.data.comment, 'C now');
    const before = await unchanged();
    const ghost = await admin.api.json('/api/JudgeTemplate/update', { id: 999999, ...cpp }, 'PUT');
    assert.equal(ghost.status, 404);
    assert.equal(ghost.message, 'No such template');
    const bad = await admin.api.json('/api/JudgeTemplate/update', { id: t.id, ...cpp, language: 'brainfuck' }, 'PUT');
    assert.equal(bad.status, 400);
    assert.equal(await unchanged(), before);
  });

  it('deletes templates, refusing an empty or partly unknown selection', async () => {
    const t = (await admin.api.json('/api/JudgeTemplate/add', cpp)).data;
    const empty = await admin.api.json('/api/JudgeTemplate/deleteList', [], 'DELETE');
    assert.equal(empty.message, 'Please select the template to delete');
    const before = await unchanged();
    const partial = await admin.api.json('/api/JudgeTemplate/deleteList', [t.id, 999999], 'DELETE');
    assert.equal(partial.status, 404);
    assert.equal(await unchanged(), before);
    const r = await admin.api.json('/api/JudgeTemplate/deleteList', [t.id], 'DELETE');
    assert.deepEqual(r.data, { deleted: 1 });
    assert.ok(!(await admin.api.get('/api/JudgeTemplate/list')).data.some((x) => x.id === t.id));
  });
});
