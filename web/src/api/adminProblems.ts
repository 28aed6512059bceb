// Admin problem management (spec §7 Admin/Problems; docs/api-decisions.md "Problems").

import { api } from './client.ts';
import type { ApiData } from '@verdict/shared';

/** A problem in the admin list (no statement; the detail adds it). */
export type AdminProblem = ApiData<'GET /api/admin/problem/list'>[number] & { statement?: string };

export interface ProblemFields {
  title: string;
  memoryLimit: number;
  timeLimit: number;
  statement?: string;
  /** The balloon colour `#rrggbb` ('' or null: none) and its name; absent on update: unchanged. */
  color?: string | null;
  colorName?: string | null;
  /** Scale limits per language: null follows the package's format (Kattis: no). */
  languageFactors?: boolean | null;
}

export type UploadReply = ApiData<'POST /api/admin/problem/upload'>;

export const adminProblemsApi = {
  list: (filter: { id?: string; title?: string } = {}) =>
    api.get('/api/admin/problem/list', { id: filter.id?.trim(), title: filter.title?.trim() }),

  /** One problem with its Markdown statement (the list leaves statements out). */
  detail: (problemId: number) => api.get('/api/problem/statement', { problemId }),

  add: (input: ProblemFields) => api.post('/api/admin/problem/add', { json: input }),

  update: (input: ProblemFields & { id: number }) => api.put('/api/admin/problem/update', { json: input }),

  deleteList: (ids: number[]) => api.delete('/api/admin/problem/deleteList', { json: ids }),

  upload: (problemId: number, file: File) => {
    const body = new FormData();
    body.set('problemId', String(problemId));
    body.set('file', file, file.name);
    return api.post('/api/admin/problem/upload', { multipart: body });
  },

  listNoBelong: (contestId: number) => api.get('/api/admin/problem/listNoBelong', { contestId }),
};
