// Similarity runs (docs/similarity.md): start one, follow it, read its pairs and one pair side by
// side, download the CSV (administrators only).

import type { ApiData } from '@verdict/shared';
import { api, requestBlob } from './client.ts';

export type SimilarityRun = ApiData<'GET /api/admin/similarity/run'>;
export type SimilarityRunSummary = ApiData<'GET /api/admin/similarity/runs'>[number];
export type SimilarityPair = ApiData<'GET /api/admin/similarity/pairs'>['items'][number];
export type SimilarityPairDetail = ApiData<'GET /api/admin/similarity/pair'>;

export interface StartSimilarityRun {
  contestId: number;
  problemId?: number;
  selection: 'last' | 'accepted';
  baseFile?: string;
}

export const similarityApi = {
  start: (input: StartSimilarityRun) => api.post('/api/admin/similarity/run', { json: input }),
  runs: (contestId: number) => api.get('/api/admin/similarity/runs', { contestId }),
  run: (runId: number) => api.get('/api/admin/similarity/run', { runId }),
  pairs: (runId: number, page: number, pageSize: number, problemId?: number) =>
    api.get('/api/admin/similarity/pairs', { runId, page, pageSize, ...(problemId ? { problemId } : {}) }),
  pair: (pairId: number) => api.get('/api/admin/similarity/pair', { pairId }),
  csv: (runId: number) => requestBlob('GET /api/admin/similarity/csv', { query: { runId } }),
};
