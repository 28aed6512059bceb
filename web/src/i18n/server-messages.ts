// What the server said, in the current language. The server words its refusals in English (the
// envelope's `message`) and names their kind by `code` (@verdict/shared error-codes.ts). In
// English the server's message is shown as it is. In Chinese: a message the catalogue knows word
// for word (or by its pattern, with the numbers it carries) is translated; any other message with
// a known code shows the code's text; a message with an unknown code is shown as the server sent it.
import { CLARIFICATION_MESSAGES, ErrorKinds, PROBLEM_COLOR_MESSAGES, USER_MESSAGES, type ErrorName } from '@verdict/shared';
import { en, type MessageKey } from './en.ts';
import { getLanguage, t, type MessageValues } from './index.ts';

/** The catalogue's text for each error code. */
const BY_CODE: Record<ErrorName, MessageKey> = {
  VALIDATION: 'server.validation',
  NOT_LOGGED_IN: 'server.notLoggedIn',
  FORBIDDEN: 'server.forbidden',
  WRONG_CAPTCHA: 'server.wrongCaptcha',
  WRONG_CREDENTIALS: 'server.wrongCredentials',
  RATE_LIMITED: 'server.rateLimited',
  EMAIL_CODE_INVALID: 'server.emailCodeInvalid',
  NOT_FOUND: 'server.notFound',
  CONFLICT: 'server.conflict',
  CONTEST_NOT_STARTED: 'server.contestNotStarted',
  CONTEST_ENDED: 'server.contestEnded',
  TOO_LARGE: 'server.tooLarge',
  UNSUPPORTED_FILE: 'server.unsupportedFile',
  NOT_MEMBER: 'server.notMember',
  MAIL_FAILED: 'server.mailFailed',
  UNAVAILABLE: 'server.unavailable',
  BAD_PACKAGE: 'server.badPackage',
  NO_SPACE: 'server.noSpace',
  METHOD_NOT_ALLOWED: 'server.methodNotAllowed',
  INTERNAL: 'server.internal',
};

const KEY_OF_CODE = new Map<number, MessageKey>(
  (Object.keys(BY_CODE) as ErrorName[]).map((name) => [ErrorKinds[name].code, BY_CODE[name]]),
);

/**
 * The server's fixed messages that say more than their code, by their English words: the
 * catalogue's own `server.*` texts, and the rules the server shares with the app.
 */
const EXACT = new Map<string, MessageKey>([
  ...(Object.keys(en) as MessageKey[]).filter((key) => key.startsWith('server.') && !en[key].includes('{')).map((key) => [en[key] as string, key] as const),
  [ErrorKinds.WRONG_CAPTCHA.message, 'server.wrongCaptcha'],
  [USER_MESSAGES.usernameRequired, 'user.usernameRequired'],
  [USER_MESSAGES.nicknameRequired, 'user.nicknameRequired'],
  [USER_MESSAGES.emailRequired, 'user.emailRequired'],
  [USER_MESSAGES.genderRequired, 'user.genderRequired'],
  [USER_MESSAGES.maximum30, 'user.maximum30'],
  [USER_MESSAGES.emailInvalid, 'user.emailInvalid'],
  [USER_MESSAGES.passwordLength, 'user.passwordLength'],
  [USER_MESSAGES.passwordMismatch, 'user.passwordMismatch'],
  [CLARIFICATION_MESSAGES.questionRequired, 'clar.questionRequired'],
  [CLARIFICATION_MESSAGES.questionTooLong, 'clar.questionTooLong'],
  [CLARIFICATION_MESSAGES.answerRequired, 'clar.answerRequired'],
  [CLARIFICATION_MESSAGES.answerTooLong, 'clar.answerTooLong'],
  [CLARIFICATION_MESSAGES.announcementRequired, 'clar.announcementRequired'],
  [CLARIFICATION_MESSAGES.announcementTooLong, 'clar.announcementTooLong'],
  [PROBLEM_COLOR_MESSAGES.badColor, 'problems.badColor'],
  [PROBLEM_COLOR_MESSAGES.nameTooLong, 'problems.colorNameTooLong'],
  [PROBLEM_COLOR_MESSAGES.nameNotText, 'problems.colorNameNotText'],
  [PROBLEM_COLOR_MESSAGES.nameWithoutColor, 'problems.colorNameWithoutColor'],
  ['password length must not be under 6', 'validation.passwordTooShort'],
  ['Please enter the e-mail code', 'validation.emailCodeMissing'],
  ['Please enter your code!', 'validation.enterCode'],
  ['Please select a language!', 'validation.selectLanguage'],
  ['Please input the title', 'admin.contestTitleRequired'],
  ['The length of the title should be at most 100 characters', 'admin.contestTitleLength'],
  ['Please select the start time', 'admin.contestStartRequired'],
  ['Please select the end time', 'admin.contestEndRequired'],
  ['End time must be greater than start time', 'admin.contestEndAfterStart'],
  ['Freeze time must be after the start time', 'admin.contestFreezeAfterStart'],
  ['Freeze time must be before the end time', 'admin.contestFreezeBeforeEnd'],
  ['No file selected for upload.', 'admin.uploadNone'],
  ['No such problem in this contest', 'server.noSuchProblemInContest'],
]);

/** Messages that carry a value (seconds to wait, a limit, a name), by pattern. */
const PATTERNS: ReadonlyArray<{ pattern: RegExp; key: MessageKey; values: (m: RegExpExecArray) => MessageValues }> = [
  { pattern: /^You are submitting too fast: please wait (\d+) s/, key: 'server.submitTooFast', values: (m) => ({ seconds: m[1] }) },
  { pattern: /^Too many submissions: at most (\d+) per minute/, key: 'server.submitsPerMinute', values: (m) => ({ count: m[1] }) },
  { pattern: /^A code was sent to this address less than a minute ago; please wait (\d+) s/, key: 'server.codeSentRecently', values: (m) => ({ seconds: m[1] }) },
  { pattern: /^You are asking too fast: please wait (\d+) s/, key: 'server.askTooFast', values: (m) => ({ seconds: m[1] }) },
  { pattern: /^Too many questions: at most (\d+) an hour/, key: 'server.questionsPerHour', values: (m) => ({ count: m[1] }) },
  { pattern: /^Your code is too long: at most (\d+) KB/, key: 'server.codeTooLong', values: (m) => ({ kb: m[1] }) },
  { pattern: /^Your files are too long: at most (\d+) KB/, key: 'server.filesTooLong', values: (m) => ({ kb: m[1] }) },
  { pattern: /^Unknown language "([^"]*)"/, key: 'server.unknownLanguage', values: (m) => ({ language: m[1] }) },
  { pattern: /^A similarity analysis of this contest is running \(run (\d+)\)/, key: 'server.similarityRunning', values: (m) => ({ run: m[1] }) },
  // The reason comes from the package's own files (names, limits): it is shown as written.
  { pattern: /^The problem package was refused: ([\s\S]+)$/, key: 'server.packageRefused', values: (m) => ({ reason: m[1] }) },
];

/** A refusal as the server sent it: its envelope's code and message. */
export interface ServerRefusal {
  code: number;
  message: string;
}

/**
 * One of the rules' messages shared with the server (@verdict/shared: user fields, colours,
 * clarifications), in the current language; any other text as it is.
 */
export function sharedMessage(text: string): string {
  const key = EXACT.get(text);
  return key ? t(key) : text;
}

/** The server's refusal in the current language. */
export function serverMessage(refusal: ServerRefusal): string {
  if (getLanguage() === 'en') return refusal.message;
  const exact = EXACT.get(refusal.message);
  if (exact) return t(exact);
  for (const { pattern, key, values } of PATTERNS) {
    const match = pattern.exec(refusal.message);
    if (match) return t(key, values(match));
  }
  const byCode = KEY_OF_CODE.get(refusal.code);
  return byCode ? t(byCode) : refusal.message;
}
