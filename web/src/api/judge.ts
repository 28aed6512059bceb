// Problems as a contestant sees them, templates, submissions and judge records.

import { api, requestBlob } from './client.ts';

export const judgeApi = {
  /** A problem by id, of the given contest (members of a started contest, administrators). */
  problem: (problemId: number, contestId?: number) => api.get('/api/problem/statement', { problemId, contestId }),

  problemByTitle: (title: string) =>
    api.post('/api/admin/problem/findByTitle2', { form: { prob_title: title } }),

  downloadPdf: (problemId: number | string) =>
    requestBlob('POST /api/download', { form: { problemId: Number(problemId) } }),

  templates: () => api.get('/api/JudgeTemplate/listUnConditional'),

  /** Not in the spec: the problem's limits and, per language, the limits its runs get (factors applied). */
  limits: (problemId: number, contestId?: number) => api.get('/api/problem/limits', { problemId, contestId }),

  /** `files` (not in the spec): a submission of several files, instead of `code`. */
  submit: (input: { problemId: number; language: string; code?: string; files?: { name: string; content: string }[]; contestId?: number }) =>
    api.post('/api/submit', { json: input }),

  recordDetail: (id: number) => api.get(
    '/api/JudgeRecord/detail',
    { id },
  ),

  myList: (contestId: number | string) =>
    api.post('/api/JudgeRecord/MyList', { form: { contestId: Number(contestId) } }),

  myAllList: (username: string) =>
    api.post('/api/JudgeRecord/MyAllList', { form: { username } }),
};
