// Judge templates (spec §2 template management): starting code per language. A template's
// language must be one the judge offers.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { containsPattern } from '../../db/like.ts';
import { fail } from '../../common/errors.ts';
import { findLanguage } from './templates-languages.ts';
import type { LanguageChoice, TemplateWithLanguage, WireTemplate } from './wire.ts';

export interface TemplateFields {
  language: string;
  comment: string;
  description: string;
}

const COLUMNS = ['id', 'language', 'comment', 'description'] as const;

export async function listTemplates(db: Kysely<DB>, filter: { id?: number; language?: string } = {}): Promise<WireTemplate[]> {
  let q = db.selectFrom('templates').select(COLUMNS).orderBy('id');
  if (filter.id !== undefined) q = q.where('id', '=', filter.id);
  if (filter.language) q = q.where('language', 'ilike', containsPattern(filter.language));
  return q.execute();
}

/** The templates with their language's editor mode and extensions, for the problem page's editor. */
export function withLanguages(templates: WireTemplate[], choices: LanguageChoice[]): TemplateWithLanguage[] {
  return templates.map((t) => {
    const language = findLanguage(choices, t.language);
    return { ...t, languageId: language?.id ?? null, editorMode: language?.editorMode ?? 'text/plain', extensions: language?.extensions ?? [] };
  });
}

function assertKnownLanguage(choices: LanguageChoice[], language: string): void {
  if (!findLanguage(choices, language)) {
    const offered = choices.map((c) => c.id).join(', ');
    throw fail('VALIDATION', `Unknown language "${language}"; the judge offers: ${offered}`, { field: 'language' });
  }
}

export async function addTemplate(db: Kysely<DB>, choices: LanguageChoice[], fields: TemplateFields): Promise<WireTemplate> {
  assertKnownLanguage(choices, fields.language);
  return db.insertInto('templates').values(fields).returning(COLUMNS).executeTakeFirstOrThrow();
}

export async function updateTemplate(db: Kysely<DB>, choices: LanguageChoice[], id: number, fields: TemplateFields): Promise<WireTemplate> {
  assertKnownLanguage(choices, fields.language);
  const row = await db.updateTable('templates').set(fields).where('id', '=', id).returning(COLUMNS).executeTakeFirst();
  if (!row) throw fail('NOT_FOUND', 'No such template');
  return row;
}

/** Deletes all the templates or none; submissions keep their language and lose the link. */
export async function deleteTemplates(db: Kysely<DB>, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('templates').select('id').where('id', 'in', unique).execute();
    if (found.length !== unique.length) {
      const have = new Set(found.map((r) => r.id));
      throw fail('NOT_FOUND', `No such template: ${unique.filter((id) => !have.has(id)).join(', ')}`);
    }
    await trx.deleteFrom('templates').where('id', 'in', unique).execute();
    return unique.length;
  });
}
