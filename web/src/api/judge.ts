// Problems as a contestant sees them, templates, submissions and judge records.

import { api, ApiError, requestBlob } from './client.ts';

/** A new idempotency key for one Submit click (docs/api-decisions.md, `submissionKey`). */
export function newSubmissionKey(): string {
  // getRandomValues, unlike randomUUID, exists on plain http pages too.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Waits between the tries of one submission whose reply was lost (a network error, a proxy's error page). */
const SUBMIT_RETRY_DELAYS_MS = [1000, 2000, 4000];

type SubmitInput = { problemId: number; language: string; code?: string; files?: { name: string; content: string }[]; contestId?: number };

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

  /**
   * `files` (not in the spec): a submission of several files, instead of `code`. One call is one
   * submission: it carries a key of its own, and a try whose reply never came (no envelope: the
   * network, a proxy's 502/504) is sent again with the same key, which stores nothing twice.
   */
  submit: async (input: SubmitInput, submissionKey = newSubmissionKey()) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await api.post('/api/submit', { json: { ...input, submissionKey } });
      } catch (err) {
        if (!(err instanceof ApiError && err.isNetworkError) || attempt >= SUBMIT_RETRY_DELAYS_MS.length) throw err;
        await new Promise((resolve) => setTimeout(resolve, SUBMIT_RETRY_DELAYS_MS[attempt]));
      }
    }
  },

  recordDetail: (id: number) => api.get(
    '/api/JudgeRecord/detail',
    { id },
  ),

  myList: (contestId: number | string) =>
    api.post('/api/JudgeRecord/MyList', { form: { contestId: Number(contestId) } }),

  myAllList: (username: string) =>
    api.post('/api/JudgeRecord/MyAllList', { form: { username } }),
};
