// Admin contest management and membership (spec §7 Admin/Contests and Membership).

import { api } from './client.ts';
import type { Contest, ContestProblem } from './types.ts';

export interface ContestFields {
  title: string;
  /** yyyy-MM-dd HH:mm:ss, Asia/Shanghai */
  startTimeStr: string;
  endTimeStr: string;
}

export interface ContestMember {
  contestId: number;
  userId: number;
  username: string;
  nickname: string;
}

export interface UserListReply {
  added: string[];
  alreadyMember: string[];
  unknown: string[];
}

export const adminContestsApi = {
  list: (filter: { id?: string; title?: string } = {}) =>
    api.get<Contest[]>('/api/contest/list', { id: filter.id?.trim(), title: filter.title?.trim() }),

  add: (input: ContestFields) => api.post<Contest>('/api/contest/add', { json: input }),

  update: (input: ContestFields & { id: number }) => api.put<Contest>('/api/contest/update', { json: input }),

  deleteList: (ids: number[]) => api.delete<{ deleted: number }>('/api/contest/deleteList', { json: ids }),

  members: (contestId: number) =>
    api.get<ContestMember[]>('/api/contestRecord/userListHavingContest', { contestId }),

  addMember: (contestId: number, userId: number) =>
    api.post<null>('/api/contestRecord/add', { json: { contestId, userId } }),

  /** The spec's list shape: the contest title first, then the usernames. */
  addMembersByName: (contestTitle: string, usernames: string[]) =>
    api.post<UserListReply>('/api/contestRecord/addByUserIdList', { json: [contestTitle, ...usernames] }),

  removeMember: (contestId: number, userId: number) =>
    api.delete<null>('/api/contestRecord/deleteByUserId', { json: { contestId, userId } }),

  problems: (contestId: number) => api.get<ContestProblem[]>('/api/contestProblem/list', { contestId }),

  addProblem: (contestId: number, problemId: number) =>
    api.post<null>('/api/contestProblem/addByProblemId', { form: { problemId, contestId } }),

  removeProblem: (contestId: number, problemId: number) =>
    api.delete<null>('/api/contestProblem/delete', { json: { contestId, problemId } }),
};
