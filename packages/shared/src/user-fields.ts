// A user account's fields as every side checks them (spec §5): the limits and the spec's
// messages, so the server, the admin screens and the CLI refuse a value the same way.

export const USER_LIMITS = {
  usernameMax: 30,
  emailMax: 254,
  /** Passwords an administrator sets (add user, change password, the CLI). */
  adminPasswordMin: 6,
  adminPasswordMax: 32,
  /** A user's affiliation (university, organisation): the team's organization in the Contest API. */
  affiliationMax: 100,
} as const;

export const USER_MESSAGES = {
  usernameRequired: 'Username cannot be empty!',
  maximum30: 'Maximum 30 characters',
  emailRequired: 'Email cannot be empty!',
  emailInvalid: 'Please enter a valid email',
  nicknameRequired: 'Nickname cannot be empty!',
  genderRequired: 'Gender cannot be empty!',
  passwordLength: 'Password length is between 6 and 32',
  passwordMismatch: 'Password dost not match',
} as const;

/** The `auth` codes of the roles. */
export const ROLE_CODES = { user: 0, admin: 1, superadmin: 2 } as const;
export type RoleName = keyof typeof ROLE_CODES;
