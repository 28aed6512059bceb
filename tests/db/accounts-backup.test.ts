// Accounts of migrations 0019 and 0020 survive a backup and restore: an API token (expires_at
// 'infinity') still reads as its account and is still listed, and the usernames' canonical keys
// come back. Real PGlite (and PostgreSQL with TEST_DATABASE_URL).
import assert from 'node:assert/strict';
import path from 'node:path';
import { migrateToLatest } from '@verdict/server/internal/db/migrate';
import { restoreBackup, writeBackup } from '@verdict/server/internal/db/backup';
import { issueApiToken, listApiTokens } from '@verdict/server/internal/modules/accounts/api-tokens';
import { resolveToken } from '@verdict/server/internal/modules/accounts/tokens';
import { usernameKey } from '@verdict/server/internal/modules/accounts/usernames';
import { freshStores } from './fresh-stores.ts';

describe('API tokens and username keys in a backup', function () {
  this.timeout(120_000);
  const stores = freshStores('verdict-accounts-backup-');
  after(() => stores.cleanup());

  it('keeps a live API token and the canonical keys', async () => {
    const source = await stores.fresh();
    const db = source.database.db;
    await migrateToLatest(db);
    await db.insertInto('users').values({ username: 'Resolver', username_key: usernameKey('Resolver'), email: 'r@example.test', password_hash: 'h', auth: 1 }).execute();
    const issued = await issueApiToken(db, null, 'Resolver', 'stage laptop');
    const file = path.join(source.dataDir, 'backup.zip');
    await writeBackup(db, source.dataDir, file);

    const target = await stores.fresh();
    const restored = target.database.db;
    await restoreBackup(restored, target.dataDir, file);
    assert.deepEqual(await resolveToken(restored, issued.token), { id: (await restored.selectFrom('users').select('id').executeTakeFirstOrThrow()).id, username: 'Resolver', auth: 1, kind: 'api' });
    assert.deepEqual((await listApiTokens(restored)).map((t) => [t.username, t.label, t.revoked]), [['Resolver', 'stage laptop', false]]);
    const row = await restored.selectFrom('users').select('username_key').executeTakeFirstOrThrow();
    assert.equal(row.username_key, 'resolver');
  });
});
