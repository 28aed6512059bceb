// Input rules of accounts (spec §5 with its messages), shared by the session routes and any
// other route that takes a username, e-mail, password or personal info.
import { z } from 'zod';

export const USERNAME_MAX = 30;
export const NICKNAME_MAX = 100;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;

const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** A string whose absence (or null) gets `missing` instead of zod's generic message. */
export function text(missing: string) {
  return z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? missing : undefined) });
}

/** A username as typed at login: checked only for presence and size. */
export const loginUsername = text('Please enter your username')
  .trim()
  .min(1, 'Please enter your username')
  .max(USERNAME_MAX, 'Maximum 30 characters');

export const loginPassword = text('Please enter your password')
  .min(1, 'Please enter your password')
  .max(PASSWORD_MAX, `Password length must not be over ${PASSWORD_MAX}`);

/** A new username (register, personal info): trimmed, 1 to 30 characters, no control characters. */
export const newUsername = text('Username cannot be empty!')
  .trim()
  .min(1, 'Username cannot be empty!')
  .max(USERNAME_MAX, 'Maximum 30 characters')
  .refine((v) => !CONTROL_CHARS.test(v), 'Username must not contain control characters');

export const nickname = text('Nickname cannot be empty!')
  .trim()
  .min(1, 'Nickname cannot be empty!')
  .max(NICKNAME_MAX, `Nickname: Maximum ${NICKNAME_MAX} characters`)
  .refine((v) => !CONTROL_CHARS.test(v), 'Nickname must not contain control characters');

/** E-mail addresses are trimmed and lowercased: one mailbox, one spelling. */
export const email = text('Email cannot be empty!')
  .trim()
  .toLowerCase()
  .min(1, 'Email cannot be empty!')
  .max(EMAIL_MAX, 'The e-mail address is too long')
  .pipe(z.email('Please enter a valid e-mail address'));

export const gender = text('Gender cannot be empty!')
  .trim()
  .min(1, 'Gender cannot be empty!')
  .pipe(z.enum(['male', 'female'], 'Gender must be male or female'));

/** A new password (register, reset, personal info). */
export const newPassword = text('password length must not be under 6')
  .min(PASSWORD_MIN, 'password length must not be under 6')
  .max(PASSWORD_MAX, `Password length must not be over ${PASSWORD_MAX}`);

export const emailCode = text('Please enter the e-mail code')
  .trim()
  .min(1, 'Please enter the e-mail code')
  .max(20, 'The e-mail code is wrong or has expired');

/** The captcha pair sent with logins, registration and resets (checked by the service). */
export const captchaFields = {
  captchaId: z.string().max(100, 'captchaId: Too long').optional(),
  captcha: z.string().max(20, 'captcha: Too long').optional(),
};
