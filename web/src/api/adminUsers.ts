// Admin user management (spec §7 Admin/Users; docs/api-decisions.md "Admin users").

import { api } from './client.ts';
import type { Auth, Gender, User } from './types.ts';

export interface UserFields {
  username: string;
  email: string;
  nickname: string;
  gender: Gender;
  auth: Auth;
}

export const adminUsersApi = {
  list: (keyword?: string) => api.get<User[]>('/api/user/list', { keyword }),

  findByAuth: (auth: Auth = 0) => api.get<User[]>('/api/user/findByAuth', { auth }),

  add: (input: UserFields & { password: string; confirmPassword: string }) =>
    api.post<User>('/api/user/add', { json: input }),

  update: (input: UserFields & { id: number }) => api.post<User>('/api/user/updateUser', { json: input }),

  updatePassword: (input: { id: number; password: string; confirmPassword: string }) =>
    api.post<null>('/api/user/updateUserPwd', { json: input }),

  deleteList: (ids: number[]) => api.delete<{ deleted: number }>('/api/user/deleteListById', { json: ids }),
};
