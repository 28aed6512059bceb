// Accounts from a spreadsheet (username, e-mail, nickname, password, contest title, affiliation):
// the rows checked with the admin form's rules (spec §5 "Admin add user"), and the CSV of the
// passwords generated for them. `verdict user import` and the web app's bulk creation both use it.
import { USER_LIMITS, USER_MESSAGES } from './user-fields.ts';

/** The spreadsheet's columns, in order (the first row is a header and is skipped). */
export const USER_IMPORT_COLUMNS = ['username', 'e-mail', 'nickname', 'password', 'contest', 'affiliation'] as const;
export const USER_IMPORT_NICKNAME_MAX = 30;

export interface ImportRow {
  /** Row number in the spreadsheet (the header is row 1). */
  row: number;
  username: string;
  email: string;
  nickname: string;
  password: string;
  passwordGenerated: boolean;
  contest: string;
  /** University or organisation: the team's organization in the Contest API; '' for none. */
  affiliation: string;
  status: 'pending' | 'created' | 'existed' | 'invalid';
  reason?: string;
  /** Why the row is invalid, apart (for a translated display): the field and the spec's message, or the repeated username. */
  problem?: { field: ImportField; message: string } | { field: 'repeated' };
}

export type ImportField = 'username' | 'email' | 'nickname' | 'password' | 'affiliation';

// zod's z.email() pattern, which the server's /api/user/add applies.
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Each check answers with the spec's message, or undefined when the value is fine. */
export function usernameProblem(value: string): string | undefined {
  if (!value) return USER_MESSAGES.usernameRequired;
  if (value.length > USER_LIMITS.usernameMax) return USER_MESSAGES.maximum30;
  return undefined;
}

export function emailProblem(value: string): string | undefined {
  if (!value) return USER_MESSAGES.emailRequired;
  if (value.length > USER_LIMITS.emailMax || !EMAIL.test(value)) return USER_MESSAGES.emailInvalid;
  return undefined;
}

export function nicknameProblem(value: string): string | undefined {
  return value.length > USER_IMPORT_NICKNAME_MAX ? USER_MESSAGES.maximum30 : undefined;
}

export function passwordProblem(value: string): string | undefined {
  return value.length < USER_LIMITS.adminPasswordMin || value.length > USER_LIMITS.adminPasswordMax ? USER_MESSAGES.passwordLength : undefined;
}

/** 14 characters from an alphabet without look-alikes (0/O, 1/l/I), ~80 bits; Node's and browsers' WebCrypto. */
export function generatePassword(length = 14): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  // Bytes at or above the largest multiple of the alphabet's size are drawn again (no bias).
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

/** Data rows (header removed, cells trimmed) as rows to create, each checked; a missing password is generated. */
export function toImportRows(cells: readonly (readonly string[])[]): ImportRow[] {
  const seen = new Set<string>();
  return cells.map(([username = '', email = '', nickname = '', password = '', contest = '', affiliation = ''], i) => {
    const row: ImportRow = {
      row: i + 2,
      username,
      email,
      nickname: nickname || username,
      password: password || generatePassword(),
      passwordGenerated: !password,
      contest,
      affiliation,
      status: 'pending',
    };
    const affiliationMessage = `at most ${USER_LIMITS.affiliationMax} characters`;
    const checks: [ImportField, string, string | undefined][] = [
      ['username', 'username', usernameProblem(username)],
      ['email', 'e-mail', emailProblem(email)],
      ['nickname', 'nickname', nicknameProblem(row.nickname)],
      ['password', 'password', password ? passwordProblem(password) : undefined],
      ['affiliation', 'affiliation', affiliation.length > USER_LIMITS.affiliationMax ? affiliationMessage : undefined],
    ];
    const failed = checks.find(([, , message]) => message !== undefined);
    if (failed) Object.assign(row, { status: 'invalid', reason: `${failed[1]}: ${failed[2]}`, problem: { field: failed[0], message: failed[2] } });
    else if (seen.has(username)) Object.assign(row, { status: 'invalid', reason: `username ${username} appears twice in the file`, problem: { field: 'repeated' } });
    seen.add(username);
    return row;
  });
}

/** A CSV cell that a spreadsheet opens as text: a leading =, +, - or @ would run as a formula. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The CSV (username,email,password) of the passwords generated for the rows created; '' when none. */
export function generatedPasswordsCsv(rows: readonly ImportRow[]): string {
  const generated = rows.filter((r) => r.status === 'created' && r.passwordGenerated);
  if (generated.length === 0) return '';
  return ['username,email,password', ...generated.map((r) => [r.username, r.email, r.password].map(csvCell).join(','))].join('\n') + '\n';
}
