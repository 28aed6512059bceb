// A full data disk (issue 18, item 3): an upload met `500 Internal server error` when the
// upload itself did not fit, and a misleading "zip entry … is corrupt" when only the unpacked
// package did not. Both must be a clear 507 envelope, and nothing may be left half-written. The
// data folder is a small tmpfs of its own (root mounts it), filled up to a few MB.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { issueToken } from '@verdict/server/internal/modules/accounts/tokens';
import { Api } from '../helpers/api.ts';
import { buildZip, kattisEntries, zipForm } from '../helpers/package-zip.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/** Every file under the data folder except the database's own, with sizes. */
function storedFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)))
    .filter((f) => !f.startsWith('db') && !f.startsWith('pglite'))
    .sort();
}

/** The request's temporary upload is removed just after the reply: wait a little for it. */
async function assertNothingLeft(dir: string, before: string[]): Promise<void> {
  for (let i = 0; i < 50 && storedFiles(dir).join() !== before.join(); i++) await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(storedFiles(dir), before, 'files left behind');
}

describe('a full data disk @slow', function () {
  this.timeout(120_000);
  let mountPoint: string;
  let dataDir: string;
  let server: TestServer | undefined;
  let admin: Api;
  let problemId: number;

  before(async function () {
    mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-full-disk-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=96m', 'tmpfs', mountPoint], { stdio: 'pipe' });
    } catch (err) {
      fs.rmdirSync(mountPoint);
      console.log(`      (skipped: cannot mount a tmpfs as the data folder: ${(err as Error).message.split('\n')[0]})`);
      this.skip();
    }
    // A folder inside the mount: the server's clean-up removes it, the mount stays ours.
    dataDir = path.join(mountPoint, 'data');
    fs.mkdirSync(dataDir);
    server = await startTestServer({}, { dataDir });
    const db = server.services.db;
    const adminRow = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    admin = new Api(server.url).withToken(await issueToken(db, adminRow.id));
    problemId = (
      await db.insertInto('problems').values({ title: 'Sum', time_limit: 1000, memory_limit: 256, statement: 's' }).returning('id').executeTakeFirstOrThrow()
    ).id;
  });
  after(async function () {
    await server?.destroy();
    if (mountPoint && fs.existsSync(mountPoint)) {
      execFileSync('umount', ['--lazy', mountPoint], { stdio: 'pipe' });
      fs.rmdirSync(mountPoint);
    }
  });

  /** Fills the disk until `leaveBytes` are free (a file of its own, removed by release()). */
  function fill(leaveBytes: number): () => void {
    const filler = path.join(mountPoint, 'filler');
    const { bavail, bsize } = fs.statfsSync(mountPoint);
    const size = bavail * bsize - leaveBytes;
    const fd = fs.openSync(filler, 'w');
    const block = Buffer.alloc(1 << 20, 1);
    for (let written = 0; written < size; written += block.length) fs.writeSync(fd, block, 0, Math.min(block.length, size - written));
    fs.closeSync(fd);
    return () => fs.rmSync(filler, { force: true });
  }

  const bigPackage = async (mb: number) =>
    buildZip([...kattisEntries(), { name: 'sum/data/secret/big.in', data: randomBytes(mb << 20), compress: false }, { name: 'sum/data/secret/big.ans', data: '0\n' }]);

  it('an upload larger than the space left is 507 with a clear message, nothing stored', async function () {
    const zip = await bigPackage(8);
    const before = storedFiles(dataDir);
    const release = fill(3 << 20);
    try {
      const r = await admin.multipart('/api/admin/problem/upload', zipForm(problemId, zip));
      assert.equal(r.status, 507, JSON.stringify(r));
      assert.match(r.message, /disk is full/);
    } finally {
      release();
    }
    await assertNothingLeft(dataDir, before);
    const row = await server!.services.db.selectFrom('problems').select('package_hash').where('id', '=', problemId).executeTakeFirstOrThrow();
    assert.equal(row.package_hash, null);
  });

  it('a package whose unpacking does not fit is 507, not "zip entry corrupt", nothing stored', async function () {
    // Test data of 'a' and 'b' at random: it compresses ~7:1 (no zip bomb), so the zip fits and
    // the unpacked folder does not.
    const data = Buffer.from(randomBytes(24 << 20).map((b) => 0x61 + (b & 1)));
    const zip = await buildZip([...kattisEntries(), { name: 'sum/data/secret/big.in', data }, { name: 'sum/data/secret/big.ans', data: '0\n' }]);
    assert.ok(zip.length < 5 << 20, `zip of ${zip.length} bytes`);
    const before = storedFiles(dataDir);
    const release = fill(10 << 20);
    try {
      const r = await admin.multipart('/api/admin/problem/upload', zipForm(problemId, zip));
      assert.equal(r.status, 507, JSON.stringify(r));
      assert.doesNotMatch(r.message, /corrupt/);
    } finally {
      release();
    }
    await assertNothingLeft(dataDir, before);
    // With space again the same upload is stored.
    const again = await admin.multipart('/api/admin/problem/upload', zipForm(problemId, zip));
    assert.equal(again.code, 0, again.message);
  });
});
