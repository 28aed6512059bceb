// Verdict packages written in other formats: Kattis 2025-09 (export/kattis.ts). The written package is loaded back
// before the export is reported, and the folder is removed again when anything fails.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PackageError } from '../package/errors.ts';
import { loadProblemPackage } from '../package/load.ts';
import { exportKattis, type ExportReport, type KattisVersion } from './kattis.ts';

export type { KattisVersion } from './kattis.ts';

export const EXPORT_FORMATS = ['kattis'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportResult extends ExportReport {
  format: ExportFormat;
  version: KattisVersion;
  tests: number;
  submissions: number;
}

/** Loads the package at `source` (a folder or zip, any layout Verdict loads) and writes it into `out` in `format`. */
export async function exportProblem(source: string, out: string, format: ExportFormat = 'kattis', version: KattisVersion = '2025-09'): Promise<ExportResult> {
  if (!EXPORT_FORMATS.includes(format)) throw new PackageError(`unknown format "${format}" (${EXPORT_FORMATS.join(', ')})`);
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'verdict-export-'));
  const target = path.resolve(out);
  try {
    const problem = await loadProblemPackage(source, { extractTo: scratch });
    const report = await exportKattis(problem, target, version);
    const back = await loadProblemPackage(target);
    return { ...report, format, version, tests: back.tests.length, submissions: back.submissions.length };
  } catch (err) {
    if (!(err instanceof PackageError && /is not empty: export into/.test(err.message))) await rm(target, { recursive: true, force: true });
    throw err;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
