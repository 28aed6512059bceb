// The contestant's contests, their problems and leaderboards.

import { api } from './client.ts';
import type { Contest, ContestProblem, LeaderboardRow } from './types.ts';

export const contestApi = {
  findByUserId: (username: string) => api.get<Contest[]>('/api/contest/findByUserId', { username }),

  findByTitle: (title: string) => api.post<Contest>('/api/contest/findByTitle', { form: { title } }),

  contestInfo: (contestId: number | string) => api.get<Contest>('/api/contest/ContestInfo', { contestId }),

  problems: (contestId: number | string) =>
    api.get<ContestProblem[]>('/api/contestProblem/list', { contestId }),

  leaderboard: (contestId: number | string) =>
    api.get<LeaderboardRow[]>('/api/BangDan/AllResultList', { contestId }),
};
