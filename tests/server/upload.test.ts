import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { issueToken } from '@verdict/server/internal/modules/accounts/tokens';
import { ensurePackageDir, packageZipPath } from '@verdict/server/internal/modules/problems/packages';
import { Api } from '../helpers/api.ts';
import { buildZip, kattisEntries, renameEntry, STATEMENT, zipForm } from '../helpers/package-zip.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const LIMIT = 256 * 1024;

/** Every file under a folder, relative paths. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((d) => !d.isDirectory())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)));
}

async function eventually(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.fail(what);
}

describe('problem data upload', () => {
  let server: TestServer;
  let admin: Api;
  let user: Api;
  let anonymous: Api;
  let problemId: number;

  before(async () => {
    server = await startTestServer({ UPLOAD_MAX_BYTES: String(LIMIT) });
    const db = server.services.db;
    const adminRow = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const plain = await db
      .insertInto('users')
      .values({ username: 'alice', email: 'alice@example.com', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    anonymous = new Api(server.url);
    admin = anonymous.withToken(await issueToken(db, adminRow.id));
    user = anonymous.withToken(await issueToken(db, plain.id));
    const p = await db
      .insertInto('problems')
      .values({ title: 'Sum', time_limit: 1000, memory_limit: 256, statement: 'written by the admin' })
      .returning('id')
      .executeTakeFirstOrThrow();
    problemId = p.id;
  });
  after(() => server?.destroy());

  const problemRow = () => server.services.db.selectFrom('problems').selectAll().where('id', '=', problemId).executeTakeFirstOrThrow();
  const versionCount = async () =>
    (await server.services.db.selectFrom('problem_versions').select('id').where('problem_id', '=', problemId).execute()).length;
  const uploadsDir = () => path.join(server.dataDir, 'uploads');

  it('stores a Kattis zip as version 1 with its statement, limits and hash', async () => {
    const zip = await buildZip(kattisEntries({ statement: STATEMENT }));
    const r = await admin.multipart('/api/admin/problem/upload', zipForm(problemId, zip));
    assert.equal(r.code, 0, r.message);
    assert.equal(r.data.problemId, problemId);
    assert.equal(r.data.version, 1);
    assert.equal(r.data.tests, 3);
    assert.match(r.data.hash, /^[0-9a-f]{64}$/);

    const row = await problemRow();
    assert.equal(row.package_hash, r.data.hash);
    assert.equal(row.package_version, 1);
    assert.equal(row.statement, STATEMENT);
    assert.equal(row.time_limit, 2000);
    assert.equal(row.memory_limit, 128);
    assert.equal(row.pdf_hash, null);

    const pkg = await server.services.db.selectFrom('packages').selectAll().where('hash', '=', r.data.hash).executeTakeFirstOrThrow();
    assert.equal(pkg.size, zip.length);
    assert.ok(pkg.data && Buffer.from(pkg.data).equals(fs.readFileSync(packageZipPath(server.services.config, r.data.hash))));
    const meta = pkg.meta as { tests: number; statement: { markdown: boolean }; timeLimitMs: number };
    assert.equal(meta.tests, 3);
    assert.equal(meta.statement.markdown, true);
    assert.equal(meta.timeLimitMs, 2000);
    await eventually(() => filesUnder(uploadsDir()).length === 0, 'the upload was not removed');
    assert.deepEqual(filesUnder(path.join(server.dataDir, 'tmp')), []);
  });

  it('makes version 2 on a new upload, and workers get the unpacked folder by hash', async () => {
    const zip = await buildZip(kattisEntries({ statement: '# Sum v2\n', secret: 3 }));
    const r = await admin.multipart('/api/admin/problem/upload', zipForm(problemId, zip));
    assert.equal(r.code, 0, r.message);
    assert.equal(r.data.version, 2);
    assert.equal(r.data.tests, 4);
    const row = await problemRow();
    assert.equal(row.package_version, 2);
    assert.equal(row.package_hash, r.data.hash);
    assert.equal(row.statement, '# Sum v2\n');
    assert.equal(await versionCount(), 2);

    const dir = await ensurePackageDir(server.services, r.data.hash);
    assert.equal(fs.readFileSync(path.join(dir, 'data/secret/3.ans'), 'utf8'), '6\n');
  });

  it('makes a new version for the same content again, sharing the stored package', async () => {
    const zip = await buildZip(kattisEntries({ statement: '# Sum v2\n', secret: 3 }));
    const packagesBefore = (await server.services.db.selectFrom('packages').select('hash').execute()).length;
    const previous = (await problemRow()).package_hash;
    const r = await admin.multipart('/api/admin/problem/upload', zipForm(problemId, zip));
    assert.equal(r.code, 0, r.message);
    assert.equal(r.data.version, 3);
    assert.equal(r.data.hash, previous);
    assert.equal((await server.services.db.selectFrom('packages').select('hash').execute()).length, packagesBefore);
  });

  it('unpacks a package from the database copy on a machine without the zip, once for concurrent callers', async () => {
    const versions = await server.services.db.selectFrom('problem_versions').select('package_hash').orderBy('version').execute();
    const hash = versions[0].package_hash;
    fs.rmSync(path.join(server.services.config.dataDir, 'cache'), { recursive: true, force: true });
    fs.rmSync(packageZipPath(server.services.config, hash));
    const dirs = await Promise.all([1, 2, 3, 4].map(() => ensurePackageDir(server.services, hash)));
    assert.equal(new Set(dirs).size, 1);
    assert.equal(fs.readFileSync(path.join(dirs[0], 'data/sample/1.ans'), 'utf8'), '3\n');
    assert.ok(fs.existsSync(packageZipPath(server.services.config, hash)));
    assert.deepEqual(filesUnder(path.join(server.dataDir, 'tmp')), []);
  });

  describe('refusals change nothing', () => {
    let before: { row: unknown; versions: number; packages: number };
    beforeEach(async () => {
      before = {
        row: await problemRow(),
        versions: await versionCount(),
        packages: (await server.services.db.selectFrom('packages').select('hash').execute()).length,
      };
    });
    afterEach(async () => {
      assert.deepEqual(await problemRow(), before.row);
      assert.equal(await versionCount(), before.versions);
      assert.equal((await server.services.db.selectFrom('packages').select('hash').execute()).length, before.packages);
      await eventually(() => filesUnder(uploadsDir()).length === 0, 'an upload was left behind');
      assert.deepEqual(filesUnder(path.join(server.dataDir, 'tmp')), []);
      assert.ok(!fs.existsSync(path.join(server.dataDir, '..', 'evil')));
    });

    const expectRefusal = async (form: FormData, status: number, message: string | RegExp) => {
      const r = await admin.multipart('/api/admin/problem/upload', form);
      assert.equal(r.status, status, r.message);
      assert.notEqual(r.code, 0);
      if (typeof message === 'string') assert.equal(r.message, message);
      else assert.match(r.message, message);
    };

    it('no file', async () => {
      await expectRefusal(zipForm(problemId, null), 400, 'No file selected for upload.');
    });

    it('an empty file input (what a form with no file chosen sends)', async () => {
      const form = zipForm(problemId, null);
      form.set('file', new Blob([]), '');
      await expectRefusal(form, 400, 'No file selected for upload.');
    });

    it('a file that is not a zip, named .zip', async () => {
      await expectRefusal(zipForm(problemId, Buffer.from('just some text, not a zip at all')), 415, 'File format not supported. Please upload zip files.');
    });

    it('a real zip with another extension', async () => {
      const zip = await buildZip(kattisEntries());
      await expectRefusal(zipForm(problemId, zip, 'data.tar.gz'), 415, 'File format not supported. Please upload zip files.');
    });

    it('a file over the size limit (413)', async () => {
      const big = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(LIMIT * 2, 7)]);
      await expectRefusal(zipForm(problemId, big), 413, 'File size exceeds the limit.');
    });

    it('a zip with a path traversal entry', async () => {
      const zip = await buildZip([...kattisEntries(), { name: 'sum/zz/zz/zz/zz/evil', data: 'x' }]);
      await expectRefusal(zipForm(problemId, renameEntry(zip, 'sum/zz/zz/zz/zz/evil', '../../../../../evil2')), 422, /path traversal|outside the package/);
      const extractDir = path.join(server.dataDir, 'tmp', 'upload-x', 'package');
      for (let up = 1; up <= 5; up++) assert.ok(!fs.existsSync(path.resolve(extractDir, '../'.repeat(up), 'evil2')));
    });

    it('a zip with an absolute path', async () => {
      const zip = await buildZip([...kattisEntries(), { name: 'sum/zz/evil', data: 'x' }]);
      await expectRefusal(zipForm(problemId, renameEntry(zip, 'sum/zz/evil', '/tmp/a/evil')), 422, /absolute path/);
    });

    it('a zip bomb (a highly compressible huge entry)', async () => {
      const zip = await buildZip([...kattisEntries(), { name: 'sum/data/secret/bomb.in', data: Buffer.alloc(64 * 1024 * 1024) }]);
      assert.ok(zip.length < LIMIT, 'the bomb fits the upload limit');
      await expectRefusal(zipForm(problemId, zip), 422, /zip bomb/);
    });

    it('a zip with a symbolic link', async () => {
      const zip = await buildZip([...kattisEntries(), { name: 'sum/data/secret/link.in', data: '/etc/passwd', mode: 0o120777 }]);
      await expectRefusal(zipForm(problemId, zip), 422, /symbolic link/);
    });

    it('a zip without tests', async () => {
      const zip = await buildZip([{ name: 'readme.txt', data: 'hello' }]);
      await expectRefusal(zipForm(problemId, zip), 422, /no tests/);
    });

    it('an unknown problem', async () => {
      const zip = await buildZip(kattisEntries());
      await expectRefusal(zipForm(999_999, zip), 404, 'No such problem');
    });

    it('a user token (403) and no token (401), with nothing uploaded', async () => {
      const zip = await buildZip(kattisEntries());
      const asUser = await user.multipart('/api/admin/problem/upload', zipForm(problemId, zip));
      assert.equal(asUser.status, 403);
      assert.deepEqual(filesUnder(uploadsDir()), []);
      const asNobody = await anonymous.multipart('/api/admin/problem/upload', zipForm(problemId, zip));
      assert.equal(asNobody.status, 401);
      assert.deepEqual(filesUnder(uploadsDir()), []);
    });
  });
});
