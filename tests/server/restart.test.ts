// Data outlives the process: stop the server, start it again on the same data folder (and
// database), and the accounts, password changes and sessions are all still there.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { Api } from '../helpers/api.ts';
import { freshPostgresDatabase, makeTempDir, startTestServer, type TestServer } from '../helpers/server.ts';
import { createUser, loginAs } from '../helpers/users.ts';

describe('restart on the same data @slow', () => {
  const dataDir = makeTempDir();
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let server: TestServer | undefined;

  before(async () => {
    if (process.env.TEST_DATABASE_URL) {
      const fresh = await freshPostgresDatabase(process.env.TEST_DATABASE_URL);
      databaseUrl = fresh.url;
      dropDatabase = fresh.drop;
    }
  });
  after(async () => {
    await server?.close();
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps users, passwords and live tokens, and does not recreate the first admin', async () => {
    server = await startTestServer({}, { dataDir, databaseUrl });
    assert.ok(server.firstAdmin, 'the first start creates the superadmin');
    let api = new Api(server.url);
    const tess = await createUser(server, { username: 'tess', email: 'tess@example.test', password: 'tess-old' });
    const session = await loginAs(api, 'tess', 'tess-old');
    const changed = await session.json('/api/user/updateMyUser', {
      userID: tess.id,
      username: 'tess',
      nickname: 'Tess 🎈',
      email: 'tess@example.test',
      gender: 'female',
      password: 'tess-new',
      currentPassword: 'tess-old',
    });
    assert.equal(changed.code, 0, changed.message);
    const token = session.token!;
    await server.close();
    server = undefined;

    server = await startTestServer({}, { dataDir, databaseUrl });
    assert.equal(server.firstAdmin, null, 'no second superadmin');
    api = new Api(server.url);
    const info = await api.withToken(token).get('/api/user/userInfo');
    assert.equal(info.code, 0, 'the token issued before the restart still works');
    assert.deepEqual(info.data, { id: tess.id, username: 'tess', email: 'tess@example.test', nickname: 'Tess 🎈', gender: 'female', auth: 0 });
    await loginAs(api, 'tess', 'tess-new');
    await assert.rejects(loginAs(api, 'tess', 'tess-old'), /Wrong username or password/);
    await loginAs(api, 'admin', server.adminPassword, { admin: true });
    const admins = await server.services.db.selectFrom('users').select('id').where('auth', '>=', 1).execute();
    assert.equal(admins.length, 1);
  });
});
