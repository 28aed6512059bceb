// Spec §7 "Session and user": logins, registration, password reset, session checks and the
// sign-outs. Handlers validate and call auth.ts. The user's own record (same tag) is
// users/users-self-routes.ts, listed right after these.
import { z } from 'zod';
import { wireUserReply as wireUser } from '../../common/wire.ts';
import { route } from '../../http/route.ts';
import * as auth from './auth.ts';
import { captchaFields, email, emailCode, loginPassword, loginUsername, newPassword, newUsername } from './auth-fields.ts';
import { session } from './wire.ts';

const passwordLoginBody = z.object({ username: loginUsername, password: loginPassword, ...captchaFields }).strict();
const emailLoginBody = z.object({ email, code: emailCode, ...captchaFields }).strict();
const sessionCheckBody = z
  .object({ username: z.string().max(100, 'username: Too long'), token: z.string().max(200, 'token: Too long') })
  .strict();

export const sessionRoutes = [
  route({
    method: 'post',
    path: '/api/email/sendEmailCode',
    role: 'open',
    tag: 'session',
    encoding: 'form',
    summary:
      'Mail a 6-digit code (10 minutes, one use); purpose register, login or reset; the same reply for every address (one that the code would not serve gets a notice instead); one per address per minute, 60 per client per 15 minutes',
    body: z.object({ email, purpose: z.enum(['register', 'login', 'reset'], 'purpose must be register, login or reset').optional() }).strict(),
    reply: z.object({ purpose: z.enum(['register', 'login', 'reset']).nullable() }),
    handler: async ({ body, ip }, services) => ({ purpose: await auth.requestEmailCode(services, { ...body, ip }) }),
  }),
  route({
    method: 'post',
    path: '/api/user/login',
    role: 'open',
    tag: 'session',
    encoding: 'form',
    summary: 'User login by username and password (with captcha)',
    body: passwordLoginBody,
    reply: session,
    handler: async ({ body, ip }, services) => auth.passwordLogin(services, { ...body, ip }, 'user'),
  }),
  route({
    method: 'post',
    path: '/api/user/emailLogin',
    role: 'open',
    tag: 'session',
    encoding: 'form',
    summary: 'User login by e-mail and e-mail code (with captcha)',
    body: emailLoginBody,
    reply: session,
    handler: async ({ body, ip }, services) => auth.emailLogin(services, { ...body, ip }, 'user'),
  }),
  route({
    method: 'post',
    path: '/api/user/adminLogin',
    role: 'open',
    tag: 'session',
    encoding: 'form',
    summary: 'Administrator login by username and password (with captcha); refuses users',
    body: passwordLoginBody,
    reply: session,
    handler: async ({ body, ip }, services) => auth.passwordLogin(services, { ...body, ip }, 'admin'),
  }),
  route({
    method: 'post',
    path: '/api/user/adminEmailLogin',
    role: 'open',
    tag: 'session',
    encoding: 'form',
    summary: 'Administrator login by e-mail and e-mail code (with captcha); refuses users',
    body: emailLoginBody,
    reply: session,
    handler: async ({ body, ip }, services) => auth.emailLogin(services, { ...body, ip }, 'admin'),
  }),
  route({
    method: 'post',
    path: '/api/user/register',
    role: 'open',
    tag: 'session',
    encoding: 'form',
    summary: 'Create an account with an e-mail code of purpose register (with captcha)',
    body: z.object({ email, username: newUsername, password: newPassword, code: emailCode, ...captchaFields }).strict(),
    reply: wireUser,
    handler: async ({ body, ip }, services) => auth.register(services, { ...body, ip }),
  }),
  route({
    method: 'post',
    path: '/api/user/forgetPwd',
    role: 'open',
    tag: 'session',
    encoding: 'form',
    summary: "Set a new password with an e-mail code (with captcha); ends all the account's sessions",
    body: z
      .object({
        email,
        newPwd: newPassword,
        code: emailCode,
        username: z.string().trim().max(100, 'username: Too long').optional(),
        ...captchaFields,
      })
      .strict(),
    reply: z.null(),
    handler: async ({ body, ip }, services) => {
      await auth.resetPassword(services, { ...body, ip });
      return null;
    },
  }),
  route({
    method: 'post',
    path: '/api/user/isUserLogin',
    role: 'open',
    tag: 'session',
    encoding: 'form',
    summary: 'Code 0 when the token is live and belongs to the username',
    body: sessionCheckBody,
    reply: z.literal(true),
    handler: async ({ body }, { db }) => {
      await auth.checkSession(db, body.username, body.token, 'user');
      return true as const;
    },
  }),
  route({
    method: 'post',
    path: '/api/user/isAdminLogin',
    role: 'open',
    tag: 'session',
    encoding: 'form',
    summary: 'Code 0 when the token is live, belongs to the username and the user is an administrator',
    body: sessionCheckBody,
    reply: z.literal(true),
    handler: async ({ body }, { db }) => {
      await auth.checkSession(db, body.username, body.token, 'admin');
      return true as const;
    },
  }),
  route({
    method: 'post',
    path: '/api/user/logout',
    role: 'user',
    tag: 'session',
    summary: 'Revoke the token of this request',
    reply: z.null(),
    handler: async ({ token }, { db }) => {
      await auth.logout(db, token!);
      return null;
    },
  }),
];
