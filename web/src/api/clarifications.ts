// Clarifications and announcements: a contest member asks and reads; judges (admins) answer and
// announce (docs/api-decisions.md, Clarifications).

import type { ApiData, ClarificationVisibility } from '@verdict/shared';
import { api } from './client.ts';

export type ClarificationList = ApiData<'GET /api/clarification/list'>;
export type Clarification = ClarificationList['items'][number];
export type JudgeClarification = ApiData<'GET /api/clarification/admin/list'>[number];

export const clarificationApi = {
  list: (contestId: number) => api.get('/api/clarification/list', { contestId }),

  ask: (input: { contestId: number; problemId?: number; text: string }) => api.post('/api/clarification/ask', { json: input }),

  markSeen: (contestId: number, version: number) => api.post('/api/clarification/seen', { json: { contestId, version } }),
};

export const adminClarificationApi = {
  list: (filter: { contestId?: number; status?: 'unanswered' | 'all' } = {}) => api.get('/api/clarification/admin/list', filter),

  answer: (id: number, answer: string, visibility: ClarificationVisibility) =>
    api.post('/api/clarification/admin/answer', { json: { id, answer, visibility } }),

  announce: (input: { contestId: number; problemId?: number; text: string }) => api.post('/api/clarification/admin/announce', { json: input }),
};
