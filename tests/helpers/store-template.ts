// A fresh embedded store for a test server, copied from a template instead of made anew.
// PGlite's initdb costs 5–10 s on these machines (its ~1100 files and the cluster's bootstrap
// in WebAssembly) and ran for every test server; a copy of an empty, migrated store costs ~1 s.
// The template is the real thing: PGlite's initdb and every migration, run once by the same
// code the server runs, closed cleanly, never opened again. It is kept in the temp folder under
// a name hashed from the migrations and the PGlite version, so a changed migration makes a new
// one; it is made in a folder of its own and renamed into place, so a half-made template is never
// used.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '@verdict/server/internal/db/database';
import { migrateToLatest } from '@verdict/server/internal/db/migrate';
import { REPO_ROOT } from '@verdict/server/internal/server';

let template: Promise<string> | undefined;

function templateKey(): string {
  const hash = crypto.createHash('sha256');
  const migrations = path.join(REPO_ROOT, 'server/src/db/migrations');
  for (const name of fs.readdirSync(migrations).sort()) hash.update(name).update(fs.readFileSync(path.join(migrations, name)));
  hash.update(fs.readFileSync(path.join(REPO_ROOT, 'server/src/db/migrate.ts')));
  hash.update(fs.readFileSync(path.join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  return hash.digest('hex').slice(0, 16);
}

async function makeTemplate(): Promise<string> {
  const final = path.join(os.tmpdir(), `verdict-test-store-${templateKey()}`);
  if (fs.existsSync(path.join(final, 'pgdata'))) return final;
  const building = fs.mkdtempSync(`${final}.building-`);
  try {
    const store = await openDatabase({ dataDir: building });
    try {
      await migrateToLatest(store.db);
    } finally {
      await store.close();
    }
    for (const file of fs.readdirSync(building)) if (file !== 'pgdata') fs.rmSync(path.join(building, file), { force: true });
    try {
      fs.renameSync(building, final);
    } catch (err) {
      // Another test process put its own in place first: the same store, use it.
      if (!fs.existsSync(path.join(final, 'pgdata'))) throw err;
    }
  } finally {
    fs.rmSync(building, { recursive: true, force: true });
  }
  return final;
}

/** Puts an empty embedded store at the latest migration into `dataDir` (which must not hold one). */
export async function seedEmbeddedStore(dataDir: string): Promise<void> {
  template ??= makeTemplate();
  template.catch(() => (template = undefined));
  const from = path.join(await template, 'pgdata');
  const to = path.join(dataDir, 'pgdata');
  if (fs.existsSync(to)) throw new Error(`${dataDir} already holds an embedded store`);
  fs.cpSync(from, to, { recursive: true });
}
