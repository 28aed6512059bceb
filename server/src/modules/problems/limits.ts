// The limits a submission runs under: the problem's time and memory limits scaled by its
// language's factors (languages/<id>/language.json), as the judge applies them (runLimits of
// @verdict/judge); Kattis packages, whose limits hold for every language, are not scaled.
import type { Kysely } from 'kysely';
import { DEFAULT_LANGUAGES_DIR, allowsLanguage, loadLanguageDefinitions, runLimits, type Language, type Problem } from '@verdict/judge';
import type { DB } from '../../db/schema.ts';
import type { CurrentUser } from '../accounts/index.ts';
import { fail } from '../../common/errors.ts';
import { assertCanReadProblem } from '../contests/index.ts';
import { languagesOfMeta } from './packages.ts';
import type { LanguageCatalog } from './templates-languages.ts';
import type { LanguageLimits, ProblemLimits } from './wire.ts';

let definitions: Promise<Language[]> | undefined;

/** The language definitions (factors do not depend on the toolchain being installed), read once. */
function languageDefinitions(): Promise<Language[]> {
  definitions ??= loadLanguageDefinitions(DEFAULT_LANGUAGES_DIR).catch((err: unknown) => {
    definitions = undefined;
    throw err;
  });
  return definitions;
}

export async function problemLimits(
  db: Kysely<DB>,
  catalog: LanguageCatalog,
  user: CurrentUser,
  problemId: number,
  now: Date,
  contestId?: number,
): Promise<ProblemLimits> {
  const row = await db
    .selectFrom('problems as p')
    .leftJoin('packages as k', 'k.hash', 'p.package_hash')
    .select(['p.id', 'p.time_limit', 'p.memory_limit', 'p.language_factors', 'k.meta'])
    .where('p.id', '=', problemId)
    .executeTakeFirst();
  if (!row) throw fail('NOT_FOUND', 'No such problem');
  await assertCanReadProblem(db, user, problemId, now, contestId);
  const meta = (row.meta ?? {}) as { format?: string };
  const allowedCodes = languagesOfMeta(row.meta);
  // An administrator's choice wins over the format's (Kattis packages' limits hold for every language).
  const languageFactors = row.language_factors ?? meta.format !== 'kattis';
  const problem = { timeLimitMs: row.time_limit, memoryLimitMb: row.memory_limit, languageFactors } as Problem;
  const defined = new Map((await languageDefinitions()).map((l) => [l.id, l]));
  const languages: LanguageLimits[] = [];
  for (const choice of await catalog()) {
    const language = defined.get(choice.id);
    if (!language) continue;
    const limits = runLimits(problem, language);
    languages.push({
      id: language.id,
      name: language.name,
      timeLimit: limits.cpuMs,
      memoryLimit: Math.round(limits.memoryKb / 1024),
      timeFactor: language.timeFactor,
      memoryFactor: language.memoryFactor,
      allowed: allowsLanguage(allowedCodes, language.id),
    });
  }
  return { problemId: row.id, timeLimit: row.time_limit, memoryLimit: row.memory_limit, languageFactors, languages };
}
