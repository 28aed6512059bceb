// Session, e-mail codes, captcha and the user's own profile.

import { api } from './client.ts';
import type { CaptchaAnswer, Captcha, Gender, User } from './types.ts';

export type EmailCodePurpose = 'register' | 'login' | 'reset';

type LoginData = string | { token: string; username?: string };

function tokenOf(data: LoginData): { token: string; username?: string } {
  return typeof data === 'string' ? { token: data } : data;
}

export const userApi = {
  captcha: () => api.get<Captcha>('/api/captcha'),

  sendEmailCode: (email: string, purpose?: EmailCodePurpose) =>
    api.post<unknown>('/api/email/sendEmailCode', { form: { email, purpose } }),

  login: async (username: string, password: string, captcha: CaptchaAnswer) =>
    tokenOf(await api.post<LoginData>('/api/user/login', { form: { username, password, ...captcha } })),

  emailLogin: async (email: string, code: string, captcha: CaptchaAnswer) =>
    tokenOf(await api.post<LoginData>('/api/user/emailLogin', { form: { email, code, ...captcha } })),

  adminLogin: async (username: string, password: string, captcha: CaptchaAnswer) =>
    tokenOf(await api.post<LoginData>('/api/user/adminLogin', { form: { username, password, ...captcha } })),

  adminEmailLogin: async (email: string, code: string, captcha: CaptchaAnswer) =>
    tokenOf(await api.post<LoginData>('/api/user/adminEmailLogin', { form: { email, code, ...captcha } })),

  register: (input: { email: string; username: string; password: string; code: string } & CaptchaAnswer) =>
    api.post<unknown>('/api/user/register', { form: { ...input } }),

  forgetPassword: (
    input: { email: string; newPwd: string; code: string; username?: string } & CaptchaAnswer,
  ) => api.post<unknown>('/api/user/forgetPwd', { form: { ...input } }),

  isUserLogin: (username: string, token: string) =>
    api.post<unknown>('/api/user/isUserLogin', { form: { username, token } }),

  isAdminLogin: (username: string, token: string) =>
    api.post<unknown>('/api/user/isAdminLogin', { form: { username, token } }),

  logout: () => api.post<unknown>('/api/user/logout'),

  userInfo: () => api.get<User>('/api/user/userInfo'),

  findByUserName: (username: string) =>
    api.post<User & { password: string }>('/api/user/findByUserName1', { form: { username } }),

  updateMyUser: (input: {
    userID: number;
    username: string;
    nickname: string;
    password: string;
    email: string;
    gender: Gender;
  }) => api.post<unknown>('/api/user/updateMyUser', { json: input }),
};
