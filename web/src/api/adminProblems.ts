// Admin problem management (spec §7 Admin/Problems; docs/api-decisions.md "Problems").

import { api } from './client.ts';
import type { Problem } from './types.ts';

export interface AdminProblem extends Problem {
  hasData: boolean;
  hasPdf: boolean;
}

export interface ProblemFields {
  title: string;
  memoryLimit: number;
  timeLimit: number;
  statement?: string;
}

export interface UploadReply {
  problemId: number;
  version: number;
  hash: string;
  tests: number;
}

export const adminProblemsApi = {
  list: (filter: { id?: string; title?: string } = {}) =>
    api.get<AdminProblem[]>('/api/admin/problem/list', { id: filter.id?.trim(), title: filter.title?.trim() }),

  /** One problem with its Markdown statement (the list leaves statements out). */
  detail: (problemId: number) => api.get<AdminProblem>('/api/problem/statement', { problemId }),

  add: (input: ProblemFields) => api.post<AdminProblem>('/api/admin/problem/add', { json: input }),

  update: (input: ProblemFields & { id: number }) => api.put<AdminProblem>('/api/admin/problem/update', { json: input }),

  deleteList: (ids: number[]) => api.delete<{ deleted: number }>('/api/admin/problem/deleteList', { json: ids }),

  upload: (problemId: number, file: File) => {
    const body = new FormData();
    body.set('problemId', String(problemId));
    body.set('file', file, file.name);
    return api.post<UploadReply>('/api/admin/problem/upload', { multipart: body });
  },

  listNoBelong: (contestId: number) => api.get<AdminProblem[]>('/api/admin/problem/listNoBelong', { contestId }),
};
