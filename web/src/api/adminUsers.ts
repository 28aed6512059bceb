// Admin user management (spec §7 Admin/Users; docs/api-decisions.md "Admin users").

import { api } from './client.ts';
import type { Auth, Gender } from './types.ts';

export interface UserFields {
  username: string;
  email: string;
  nickname: string;
  gender: Gender;
  auth: Auth;
  /** University or organisation (the team's organization in the Contest API); empty: none. */
  affiliation?: string | null;
}

/** A new user: an administrator adds users and administrators, never a superadmin. */
export type NewUserFields = Omit<UserFields, 'auth'> & { auth: 0 | 1 };

export const adminUsersApi = {
  list: (keyword?: string) => api.get('/api/user/list', { keyword }),

  findByAuth: (auth: Auth = 0) => api.get('/api/user/findByAuth', { auth }),

  add: (input: NewUserFields & { password: string; confirmPassword: string }) =>
    api.post('/api/user/add', { json: input }),

  update: (input: UserFields & { id: number }) => api.post('/api/user/updateUser', { json: input }),

  updatePassword: (input: { id: number; password: string; confirmPassword: string }) =>
    api.post('/api/user/updateUserPwd', { json: input }),

  deleteList: (ids: number[]) => api.delete('/api/user/deleteListById', { json: ids }),

  /** Affiliations by username (a user-list spreadsheet's Affiliation column). */
  setAffiliations: (affiliations: { username: string; affiliation: string }[]) => api.post('/api/user/affiliations', { json: { affiliations } }),

  /** The countries (ISO 3166-1 alpha-3) of affiliations' organizations (a user-list spreadsheet's Country column). */
  setCountries: (countries: { affiliation: string; country: string }[]) => api.put('/api/organization/countries', { json: { countries } }),
};
