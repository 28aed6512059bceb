// Session, e-mail codes, captcha and the user's own profile.

import { api } from './client.ts';
import type { CaptchaAnswer, Gender } from './types.ts';

export type EmailCodePurpose = 'register' | 'login' | 'reset';

export const userApi = {
  captcha: () => api.get('/api/captcha'),

  sendEmailCode: (email: string, purpose?: EmailCodePurpose) =>
    api.post('/api/email/sendEmailCode', { form: { email, purpose } }),

  login: (username: string, password: string, captcha: CaptchaAnswer) =>
    api.post('/api/user/login', { form: { username, password, ...captcha } }),

  emailLogin: (email: string, code: string, captcha: CaptchaAnswer) =>
    api.post('/api/user/emailLogin', { form: { email, code, ...captcha } }),

  adminLogin: (username: string, password: string, captcha: CaptchaAnswer) =>
    api.post('/api/user/adminLogin', { form: { username, password, ...captcha } }),

  adminEmailLogin: (email: string, code: string, captcha: CaptchaAnswer) =>
    api.post('/api/user/adminEmailLogin', { form: { email, code, ...captcha } }),

  register: (input: { email: string; username: string; password: string; code: string } & CaptchaAnswer) =>
    api.post('/api/user/register', { form: { ...input } }),

  forgetPassword: (
    input: { email: string; newPwd: string; code: string; username?: string } & CaptchaAnswer,
  ) => api.post('/api/user/forgetPwd', { form: { ...input } }),

  isUserLogin: (username: string, token: string) =>
    api.post('/api/user/isUserLogin', { form: { username, token } }),

  isAdminLogin: (username: string, token: string) =>
    api.post('/api/user/isAdminLogin', { form: { username, token } }),

  logout: () => api.post('/api/user/logout'),

  userInfo: () => api.get('/api/user/userInfo'),

  findByUserName: (username: string) =>
    api.post('/api/user/findByUserName1', { form: { username } }),

  updateMyUser: (input: {
    userID: number;
    username: string;
    nickname: string;
    password: string;
    email: string;
    gender: Gender;
    /** Needed when the password or the e-mail changes. */
    currentPassword?: string;
  }) => api.post('/api/user/updateMyUser', { json: input }),
};
