// Judge templates (spec §7 Admin/Templates, §5 template rules) and the language list.
import { z } from 'zod';
import { route } from '../../http/route.ts';
import { idField, idListBody, optionalIntQuery, optionalTextQuery, textField } from '../../http/fields.ts';
import { addTemplate, deleteTemplates, listTemplates, updateTemplate, withLanguages } from './templates.ts';
import { languageChoice, templateWithLanguage, wireTemplate } from './wire.ts';

const templateFields = {
  language: textField(
    'The length of the Language should be between 1 and 100 characters',
    100,
    'The length of the Language should be between 1 and 100 characters',
  ),
  comment: textField(
    'The length of the Comment should be between 1 and 150 characters',
    150,
    'The length of the Comment should be between 1 and 150 characters',
  ),
  description: z
    .string({ error: 'Please input the Script' })
    .max(100_000, 'The script is too long')
    .refine((s) => s.trim() !== '', 'Please input the Script'),
};

export const templateRoutes = [
  route({
    method: 'get',
    path: '/api/JudgeTemplate/list',
    role: 'admin',
    tag: 'admin templates',
    summary: 'Templates, ascending by id; id exact, language substring',
    query: z.object({ id: optionalIntQuery('ID must be a number'), language: optionalTextQuery(100) }).strict(),
    reply: z.array(wireTemplate),
    handler: ({ query }, { db }) => listTemplates(db, query),
  }),
  route({
    method: 'get',
    path: '/api/JudgeTemplate/listUnConditional',
    role: 'user',
    tag: 'templates',
    summary: "Every template, for the language select of the problem page, with its language's editor mode and file extensions",
    reply: z.array(templateWithLanguage),
    handler: async (_input, { db, languages }) => withLanguages(await listTemplates(db), await languages()),
  }),
  route({
    method: 'get',
    path: '/api/JudgeTemplate/languages',
    role: 'user',
    tag: 'templates',
    summary: "The judge's languages a template may name",
    reply: z.array(languageChoice),
    handler: (_input, { languages }) => languages(),
  }),
  route({
    method: 'post',
    path: '/api/JudgeTemplate/add',
    role: 'admin',
    tag: 'admin templates',
    summary: 'Add a template; its language must be one the judge offers',
    encoding: 'json',
    body: z.object(templateFields).strict(),
    reply: wireTemplate,
    handler: async ({ body }, { db, languages }) => addTemplate(db, await languages(), body),
  }),
  route({
    method: 'put',
    path: '/api/JudgeTemplate/update',
    role: 'admin',
    tag: 'admin templates',
    summary: 'Edit a template',
    encoding: 'json',
    body: z.object({ id: idField('id'), ...templateFields }).strict(),
    reply: wireTemplate,
    handler: async ({ body }, { db, languages }) => {
      const { id, ...fields } = body;
      return updateTemplate(db, await languages(), id, fields);
    },
  }),
  route({
    method: 'delete',
    path: '/api/JudgeTemplate/deleteList',
    role: 'admin',
    tag: 'admin templates',
    summary: 'Delete templates by id (JSON array)',
    encoding: 'json',
    body: idListBody('Please select the template to delete'),
    reply: z.object({ deleted: z.number().int() }),
    handler: async ({ body }, { db }) => ({ deleted: await deleteTemplates(db, body) }),
  }),
];
