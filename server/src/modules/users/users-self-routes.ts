// Spec §7 "Session and user": the logged-in user's own record (read, find by name, save).
// Listed in the route table right after accounts/session-routes.ts, whose tag it shares.
import { z } from 'zod';
import { wireUserReply as wireUser } from '../../common/wire.ts';
import { route } from '../../http/route.ts';
import { email, gender, newUsername, nickname, PASSWORD_MAX, text } from '../accounts/index.ts';
import { findByUsername, getOwnUser, updateOwnUser } from './users-self.ts';

export const usersSelfRoutes = [
  route({
    method: 'get',
    path: '/api/user/userInfo',
    role: 'user',
    tag: 'session',
    summary: 'The logged-in user',
    reply: wireUser,
    handler: async ({ user }, { db }) => getOwnUser(db, user!),
  }),
  route({
    method: 'post',
    path: '/api/user/findByUserName1',
    role: 'user',
    tag: 'session',
    encoding: 'form',
    summary: 'A user by username (own record; administrators any); password is always ""',
    body: z.object({ username: text('Please enter the username').trim().min(1, 'Please enter the username').max(100, 'username: Too long') }).strict(),
    reply: wireUser.extend({ password: z.literal('') }),
    handler: async ({ body, user }, { db }) => findByUsername(db, user!, body.username),
  }),
  route({
    method: 'post',
    path: '/api/user/updateMyUser',
    role: 'user',
    tag: 'session',
    encoding: 'json',
    summary:
      "Save one's own personal info; a non-empty password changes it and ends the other sessions; a new password or e-mail needs currentPassword (400 otherwise)",
    body: z
      .object({
        userID: z.preprocess(
          (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
          z.number({ error: 'userID must be a positive integer' }).int('userID must be a positive integer').positive('userID must be a positive integer'),
        ),
        username: newUsername,
        nickname,
        email,
        gender,
        password: z
          .string()
          .optional()
          .default('')
          .refine((v) => v === '' || v.length >= 6, 'password length must not be under 6')
          .refine((v) => v.length <= PASSWORD_MAX, `Password length must not be over ${PASSWORD_MAX}`),
        currentPassword: z.string({ error: 'currentPassword must be text' }).max(PASSWORD_MAX, 'currentPassword: Too long').optional(),
      })
      .strict(),
    reply: wireUser,
    handler: async ({ body, user, token, ip }, { db, clock }) => updateOwnUser(db, user!, token!, body, ip, clock.now()),
  }),
];
