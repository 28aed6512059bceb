// First start (LOAD_SAMPLES=on): with no problems yet, every package under problems/ becomes a
// problem through the upload pipeline; with no templates yet, each available language gets
// its default template (languages/<id>/, "templateFile").
import { createWriteStream } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import yazl from 'yazl';
import { isDirectory, listFiles } from '../judge/package/files.ts';
import { DEFAULT_LANGUAGES_DIR, loadLanguageDefinitions } from '../judge/languages.ts';
import type { Services } from '../services.ts';
import { makeScratchDir } from './packages.ts';
import { createProblemFromPackage } from './upload.ts';

export const SAMPLE_PROBLEMS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../problems');

const TEMPLATE_COMMENT_MAX = 150;

export interface SampleOptions {
  problemsDir?: string;
  languagesDir?: string;
}

export async function loadSamples(services: Services, options: SampleOptions = {}): Promise<void> {
  if (!services.config.loadSamples) return;
  await loadSampleProblems(services, options.problemsDir ?? SAMPLE_PROBLEMS_DIR);
  await loadDefaultTemplates(services, options.languagesDir ?? DEFAULT_LANGUAGES_DIR);
}

async function loadSampleProblems(services: Services, problemsDir: string): Promise<void> {
  const { log } = services;
  if (await services.db.selectFrom('problems').select('id').limit(1).executeTakeFirst()) return;
  const folders = (await readdir(problemsDir, { withFileTypes: true }).catch(() => []))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const scratch = await makeScratchDir(services.config, 'samples');
  try {
    for (const slug of folders) {
      try {
        const zipPath = await zipFolder(path.join(problemsDir, slug), path.join(scratch, `${slug}.zip`));
        const loaded = await createProblemFromPackage(services, zipPath);
        log.info({ problemId: loaded.problemId, title: loaded.title, tests: loaded.tests, hash: loaded.hash }, `loaded sample problem "${slug}"`);
      } catch (err) {
        log.warn({ err: (err as Error).message }, `sample problem "${slug}" was not loaded`);
      }
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function loadDefaultTemplates(services: Services, languagesDir: string): Promise<void> {
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
