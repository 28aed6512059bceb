// Input rules of accounts (spec §5 with its messages), shared by the session routes and any
// other route that takes a username, e-mail, password or personal info.
import { USER_LIMITS, USER_MESSAGES } from '@verdict/shared';
import { z } from 'zod';

export const USERNAME_MAX = USER_LIMITS.usernameMax;
export const NICKNAME_MAX = 100;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = USER_LIMITS.emailMax;

const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** A string whose absence (or null) gets `missing` instead of zod's generic message. */
export function text(missing: string) {
  return z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? missing : undefined) });
}

/** A username as typed at login: checked only for presence and size. */
export const loginUsername = text('Please enter your username')
  .trim()
  .min(1, 'Please enter your username')
  .max(USERNAME_MAX, USER_MESSAGES.maximum30);

export const loginPassword = text('Please enter your password')
  .min(1, 'Please enter your password')
  .max(PASSWORD_MAX, `Password length must not be over ${PASSWORD_MAX}`);

/** A new username (register, personal info): trimmed, 1 to 30 characters, no control characters. */
export const newUsername = text(USER_MESSAGES.usernameRequired)
  .trim()
  .min(1, USER_MESSAGES.usernameRequired)
  .max(USERNAME_MAX, USER_MESSAGES.maximum30)
  .refine((v) => !CONTROL_CHARS.test(v), 'Username must not contain control characters');

export const nickname = text(USER_MESSAGES.nicknameRequired)
  .trim()
  .min(1, USER_MESSAGES.nicknameRequired)
  .max(NICKNAME_MAX, `Nickname: Maximum ${NICKNAME_MAX} characters`)
  .refine((v) => !CONTROL_CHARS.test(v), 'Nickname must not contain control characters');

/** E-mail addresses are trimmed and lowercased: one mailbox, one spelling. */
export const email = text(USER_MESSAGES.emailRequired)
  .trim()
  .toLowerCase()
  .min(1, USER_MESSAGES.emailRequired)
  .max(EMAIL_MAX, 'The e-mail address is too long')
  .pipe(z.email('Please enter a valid e-mail address'));

export const gender = text(USER_MESSAGES.genderRequired)
  .trim()
  .min(1, USER_MESSAGES.genderRequired)
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
