import { expect } from 'vitest';

/** Parses CSV as RFC 4180 writes it: quoted fields may hold commas, doubled quotes, CR and LF; records end in CRLF. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"') {
      if (field !== '') throw new Error(`a quote inside an unquoted field at ${i}`);
      quoted = true;
    } else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else if (char === '\n' || char === '\r') {
      throw new Error(`a bare line break outside quotes at ${i}`);
    } else {
      field += char;
    }
  }
  if (quoted) throw new Error('an unterminated quoted field');
  if (field !== '' || record.length > 0) throw new Error('the last record does not end in CRLF');
  return records;
}

/** The records after the header, each as an object keyed by the header's column names. */
export function byColumn(records: string[][]): Array<Record<string, string>> {
  const [header = [], ...rows] = records;
  return rows.map((row) => {
    expect(row).toHaveLength(header.length);
    return Object.fromEntries(header.map((name, index) => [name, row[index] ?? '']));
  });
}
