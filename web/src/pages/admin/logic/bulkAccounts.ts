// Accounts created in bulk from a spreadsheet (issue 30, defect 8): the columns and rules of
// `verdict user import` (@verdict/shared user-import), checked in the preview against the users
// and contests that exist, so nothing surprising is left for after Confirm.
import { toImportRows, type ImportRow } from '@verdict/shared';
import { dataRows, readWorkbook, sheetRows } from './userList.ts';

/** The file the generated passwords are saved as. */
export const PASSWORDS_FILE = 'accounts-passwords.csv';

/** What the preview says of a row before anything is created. */
export type PreviewCheck =
  | { kind: 'ok' }
  | { kind: 'invalid'; row: ImportRow }
  | { kind: 'exists' }
  | { kind: 'unknownContest'; contest: string };

export interface PreviewRow extends ImportRow {
  check: PreviewCheck;
}

/** The rows of a spreadsheet's bytes (.xlsx, .xls or .csv), each checked with the admin form's rules. */
export function importRowsFromFile(bytes: ArrayBuffer | Uint8Array, fileName: string): ImportRow[] {
  return toImportRows(dataRows(sheetRows(readWorkbook(bytes, /\.csv$/i.test(fileName)))));
}

/**
 * The preview: a row is refused by the rules, names a user who exists (nothing is changed for
 * them; compared as the server does, without case), names a contest no title matches, or is ok.
 */
export function previewRows(rows: readonly ImportRow[], existingUsernames: readonly string[], contestTitles: readonly string[]): PreviewRow[] {
  const taken = new Set(existingUsernames.map((n) => n.toLowerCase()));
  const titles = new Set(contestTitles);
  return rows.map((row) => {
    const check: PreviewCheck =
      row.status === 'invalid'
        ? { kind: 'invalid', row }
        : taken.has(row.username.toLowerCase())
          ? { kind: 'exists' }
          : row.contest && !titles.has(row.contest)
            ? { kind: 'unknownContest', contest: row.contest }
            : { kind: 'ok' };
    return { ...row, check };
  });
}

/** Only the rows the preview passed are created. */
export const creatable = (rows: readonly PreviewRow[]) => rows.filter((r) => r.check.kind === 'ok');
