// Contest members from a spreadsheet (spec §5): the first sheet's first column holds the
// usernames under a header row. Every cell is untrusted text.
import * as XLSX from 'xlsx';
import { spreadsheetZipProblem } from '@verdict/shared';

export const USER_LIST_MESSAGES = {
  noSheet: 'No sheet found in the file',
  noData: 'No data found in the Excel file.',
  parseFailed: 'Failed to parse the file',
  readFailed: 'Failed to read the file',
} as const;

/** Bounds what one file may add; the server takes at most 10 000 names at once. */
export const USER_LIST_MAX_ROWS = 10_000;
/** The same file size cap as the CLI's `user import`. */
export const USER_LIST_MAX_BYTES = 10 * 1024 * 1024;
const USERNAME_MAX = 100;

export class UserListError extends Error {}

/** Usernames from sheet rows (header row skipped, blanks dropped, trimmed, first occurrence kept). */
export function usernamesFromRows(rows: readonly unknown[][]): string[] {
  if (rows.length <= 1) throw new UserListError(USER_LIST_MESSAGES.noData);
  const seen = new Set<string>();
  for (const row of rows.slice(1, USER_LIST_MAX_ROWS + 1)) {
    const cell = Array.isArray(row) ? row[0] : undefined;
    if (cell === undefined || cell === null) continue;
    const name = String(cell).trim().slice(0, USERNAME_MAX);
    if (name) seen.add(name);
  }
  if (seen.size === 0) throw new UserListError(USER_LIST_MESSAGES.noData);
  return [...seen];
}

/** Reads an .xlsx/.xls file's bytes; throws UserListError with the spec's message. */
export function usernamesFromWorkbook(bytes: ArrayBuffer | Uint8Array): string[] {
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  if (data.length > USER_LIST_MAX_BYTES) throw new UserListError(USER_LIST_MESSAGES.readFailed);
  const isZip = data[0] === 0x50 && data[1] === 0x4b;
  if (isZip && spreadsheetZipProblem(data)) throw new UserListError(USER_LIST_MESSAGES.parseFailed);
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, { type: 'array', cellFormula: false, cellHTML: false, sheetRows: USER_LIST_MAX_ROWS + 1 });
  } catch {
    throw new UserListError(USER_LIST_MESSAGES.parseFailed);
  }
  return usernamesFromBook(workbook);
}

/** Usernames from a parsed workbook's first sheet. */
export function usernamesFromBook(workbook: Pick<XLSX.WorkBook, 'SheetNames' | 'Sheets'>): string[] {
  const firstName = workbook.SheetNames[0];
  const sheet = firstName === undefined ? undefined : workbook.Sheets[firstName];
  if (!sheet) throw new UserListError(USER_LIST_MESSAGES.noSheet);
  let rows: unknown[][];
  try {
    // Cells are decoded here, not by XLSX.read: a damaged cell (an unknown type) throws now.
    rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, blankrows: false, defval: '' });
  } catch {
    throw new UserListError(USER_LIST_MESSAGES.parseFailed);
  }
  return usernamesFromRows(rows);
}

export function isSpreadsheetName(name: string): boolean {
  return /\.(xlsx|xls)$/i.test(name);
}
