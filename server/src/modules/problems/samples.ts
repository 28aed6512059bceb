// First start (LOAD_SAMPLES=on): with no problems yet, every package under problems/ becomes a
// problem through the upload pipeline, all in one transaction (a failure loads none, and the
// next start tries again); with no templates yet, each available language gets its default
// template (languages/<id>/, "templateFile").
import { createWriteStream } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import yazl from 'yazl';
import { isDirectory, listFiles } from '@verdict/judge';
import { DEFAULT_LANGUAGES_DIR, loadLanguageDefinitions } from '@verdict/judge';
import { isDomainError } from '../../common/errors.ts';
import type { Logger } from '../../logger.ts';
import type { PackageStore } from './packages.ts';
import type { LanguageCatalog } from './templates-languages.ts';
import { makeScratchDir } from './packages.ts';
import { createProblemFromPackage } from './upload.ts';

/** What loading the samples needs of the services. */
type SampleServices = PackageStore & { log: Logger; languages: LanguageCatalog };

export const SAMPLE_PROBLEMS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../problems');

const TEMPLATE_COMMENT_MAX = 150;

export interface SampleOptions {
  problemsDir?: string;
  languagesDir?: string;
}

export async function loadSamples(services: SampleServices, options: SampleOptions = {}): Promise<void> {
  if (!services.config.loadSamples) return;
  await loadSampleProblems(services, options.problemsDir ?? SAMPLE_PROBLEMS_DIR);
  await loadDefaultTemplates(services, options.languagesDir ?? DEFAULT_LANGUAGES_DIR);
}

async function loadSampleProblems(services: SampleServices, problemsDir: string): Promise<void> {
  const { log } = services;
  if (await services.db.selectFrom('problems').select('id').limit(1).executeTakeFirst()) return;
  const folders = (await readdir(problemsDir, { withFileTypes: true }).catch(() => []))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const scratch = await makeScratchDir(services.config, 'samples');
  try {
    const loaded = await services.db.transaction().execute(async (trx) => {
      const titles: string[] = [];
      for (const slug of folders) {
        let zipPath: string;
        try {
          zipPath = await zipFolder(path.join(problemsDir, slug), path.join(scratch, `${slug}.zip`));
        } catch (err) {
          log.warn({ err: (err as Error).message }, `sample problem "${slug}" was not loaded`);
          continue;
        }
        try {
          const problem = await createProblemFromPackage({ config: services.config, db: trx }, zipPath);
          titles.push(problem.title);
        } catch (err) {
          // A refused package is skipped before it writes anything; any other failure ends the transaction.
          if (!isDomainError(err, 'BAD_PACKAGE')) throw err;
          log.warn({ err: err.message }, `sample problem "${slug}" was not loaded`);
        }
      }
      return titles;
    });
    log.info({ titles: loaded }, `loaded ${loaded.length} sample problems`);
  } catch (err) {
    log.error({ err }, 'the sample problems were not loaded; the next start tries again');
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function loadDefaultTemplates(services: SampleServices, languagesDir: string): Promise<void> {
  if (await services.db.selectFrom('templates').select('id').limit(1).executeTakeFirst()) return;
  const available = new Set((await services.languages()).map((l) => l.id));
  const definitions = (await loadLanguageDefinitions(languagesDir)).filter((l) => available.has(l.id) && l.template.trim() !== '');
  if (definitions.length === 0) return;
  await services.db
    .insertInto('templates')
    .values(definitions.map((l) => ({ language: l.name, comment: `Default ${l.name} template`.slice(0, TEMPLATE_COMMENT_MAX), description: l.template })))
    .execute();
  services.log.info({ languages: definitions.map((l) => l.id) }, `loaded ${definitions.length} default templates`);
}

/** Zips a package folder (plain files only) to `target`, streaming. */
async function zipFolder(dir: string, target: string): Promise<string> {
  if (!(await isDirectory(dir))) throw new Error(`${dir} is not a folder`);
  const zip = new yazl.ZipFile();
  for (const rel of await listFiles(dir)) zip.addFile(path.join(dir, rel), rel.split(path.sep).join('/'));
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(target));
  return target;
}
