import { createHash } from 'node:crypto';
import {
  checkColumn,
  checkCount,
  checkWhereScalar,
  declaredColumns,
  indexColumn,
  RANGE_SQL,
  type RangeOperator,
  rangeBounds,
} from './schema-checks';
import type { Condition, Query, Scalar, StoreSchema } from './store';

/**
 * How the PostgreSQL store lays a table out. SQLite orders values of mixed types (NULL, then
 * numbers and booleans, then text by code point) and the memory store copies it; to keep exactly
 * that order with typed SQL, a declared column `c` is two SQL columns that sort together:
 *
 * | value          | `"c:num"`          | `"c:text"`      |
 * | -------------- | ------------------ | --------------- |
 * | missing / null | `'-Infinity'`      | `''`            |
 * | number         | the number         | `''`            |
 * | boolean        | 1 or 0             | `''`            |
 * | text           | `'Infinity'`       | the text        |
 *
 * Ordering by (`c:num`, `c:text`) is SQLite's order. No row holds an infinite number (JSON turns
 * it into null), so the infinities mark null and text. Null is a value of its own rather than SQL
 * NULL so that an equality, `= null` included, fixes both columns: an index on (a, b) then serves
 * `a = x ORDER BY b`, which PostgreSQL does not see after `a IS NULL`. Text columns use the "C"
 * collation (UTF-8 bytes, i.e. code points); PostgreSQL text cannot hold U+0000, so U+0000 and
 * U+0001 are escaped in an order-keeping way. The whole row is the `doc` column (`json`, which
 * keeps the row's text exactly: key order, U+0000 and lone surrogates, all of which `jsonb` loses
 * or refuses).
 */
export interface PostgresTable {
  name: string;
  /** Declared columns, in schema order (`id` excluded). */
  columns: readonly string[];
  known: ReadonlySet<string>;
  /** Groups of columns whose row counts the store keeps (see `TableSpec.counted`). */
  counted: ReadonlyArray<readonly string[]>;
  /** Index names (at most 63 bytes) and their SQL column lists. */
  indexes: ReadonlyArray<{ name: string; columns: string }>;
  sql: { get: string; insert: string; put: string; delete: string };
}

/** The value of a declared column as its two SQL columns. */
export type ColumnKey = [num: number, text: string];

/** PostgreSQL truncates longer identifiers. */
const MAX_IDENTIFIER_BYTES = 63;

export const numColumn = (column: string): string => `"${column}:num"`;
export const textColumn = (column: string): string => `"${column}:text"`;

/** Checks the schema and derives each table's SQL. */
export function describePostgresTables(schema: StoreSchema): Map<string, PostgresTable> {
  const tables = new Map<string, PostgresTable>();
  for (const [name, columns] of declaredColumns(schema)) {
    for (const column of columns) {
      if (Buffer.byteLength(`${column}:text`) > MAX_IDENTIFIER_BYTES) {
        throw new Error(`column ${name}.${column} is too long for PostgreSQL; keep it under 58 characters`);
      }
    }
    const pairs = columns.flatMap((column) => [numColumn(column), textColumn(column)]);
    const all = ['"id"', ...pairs, '"doc"'];
    const placeholders = all.map((_, i) => `$${i + 1}`).join(', ');
    const updates = all
      .slice(1)
      .map((column) => `${column} = EXCLUDED.${column}`)
      .join(', ');
    const indexes = (schema[name]?.indexes ?? []).map((index) => ({
      name: indexName(
        name,
        index.map((entry) => entry.replace(' ', '_')),
      ),
      columns: index
        .map(indexColumn)
        .flatMap(({ column, descending }) => {
          const order = descending ? ' DESC' : '';
          return column === 'id'
            ? [`"id"${descending ? ' DESC' : ''}`]
            : [`${numColumn(column)}${order}`, `${textColumn(column)}${order}`];
        })
        .join(', '),
    }));
    tables.set(name, {
      name,
      columns,
      known: new Set(columns),
      counted: schema[name]?.counted ?? [],
      indexes,
      sql: {
        get: `SELECT doc FROM "${name}" WHERE id = $1`,
        insert: `INSERT INTO "${name}" (${all.join(', ')}) VALUES (${placeholders}) ON CONFLICT (id) DO NOTHING`,
        put: `INSERT INTO "${name}" (${all.join(', ')}) VALUES (${placeholders}) ON CONFLICT (id) DO UPDATE SET ${updates}`,
        delete: `DELETE FROM "${name}" WHERE id = $1`,
      },
    });
  }
  return tables;
}

/** `table__col1__col2`, or a shortened form with a hash of it when that exceeds 63 bytes. */
function indexName(table: string, columns: readonly string[]): string {
  const full = `${table}__${columns.join('__')}`;
  if (Buffer.byteLength(full) <= MAX_IDENTIFIER_BYTES) return full;
  const hash = createHash('sha256').update(full).digest('hex').slice(0, 12);
  return `${full.slice(0, MAX_IDENTIFIER_BYTES - hash.length - 1)}_${hash}`;
}

/** The two SQL columns of a declared column's value (read from the row's JSON form). */
export function columnKey(value: unknown): ColumnKey {
  if (value === undefined || value === null) return [Number.NEGATIVE_INFINITY, ''];
  if (typeof value === 'boolean') return [value ? 1 : 0, ''];
  if (typeof value === 'number') return [value, ''];
  // Only rows written before a column was declared can hold an object there; SQLite reads its JSON.
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return [Number.POSITIVE_INFINITY, escapeText(text)];
}

/**
 * Escapes U+0000 (which PostgreSQL text cannot hold) as U+0001 U+0001, and U+0001 as U+0001
 * U+0002: byte order, and so the order and equality of escaped strings, stays as it was.
 */
export function escapeText(text: string): string {
  if (!text.includes('\u0000') && !text.includes('\u0001')) return text;
  // U+0001 first, so that the U+0001s the second replacement writes stay as they are.
  return text.replaceAll('\u0001', '\u0001\u0002').replaceAll('\u0000', '\u0001\u0001');
}

/** The row values of an insert or put: id, each declared column's pair, then the JSON. */
export function rowValues(table: PostgresTable, id: string, row: Record<string, unknown>, json: string) {
  const values: Array<string | number | null> = [escapeText(id)];
  for (const column of table.columns) values.push(...columnKey(row[column]));
  values.push(json);
  return values;
}

/** A WHERE clause (with its leading space) and parameters numbered from `$first`. */
export function compileWhere(
  table: PostgresTable,
  where: Record<string, Condition> | undefined,
  first = 1,
): { sql: string; params: Array<string | number | null> } {
  const terms: string[] = [];
  const params: Array<string | number | null> = [];
  const param = (value: string | number | null, type: 'float8' | 'text'): string => {
    params.push(value);
    return `$${first + params.length - 1}::${type}`;
  };
  for (const [column, condition] of Object.entries(where ?? {})) {
    checkColumn(table.name, table.known, column);
    if (condition !== null && typeof condition === 'object') {
      let bounds = 0;
      for (const [op, bound] of rangeBounds(column, condition)) {
        bounds++;
        terms.push(column === 'id' ? idRange(op, bound, param) : columnRange(column, op, bound, param));
      }
      if (bounds === 0)
        throw new TypeError(`where.${column} is a range with no bound; give lt, lte, gt or gte`);
      continue;
    }
    if (condition !== null) checkWhereScalar(column, condition);
    if (column === 'id') {
      // Ids are always text: no id is null, and none equals a number.
      terms.push(typeof condition === 'string' ? `id = ${param(escapeText(condition), 'text')}` : 'FALSE');
    } else {
      const [num, text] = columnKey(condition);
      terms.push(
        `${numColumn(column)} = ${param(num, 'float8')} AND ${textColumn(column)} = ${param(text, 'text')}`,
      );
    }
  }
  return { sql: terms.length > 0 ? ` WHERE ${terms.join(' AND ')}` : '', params };
}

type Param = (value: string | number | null, type: 'float8' | 'text') => string;

function columnRange(column: string, op: RangeOperator, bound: Scalar, param: Param): string {
  // As in SQL, a comparison with null is never true, whichever side it is on.
  if (bound === null) return 'FALSE';
  const [num, text] = columnKey(bound);
  return `(${numColumn(column)}, ${textColumn(column)}) ${RANGE_SQL[op]} (${param(num, 'float8')}, ${param(text, 'text')}) AND ${numColumn(column)} > '-Infinity'`;
}

/** A range on `id`: text against text; every text sorts after every number. */
function idRange(op: RangeOperator, bound: Scalar, param: Param): string {
  if (bound === null) return 'FALSE';
  if (typeof bound !== 'string') return op === 'gt' || op === 'gte' ? 'TRUE' : 'FALSE';
  return `id ${RANGE_SQL[op]} ${param(escapeText(bound), 'text')}`;
}

/** ORDER BY (with its leading space), LIMIT and OFFSET, parameters numbered from `$first`. */
export function compileOrderAndPage(
  table: PostgresTable,
  query: Query,
  first: number,
): { sql: string; params: Array<number | null> } {
  const terms: string[] = [];
  for (const [column, direction] of query.orderBy ?? []) {
    checkColumn(table.name, table.known, column);
    if (direction !== 'asc' && direction !== 'desc') {
      throw new TypeError(`order direction for ${column} must be 'asc' or 'desc'`);
    }
    // Null (-Infinity) sorts first ascending and last descending, as in SQLite.
    const suffix = direction === 'asc' ? 'ASC' : 'DESC';
    if (column === 'id') terms.push(`id ${suffix}`);
    else terms.push(`${numColumn(column)} ${suffix}`, `${textColumn(column)} ${suffix}`);
  }
  const limit = checkCount('limit', query.limit) ?? null;
  const offset = checkCount('offset', query.offset) ?? 0;
  const order = terms.length > 0 ? ` ORDER BY ${terms.join(', ')}` : '';
  return { sql: `${order} LIMIT $${first}::bigint OFFSET $${first + 1}::bigint`, params: [limit, offset] };
}
