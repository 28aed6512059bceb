// Contest members from a spreadsheet (spec §5): the first sheet's first column holds the
// usernames under a header row. A column headed "Affiliation" (or 所属单位, 单位, 学校), when there
// is one, gives each member's affiliation (issue 16: the team's organization in the Contest API).
// Every cell is untrusted text.
import * as XLSX from 'xlsx';
import { spreadsheetZipProblem } from '@verdict/shared';
import { messagesOf } from '../../../i18n/index.ts';

/** The spec's messages, in the current language. */
export const USER_LIST_MESSAGES = messagesOf({
  noSheet: 'userList.noSheet',
  noData: 'userList.noData',
  parseFailed: 'userList.parseFailed',
  readFailed: 'userList.readFailed',
});

/** Bounds what one file may add; the server takes at most 10 000 names at once. */
export const USER_LIST_MAX_ROWS = 10_000;
/** The same file size cap as the CLI's `user import`. */
export const USER_LIST_MAX_BYTES = 10 * 1024 * 1024;
const USERNAME_MAX = 100;
const AFFILIATION_MAX = 100;
const AFFILIATION_HEADERS = ['affiliation', '所属单位', '单位', '学校'];
/** A Country column: the ISO 3166-1 alpha-3 code of the member's affiliation (the Contest API's organization country). */
const COUNTRY_HEADERS = ['country', '国家', '国家/地区'];

/** A member of the list: the username and, when the sheet has an Affiliation column, their affiliation there. */
export interface ListedMember {
  username: string;
  /** null when the sheet has no Affiliation column or the cell is empty (left unchanged). */
  affiliation: string | null;
  /** Only when the sheet has a Country column: the cell's text, null when empty. */
  country?: string | null;
}

export class UserListError extends Error {}

const cellText = (cell: unknown, max: number) => (cell === undefined || cell === null ? '' : String(cell).trim().slice(0, max));

/** Members from sheet rows (header row skipped, blanks dropped, trimmed, first occurrence kept). */
export function membersFromRows(rows: readonly unknown[][]): ListedMember[] {
  if (rows.length <= 1) throw new UserListError(USER_LIST_MESSAGES.noData);
  const header = Array.isArray(rows[0]) ? rows[0] : [];
  const headed = (names: string[]) => header.findIndex((cell, i) => i > 0 && names.includes(cellText(cell, 40).toLowerCase()));
  const column = headed(AFFILIATION_HEADERS);
  const countryColumn = headed(COUNTRY_HEADERS);
  const seen = new Map<string, ListedMember>();
  for (const row of rows.slice(1, USER_LIST_MAX_ROWS + 1)) {
    if (!Array.isArray(row)) continue;
    const username = cellText(row[0], USERNAME_MAX);
    if (!username || seen.has(username)) continue;
    const affiliation = column > 0 ? cellText(row[column], AFFILIATION_MAX) || null : null;
    seen.set(username, { username, affiliation, ...(countryColumn > 0 ? { country: cellText(row[countryColumn], 3) || null } : {}) });
  }
  if (seen.size === 0) throw new UserListError(USER_LIST_MESSAGES.noData);
  return [...seen.values()];
}

/** Usernames from sheet rows (header row skipped, blanks dropped, trimmed, first occurrence kept). */
export function usernamesFromRows(rows: readonly unknown[][]): string[] {
  return membersFromRows(rows).map((m) => m.username);
}

/** Reads an .xlsx/.xls file's bytes; throws UserListError with the spec's message. */
export function usernamesFromWorkbook(bytes: ArrayBuffer | Uint8Array): string[] {
  return membersFromWorkbook(bytes).map((m) => m.username);
}

/** The members an .xlsx/.xls file lists, with their affiliations when it has the column. */
export function membersFromWorkbook(bytes: ArrayBuffer | Uint8Array): ListedMember[] {
  return membersFromRows(sheetRows(readWorkbook(bytes)));
}

/** Reads a spreadsheet's bytes (.xlsx, .xls, or .csv text when `csv`); throws UserListError with the spec's message. */
export function readWorkbook(bytes: ArrayBuffer | Uint8Array, csv = false): XLSX.WorkBook {
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  if (data.length > USER_LIST_MAX_BYTES) throw new UserListError(USER_LIST_MESSAGES.readFailed);
  const isZip = data[0] === 0x50 && data[1] === 0x4b;
  if (!csv && isZip && spreadsheetZipProblem(data)) throw new UserListError(USER_LIST_MESSAGES.parseFailed);
  try {
    return csv
      ? XLSX.read(new TextDecoder().decode(data).replace(/^\uFEFF/, ''), { type: 'string', raw: true, sheetRows: USER_LIST_MAX_ROWS + 1 })
      : XLSX.read(data, { type: 'array', cellFormula: false, cellHTML: false, sheetRows: USER_LIST_MAX_ROWS + 1 });
  } catch {
    throw new UserListError(USER_LIST_MESSAGES.parseFailed);
  }
}

/** Usernames from a parsed workbook's first sheet. */
export function usernamesFromBook(workbook: Pick<XLSX.WorkBook, 'SheetNames' | 'Sheets'>): string[] {
  return membersFromBook(workbook).map((m) => m.username);
}

/** Members from a parsed workbook's first sheet. */
export function membersFromBook(workbook: Pick<XLSX.WorkBook, 'SheetNames' | 'Sheets'>): ListedMember[] {
  return membersFromRows(sheetRows(workbook));
}

/** The first sheet's rows, the header included, as SheetJS decodes them. */
export function sheetRows(workbook: Pick<XLSX.WorkBook, 'SheetNames' | 'Sheets'>): unknown[][] {
  const firstName = workbook.SheetNames[0];
  const sheet = firstName === undefined ? undefined : workbook.Sheets[firstName];
  if (!sheet) throw new UserListError(USER_LIST_MESSAGES.noSheet);
  try {
    // Cells are decoded here, not by XLSX.read: a damaged cell (an unknown type) throws now.
    return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, blankrows: false, defval: '' });
  } catch {
    throw new UserListError(USER_LIST_MESSAGES.parseFailed);
  }
}

/** The data rows (header removed, blank rows dropped) as trimmed text, each cell at most 1000 characters. */
export function dataRows(rows: readonly unknown[][]): string[][] {
  const text = rows.map((row) => (Array.isArray(row) ? row.map((cell) => cellText(cell, 1000)) : [])).filter((row) => row.some((c) => c !== ''));
  if (text.length <= 1) throw new UserListError(USER_LIST_MESSAGES.noData);
  return text.slice(1, USER_LIST_MAX_ROWS + 1);
}

export function isSpreadsheetName(name: string): boolean {
  return /\.(xlsx|xls)$/i.test(name);
}

/** Bulk account creation also takes .csv, as `verdict user import` does. */
export function isAccountSheetName(name: string): boolean {
  return /\.(xlsx|xls|csv)$/i.test(name);
}
