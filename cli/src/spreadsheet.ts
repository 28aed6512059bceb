// User-list spreadsheets (spec §5, the same rules as the web upload): the first sheet, the
// first row a skipped header, every cell untrusted text. .xlsx/.xls through SheetJS, .csv as
// text. Errors carry the spec's own messages.
import fs from 'node:fs';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import XLSX from 'xlsx';
import { spreadsheetZipProblem, zipParts } from '@verdict/shared';
import { CliError } from './errors.ts';

export const SPREADSHEET_EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;
export const MAX_SPREADSHEET_BYTES = 10 * 1024 * 1024;
export const MAX_SPREADSHEET_ROWS = 10_000;
const MAX_CELL_LENGTH = 1000;
/** Parse no further than the header, the limit and one row to notice it was passed. */
const SHEET_ROWS = MAX_SPREADSHEET_ROWS + 2;

export const SpreadsheetMessages = {
  noSheet: 'No sheet found in the file',
  noData: 'No data found in the Excel file.',
  parse: 'Failed to parse the file',
  read: 'Failed to read the file',
} as const;

export class SpreadsheetError extends CliError {}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/** The data rows (header removed) of the first sheet, each cell trimmed text. */
export function readSpreadsheetRows(file: string): string[][] {
  const ext = path.extname(file).toLowerCase();
  if (!(SPREADSHEET_EXTENSIONS as readonly string[]).includes(ext)) {
    throw new SpreadsheetError(`${path.basename(file)}: not a spreadsheet; use an .xlsx, .xls or .csv file`);
  }
  let data: Buffer;
  try {
    if (fs.statSync(file).size > MAX_SPREADSHEET_BYTES) {
      throw new SpreadsheetError(`${SpreadsheetMessages.read}: larger than ${MAX_SPREADSHEET_BYTES / 1024 / 1024} MB`);
    }
    data = fs.readFileSync(file);
  } catch (err) {
    if (err instanceof SpreadsheetError) throw err;
    throw new SpreadsheetError(`${SpreadsheetMessages.read} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}: ${file})`);
  }
  const workbook = parseWorkbook(data, ext);
  if (workbook.SheetNames.length === 0) throw new SpreadsheetError(SpreadsheetMessages.noSheet);
  const sheet = workbook.Sheets[workbook.SheetNames[0]];
  if (!sheet) throw new SpreadsheetError(SpreadsheetMessages.noSheet);
  let raw: unknown[][];
  try {
    // Cells are decoded here, not by XLSX.read: a damaged cell (an unknown type) throws now.
    raw = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: false });
  } catch {
    throw new SpreadsheetError(SpreadsheetMessages.parse);
  }
  const rows = raw.map((row) => row.map(cellText)).filter((row) => row.some((cell) => cell !== ''));
  if (rows.length < 2) throw new SpreadsheetError(SpreadsheetMessages.noData);
  if (rows.length - 1 > MAX_SPREADSHEET_ROWS) {
    throw new SpreadsheetError(`${SpreadsheetMessages.parse}: more than ${MAX_SPREADSHEET_ROWS} rows`);
  }
  return rows.slice(1);
}

function parseWorkbook(data: Buffer, ext: string): XLSX.WorkBook {
  // SheetJS reads almost anything as CSV; a file named .xlsx/.xls must look like one.
  const head = data.subarray(0, 4);
  const looksRight =
    ext === '.csv' ||
    (ext === '.xlsx' && head.equals(ZIP_MAGIC)) ||
    (ext === '.xls' && (head.equals(CFB_MAGIC) || data.subarray(0, 512).toString('utf8').trimStart().startsWith('<')));
  if (!looksRight) throw new SpreadsheetError(SpreadsheetMessages.parse);
  if (ext === '.xlsx') {
    const problem = spreadsheetZipProblem(data) ?? inflatedSizeProblem(data);
    if (problem) throw new SpreadsheetError(`${SpreadsheetMessages.parse}: ${problem}`);
  }
  try {
    return ext === '.csv'
      ? XLSX.read(data.toString('utf8').replace(/^\uFEFF/, ''), { type: 'string', raw: true, dense: true, sheetRows: SHEET_ROWS })
      : XLSX.read(data, { type: 'buffer', dense: true, cellFormula: false, cellHTML: false, sheetRows: SHEET_ROWS });
  } catch {
    throw new SpreadsheetError(SpreadsheetMessages.parse);
  }
}

/**
 * Each part inflated with its declared size as the cap (SheetJS would inflate it whole): a part
 * whose data unpacks to more than its header says is a bomb, not a spreadsheet.
 */
function inflatedSizeProblem(data: Buffer): string | null {
  const parts = zipParts(data);
  if (parts === null || typeof parts === 'string') return parts;
  for (const part of parts.filter((p) => p.method === 8)) {
    const at = part.localHeaderOffset;
    if (at + 30 > data.length || data.readUInt32LE(at) !== 0x04034b50) return `the part ${part.name} is damaged`;
    const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
    try {
      inflateRawSync(data.subarray(start, start + part.compressedSize), { maxOutputLength: Math.max(1, part.uncompressedSize) });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return `the part ${part.name} unpacks to more than its header says`;
      // A damaged stream is left to SheetJS, which answers it with its own parse failure.
    }
  }
  return null;
}

function cellText(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return text.trim().slice(0, MAX_CELL_LENGTH);
}
