// Client-side checks of spec §5 with their exact messages, in the current language (the spec's
// English words in English). Each check returns the first message that applies, or null when the
// input is acceptable.
import { messagesOf, t, type MessageKey } from '../i18n/index.ts';

export const MESSAGES = messagesOf({
  wrongCaptcha: 'validation.wrongCaptcha',
  passwordsInconsistent: 'validation.passwordsInconsistent',
  passwordTooShort: 'validation.passwordTooShort',
  emailCodeMissing: 'validation.emailCodeMissing',
  emailMissing: 'validation.emailMissing',
  usernameMissing: 'validation.usernameMissing',
  selectLanguage: 'validation.selectLanguage',
  enterCode: 'validation.enterCode',
  noContestSelected: 'validation.noContestSelected',
});

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
  if (blank(input.username)) return t('user.usernameRequired');
  if (blank(input.nickname)) return t('user.nicknameRequired');
  if (blank(input.email)) return t('user.emailRequired');
  if (blank(input.gender)) return t('user.genderRequired');
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
  const missing: Array<[keyof ChosenContest, MessageKey]> = [
    ['contestId', 'validation.contestIdMissing'],
    ['title', 'validation.contestTitleMissing'],
    ['startTime', 'validation.contestStartMissing'],
    ['endTime', 'validation.contestEndMissing'],
  ];
  for (const [key, message] of missing) {
    if (blank(contest[key])) return t(message);
  }
  return null;
}

export function maskPassword(password: string): string {
  return '*'.repeat(password.length);
}
