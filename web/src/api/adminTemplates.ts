// Admin judge templates (spec §7 Admin/Templates; docs/api-decisions.md "Templates").

import type { ApiData } from '@verdict/shared';
import { api } from './client.ts';

export interface TemplateFields {
  language: string;
  comment: string;
  description: string;
}

export type JudgeLanguage = ApiData<'GET /api/JudgeTemplate/languages'>[number];

export const adminTemplatesApi = {
  list: (filter: { id?: string; language?: string } = {}) =>
    api.get('/api/JudgeTemplate/list', { id: filter.id?.trim(), language: filter.language?.trim() }),

  languages: () => api.get('/api/JudgeTemplate/languages'),

  add: (input: TemplateFields) => api.post('/api/JudgeTemplate/add', { json: input }),

  update: (input: TemplateFields & { id: number }) => api.put('/api/JudgeTemplate/update', { json: input }),

  deleteList: (ids: number[]) => api.delete('/api/JudgeTemplate/deleteList', { json: ids }),
};
