// `verdict token issue|list|revoke` on the local database: the token printed once reads the
// Contest API as its account on a server of the same DATA_DIR, and a revoke through the CLI
// (while that server runs) ends it at once.
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { CliSandbox } from './run-cli.ts';

describe('cli: API tokens @slow', function () {
  this.timeout(240_000);
  let box: CliSandbox;
  let server: TestServer | undefined;
  before(() => (box = new CliSandbox()));
  after(async () => {
    await server?.close();
    box.remove();
  });

  it('issues a token printed once, lists it without the secret, and revokes it', async () => {
    const created = await box.run(['user', 'create', '-u', 'resolver', '-e', 'resolver@example.com', '--password', 'resolver-pass', '--role', 'admin']);
    assert.equal(created.code, 0, created.stderr);
    const issued = await box.run(['token', 'issue', 'resolver', '--label', 'stage laptop', '--json']);
    assert.equal(issued.code, 0, issued.stderr);
    const { id, token } = JSON.parse(issued.stdout) as { id: number; token: string };
    const listed = await box.run(['token', 'list']);
    assert.equal(listed.code, 0, listed.stderr + listed.stdout);
    assert.match(listed.stdout, /│ resolver │ stage laptop │ -\s+│ \S+ │ live\s+│/);
    assert.ok(!listed.stdout.includes(token));

    server = await startTestServer({ CAPTCHA: 'off' }, { dataDir: box.dataDir });
    const thaw = async () =>
      (await fetch(`${server!.url}/api/ccs/contests/999999`, { method: 'PATCH', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: '{}' })).status;
    assert.equal(await thaw(), 404, 'an administrator\u2019s token reaches the thaw (no such contest)');
    const revoked = await box.run(['token', 'revoke', String(id)]);
    assert.equal(revoked.code, 0, revoked.stderr);
    assert.equal(await thaw(), 401);
    const unknown = await box.run(['token', 'revoke', '999']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /No API token 999/);
  });
});
