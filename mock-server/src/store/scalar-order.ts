import type { Row, Scalar } from './store';

/** A declared column's value in a row; a missing field reads as null, as a SQL column does. */
export function columnValue(row: Row, column: string): Scalar {
  const value = row[column];
  return value === undefined ? null : (value as Scalar);
}

/** SQLite's order of values: NULL, then numbers (booleans as 0 and 1), then text by code point. */
export function compareScalars(a: Scalar, b: Scalar): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 0) return 0;
  if (ra === 2) return compareText(a as string, b as string);
  const x = Number(a);
  const y = Number(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The key of a value for an equality, as the stores compare: text by itself, numbers and booleans
 * by number (`true` equals 1), null (or a missing field) by itself.
 */
export function equalityKey(value: Scalar | undefined): string {
  if (value === null || value === undefined) return 'null';
  return typeof value === 'string' ? `s${value}` : `n${Number(value)}`;
}

function typeRank(value: Scalar): number {
  if (value === null) return 0;
  return typeof value === 'string' ? 2 : 1;
}

function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    // UTF-16 puts U+E000..U+FFFF after surrogate pairs; SQLite compares UTF-8 bytes, i.e. code points.
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}
