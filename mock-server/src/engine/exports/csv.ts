/** A CSV cell: text is quoted as needed, numbers and booleans are written as they are, null is empty. */
export type CsvValue = string | number | boolean | null | undefined;

/** RFC 4180 ends every record, the last one included, with CRLF. */
export const CSV_LINE_END = '\r\n';

/** How a list (SEO keywords, cited URLs) is joined into one CSV cell. */
export const CSV_LIST_SEPARATOR = '; ';

/** Media type of every CSV the service writes: UTF-8, no byte-order mark, a header row. */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8; header=present';

// Spreadsheets run a cell that starts with one of these as a formula (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One field as RFC 4180 writes it: quoted when it holds a comma, a quote, CR or LF, with every
 * quote doubled. Text that a spreadsheet would run as a formula (starting with `=`, `+`, `-`,
 * `@`, tab or CR) gets a leading `'` and quotes, as OWASP advises; numbers are never changed,
 * so a negative position change stays a number.
 *
 * @example
 * ```ts
 * csvField('Brew, then "bloom"'); // '"Brew, then ""bloom"""'
 * csvField('=HYPERLINK("x")');    // '"\'=HYPERLINK(""x"")"'
 * csvField(-3);                   // '-3'
 * ```
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  if (guarded === value && !NEEDS_QUOTES.test(value)) return value;
  return `"${guarded.replaceAll('"', '""')}"`;
}

/**
 * One CSV record, CRLF included.
 *
 * @example
 * ```ts
 * csvRow(['keyword', 'volume']); // 'keyword,volume\r\n'
 * ```
 */
export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvField).join(',') + CSV_LINE_END;
}
