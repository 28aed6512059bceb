// The contestant's contests, their problems and leaderboards.

import { api } from './client.ts';

export const contestApi = {
  findByUserId: (username: string) => api.get('/api/contest/findByUserId', { username }),

  findByTitle: (title: string) => api.post('/api/contest/findByTitle', { form: { title } }),

  contestInfo: (contestId: number | string) => api.get('/api/contest/ContestInfo', { contestId }),

  problems: (contestId: number | string) =>
    api.get('/api/contestProblem/list', { contestId }),

  leaderboard: (contestId: number | string) =>
    api.get('/api/BangDan/AllResultList', { contestId }),
};
