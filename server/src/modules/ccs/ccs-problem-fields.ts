// What a Contest Package's problems.yaml says of a problem beyond its name and its time and
// memory limits, written where Verdict keeps it: in the problem's package. `output_limit` (MiB)
// and `code_limit` (KiB) become problem.yaml `limits.output` and `limits.code` (which the judge
// honours), `rgb` and `color` become domjudge-problem.ini `color=` (the balloon colour). A package is
// rewritten only where it says otherwise; a flat package (no problem.yaml) keeps its limits, and
// the import says so (docs/ccs-api.md, Contest packages).
import fs from 'node:fs/promises';
import path from 'node:path';
import { load as parseYaml, dump as dumpYaml } from 'js-yaml';
import yazl from 'yazl';
import { extractZip } from '@verdict/judge';
import { parsePackageColor } from '@verdict/shared';
import { MAX_SOURCE_BYTES } from '../submissions/index.ts';

/** The judge's cap on a run's output when a package names none (packages/judge, OUTPUT_CAP_BYTES). */
export const DEFAULT_OUTPUT_LIMIT_MB = 64;
/** The largest source Verdict takes (MAX_SOURCE_BYTES, 64 KiB). */
export const DEFAULT_CODE_LIMIT_KB = MAX_SOURCE_BYTES / 1024;

export interface ProblemFields {
  outputLimitMb: number | null;
  codeLimitKb: number | null;
  /** The balloon colour as domjudge-problem.ini would say it: a hex colour or a CSS colour name. */
  color: string | null;
}

const FIXED_MTIME = new Date('2000-01-01T00:00:00Z');

/** The folder of the unpacked package holding problem.yaml: the root, or its only folder. */
async function packageRoot(dir: string): Promise<string> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  if (entries.length === 1 && entries[0].isDirectory()) return path.join(dir, entries[0].name);
  return dir;
}

async function zipFolder(dir: string, out: string): Promise<void> {
  const zip = new yazl.ZipFile();
  const files = (await fs.readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  for (const name of files.sort()) zip.addFile(path.join(dir, name), name.split(path.sep).join('/'), { mtime: FIXED_MTIME });
  zip.end();
  const handle = await fs.open(out, 'w');
  try {
    for await (const chunk of zip.outputStream) await handle.write(chunk as Buffer);
  } finally {
    await handle.close();
  }
}

/**
 * The problem package `zipPath` with `fields` written in, as a zip in `workDir` (or `zipPath`
 * itself when it says the same already), and what was changed or could not be.
 */
export async function withProblemFields(zipPath: string, fields: ProblemFields, workDir: string): Promise<{ zip: string; changed: string[]; kept: string[] }> {
  const changed: string[] = [];
  const kept: string[] = [];
  if (fields.outputLimitMb === null && fields.codeLimitKb === null && fields.color === null) return { zip: zipPath, changed, kept };
  const unpacked = path.join(workDir, 'unpacked');
  await extractZip(zipPath, unpacked);
  const root = await packageRoot(unpacked);
  const yamlFile = path.join(root, 'problem.yaml');
  const yamlText = await fs.readFile(yamlFile, 'utf8').catch(() => null);
  if (yamlText !== null && (fields.outputLimitMb !== null || fields.codeLimitKb !== null)) {
    const doc = (parseYaml(yamlText) ?? {}) as Record<string, unknown>;
    const limits = (typeof doc.limits === 'object' && doc.limits !== null ? doc.limits : {}) as Record<string, unknown>;
    const set = (key: 'output' | 'code', value: number | null, fallback: number, what: string) => {
      if (value === null) return;
      const now = typeof limits[key] === 'number' ? (limits[key] as number) : fallback;
      if (now === value) return;
      limits[key] = value;
      changed.push(`${what} ${value}`);
    };
    set('output', fields.outputLimitMb, DEFAULT_OUTPUT_LIMIT_MB, 'output_limit');
    // A code limit above Verdict's largest source cannot be given; a smaller one is honoured.
    if (fields.codeLimitKb !== null && fields.codeLimitKb > DEFAULT_CODE_LIMIT_KB && typeof limits.code !== 'number') kept.push(`code_limit ${fields.codeLimitKb} (Verdict takes sources of at most ${DEFAULT_CODE_LIMIT_KB} KiB)`);
    else set('code', fields.codeLimitKb, DEFAULT_CODE_LIMIT_KB, 'code_limit');
    if (changed.length) await fs.writeFile(yamlFile, dumpYaml({ ...doc, limits }, { lineWidth: -1 }));
  } else if (yamlText === null) {
    if (fields.outputLimitMb !== null && fields.outputLimitMb !== DEFAULT_OUTPUT_LIMIT_MB) kept.push(`output_limit ${fields.outputLimitMb} (the problem package has no problem.yaml)`);
    if (fields.codeLimitKb !== null && fields.codeLimitKb < DEFAULT_CODE_LIMIT_KB) kept.push(`code_limit ${fields.codeLimitKb} (the problem package has no problem.yaml)`);
  }
  if (fields.color !== null) {
    const ini = path.join(root, 'domjudge-problem.ini');
    const text = await fs.readFile(ini, 'utf8').catch(() => '');
    const lines = text.split(/\r?\n/).filter((l) => l !== '');
    const current = lines.find((l) => /^\s*color\s*=/i.test(l));
    const now = current ? parsePackageColor(current.replace(/^\s*color\s*=\s*/i, '').replace(/^(['"])(.*)\1$/, '$2')) : null;
    const wanted = parsePackageColor(fields.color);
    if (wanted && (now?.color !== wanted.color || now.colorName !== wanted.colorName)) {
      await fs.writeFile(ini, `${[...lines.filter((l) => l !== current), `color=${fields.color}`].join('\n')}\n`);
      changed.push(`color ${fields.color}`);
    }
  }
  if (!changed.length) return { zip: zipPath, changed, kept };
  const out = path.join(workDir, path.basename(zipPath));
  await zipFolder(unpacked, out);
  return { zip: out, changed, kept };
}
