// Admin contest management and membership (spec §7 Admin/Contests and Membership).

import type { ApiData, ScoringRule } from '@verdict/shared';
import { api, requestBlob } from './client.ts';

export interface ContestFields {
  title: string;
  /** yyyy-MM-dd HH:mm:ss, Asia/Shanghai */
  startTimeStr: string;
  endTimeStr: string;
  /** Empty: no freeze. */
  freezeTimeStr: string;
  scoringRule: ScoringRule;
  /** Run and show every test of an ICPC submission. */
  showAllTests: boolean;
}

export type ContestMember = ApiData<'GET /api/contestRecord/userListHavingContest'>[number];
export type UserListReply = ApiData<'POST /api/contestRecord/addByUserIdList'>;

export const adminContestsApi = {
  list: (filter: { id?: string; title?: string } = {}) =>
    api.get('/api/contest/list', { id: filter.id?.trim(), title: filter.title?.trim() }),

  add: (input: ContestFields) => api.post('/api/contest/add', { json: input }),

  update: (input: ContestFields & { id: number }) => api.put('/api/contest/update', { json: input }),

  deleteList: (ids: number[]) => api.delete('/api/contest/deleteList', { json: ids }),

  /** Ends the scoreboard freeze: everyone sees every verdict from now on. */
  thaw: (contestId: number) => api.post('/api/contest/thaw', { json: { contestId } }),

  /** The contest as an ICPC Contest Package (zip): what the ICPC Resolver reads (docs/ccs-api.md). */
  contestPackage: (contestId: number) => requestBlob('GET /api/contest/package', { query: { contestId } }),

  /** Sets a contest up from an ICPC Contest Package zip (docs/ccs-api.md): the new contest's id and what was done. */
  importPackage: (file: File) => {
    const body = new FormData();
    body.set('file', file, file.name);
    return api.post('/api/contest/package', { multipart: body });
  },

  members: (contestId: number) =>
    api.get('/api/contestRecord/userListHavingContest', { contestId }),

  addMember: (contestId: number, userId: number) =>
    api.post('/api/contestRecord/add', { json: { contestId, userId } }),

  /** The spec's list shape: the contest title first, then the usernames. */
  addMembersByName: (contestTitle: string, usernames: string[]) =>
    api.post('/api/contestRecord/addByUserIdList', { json: [contestTitle, ...usernames] }),

  removeMember: (contestId: number, userId: number) =>
    api.delete('/api/contestRecord/deleteByUserId', { json: { contestId, userId } }),

  problems: (contestId: number) => api.get('/api/contestProblem/list', { contestId }),

  addProblem: (contestId: number, problemId: number) =>
    api.post('/api/contestProblem/addByProblemId', { form: { problemId, contestId } }),

  removeProblem: (contestId: number, problemId: number) =>
    api.delete('/api/contestProblem/delete', { json: { contestId, problemId } }),
};
