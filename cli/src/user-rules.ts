// The admin user form's rules (spec §5 "Admin add user") with the messages the server's
// /api/user/add answers (routes/users-admin.ts), so a row is refused the same way locally.
import crypto from 'node:crypto';
import { z } from 'zod';

export const USERNAME_MAX = 30;
export const NICKNAME_MAX = 30;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 32;
const EMAIL = z.email();

export const ROLES = { user: 0, admin: 1, superadmin: 2 } as const;
export type RoleName = keyof typeof ROLES;

/** Each check answers with the spec's message, or undefined when the value is fine. */
export function usernameProblem(value: string): string | undefined {
  if (!value) return 'Username cannot be empty!';
  if (value.length > USERNAME_MAX) return 'Maximum 30 characters';
  return undefined;
}

export function emailProblem(value: string): string | undefined {
  if (!value) return 'Email cannot be empty!';
  if (value.length > 254 || !EMAIL.safeParse(value).success) return 'Please enter a valid email';
  return undefined;
}

export function nicknameProblem(value: string): string | undefined {
  return value.length > NICKNAME_MAX ? 'Maximum 30 characters' : undefined;
}

export function passwordProblem(value: string): string | undefined {
  return value.length < PASSWORD_MIN || value.length > PASSWORD_MAX ? 'Password length is between 6 and 32' : undefined;
}

/** 14 characters from an alphabet without look-alikes (0/O, 1/l/I), ~80 bits. */
export function generatePassword(length = 14): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[crypto.randomInt(alphabet.length)];
  return out;
}
