// Admin user management (spec §7 Admin/Users, §5 admin user rules).
import { USER_LIMITS, USER_MESSAGES } from '@verdict/shared';
import { z } from 'zod';
import { wireUserReply } from '../../common/wire.ts';
import { route } from '../../http/route.ts';
import { idField, idListBody, textField } from '../../http/fields.ts';
import { addUser, deleteUsers, listUsers, listUsersByAuth, setAffiliations, setUserPassword, updateUser } from './users-admin.ts';
import { affiliationOutcome } from './wire.ts';

const { maximum30: MAX_30, passwordLength: PASSWORD_LENGTH, passwordMismatch: PASSWORD_MISMATCH } = USER_MESSAGES;

const username = textField(USER_MESSAGES.usernameRequired, USER_LIMITS.usernameMax, MAX_30);
const email = z
  .string({ error: USER_MESSAGES.emailRequired })
  .trim()
  .min(1, USER_MESSAGES.emailRequired)
  .max(USER_LIMITS.emailMax, USER_MESSAGES.emailInvalid)
  .pipe(z.email(USER_MESSAGES.emailInvalid));
const nickname = (max: number) => z.string({ error: 'Nickname must be text' }).trim().max(max, `Maximum ${max} characters`);
const gender = z.enum(['male', 'female'], { error: USER_MESSAGES.genderRequired });
const authOf = (allowed: number[], message: string) =>
  z
    .preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number({ error: message }).refine((n) => allowed.includes(n), message))
    .meta({ type: 'integer', enum: allowed });
/** Optional; empty clears it. */
const affiliation = z
  .string({ error: 'Affiliation must be text' })
  .trim()
  .max(USER_LIMITS.affiliationMax, `Affiliation: at most ${USER_LIMITS.affiliationMax} characters`)
  .nullable()
  .optional()
  .meta({ description: "University or organisation (the team's organization in the Contest API); empty or null: none" });
/** Users as administrators see them: with their affiliation. */
const wireUser = wireUserReply.extend({ affiliation: z.string().nullable() });
const password = z.string({ error: PASSWORD_LENGTH }).min(USER_LIMITS.adminPasswordMin, PASSWORD_LENGTH).max(USER_LIMITS.adminPasswordMax, PASSWORD_LENGTH);
const confirmPassword = z.string({ error: PASSWORD_MISMATCH }).optional();

function passwordsMatch(v: { password: string; confirmPassword?: string }) {
  return v.confirmPassword === undefined || v.confirmPassword === v.password;
}


export const usersAdminRoutes = [
  route({
    method: 'get',
    path: '/api/user/list',
    role: 'admin',
    tag: 'admin users',
    summary: 'Users, ascending by id; keyword matches a username or e-mail substring',
    query: z.object({ keyword: z.string().trim().max(USER_LIMITS.emailMax).optional() }).strict(),
    reply: z.array(wireUser),
    handler: ({ query }, { db }) => listUsers(db, query.keyword),
  }),
  route({
    method: 'get',
    path: '/api/user/findByAuth',
    role: 'admin',
    tag: 'admin users',
    summary: 'Users with one authority (default 0, regular users), for the contest selects',
    query: z.object({ auth: authOf([0, 1, 2], 'auth must be 0, 1 or 2').optional() }).strict(),
    reply: z.array(wireUser),
    handler: ({ query }, { db }) => listUsersByAuth(db, query.auth ?? 0),
  }),
  route({
    method: 'post',
    path: '/api/user/add',
    role: 'admin',
    tag: 'admin users',
    summary: 'Add a user (authority user or admin)',
    encoding: 'json',
    body: z
      .object({
        username,
        email,
        nickname: nickname(30).default(''),
        gender,
        auth: authOf([0, 1], 'Please select user or admin authority'),
        affiliation,
        password,
        confirmPassword,
      })
      .strict()
      .refine(passwordsMatch, { message: PASSWORD_MISMATCH, path: ['confirmPassword'] }),
    reply: wireUser,
    handler: ({ body }, { db }) => {
      const { confirmPassword: _confirm, ...user } = body;
      return addUser(db, user);
    },
  }),
  route({
    method: 'post',
    path: '/api/user/updateUser',
    role: 'admin',
    tag: 'admin users',
    summary: 'Edit a user; only a superadmin edits a superadmin, and the last one cannot be demoted',
    encoding: 'json',
    body: z
      .object({
        id: idField('id'),
        username,
        email,
        nickname: nickname(100).default(''),
        gender,
        auth: authOf([0, 1, 2], 'Please select user or admin authority'),
        affiliation: affiliation.meta({ description: 'Left out: unchanged; empty or null: none' }),
      })
      .strict(),
    reply: wireUser,
    handler: ({ body, user }, { db }) => updateUser(db, user!, body),
  }),
  route({
    method: 'post',
    path: '/api/user/affiliations',
    role: 'admin',
    tag: 'admin users',
    summary: "Set users' affiliations by username (a user-list spreadsheet's Affiliation column); unknown names are reported",
    encoding: 'json',
    body: z
      .object({
        affiliations: z
          .array(z.object({ username: z.string({ error: 'username must be text' }).trim().min(1, 'username cannot be empty'), affiliation }).strict(), {
            error: 'affiliations must be a list of {username, affiliation}',
          })
          .min(1, 'No affiliations to set')
          .max(10_000, 'At most 10000 affiliations at once'),
      })
      .strict(),
    reply: affiliationOutcome,
    handler: ({ body }, { db }) => setAffiliations(db, body.affiliations.map((e) => ({ username: e.username, affiliation: e.affiliation ?? null }))),
  }),
  route({
    method: 'post',
    path: '/api/user/updateUserPwd',
    role: 'admin',
    tag: 'admin users',
    summary: "Set a user's password (ends that user's sessions)",
    encoding: 'json',
    body: z
      .object({ id: idField('id'), password, confirmPassword })
      .strict()
      .refine(passwordsMatch, { message: PASSWORD_MISMATCH, path: ['confirmPassword'] }),
    reply: z.null(),
    handler: async ({ body, user, token }, { db }) => {
      await setUserPassword(db, user!, token, body.id, body.password);
      return null;
    },
  }),
  route({
    method: 'delete',
    path: '/api/user/deleteListById',
    role: 'admin',
    tag: 'admin users',
    summary: 'Delete users by id (JSON array); never yourself or the last superadmin',
    encoding: 'json',
    body: idListBody('No selected users'),
    reply: z.object({ deleted: z.number().int() }),
    handler: async ({ body, user }, { db }) => ({ deleted: await deleteUsers(db, user!, body) }),
  }),
];
