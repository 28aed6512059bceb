// The admin user form's rules (spec §5 "Admin add user") with the messages the server's
// /api/user/add answers (the server's modules/users/users-admin-routes.ts), so a row is refused the same way locally.
import crypto from 'node:crypto';
import { ROLE_CODES, USER_LIMITS, USER_MESSAGES, type RoleName } from '@verdict/shared';
import { z } from 'zod';

export const NICKNAME_MAX = 30;
const EMAIL = z.email();

export const ROLES = ROLE_CODES;
export type { RoleName };

/** Each check answers with the spec's message, or undefined when the value is fine. */
export function usernameProblem(value: string): string | undefined {
  if (!value) return USER_MESSAGES.usernameRequired;
  if (value.length > USER_LIMITS.usernameMax) return USER_MESSAGES.maximum30;
  return undefined;
}

export function emailProblem(value: string): string | undefined {
  if (!value) return USER_MESSAGES.emailRequired;
  if (value.length > USER_LIMITS.emailMax || !EMAIL.safeParse(value).success) return USER_MESSAGES.emailInvalid;
  return undefined;
}

export function nicknameProblem(value: string): string | undefined {
  return value.length > NICKNAME_MAX ? USER_MESSAGES.maximum30 : undefined;
}

export function passwordProblem(value: string): string | undefined {
  return value.length < USER_LIMITS.adminPasswordMin || value.length > USER_LIMITS.adminPasswordMax ? USER_MESSAGES.passwordLength : undefined;
}

/** 14 characters from an alphabet without look-alikes (0/O, 1/l/I), ~80 bits. */
export function generatePassword(length = 14): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[crypto.randomInt(alphabet.length)];
  return out;
}
