// Admin judge templates (spec §7 Admin/Templates; docs/api-decisions.md "Templates").

import { api } from './client.ts';
import type { JudgeTemplate } from './types.ts';

export interface TemplateFields {
  language: string;
  comment: string;
  description: string;
}

export interface JudgeLanguage {
  id: string;
  name: string;
}

export const adminTemplatesApi = {
  list: (filter: { id?: string; language?: string } = {}) =>
    api.get<JudgeTemplate[]>('/api/JudgeTemplate/list', { id: filter.id?.trim(), language: filter.language?.trim() }),

  languages: () => api.get<JudgeLanguage[]>('/api/JudgeTemplate/languages'),

  add: (input: TemplateFields) => api.post<JudgeTemplate>('/api/JudgeTemplate/add', { json: input }),

  update: (input: TemplateFields & { id: number }) => api.put<JudgeTemplate>('/api/JudgeTemplate/update', { json: input }),

  deleteList: (ids: number[]) => api.delete<{ deleted: number }>('/api/JudgeTemplate/deleteList', { json: ids }),
};
