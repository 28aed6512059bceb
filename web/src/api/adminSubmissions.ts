// Every submission for administrators (spec §7 Admin/Submissions), its detail and rejudging.

import { api } from './client.ts';
import type { JudgeRecord, SubmissionResult } from './types.ts';

export interface AdminRecord extends JudgeRecord {
  templateId: number | null;
  language: string;
}

export interface RecordTest {
  name: string;
  verdict: string;
  timeMs: number;
  memoryKb: number;
}

export interface RecordDetail extends AdminRecord {
  code: string;
  compileMessage: string;
  tests: RecordTest[];
}

export interface SubmissionFilter {
  problem?: string;
  username?: string;
  result?: string;
}

export const adminSubmissionsApi = {
  list: (filter: SubmissionFilter = {}) =>
    api.get<AdminRecord[]>('/api/JudgeRecord/list', {
      problem: filter.problem?.trim(),
      username: filter.username?.trim(),
      result: filter.result?.trim(),
    }),

  detail: (id: number) => api.get<RecordDetail>('/api/JudgeRecord/detail', { id }),

  rejudge: (id: number) => api.post<SubmissionResult>('/api/JudgeRecord/rejudge', { json: { id } }),
};
