// Every submission for administrators (spec §7 Admin/Submissions), its detail and rejudging.

import type { ApiData } from '@verdict/shared';
import { api } from './client.ts';

export type AdminRecord = ApiData<'GET /api/JudgeRecord/list'>[number];
export type RecordDetail = ApiData<'GET /api/JudgeRecord/detail'>;
export type RecordTest = RecordDetail['tests'][number];

export interface SubmissionFilter {
  problem?: string;
  username?: string;
  result?: string;
}

export const adminSubmissionsApi = {
  list: (filter: SubmissionFilter = {}) =>
    api.get('/api/JudgeRecord/list', {
      problem: filter.problem?.trim(),
      username: filter.username?.trim(),
      result: filter.result?.trim(),
    }),

  detail: (id: number) => api.get('/api/JudgeRecord/detail', { id }),

  rejudge: (id: number) => api.post('/api/JudgeRecord/rejudge', { json: { id } }),
};
