// Problems as a contestant sees them, templates, submissions and judge records.

import { api, requestBlob } from './client.ts';
import type { JudgeRecord, JudgeTemplate, Problem, SubmissionResult } from './types.ts';

export const judgeApi = {
  problemByTitle: (title: string) =>
    api.post<Problem>('/api/admin/problem/findByTitle2', { form: { prob_title: title } }),

  downloadPdf: (problemId: number | string) =>
    requestBlob('POST', '/api/download', { form: { problemId } }),

  templates: () => api.get<JudgeTemplate[]>('/api/JudgeTemplate/listUnConditional'),

  submit: (input: { problemId: number; language: string; code: string; contestId?: number }) =>
    api.post<SubmissionResult>('/api/submit', { json: input }),

  recordDetail: (id: number) => api.get<JudgeRecord & { compileMessage?: string | null }>(
    '/api/JudgeRecord/detail',
    { id },
  ),

  myList: (contestId: number | string) =>
    api.post<JudgeRecord[]>('/api/JudgeRecord/MyList', { form: { contestId } }),

  myAllList: (username: string) =>
    api.post<JudgeRecord[]>('/api/JudgeRecord/MyAllList', { form: { username } }),
};
