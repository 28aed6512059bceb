// Backups of a Verdict installation, the same on both stores (embedded PGlite and PostgreSQL):
// every table of the database as JSON lines, read in one repeatable-read snapshot, and the stored
// files (problem package zips and statement PDFs of the data folder), in one zip:
//   manifest.json               {format, migration, createdAt, tables: {name: rows}, files: [..]}
//   tables/<name>.jsonl         one row per line, as PostgreSQL's to_jsonb writes it
//   files/packages/<hash>.zip, files/statements/<hash>.pdf
// A logical backup, so it restores into any PostgreSQL version or PGlite (pg_dump cannot read
// PGlite, whose server is newer than Debian's client). Restore wants an empty database: it brings
// the schema to the backup's migration, inserts every table in one transaction (parents before
// children), moves the sequences past the restored ids, then migrates to the latest schema — so
// a backup of an older Verdict restores into a newer one. Files are placed first, each whole
// (partial file, then rename), under names checked against their expected form.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { copyWhole } from '../common/files.ts';
import { latestMigration, migrateTo, migrateToLatest, MIGRATION_TABLES } from './migrate.ts';

export const BACKUP_FORMAT = 'verdict-backup/1';

/**
 * Agenda's tables (the judge queue's jobs and logs) are made by Agenda at start, not by the
 * migrations, and hold no data of their own: after a restore the queue's chore enqueues every
 * record still pending again (docs/judging-queue.md). The leaderboards' change log (migration
 * 0014) is written by triggers: the restore's own inserts write it anew. The judge workers'
 * heartbeats (migration 0018) say which processes are alive now, which a restore cannot know.
 */
const NOT_DATA = /^agenda_|^leaderboard_(versions|changes)$|^judge_workers$/;

/** The data folder's stored files: sub-folder → the form of a name in it. */
const STORED_FILES: Record<string, RegExp> = {
  packages: /^[0-9a-f]{64}\.zip$/,
  statements: /^[0-9a-f]{64}\.pdf$/,
};

export interface BackupManifest {
  format: string;
  migration: string;
  createdAt: string;
  tables: Record<string, number>;
  files: string[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables are read by name, whatever the schema
type AnyDb = Kysely<any>;

/** The tables to back up, parents before children (foreign keys). */
async function tablesInOrder(db: AnyDb): Promise<string[]> {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const { rows: links } = await sql<{ child: string; parent: string }>`
    select ch.relname as child, pa.relname as parent
      from pg_constraint c
      join pg_class ch on ch.oid = c.conrelid
      join pg_class pa on pa.oid = c.confrelid
      join pg_namespace n on n.oid = c.connamespace
     where c.contype = 'f' and n.nspname = current_schema()`.execute(db);
  const names = tables.map((t) => t.name).filter((n) => !NOT_DATA.test(n) && !MIGRATION_TABLES.includes(n));
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (ordered.includes(name)) return;
    if (visiting.has(name)) throw new Error(`the tables' foreign keys form a cycle through ${name}`);
    visiting.add(name);
    for (const link of links) if (link.child === name && link.parent !== name && names.includes(link.parent)) visit(link.parent);
    visiting.delete(name);
    ordered.push(name);
  };
  for (const name of names) visit(name);
  return ordered;
}

async function primaryKey(db: AnyDb, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select a.attname as name from pg_index i
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
     where i.indrelid = ${table}::regclass and i.indisprimary order by a.attnum`.execute(db);
  return rows.map((r) => r.name);
}

async function hasBytes(db: AnyDb, table: string): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from information_schema.columns
     where table_schema = current_schema() and table_name = ${table} and data_type = 'bytea'`.execute(db);
  return rows[0].n > 0;
}

/** Writes the backup of `db` and of `dataDir`'s stored files to `file` (whole, or not at all). */
export async function writeBackup(db: AnyDb, dataDir: string, file: string): Promise<BackupManifest> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-backup-'));
  try {
    const manifest: BackupManifest = { format: BACKUP_FORMAT, migration: '', createdAt: new Date().toISOString(), tables: {}, files: [] };
    // One snapshot: a submission stored while the backup runs is in every table or in none.
    await db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
      manifest.migration = (await latestMigration(trx)) ?? '';
      for (const table of await tablesInOrder(trx)) manifest.tables[table] = await dumpTable(trx, table, path.join(work, `${table}.jsonl`));
    });
    for (const [folder, form] of Object.entries(STORED_FILES)) {
      const dir = path.join(dataDir, folder);
      if (!fs.existsSync(dir)) continue;
      for (const name of fs.readdirSync(dir).sort()) if (form.test(name)) manifest.files.push(`${folder}/${name}`);
    }
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json');
    for (const table of Object.keys(manifest.tables)) zip.addFile(path.join(work, `${table}.jsonl`), `tables/${table}.jsonl`);
    // Zips and PDFs are compressed already.
    for (const rel of manifest.files) zip.addFile(path.join(dataDir, rel), `files/${rel}`, { compress: false });
    zip.end();
    const partial = `${file}.${crypto.randomBytes(6).toString('hex')}.part`;
    try {
      await new Promise<void>((resolve, reject) => {
        const out = fs.createWriteStream(partial, { mode: 0o600 });
        zip.outputStream.on('error', reject).pipe(out).on('error', reject).on('finish', () => resolve());
      });
      fs.renameSync(partial, file);
    } catch (err) {
      fs.rmSync(partial, { force: true });
      throw err;
    }
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Rows of `table` as JSON lines, in primary-key order, a page at a time; returns the count. */
async function dumpTable(db: AnyDb, table: string, file: string): Promise<number> {
  const key = await primaryKey(db, table);
  // A row with bytea holds up to a package (32 MB, twice that in hex): one at a time.
  const page = (await hasBytes(db, table)) ? 1 : 500;
  const out = fs.openSync(file, 'w', 0o600);
  let count = 0;
  try {
    const order = key.length ? sql.join(key.map((k) => sql.ref(`t.${k}`))) : sql`to_jsonb(t)::text`;
    for (let offset = 0; ; offset += page) {
      const { rows } = await sql<{ row: string }>`select to_jsonb(t)::text as row from ${sql.table(table)} t order by ${order} limit ${page} offset ${offset}`.execute(db);
      for (const r of rows) fs.writeSync(out, `${r.row}\n`);
      count += rows.length;
      if (rows.length < page) return count;
    }
  } finally {
    fs.closeSync(out);
  }
}

/**
 * Restores `file` into the empty database `db` (not yet migrated, or migrated no further than
 * the backup) and `dataDir`; migrates to the latest schema afterwards.
 */
export async function restoreBackup(db: AnyDb, dataDir: string, file: string): Promise<BackupManifest> {
  const zip = await openZip(file);
  try {
    const entries = await readEntries(zip);
    const manifestEntry = entries.get('manifest.json');
    if (!manifestEntry) throw new Error(`${file} is not a Verdict backup (no manifest.json)`);
    const manifest = JSON.parse((await readEntry(zip, manifestEntry)).toString('utf8')) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT) throw new Error(`${file} is a backup in format ${JSON.stringify(manifest.format)}; this Verdict reads ${BACKUP_FORMAT}`);
    const current = await latestMigration(db);
    if (current && current > manifest.migration) {
      throw new Error(`the database is already at migration ${current}, newer than the backup's ${manifest.migration}: restore into a fresh data folder or database`);
    }
    await migrateTo(db, manifest.migration);
    const order = await tablesInOrder(db);
    const unknown = Object.keys(manifest.tables).filter((t) => !order.includes(t));
    if (unknown.length) throw new Error(`the backup holds tables this schema does not have: ${unknown.join(', ')}`);
    for (const table of order) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
      if (rows[0].n > 0) throw new Error(`the target database is not empty (${table} has ${rows[0].n} rows): restore into a fresh data folder or database`);
    }
    // Files first, each whole: a failure below leaves only unused files named by their content.
    for (const rel of manifest.files) {
      const [folder, name] = rel.split('/');
      if (!STORED_FILES[folder]?.test(name ?? '') || rel.split('/').length !== 2) throw new Error(`the backup names a file ${JSON.stringify(rel)} that Verdict does not store`);
      const entry = entries.get(`files/${rel}`);
      if (!entry) throw new Error(`the backup lists ${rel} but does not hold it`);
      const target = path.join(dataDir, folder, name);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      if (fs.existsSync(target)) continue; // named by its content: the same file
      const temp = `${target}.${crypto.randomBytes(6).toString('hex')}.in`;
      try {
        await extractEntry(zip, entry, temp);
        await copyWhole(temp, target);
      } finally {
        fs.rmSync(temp, { force: true });
      }
    }
    await db.transaction().execute(async (trx) => {
      for (const table of order) {
        const entry = entries.get(`tables/${table}.jsonl`);
        if (!entry) continue; // a table the backup's schema did not have yet
        const lines = (await readEntry(zip, entry)).toString('utf8').split('\n').filter(Boolean);
        if (lines.length !== (manifest.tables[table] ?? 0)) throw new Error(`tables/${table}.jsonl holds ${lines.length} rows, the manifest says ${manifest.tables[table]}`);
        await insertRows(trx, table, lines);
      }
    });
    await migrateToLatest(db);
    return manifest;
  } finally {
    zip.close();
  }
}

async function insertRows(db: AnyDb, table: string, lines: string[]): Promise<void> {
  const { rows: columns } = await sql<{ name: string; serial: boolean }>`
    select column_name as name, (column_default like 'nextval(%' or is_identity = 'YES') as serial
      from information_schema.columns
     where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER'
     order by ordinal_position`.execute(db);
  const list = sql.join(columns.map((c) => sql.ref(c.name)));
  const page = (await hasBytes(db, table)) ? 1 : 500;
  for (let i = 0; i < lines.length; i += page) {
    const json = `[${lines.slice(i, i + page).join(',')}]`;
    await sql`insert into ${sql.table(table)} (${list}) overriding system value
      select ${list} from jsonb_populate_recordset(null::${sql.table(table)}, ${json}::jsonb)`.execute(db);
  }
  // New rows continue after the restored ids.
  for (const column of columns.filter((c) => c.serial)) {
    await sql`select setval(pg_get_serial_sequence(${table}, ${column.name}), coalesce((select max(${sql.ref(column.name)}) from ${sql.table(table)}), 0) + 1, false)`.execute(db);
  }
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true }, (err, zip) => {
      if (err) reject(new Error(`${file} is not a Verdict backup: ${err.message}`));
      else resolve(zip);
    });
  });
}

function readEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

function entryStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream))));
}

async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await entryStream(zip, entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function extractEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, target: string): Promise<void> {
  const stream = await entryStream(zip, entry);
  await new Promise<void>((resolve, reject) => {
    const out = fs.createWriteStream(target, { flags: 'wx', mode: 0o644 });
    stream.on('error', reject).pipe(out).on('error', reject).on('finish', () => resolve());
  });
}
