// Problem packages of other formats written as Verdict packages (Kattis 2023-07 layout), which
// `verdict judge`, `problem validate` and the server then load as they load any package.
import { mkdtemp, open, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SpecialJudgeEnv } from '../checkers/special.ts';
import { PackageError } from '../package/errors.ts';
import { loadProblemPackage } from '../package/load.ts';
import { extractZip } from '../package/zip.ts';
import { importCms, isCmsTask } from './cms.ts';
import { importFps, isFpsDocument } from './fps.ts';
import { importHydro, isHydroProblem } from './hydro.ts';
import { importPolygon, isPolygonPackage, type ImportReport } from './polygon.ts';
import { importTps, isTpsTask } from './tps.ts';
import { parseXml } from './xml.ts';

export type { ImportReport } from './polygon.ts';

export const IMPORT_FORMATS = ['polygon', 'cms', 'tps', 'fps', 'hydro'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export interface ImportResult extends ImportReport {
  format: ImportFormat;
  /** The tests and submissions the written package holds, as loaded back. */
  tests: number;
  submissions: number;
}

/**
 * Imports `source` (a folder, a zip, or an FPS XML file) into `out`, which must be missing or empty; the written
 * package is loaded back before this returns, and `out` is removed again when anything fails.
 */
export interface ImportOptions {
  format?: ImportFormat;
  /** Where the package's own programs run (`judge.programs`): tests its script makes are made there. */
  programs?: SpecialJudgeEnv;
  /** Progress, a line at a time (making tests takes a while). */
  log?: (line: string) => void;
}

export async function importProblem(source: string, out: string, options: ImportOptions = {}): Promise<ImportResult> {
  const { format, programs, log } = options;
  if (format && !IMPORT_FORMATS.includes(format)) throw new PackageError(`unknown format "${format}" (${IMPORT_FORMATS.join(', ')})`);
  const info = await stat(source).catch(() => null);
  if (!info) throw new PackageError(`${source}: no such file or folder`);
  const target = path.resolve(out);
  if ((await readdir(target).catch(() => [])).length > 0) throw new PackageError(`${target} is not empty: import into a new or empty folder`);
  const xml = info.isFile() ? await fpsText(source) : undefined;
  const scratch = info.isDirectory() || xml !== undefined ? undefined : await mkdtemp(path.join(os.tmpdir(), 'verdict-import-'));
  try {
    let dir = path.resolve(source);
    if (scratch) {
      await extractZip(source, scratch);
      dir = await topFolder(scratch);
    }
    const fpsFile = xml !== undefined ? source : await fpsFileIn(dir);
    const found = format ?? (fpsFile ? 'fps' : await detect(dir));
    if (found === 'fps') {
      if (!fpsFile) throw new PackageError(`${source}: no FPS document (an XML file whose root is <fps>)`);
      const report = await importFps(parseXml(xml ?? (await readFile(fpsFile, 'utf8')), path.basename(fpsFile)), target);
      return { ...(await loadedBack(report.dirs, report)), format: found };
    }
    if (found === 'hydro') {
      const report = await importHydro(dir, target);
      return { ...(await loadedBack([target], report)), format: found };
    }
    if (found === 'cms' || found === 'tps') {
      const report = await (found === 'cms' ? importCms(dir, target) : importTps(dir, target));
      return { ...(await loadedBack([target], report)), format: found };
    }
    const report = await importPolygon(dir, target, programs, log);
    return { ...(await loadedBack([target], report)), format: found };
  } catch (err) {
    await rm(target, { recursive: true, force: true });
    throw err;
  } finally {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  }
}

/** Every written package loaded as any package is; their tests and submissions counted. */
async function loadedBack(dirs: string[], report: ImportReport): Promise<Omit<ImportResult, 'format'>> {
  const result = { ...report, tests: 0, submissions: 0, notes: [...report.notes] };
  for (const dir of dirs) {
    const problem = await loadProblemPackage(dir);
    result.tests += problem.tests.length;
    result.submissions += problem.submissions.length;
    result.notes.push(...(problem.submissionNotes ?? []));
  }
  return result;
}

/** The text of a file that is an FPS document (not a zip). */
async function fpsText(file: string): Promise<string | undefined> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (!isFpsDocument(head.subarray(0, bytesRead).toString('utf8'))) return undefined;
  } finally {
    await handle.close();
  }
  return readFile(file, 'utf8');
}

/** A folder (an unpacked zip) holding one FPS document. */
async function fpsFileIn(dir: string): Promise<string | undefined> {
  const xmls = (await readdir(dir)).filter((f) => f.toLowerCase().endsWith('.xml') && f !== 'problem.xml');
  const found: string[] = [];
  for (const f of xmls) if ((await fpsText(path.join(dir, f))) !== undefined) found.push(path.join(dir, f));
  return found.length === 1 ? found[0] : undefined;
}

async function detect(dir: string): Promise<ImportFormat> {
  if (await isPolygonPackage(dir)) return 'polygon';
  if (await isTpsTask(dir)) return 'tps';
  if (await isCmsTask(dir)) return 'cms';
  if (await isHydroProblem(dir)) return 'hydro';
  throw new PackageError(`${dir}: not a package of a format Verdict imports (${IMPORT_FORMATS.join(', ')}): no problem.xml, task.yaml, problem.json or testdata/`);
}

async function topFolder(dir: string): Promise<string> {
  const entries = (await readdir(dir, { withFileTypes: true })).filter((e) => !e.name.startsWith('__MACOSX'));
  return entries.length === 1 && entries[0].isDirectory() ? path.join(dir, entries[0].name) : dir;
}
