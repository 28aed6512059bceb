// A problem's balloon colour (issue 16, item 5) on a real server and database: the admin add and
// update routes take it as new optional fields (absent leaves it, blank or null removes it),
// check it with clear messages and change nothing when they refuse; a DOMjudge package names it
// in domjudge-problem.ini (`color=`, a hex colour or a CSS colour name).
import assert from 'node:assert/strict';
import { PROBLEM_COLOR_MESSAGES } from '@verdict/shared';
import { buildZip, kattisEntries, zipForm } from '../helpers/package-zip.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { adminAccount, snapshot, type TestAccount } from '../helpers/tokens.ts';

describe('problem colours', () => {
  let server: TestServer;
  let admin: TestAccount;
  let counter = 0;
  const problems = () => snapshot(server, ['problems']);
  const add = (fields: Record<string, unknown>) =>
    admin.api.json('/api/admin/problem/add', { title: `Colour ${++counter}`, memoryLimit: 64, timeLimit: 1000, ...fields });
  const colorOf = (reply: { data: { color: string | null; colorName: string | null } }) => [reply.data.color, reply.data.colorName];

  before(async () => {
    server = await startTestServer();
    admin = await adminAccount(server);
  });
  after(() => server?.destroy());

  it('a new problem has no colour unless given one; the colour is kept as lowercase #rrggbb with its trimmed name', async () => {
    const plain = await add({});
    assert.equal(plain.code, 0, plain.message);
    assert.deepEqual(colorOf(plain), [null, null]);
    const red = await add({ color: '#FF0000', colorName: '  red  ' });
    assert.equal(red.code, 0, red.message);
    assert.deepEqual(colorOf(red), ['#ff0000', 'red']);
    assert.deepEqual(colorOf(await add({ color: '#AbC' })), ['#aabbcc', null]);
    assert.deepEqual(colorOf(await add({ color: '', colorName: '' })), [null, null]);
    assert.deepEqual(colorOf(await add({ color: null, colorName: null })), [null, null]);
    // Form bodies carry it too.
    const form = await admin.api.form('/api/admin/problem/add', { title: 'Colour by form', memoryLimit: 64, timeLimit: 1000, color: '#00ff00', colorName: 'green' });
    assert.deepEqual(colorOf(form), ['#00ff00', 'green']);

    const listed = (await admin.api.get('/api/admin/problem/list', { id: red.data.id })).data[0];
    assert.deepEqual([listed.color, listed.colorName], ['#ff0000', 'red']);
    const detail = await admin.api.get('/api/problem/statement', { problemId: red.data.id });
    assert.deepEqual(colorOf(detail), ['#ff0000', 'red']);
  });

  it('refuses what is not a colour, a name without a colour and a bad name, with clear messages, changing nothing', async () => {
    const before = await problems();
    const refusals: [Record<string, unknown>, string][] = [
      [{ color: 'red' }, PROBLEM_COLOR_MESSAGES.badColor],
      [{ color: '#12345' }, PROBLEM_COLOR_MESSAGES.badColor],
      [{ color: '#gggggg' }, PROBLEM_COLOR_MESSAGES.badColor],
      [{ color: 'ff0000' }, PROBLEM_COLOR_MESSAGES.badColor],
      [{ color: 16711680 }, PROBLEM_COLOR_MESSAGES.badColor],
      [{ colorName: 'red' }, PROBLEM_COLOR_MESSAGES.nameWithoutColor],
      [{ color: '', colorName: 'red' }, PROBLEM_COLOR_MESSAGES.nameWithoutColor],
      [{ color: '#ff0000', colorName: 'x'.repeat(31) }, PROBLEM_COLOR_MESSAGES.nameTooLong],
      [{ color: '#ff0000', colorName: 'red\nblue' }, PROBLEM_COLOR_MESSAGES.nameNotText],
      [{ color: '#ff0000', colorName: 7 }, PROBLEM_COLOR_MESSAGES.nameNotText],
    ];
    for (const [fields, message] of refusals) {
      const reply = await add(fields);
      assert.equal(reply.status, 400, JSON.stringify(fields));
      assert.equal(reply.message, message, JSON.stringify(fields));
    }
    assert.equal(await problems(), before);
  });

  describe('update', () => {
    let id: number;
    const update = (fields: Record<string, unknown>) =>
      admin.api.json('/api/admin/problem/update', { id, title: 'Recoloured', memoryLimit: 64, timeLimit: 1000, ...fields }, 'PUT');

    before(async () => {
      id = (await add({ color: '#0000ff', colorName: 'blue' })).data.id;
    });

    it("the spec's fields alone keep the colour", async () => {
      assert.deepEqual(colorOf(await update({})), ['#0000ff', 'blue']);
    });

    it('a new name keeps the colour; a new colour keeps the name', async () => {
      assert.deepEqual(colorOf(await update({ colorName: 'navy-ish' })), ['#0000ff', 'navy-ish']);
      assert.deepEqual(colorOf(await update({ color: '#000080' })), ['#000080', 'navy-ish']);
    });

    it('a blank name removes the name only; a blank or null colour removes the colour and its name', async () => {
      assert.deepEqual(colorOf(await update({ colorName: '' })), ['#000080', null]);
      assert.deepEqual(colorOf(await update({ colorName: 'navy' })), ['#000080', 'navy']);
      assert.deepEqual(colorOf(await update({ color: '' })), [null, null]);
      assert.deepEqual(colorOf(await update({ color: '#ffff00', colorName: 'yellow' })), ['#ffff00', 'yellow']);
      assert.deepEqual(colorOf(await update({ color: null })), [null, null]);
    });

    it('refuses a name for a problem without a colour, and a bad colour, changing nothing', async () => {
      const before = await problems();
      const nameOnly = await update({ colorName: 'red', title: 'Renamed too' });
      assert.equal(nameOnly.status, 400);
      assert.equal(nameOnly.message, PROBLEM_COLOR_MESSAGES.nameWithoutColor);
      const bad = await update({ color: 'blue' });
      assert.equal(bad.status, 400);
      assert.equal(bad.message, PROBLEM_COLOR_MESSAGES.badColor);
      assert.equal(await problems(), before);
    });
  });

  describe("a DOMjudge package's domjudge-problem.ini", () => {
    let id: number;
    const upload = async (ini?: string) => {
      const entries = kattisEntries();
      if (ini !== undefined) entries.push({ name: 'sum/domjudge-problem.ini', data: ini });
      return admin.api.multipart('/api/admin/problem/upload', zipForm(id, await buildZip(entries)));
    };
    const stored = async () => {
      const row = await server.services.db.selectFrom('problems').select(['color', 'color_name']).where('id', '=', id).executeTakeFirstOrThrow();
      return [row.color, row.color_name];
    };

    before(async () => {
      id = (await add({ color: '#123456', colorName: 'ours' })).data.id;
    });

    it('a package without a colour keeps the problem\'s', async () => {
      const reply = await upload();
      assert.equal(reply.code, 0, reply.message);
      assert.deepEqual(await stored(), ['#123456', 'ours']);
    });

    it('a CSS colour name gives its hex colour and the name', async () => {
      const reply = await upload('probid=A\nColor = Blue\ntimelimit=2\n');
      assert.equal(reply.code, 0, reply.message);
      assert.deepEqual(await stored(), ['#0000ff', 'blue']);
    });

    it('a quoted hex colour gives the colour without a name', async () => {
      const reply = await upload('color="#00FF00"\r\n');
      assert.equal(reply.code, 0, reply.message);
      assert.deepEqual(await stored(), ['#00ff00', null]);
    });

    it('anything else refuses the package and changes nothing', async () => {
      const before = await problems();
      const versions = await server.services.db.selectFrom('problem_versions').select('id').where('problem_id', '=', id).execute();
      const reply = await upload('color=not-a-colour\n');
      assert.equal(reply.status, 422);
      assert.equal(reply.message, 'The problem package was refused: domjudge-problem.ini: color "not-a-colour" is neither a hex colour (#rrggbb) nor a CSS colour name');
      assert.equal(await problems(), before);
      assert.equal((await server.services.db.selectFrom('problem_versions').select('id').where('problem_id', '=', id).execute()).length, versions.length);
    });
  });
});
