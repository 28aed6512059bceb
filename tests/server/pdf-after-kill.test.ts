// The Chromium that renders statement PDFs when `verdict serve` is killed with SIGKILL (no
// shutdown code runs): it must die with the server, and the next start removes the profile
// the killed server left in the temp folder, never the profile of a live process.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { embeddedUrlFile, openDatabase } from '@verdict/server/internal/db/database';
import { commandOf, descendantsOf, isAlive, processesNaming, spawnVerdict, waitFor, type VerdictProcess } from '../helpers/processes.ts';
import { makeTempDir } from '../helpers/server.ts';
import { accountWithToken, type TestAccount } from '../helpers/tokens.ts';

/** Chromium's own leftovers in the temp folder, as well as ours. */
const chromiumTempNames = (dir: string) => fs.readdirSync(dir).filter((name) => /chromium/i.test(name));

describe('Chromium of a killed `verdict serve` @slow', function () {
  this.timeout(120_000);
  const data = { dataDir: makeTempDir('verdict-pdf-kill-') };
  // The servers' own temp folder: every Chromium profile in it is theirs or the test's.
  const tmp = makeTempDir('verdict-pdf-kill-tmp-');
  const env = { TMPDIR: tmp, JUDGE_WORKERS: '0' };
  const servers: VerdictProcess[] = [];
  after(async () => {
    for (const server of servers) await server.kill('SIGTERM');
    fs.rmSync(data.dataDir, { recursive: true, force: true });
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  async function adminOf(server: VerdictProcess): Promise<TestAccount> {
    const database = await openDatabase({ dataDir: data.dataDir, databaseUrl: fs.readFileSync(embeddedUrlFile(data.dataDir), 'utf8').trim(), poolSize: 1 });
    try {
      return await accountWithToken({ url: server.url, services: { db: database.db } }, { auth: 1 });
    } finally {
      await database.close();
    }
  }

  it('ends with the server, and the next start removes its profile but not a live process’s', async function () {
    const server = await spawnVerdict('serve', data, env);
    servers.push(server);
    const admin = await adminOf(server);
    const added = await admin.api.json('/api/admin/problem/add', { title: 'Sums', timeLimit: 1000, memoryLimit: 64, statement: '# Sums\n\nPrint $a + b$.\n' });
    assert.equal(added.code, 0, added.message);
    const pdf = await admin.api.raw('/api/download', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ problemId: String(added.data.id) }),
    });
    assert.equal(pdf.status, 200, await pdf.clone().text());

    const serverPid = server.child.pid!;
    const profiles = fs.readdirSync(tmp).filter((name) => name.startsWith(`verdict-chromium-${serverPid}-`));
    assert.equal(profiles.length, 1, `the server's profile among ${fs.readdirSync(tmp).join(', ')}`);
    const profile = path.join(tmp, profiles[0]);
    const chromium = [...new Set([...descendantsOf(serverPid), ...processesNaming(profile)])];
    assert.ok(chromium.some((pid) => commandOf(pid) === 'chromium'), 'Chromium runs below the server');

    await server.kill('SIGKILL');
    await waitFor(
      'every Chromium process of the killed server to end',
      async () => (chromium.every((pid) => !isAlive(pid)) && processesNaming(profile).length === 0) || undefined,
      5_000,
      100,
    );
    assert.ok(fs.existsSync(profile), 'a killed server cannot remove its profile');

    const ofLive = `verdict-chromium-${process.pid}-Ab12Cd`;
    fs.mkdirSync(path.join(tmp, ofLive));
    servers.push(await spawnVerdict('serve', data, env));
    assert.deepEqual(chromiumTempNames(tmp), [ofLive]);
  });
});
