// Problem test data upload (spec §5): a zip, checked by name and magic bytes, unpacked safely
// by the judge's package loader inside the data folder, then stored by content hash as a new
// version of the problem. The database changes in one transaction, after every check passed;
// if it fails, the files this upload placed in the data folder are removed again.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { fail } from '../../common/errors.ts';
import { copyWhole, type UploadedFile } from '../../common/files.ts';
import { PackageError, loadProblemPackage } from '@verdict/judge';
import type { Problem } from '@verdict/judge';
import { readPackageColor, type PackageColor } from './package-color.ts';
import { PACKAGE_ZIP_LIMITS, adoptUnpackedPackage, describePackage, keepPackageZip, makeScratchDir, packageZipPath, type PackageMeta, type PackageStore } from './packages.ts';
import type { ImportResult } from './wire.ts';

/** Spec §5/§9 bounds of a problem's limits. */
const MAX_TIME_LIMIT_MS = 10_000;
const MAX_MEMORY_LIMIT_MB = 524_288;
const MAX_TITLE_LENGTH = 50;

/** The spec's refusals, before any unpacking: no file, not named .zip, not a zip inside. */
export async function checkZipUpload(file: UploadedFile | undefined): Promise<UploadedFile> {
  if (!file || (file.size === 0 && file.originalName === '')) throw fail('VALIDATION', 'No file selected for upload.');
  if (!/\.zip$/i.test(file.originalName) || !(await hasZipMagic(file.path))) throw fail('UNSUPPORTED_FILE');
  return file;
}

async function hasZipMagic(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    // A local file header, or the end record of an empty archive.
    return bytesRead === 4 && (head.equals(Buffer.from('PK\x03\x04', 'latin1')) || head.equals(Buffer.from('PK\x05\x06', 'latin1')));
  } finally {
    await handle.close();
  }
}

interface PreparedPackage {
  problem: Problem;
  hash: string;
  /** Size of the zip in bytes. */
  size: number;
  data: Buffer | null;
  meta: PackageMeta;
  pdfHash: string | null;
  /** domjudge-problem.ini's `color=`; null when the package names none. */
  color: PackageColor | null;
}

/** Uploads a zip as the next version of an existing problem. */
export async function importProblemPackage(services: PackageStore, problemId: number, zipPath: string): Promise<ImportResult> {
  const row = await services.db.selectFrom('problems').select(['time_limit', 'memory_limit']).where('id', '=', problemId).executeTakeFirst();
  if (!row) throw fail('NOT_FOUND', 'No such problem');
  return withPreparedPackage(services, zipPath, { timeLimitMs: row.time_limit, memoryLimitMb: row.memory_limit }, (prepared) =>
    inTransaction(services.db, async (trx) => {
      const locked = await trx.selectFrom('problems').select('id').where('id', '=', problemId).forUpdate().executeTakeFirst();
      if (!locked) throw fail('NOT_FOUND', 'No such problem');
      return recordVersion(trx, problemId, prepared);
    }),
  );
}

/**
 * Creates a problem from a package (title and limits from the package); used for the samples.
 * `services.db` may be a transaction the problem joins.
 */
export async function createProblemFromPackage(services: PackageStore, zipPath: string): Promise<ImportResult & { title: string }> {
  return withPreparedPackage(services, zipPath, {}, (prepared) =>
    inTransaction(services.db, async (trx) => {
      const title = prepared.problem.name.slice(0, MAX_TITLE_LENGTH);
      const created = await trx
        .insertInto('problems')
        .values({ title, time_limit: prepared.problem.timeLimitMs, memory_limit: prepared.problem.memoryLimitMb })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { ...(await recordVersion(trx, created.id, prepared)), title };
    }),
  );
}

/**
 * Unpacks and checks the zip in a scratch folder of the data folder, keeps the zip and PDF by
 * hash, runs `record` (the database part), then hands the unpacked folder to the worker cache.
 * When `record` fails, the zip and PDF it placed are removed (unless a committed row uses them).
 */
async function withPreparedPackage<T>(
  services: PackageStore,
  zipPath: string,
  defaults: { timeLimitMs?: number; memoryLimitMb?: number },
  record: (prepared: PreparedPackage) => Promise<T>,
): Promise<T> {
  const { config } = services;
  const scratch = await makeScratchDir(config, 'upload');
  try {
    let problem: Problem;
    try {
      problem = await loadProblemPackage(zipPath, { ...defaults, extractTo: path.join(scratch, 'package'), zipLimits: PACKAGE_ZIP_LIMITS });
    } catch (err) {
      if (err instanceof PackageError) throw fail('BAD_PACKAGE', `The problem package was refused: ${err.message}`);
      throw err;
    }
    if (problem.timeLimitMs > MAX_TIME_LIMIT_MS) {
      throw fail('BAD_PACKAGE', `The problem package was refused: its time limit (${problem.timeLimitMs} ms) is over ${MAX_TIME_LIMIT_MS} ms`);
    }
    if (problem.memoryLimitMb > MAX_MEMORY_LIMIT_MB) {
      throw fail('BAD_PACKAGE', `The problem package was refused: its memory limit (${problem.memoryLimitMb} MB) is over ${MAX_MEMORY_LIMIT_MB} MB`);
    }
    const color = await readPackageColor(problem.dir);
    const pdf = problem.statement.pdfPath ? await storeStatementPdf(config, problem.statement.pdfPath) : null;
    let zip: Awaited<ReturnType<typeof keepPackageZip>>;
    try {
      zip = await keepPackageZip(config, problem.hash, zipPath);
    } catch (err) {
      await removeUnrecordedFiles(services, { zip: null, pdf: pdf?.created ? pdf.hash : null });
      throw err;
    }
    let result: T;
    try {
      const meta = await describePackage(problem, zip.data !== null);
      result = await record({ problem, hash: problem.hash, size: zip.size, data: zip.data, meta, pdfHash: pdf?.hash ?? null, color });
    } catch (err) {
      await removeUnrecordedFiles(services, { zip: zip.created ? problem.hash : null, pdf: pdf?.created ? pdf.hash : null });
      throw err;
    }
    await adoptUnpackedPackage(config, problem.hash, problem.dir).catch(() => {});
    return result;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * After a failed `record`: removes the files it placed, unless a committed row uses them (an
 * upload of the same content that won meanwhile). When the database cannot say, they stay:
 * an unused file named by its content harms nothing and is reused by the next such upload.
 */
async function removeUnrecordedFiles(services: PackageStore, placed: { zip: string | null; pdf: string | null }): Promise<void> {
  const { config, db } = services;
  if (db.isTransaction) return; // the caller's transaction has failed and cannot answer
  try {
    if (placed.zip && !(await db.selectFrom('packages').select('hash').where('hash', '=', placed.zip).executeTakeFirst())) {
      await rm(packageZipPath(config, placed.zip), { force: true });
    }
    if (placed.pdf && !(await db.selectFrom('problems').select('id').where('pdf_hash', '=', placed.pdf).executeTakeFirst())) {
      await rm(statementPdfPath(config, placed.pdf), { force: true });
    }
  } catch {
    // Unreachable database: keep the files (see above).
  }
}

async function recordVersion(trx: Kysely<DB>, problemId: number, p: PreparedPackage): Promise<ImportResult> {
  await trx
    .insertInto('packages')
    .values({ hash: p.hash, size: p.size, data: p.data, meta: JSON.stringify(p.meta) })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
  const last = await trx
    .selectFrom('problem_versions')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('problem_id', '=', problemId)
    .executeTakeFirst();
  const version = Number(last?.version ?? 0) + 1;
  await trx.insertInto('problem_versions').values({ problem_id: problemId, version, package_hash: p.hash }).execute();
  await trx
    .updateTable('problems')
    .set({
      package_hash: p.hash,
      package_version: version,
      pdf_hash: p.pdfHash,
      time_limit: p.problem.timeLimitMs,
      memory_limit: p.problem.memoryLimitMb,
      // The package's statement replaces the one written in the admin form; without one, that stays.
      ...(p.problem.statement.markdown !== undefined ? { statement: p.problem.statement.markdown } : {}),
      // Likewise the package's balloon colour (DOMjudge's `color=`), with its name or none.
      ...(p.color ? { color: p.color.color, color_name: p.color.colorName } : {}),
    })
    .where('id', '=', problemId)
    .execute();
  return { problemId, version, hash: p.hash, tests: p.problem.tests.length };
}

export function statementPdfPath(config: Config, hash: string): string {
  return path.join(config.dataDir, 'statements', `${hash}.pdf`);
}

/** Stores a package's PDF statement by its sha256; returns the hash. */
export async function keepStatementPdf(config: Config, source: string): Promise<string> {
  return (await storeStatementPdf(config, source)).hash;
}

/** keepStatementPdf, also telling whether this call placed the file. */
async function storeStatementPdf(config: Config, source: string): Promise<{ hash: string; created: boolean }> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(source)) hash.update(chunk as Buffer);
  const digest = hash.digest('hex');
  const target = statementPdfPath(config, digest);
  const created = !fs.existsSync(target);
  if (created) {
    await mkdir(path.dirname(target), { recursive: true });
    await copyWhole(source, target);
  }
  return { hash: digest, created };
}
