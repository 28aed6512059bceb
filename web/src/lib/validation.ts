// Client-side checks of spec §5 with their exact messages. Each check returns the first
// message that applies, or null when the input is acceptable.
import { USER_MESSAGES } from '@verdict/shared';

export const MESSAGES = {
  wrongCaptcha: '验证码错误',
  passwordsInconsistent: '两次密码不一致',
  passwordTooShort: '密码长度不能小于6位',
  emailCodeMissing: '请输入邮箱验证码',
  emailMissing: '请输入邮箱',
  usernameMissing: '请输入用户名',
  selectLanguage: 'Please select a language!',
  enterCode: 'Please enter your code!',
  noContestSelected: 'No contests selected!',
} as const;

export const PASSWORD_MIN_LENGTH = 6;

const blank = (s: string | null | undefined) => !s || !s.trim();

export interface PasswordChangeInput {
  email?: string;
  username?: string;
  password: string;
  confirmPassword: string;
  code: string;
  captcha: string;
  requireUsername?: boolean;
}

/** Register and both password resets: captcha, passwords equal, length, e-mail code. */
export function checkPasswordChange(input: PasswordChangeInput): string | null {
  if (blank(input.email)) return MESSAGES.emailMissing;
  if (input.requireUsername && blank(input.username)) return MESSAGES.usernameMissing;
  if (blank(input.captcha)) return MESSAGES.wrongCaptcha;
  if (input.password !== input.confirmPassword) return MESSAGES.passwordsInconsistent;
  if ((input.password ?? '').length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordTooShort;
  if (blank(input.code)) return MESSAGES.emailCodeMissing;
  return null;
}

export interface PersonInfoInput {
  username: string;
  nickname: string;
  email: string;
  gender: string;
}

export function checkPersonInfo(input: PersonInfoInput): string | null {
  if (blank(input.username)) return USER_MESSAGES.usernameRequired;
  if (blank(input.nickname)) return USER_MESSAGES.nicknameRequired;
  if (blank(input.email)) return USER_MESSAGES.emailRequired;
  if (blank(input.gender)) return USER_MESSAGES.genderRequired;
  return null;
}

export function checkSubmission(language: string | null | undefined, code: string): string | null {
  if (blank(language)) return MESSAGES.selectLanguage;
  if (blank(code)) return MESSAGES.enterCode;
  return null;
}

export interface ChosenContest {
  contestId: string | null;
  title: string | null;
  startTime: string | null;
  endTime: string | null;
}

/** "Show" on contest details: each missing item has its own message. */
export function checkChosenContest(contest: ChosenContest): string | null {
  const missing: Array<[keyof ChosenContest, string]> = [
    ['contestId', 'contest ID'],
    ['title', 'contest title'],
    ['startTime', 'contest start time'],
    ['endTime', 'contest end time'],
  ];
  for (const [key, label] of missing) {
    if (blank(contest[key])) return `No contest selected! The ${label} is not initialized.`;
  }
  return null;
}

export function maskPassword(password: string): string {
  return '*'.repeat(password.length);
}
