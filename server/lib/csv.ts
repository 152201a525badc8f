/**
 * CSV for spreadsheets (RFC 4180 quoting), safe against formula injection: a cell starting
 * with =, +, -, @, a tab or a carriage return is prefixed with a single quote, so a
 * spreadsheet shows it as text instead of running it (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | boolean | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, CRLF-terminated. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A file name safe in a Content-Disposition header. */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^A-Za-z0-9._ -]+/g, '_').trim() || 'export';
  return `attachment; filename="${ascii}.csv"; filename*=UTF-8''${encodeURIComponent(name)}.csv`;
}

/** Keyset pages of rows until a short page: never more than one page in memory. */
export async function* keysetRows<Row, Key>(
  page: (after: Key | null) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  pageSize: number,
): AsyncGenerator<Row> {
  let after: Key | null = null;
  for (;;) {
    const rows = await page(after);
    yield* rows;
    if (rows.length < pageSize) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}
