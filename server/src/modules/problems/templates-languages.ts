// The languages a template may name. Languages are data (languages/<id>/language.json); this
// reads their ids and names. The judge can offer a narrower list (only toolchains it found)
// by giving startServer another LanguageCatalog.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../../logger.ts';
import type { Judge } from '@verdict/judge';
import type { LanguageChoice } from './wire.ts';

export type { LanguageChoice };

export type LanguageCatalog = () => Promise<LanguageChoice[]>;

/** Where the judge's languages come from: judging's JudgeProvider (problems stays below judging). */
export interface LanguageSource {
  get(): Promise<Pick<Judge, 'languages'>>;
}

export const LANGUAGES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../languages');

export async function readLanguageChoices(dir = LANGUAGES_DIR): Promise<LanguageChoice[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const choices: LanguageChoice[] = [];
  for (const entry of entries.filter((e) => e.isDirectory())) {
    try {
      const raw = JSON.parse(await readFile(path.join(dir, entry.name, 'language.json'), 'utf8'));
      if (typeof raw.id === 'string' && typeof raw.name === 'string') {
        const extensions = Array.isArray(raw.extensions) ? raw.extensions.filter((e: unknown) => typeof e === 'string') : [];
        choices.push({ id: raw.id, name: raw.name, editorMode: typeof raw.editorMode === 'string' ? raw.editorMode : 'text/plain', extensions });
      }
    } catch {
      // A folder without a readable language.json is not a language; the judge reports it.
    }
  }
  return choices.sort((a, b) => a.id.localeCompare(b.id));
}

/** The language a template's or submission's `language` text names: its id or its name, any case. */
export function findLanguage(choices: LanguageChoice[], text: string): LanguageChoice | undefined {
  const wanted = text.trim().toLowerCase();
  return choices.find((c) => c.id.toLowerCase() === wanted || c.name.toLowerCase() === wanted);
}

/**
 * The languages the judge offers here: those whose toolchain answers inside the configured
 * backend, probed once. When the judge cannot be set up (no sandbox on this host), every
 * defined language is listed and the reason is logged, so administration still works.
 */
export function languageCatalogFromJudge(judge: LanguageSource, log: Logger): LanguageCatalog {
  let cached: Promise<LanguageChoice[]> | undefined;
  return () =>
    (cached ??= (async () => {
      try {
        const languages = await (await judge.get()).languages();
        return languages.map((l) => ({ id: l.id, name: l.name, editorMode: l.editorMode, extensions: l.extensions })).sort((a, b) => a.id.localeCompare(b.id));
      } catch (err) {
        log.warn({ reason: (err as Error).message }, 'judge not usable: listing every defined language');
        return readLanguageChoices();
      }
    })());
}

/**
 * The catalog, or every defined language when the judge is still probing its toolchains after
 * `ms` (the first use of a cold judge on a loaded host took tens of seconds): a request is not
 * held by the probes. A language whose toolchain turns out missing is then judged SE, saying so.
 */
export async function languagesWithin(catalog: LanguageCatalog, ms: number): Promise<LanguageChoice[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  try {
    return (await Promise.race([catalog(), late])) ?? (await readLanguageChoices());
  } finally {
    clearTimeout(timer);
  }
}
