// Problems for administrators (spec §2 problem management, §5 problem rules) and the reads a
// contest member needs: title, limits and statement. Test data upload lives elsewhere.
import type { Kysely, Selectable } from 'kysely';
import { PROBLEM_COLOR_MESSAGES } from '@verdict/shared';
import type { DB, ProblemsTable } from '../../db/schema.ts';
import { containsPattern } from '../../db/like.ts';
import { fail, isDomainError } from '../../common/errors.ts';
import type { CurrentUser } from '../accounts/index.ts';
import { assertCanReadProblem, findContest } from '../contests/index.ts';
import type { ProblemDetail, WireProblem } from './wire.ts';

export interface ProblemFields {
  title: string;
  timeLimit: number;
  memoryLimit: number;
  statement?: string;
  /** The balloon colour `#rrggbb`: absent leaves it as it is (new problems: none), null removes it. */
  color?: string | null;
  /** Its name ("red"): absent leaves it (removed with the colour), null removes it. */
  colorName?: string | null;
  /** Scale the limits per language: absent leaves it (new problems: null), null follows the package's format. */
  languageFactors?: boolean | null;
}

type ProblemRow = Pick<Selectable<ProblemsTable>, 'id' | 'title' | 'time_limit' | 'memory_limit' | 'package_hash' | 'pdf_hash' | 'color' | 'color_name' | 'language_factors'>;
const COLUMNS = ['id', 'title', 'time_limit', 'memory_limit', 'package_hash', 'pdf_hash', 'color', 'color_name', 'language_factors'] as const;

function toWire(row: ProblemRow): WireProblem {
  return {
    id: row.id,
    title: row.title,
    timeLimit: row.time_limit,
    memoryLimit: row.memory_limit,
    hasData: row.package_hash !== null,
    hasPdf: row.pdf_hash !== null,
    color: row.color,
    colorName: row.color_name,
    languageFactors: row.language_factors,
  };
}

export async function listProblems(db: Kysely<DB>, filter: { id?: number; title?: string }): Promise<WireProblem[]> {
  let q = db.selectFrom('problems').select(COLUMNS).orderBy('id');
  if (filter.id !== undefined) q = q.where('id', '=', filter.id);
  if (filter.title) q = q.where('title', 'ilike', containsPattern(filter.title));
  return (await q.execute()).map(toWire);
}

/** Problems that are not (yet) in the contest, for its add-problem select. */
export async function listProblemsOutsideContest(db: Kysely<DB>, contestId: number): Promise<WireProblem[]> {
  await findContest(db, contestId);
  const rows = await db
    .selectFrom('problems')
    .select(COLUMNS)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('contest_problems as cp').select('cp.problem_id').whereRef('cp.problem_id', '=', 'problems.id').where('cp.contest_id', '=', contestId))),
    )
    .orderBy('id')
    .execute();
  return rows.map(toWire);
}

// Titles are unique: the spec's problem page looks a problem up by its title.
async function assertTitleFree(db: Kysely<DB>, title: string, exceptId?: number): Promise<void> {
  let q = db.selectFrom('problems').select('id').where('title', '=', title);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw fail('CONFLICT', 'A problem with this title already exists');
}

/**
 * The colour a problem gets: what the request says, else what it had (removing the colour
 * removes its name). A name without a colour is refused.
 */
function resolveColor(fields: ProblemFields, stored: { color: string | null; color_name: string | null }): { color: string | null; color_name: string | null } {
  const color = fields.color === undefined ? stored.color : fields.color;
  const name = fields.colorName === undefined ? (fields.color === null ? null : stored.color_name) : fields.colorName;
  if (name !== null && color === null) throw fail('VALIDATION', PROBLEM_COLOR_MESSAGES.nameWithoutColor);
  return { color, color_name: name };
}

export async function addProblem(db: Kysely<DB>, fields: ProblemFields): Promise<WireProblem> {
  const color = resolveColor(fields, { color: null, color_name: null });
  await assertTitleFree(db, fields.title);
  const row = await db
    .insertInto('problems')
    .values({ title: fields.title, time_limit: fields.timeLimit, memory_limit: fields.memoryLimit, statement: fields.statement ?? '', language_factors: fields.languageFactors ?? null, ...color })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toWire(row);
}

export async function updateProblem(db: Kysely<DB>, id: number, fields: ProblemFields): Promise<WireProblem> {
  // The row is locked: the kept colour the new name is checked against is the one written.
  return db.transaction().execute(async (trx) => {
    const stored = await trx.selectFrom('problems').select(['color', 'color_name']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!stored) throw fail('NOT_FOUND', 'No such problem');
    const color = resolveColor(fields, stored);
    await assertTitleFree(trx, fields.title, id);
    const row = await trx
      .updateTable('problems')
      .set({
        title: fields.title,
        time_limit: fields.timeLimit,
        memory_limit: fields.memoryLimit,
        ...(fields.statement !== undefined ? { statement: fields.statement } : {}),
        ...(fields.languageFactors !== undefined ? { language_factors: fields.languageFactors } : {}),
        ...color,
      })
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toWire(row);
  });
}

/** Deletes all the problems or none; their contest links and submissions go with them. */
export async function deleteProblems(db: Kysely<DB>, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('problems').select('id').where('id', 'in', unique).execute();
    if (found.length !== unique.length) {
      const have = new Set(found.map((r) => r.id));
      throw fail('NOT_FOUND', `No such problem: ${unique.filter((id) => !have.has(id)).join(', ')}`);
    }
    await trx.deleteFrom('problems').where('id', 'in', unique).execute();
    return unique.length;
  });
}

async function detail(db: Kysely<DB>, id: number): Promise<ProblemDetail> {
  const row = await db.selectFrom('problems').select([...COLUMNS, 'statement']).where('id', '=', id).executeTakeFirst();
  if (!row) throw fail('NOT_FOUND', 'No such problem');
  return { ...toWire(row), statement: row.statement };
}

/** A problem by id, for an administrator or a member of a started contest holding it. */
export async function readProblem(db: Kysely<DB>, user: CurrentUser, problemId: number, now: Date, contestId?: number): Promise<ProblemDetail> {
  const problem = await detail(db, problemId);
  await assertCanReadProblem(db, user, problemId, now, contestId);
  return problem;
}

/**
 * A problem by exact title (the problem page's lookup), with the same access rule. A title the
 * caller may not see yet (its contest has not started, or is not theirs) gets the reply of a
 * title that does not exist: titles are guessable, and must not tell what an upcoming contest holds.
 */
export async function readProblemByTitle(db: Kysely<DB>, user: CurrentUser, title: string, now: Date, contestId?: number): Promise<ProblemDetail> {
  const row = await db.selectFrom('problems').select('id').where('title', '=', title).orderBy('id').executeTakeFirst();
  if (!row) throw fail('NOT_FOUND', 'No such problem');
  try {
    return await readProblem(db, user, row.id, now, contestId);
  } catch (err) {
    if (isDomainError(err, 'CONTEST_NOT_STARTED') || isDomainError(err, 'FORBIDDEN') || isDomainError(err, 'NOT_FOUND')) throw fail('NOT_FOUND', 'No such problem');
    throw err;
  }
}
