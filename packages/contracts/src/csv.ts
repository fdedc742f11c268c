// CSV files the api answers for download (RFC 4180): one header line, CRLF line ends, a cell
// quoted when it holds a comma, a double quote or a line break (quotes doubled inside).

/** A cell: text (from people, so guarded), a number or nothing (an empty cell). */
export type CsvValue = string | number | null;

/**
 * A text a spreadsheet would run as a formula (it begins with =, +, -, @, or a tab or carriage
 * return that some of them skip before reading one) is written after an apostrophe, which they
 * show as text. Numbers are ours and written as they are, so a negative amount stays a number.
 */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A whole file: the header, then one line per row, each line ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
