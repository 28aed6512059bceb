// Problem packages by content hash (the judge loader's hash over the unpacked files):
// the zip lives in `${dataDir}/packages/<hash>.zip` and, when small enough, in packages.data
// so that workers on other machines can fetch it; workers unpack it once into
// `${dataDir}/cache/packages/<hash>`. See docs/packages-storage.md.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { copyWhole } from '../../common/files.ts';
import { isKattisPackage } from '@verdict/judge';
import { loadProblemPackage } from '@verdict/judge';
import type { ZipLimits } from '@verdict/judge';
import type { Problem } from '@verdict/judge';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** Where packages are kept: the data folder (config) and the database (or a transaction). */
export interface PackageStore {
  config: Config;
  db: Kysely<DB>;
}

/** Packages up to this size are also stored in the database (packages.data). */
export const DB_COPY_MAX_BYTES = 32 * 1024 * 1024;

/**
 * Unpacking limits, the same at upload and on workers (a package accepted once must unpack
 * everywhere): test data of a 512 MB zip may well unpack to a few GB.
 */
export const PACKAGE_ZIP_LIMITS: Partial<ZipLimits> = { maxUnpackedBytes: 4 * 1024 ** 3 };

const HASH_RE = /^[0-9a-f]{64}$/;

export interface PackageMeta {
  name: string;
  format: 'kattis' | 'flat';
  tests: number;
  samples: number;
  timeLimitMs: number;
  memoryLimitMb: number;
  checker: string;
  statement: { markdown: boolean; pdf: boolean };
  /** Whether packages.data holds the zip (see DB_COPY_MAX_BYTES). */
  inDatabase: boolean;
  /** A scoring problem's most possible score (IOI/OI leaderboards show it); null: pass-fail. */
  maxScore: number | null;
  /** The Kattis codes of the languages a submission may be in (problem.yaml `languages`); null: all. */
  languages: string[] | null;
  /** problem.yaml `limits.output` (MB) and `limits.code` (KiB); absent: the judge's own (and in metas from before they were kept). */
  outputLimitMb?: number;
  codeLimitKb?: number;
}

export function packageZipPath(config: Config, hash: string): string {
  return path.join(config.dataDir, 'packages', `${checkHash(hash)}.zip`);
}

export function packageCacheRoot(config: Config): string {
  return path.join(config.dataDir, 'cache', 'packages');
}

/** Scratch space inside the data folder: nothing we unpack ever lands outside it. */
export async function makeScratchDir(config: Config, prefix: string): Promise<string> {
  const root = path.join(config.dataDir, 'tmp');
  await mkdir(root, { recursive: true });
  return mkdtemp(path.join(root, `${prefix}-`));
}

export async function describePackage(problem: Problem, inDatabase: boolean): Promise<PackageMeta> {
  return {
    name: problem.name,
    format: (await isKattisPackage(problem.dir)) ? 'kattis' : 'flat',
    tests: problem.tests.length,
    samples: problem.tests.filter((t) => t.sample).length,
    timeLimitMs: problem.timeLimitMs,
    memoryLimitMb: problem.memoryLimitMb,
    checker: problem.checker.kind,
    statement: { markdown: problem.statement.markdown !== undefined, pdf: problem.statement.pdfPath !== undefined },
    inDatabase,
    maxScore: problem.scoring?.maxScore ?? null,
    languages: problem.languages ?? null,
    ...(problem.resourceLimits?.outputMb !== undefined ? { outputLimitMb: problem.resourceLimits.outputMb } : {}),
    ...(problem.resourceLimits?.codeKb !== undefined ? { codeLimitKb: problem.resourceLimits.codeKb } : {}),
  };
}

/**
 * Keeps a checked package's zip under its hash (moving `zipPath` there unless a copy exists;
 * the caller's file is gone afterwards) and returns its size, the bytes to store in the
 * database (null when too large for that) and whether this call placed the file.
 */
export async function keepPackageZip(config: Config, hash: string, zipPath: string): Promise<{ size: number; data: Buffer | null; created: boolean }> {
  const target = packageZipPath(config, hash);
  await mkdir(path.dirname(target), { recursive: true });
  const created = !fs.existsSync(target);
  if (created) {
    // A rename within the data folder: atomic, and a 512 MB upload is not copied.
    await rename(zipPath, target).catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EXDEV') throw err;
      await copyWhole(zipPath, target);
    });
  }
  const size = (await fs.promises.stat(target)).size;
  return { size, data: size <= DB_COPY_MAX_BYTES ? await fs.promises.readFile(target) : null, created };
}

/**
 * Places an already unpacked package (the folder a loader returned) in the worker cache, so
 * that local workers need not unpack it again. Moves the folder; a no-op when cached already.
 */
export async function adoptUnpackedPackage(config: Config, hash: string, dir: string): Promise<void> {
  const target = path.join(packageCacheRoot(config), checkHash(hash));
  if (fs.existsSync(target)) return;
  await mkdir(packageCacheRoot(config), { recursive: true });
  await rename(dir, target).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err;
  });
}

const pending = new Map<string, Promise<string>>();

/**
 * The local folder of the package with this hash, unpacked once into
 * `${dataDir}/cache/packages/<hash>` from the local zip or, on a machine without it, from the
 * database copy. Safe against concurrent calls in one process (shared promise) and across
 * processes (each unpacks into its own scratch folder; the atomic rename decides).
 */
export function ensurePackageDir(services: PackageStore, hash: string): Promise<string> {
  const target = path.join(packageCacheRoot(services.config), checkHash(hash));
  if (fs.existsSync(target)) return Promise.resolve(target);
  let job = pending.get(target);
  if (!job) {
    job = unpackIntoCache(services, hash, target).finally(() => pending.delete(target));
    pending.set(target, job);
  }
  return job;
}

async function unpackIntoCache(services: PackageStore, hash: string, target: string): Promise<string> {
  const zipPath = await localZip(services, hash);
  const scratch = await makeScratchDir(services.config, 'unpack');
  try {
    const problem = await loadProblemPackage(zipPath, { extractTo: path.join(scratch, 'package'), zipLimits: PACKAGE_ZIP_LIMITS });
    if (problem.hash !== hash) throw new Error(`package ${hash}: its unpacked files hash to ${problem.hash}; the stored zip is damaged`);
    await adoptUnpackedPackage(services.config, hash, problem.dir);
    return target;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The zip on this machine, fetched from the database copy when only the database has it. */
async function localZip(services: PackageStore, hash: string): Promise<string> {
  const zipPath = packageZipPath(services.config, hash);
  if (fs.existsSync(zipPath)) return zipPath;
  const row = await services.db.selectFrom('packages').select('data').where('hash', '=', hash).executeTakeFirst();
  if (!row) throw new Error(`package ${hash} is unknown`);
  if (!row.data) {
    throw new Error(`package ${hash} is larger than ${DB_COPY_MAX_BYTES} bytes and is not on this machine: share ${path.dirname(zipPath)} with the server`);
  }
  await mkdir(path.dirname(zipPath), { recursive: true });
  const partial = `${zipPath}.${crypto.randomBytes(6).toString('hex')}.part`;
  await writeFile(partial, row.data);
  await rename(partial, zipPath);
  return zipPath;
}

/** The languages the package with this hash allows (PackageMeta.languages; null for every language, and for packages stored before it was kept). */
export async function packageLanguages(db: Kysely<DB>, hash: string): Promise<string[] | null> {
  const row = await db.selectFrom('packages').select('meta').where('hash', '=', hash).executeTakeFirst();
  return languagesOfMeta(row?.meta);
}

/** PackageMeta.languages of a stored meta: null for every language, and for metas from before it was kept. */
export function languagesOfMeta(meta: unknown): string[] | null {
  const languages = (meta as { languages?: unknown } | null | undefined)?.languages;
  return Array.isArray(languages) && languages.every((l) => typeof l === 'string') ? languages : null;
}

function checkHash(hash: string): string {
  if (!HASH_RE.test(hash)) throw new Error(`not a package hash: ${JSON.stringify(hash)}`);
  return hash;
}
