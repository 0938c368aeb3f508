/** A cell: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null;

/**
 * RFC 4180 CSV: CRLF line ends, and a field holding a comma, a quote or a line break is quoted
 * with its quotes doubled. A text cell that a spreadsheet would read as a formula (it starts with
 * `=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading `'`, so that opening the file
 * cannot run a keyword someone typed as `=HYPERLINK(...)`.
 */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  return `${[header, ...rows].map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}

function field(cell: CsvCell): string {
  if (cell === null) return '';
  const text = typeof cell === 'number' ? String(cell) : /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
