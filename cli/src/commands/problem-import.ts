// `verdict problem import <source> <out-dir> [--format F]`: a package of another format (Polygon, CMS, TPS, FPS, Hydro)
// written as a Verdict package, loaded back before it is reported.
import { IMPORT_FORMATS, importProblem, PackageError, type ImportFormat } from '@verdict/judge';
import { CliError } from '../errors.ts';
import { openJudge } from '../judge-setup.ts';
import { printJson } from '../output.ts';

interface ImportFlags {
  format?: string;
  json?: boolean;
  backend?: string;
}

export default async function problemImport(source: string, outDir: string, flags: ImportFlags): Promise<number> {
  if (flags.format !== undefined && !(IMPORT_FORMATS as readonly string[]).includes(flags.format)) throw new CliError(`--format must be one of ${IMPORT_FORMATS.join(', ')}, got "${flags.format}"`);
  // The judge runs the package's generators, validator and main solution when its tests are to be made.
  const judge = await openJudge(flags.backend);
  const result = await importProblem(source, outDir, { format: flags.format as ImportFormat | undefined, programs: judge.programs, log: (line) => console.error(line) })
    .catch((err: unknown) => {
      throw err instanceof PackageError ? new CliError(`cannot import ${source}: ${err.message}`) : err;
    })
    .finally(() => judge.close());
  if (flags.json) {
    printJson({ format: result.format, name: result.name, dir: outDir, tests: result.tests, submissions: result.submissions, notes: result.notes });
    return 0;
  }
  console.log(`${result.name}: imported from ${result.format} into ${outDir}: ${result.tests} tests, ${result.submissions} submissions`);
  for (const note of result.notes) console.log(`note: ${note}`);
  return 0;
}
