// The contestant's contests, their problems and leaderboards.

import { noteServerTime } from '../lib/serverClock.ts';
import { api } from './client.ts';

/** A contest read, teaching the page the server's clock on the way (countdowns go by it). */
async function contestInfo(contestId: number | string) {
  const sentAt = Date.now();
  const contest = await api.get('/api/contest/ContestInfo', { contestId });
  noteServerTime(contest.serverTime, sentAt, Date.now());
  return contest;
}

export const contestApi = {
  findByUserId: (username: string) => api.get('/api/contest/findByUserId', { username }),

  findByTitle: (title: string) => api.post('/api/contest/findByTitle', { form: { title } }),

  contestInfo,

  problems: (contestId: number | string) =>
    api.get('/api/contestProblem/list', { contestId }),

  /** `frozen` (administrators only): true for the board contestants see during the freeze, false for the live one. */
  leaderboard: (contestId: number | string, frozen?: boolean) =>
    api.get('/api/BangDan/AllResultList', frozen === undefined ? { contestId } : { contestId, frozen: frozen ? '1' : '0' }),
};
