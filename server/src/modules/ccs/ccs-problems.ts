// Problems, languages and judgement types as the Contest API lists them.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { problemLetter } from '@verdict/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { LANGUAGES_DIR, type LanguageCatalog } from '../problems/index.ts';
import { JUDGEMENT_TYPES, seconds } from './ccs-format.ts';
import { DEFAULT_CODE_LIMIT_KB, DEFAULT_OUTPUT_LIMIT_MB } from './ccs-problem-fields.ts';
import { problemsOpen, type CcsContext } from './ccs-viewer.ts';

/** A contest's problems in contest order, with what their packages say. */
export async function contestProblemRows(db: Kysely<DB>, contestId: number) {
  return db
    .selectFrom('contest_problems as cp')
    .innerJoin('problems as p', 'p.id', 'cp.problem_id')
    .leftJoin('packages as pk', 'pk.hash', 'p.package_hash')
    .select(['p.id', 'p.title', 'p.time_limit', 'p.memory_limit', 'p.color', 'p.color_name', 'pk.meta'])
    .where('cp.contest_id', '=', contestId)
    .orderBy('cp.position')
    .orderBy('p.id')
    .execute();
}


/** The problems the reader may see: none before the start (but to administrators). */
export async function problemObjects(db: Kysely<DB>, ctx: CcsContext) {
  if (!problemsOpen(ctx)) return [];
  const rows = await contestProblemRows(db, ctx.contest.id);
  return rows.map((row, i) => {
    const meta = (row.meta ?? {}) as { tests?: unknown; maxScore?: unknown; outputLimitMb?: unknown; codeLimitKb?: unknown };
    return {
      id: String(row.id),
      label: problemLetter(i),
      name: row.title,
      ordinal: i,
      ...(row.color ? { rgb: row.color, color: row.color_name ?? row.color } : {}),
      time_limit: seconds(row.time_limit),
      memory_limit: row.memory_limit,
      // The package's limits.output and limits.code where it names them (PackageMeta), else the judge's.
      output_limit: typeof meta.outputLimitMb === 'number' ? Math.ceil(meta.outputLimitMb) : DEFAULT_OUTPUT_LIMIT_MB,
      code_limit: typeof meta.codeLimitKb === 'number' ? Math.min(Math.ceil(meta.codeLimitKb), DEFAULT_CODE_LIMIT_KB) : DEFAULT_CODE_LIMIT_KB,
      test_data_count: typeof meta.tests === 'number' ? meta.tests : 0,
      ...(ctx.contest.scoring_rule !== 'icpc' && typeof meta.maxScore === 'number' ? { max_score: meta.maxScore } : {}),
    };
  });
}

interface LanguageFiles {
  /** Source file extensions, without the dot. */
  extensions: string[];
  /** The file name one source is judged under (main.cpp). */
  sourceFile: string | null;
}

let definitions: Promise<Map<string, LanguageFiles>> | undefined;

/** Each defined language's source files (languages/<id>/language.json), read once. */
export function languageFiles(): Promise<Map<string, LanguageFiles>> {
  return (definitions ??= (async () => {
    const out = new Map<string, LanguageFiles>();
    for (const entry of await readdir(LANGUAGES_DIR, { withFileTypes: true }).catch(() => [])) {
      if (!entry.isDirectory()) continue;
      try {
        const raw = JSON.parse(await readFile(path.join(LANGUAGES_DIR, entry.name, 'language.json'), 'utf8')) as { id?: unknown; extensions?: unknown; sourceFile?: unknown };
        const list = Array.isArray(raw.extensions) ? raw.extensions.filter((e): e is string => typeof e === 'string') : [];
        const sourceFile = typeof raw.sourceFile === 'string' ? raw.sourceFile : null;
        if (typeof raw.id === 'string') out.set(raw.id, { extensions: [...new Set(list.map((e) => e.replace(/^\./, '')))], sourceFile });
      } catch {
        // Not a language (the judge reports it); it is not offered either.
      }
    }
    return out;
  })());
}

/**
 * The languages the judge offers. None needs an entry point: Java's class with `main` is found
 * by the judge (docs/languages.md).
 */
export async function languageObjects(catalog: LanguageCatalog) {
  const [choices, byId] = await Promise.all([catalog(), languageFiles()]);
  return choices.map((c) => ({ id: c.id, name: c.name, entry_point_required: false, extensions: byId.get(c.id)?.extensions ?? [] }));
}

export function judgementTypeObjects() {
  return JUDGEMENT_TYPES.map((t) => ({ ...t }));
}
