// `verdict problem export <problem> [-o DIR] [--format kattis]`: a Verdict package (a folder or zip, any layout the
// judge loads: an imported Polygon, CMS or TPS problem too) written as a Kattis 2025-09 package, loaded back before
// it is reported.
import path from 'node:path';
import { EXPORT_FORMATS, exportProblem, PackageError, type ExportFormat } from '@verdict/judge';
import { CliError } from '../errors.ts';
import { printJson } from '../output.ts';

interface ExportFlags {
  format?: string;
  output?: string;
  json?: boolean;
  legacy?: boolean;
}

export default async function problemExport(source: string, flags: ExportFlags): Promise<number> {
  const format = flags.format ?? 'kattis';
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) throw new CliError(`--format must be one of ${EXPORT_FORMATS.join(', ')}, got "${format}"`);
  const out = flags.output ?? `${path.resolve(source).replace(/\.zip$/i, '')}-${format}`;
  const result = await exportProblem(source, out, format as ExportFormat, flags.legacy ? 'legacy' : '2025-09').catch((err: unknown) => {
    throw err instanceof PackageError ? new CliError(`cannot export ${source}: ${err.message}`) : err;
  });
  if (flags.json) {
    printJson({ format: result.format, version: result.version, name: result.name, dir: out, tests: result.tests, submissions: result.submissions, notes: result.notes });
    return 0;
  }
  console.log(`${result.name}: exported as ${result.format} (${result.version}) into ${out}: ${result.tests} tests, ${result.submissions} submissions`);
  for (const note of result.notes) console.log(`note: ${note}`);
  return 0;
}
