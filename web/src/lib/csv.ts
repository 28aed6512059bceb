// CSV text for exports (RFC 4180 quoting; a leading BOM so spreadsheet programs read UTF-8).

export interface CsvColumn<T> {
  title: string;
  value: (row: T) => string | number | null | undefined;
}

function quote(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const lines = [columns.map((c) => quote(c.title)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => quote(c.value(row))).join(','));
  return '\uFEFF' + lines.join('\r\n') + '\r\n';
}
