import {
  type Condition,
  type Identified,
  type Row,
  type Scalar,
  type StoreSchema,
  UnknownColumnError,
} from './store';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Checks a schema's table and column names and its index columns, the same way for every
 * store; answers each table's declared columns in order, without `id`.
 */
export function declaredColumns(schema: StoreSchema): Map<string, string[]> {
  const tables = new Map<string, string[]>();
  for (const [name, spec] of Object.entries(schema)) {
    if (!IDENTIFIER.test(name)) throw new Error(`table name ${name} must be a plain identifier`);
    for (const column of spec.columns) {
      if (!IDENTIFIER.test(column)) throw new Error(`column ${name}.${column} must be a plain identifier`);
      // `doc` holds the whole row in the SQL stores, so the schema may not declare it.
      if (column === 'doc') throw new Error(`column ${name}.doc is reserved; name it differently`);
    }
    const columns = [...new Set(spec.columns)].filter((column) => column !== 'id');
    const known = new Set(columns);
    for (const index of spec.indexes ?? []) {
      for (const entry of index) {
        const { column } = indexColumn(entry);
        if (column !== 'id' && !known.has(column)) throw new UnknownColumnError(name, column);
      }
    }
    for (const group of spec.counted ?? []) {
      if (group.length === 0) throw new Error(`a counted group of ${name} names no column`);
      for (const column of group) if (!known.has(column)) throw new UnknownColumnError(name, column);
    }
    tables.set(name, columns);
  }
  return tables;
}

/** A column of an index declaration: its name, and whether it is in descending order (`'seq desc'`). */
export function indexColumn(entry: string): { column: string; descending: boolean } {
  const match = /^(\S+)(?: (asc|desc))?$/.exec(entry);
  if (!match)
    throw new Error(`index column "${entry}" must be a column name, optionally followed by " desc"`);
  return { column: match[1] as string, descending: match[2] === 'desc' };
}

/** Throws `UnknownColumnError` unless `column` is `id` or declared. */
export function checkColumn(table: string, known: ReadonlySet<string>, column: string): void {
  if (column !== 'id' && !known.has(column)) throw new UnknownColumnError(table, column);
}

/**
 * The JSON form of a row and its parse, after checking that it is an object with a string id
 * whose declared columns hold scalars. Both stores keep exactly this form.
 */
export function serializeRow(
  table: string,
  columns: Iterable<string>,
  row: Identified,
): { json: string; row: Row } {
  checkRowShape(table, row);
  const json = JSON.stringify(row);
  const copy = JSON.parse(json) as Row;
  for (const column of columns) checkColumnValue(table, column, copy[column]);
  return { json, row: copy };
}

function checkRowShape(table: string, row: Identified): void {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) {
    throw new TypeError(`a row of ${table} must be an object with a string id`);
  }
  if (typeof row.id !== 'string') throw new TypeError(`a row of ${table} needs a string id`);
}

function checkColumnValue(table: string, column: string, value: unknown): void {
  if (value !== undefined && value !== null && typeof value === 'object') {
    throw new TypeError(`column ${table}.${column} must hold a string, number, boolean or null`);
  }
}

/**
 * The JSON form of a row and its declared columns' values as that JSON holds them, after the
 * checks of `serializeRow`, without parsing the JSON back: the SQL stores keep the text and need
 * only the columns, and a row may be kilobytes (an article).
 *
 * @example
 * serializeRowColumns('jobs', ['due_at'], { id: 'job_1', due_at: new Date(0), note: undefined });
 * // { json: '{"id":"job_1","due_at":"1970-01-01T00:00:00.000Z"}', columns: { due_at: '1970-01-01T00:00:00.000Z' } }
 */
export function serializeRowColumns(
  table: string,
  columns: Iterable<string>,
  row: Identified,
): { json: string; columns: Row } {
  if (typeof (row as { toJSON?: unknown } | null)?.toJSON === 'function') {
    // The row chooses its own JSON: only a parse tells what its columns hold.
    const { json, row: copy } = serializeRow(table, columns, row);
    return { json, columns: copy };
  }
  checkRowShape(table, row);
  const json = JSON.stringify(row);
  const values: Row = { id: row.id };
  for (const column of columns) {
    const value = jsonScalarOf(row as Row, column);
    checkColumnValue(table, column, value);
    if (value !== undefined) values[column] = value as Row[string];
  }
  return { json, columns: values };
}

/** What `JSON.parse(JSON.stringify(row))[key]` would be, when it is not an array or object. */
function jsonScalarOf(row: Row, key: string): unknown {
  // JSON holds own enumerable properties only.
  if (!Object.prototype.propertyIsEnumerable.call(row, key)) return undefined;
  let value: unknown = row[key];
  if (typeof (value as { toJSON?: unknown } | null)?.toJSON === 'function') {
    value = (value as { toJSON: (key: string) => unknown }).toJSON(key);
  }
  if (value instanceof Number || value instanceof String || value instanceof Boolean) value = value.valueOf();
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? value + 0 : null;
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    default:
      return value;
  }
}

/** A limit or offset: a whole number of 0 or more, or absent. */
export function checkCount(name: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number >= 0`);
  return value;
}

/** Throws unless `value` can be compared in a where clause (null is handled by the caller). */
export function checkWhereScalar(name: string, value: unknown): asserts value is string | number | boolean {
  const ok =
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && !Number.isNaN(value));
  if (!ok) {
    const hint = value === undefined ? '; use null to match a missing value' : '';
    throw new TypeError(`where.${name} must be a string, number, boolean or null${hint}`);
  }
}

export type RangeOperator = 'lt' | 'lte' | 'gt' | 'gte';
/** The SQL operator of each range operator. */
export const RANGE_SQL: Readonly<Record<RangeOperator, string>> = { lt: '<', lte: '<=', gt: '>', gte: '>=' };
const RANGE_OPERATORS: ReadonlySet<string> = new Set(Object.keys(RANGE_SQL));

/**
 * The bounds of a range condition on `column`, checked the same way for every store: a plain
 * object of known operators with comparable values (null allowed, matching nothing), at least one.
 */
export function rangeBounds(column: string, range: object): Array<[RangeOperator, Scalar]> {
  if (Object.getPrototypeOf(range) !== Object.prototype && Object.getPrototypeOf(range) !== null) {
    throw new TypeError(
      `where.${column} must be a string, number, boolean, null or a range { lt, lte, gt, gte }`,
    );
  }
  const bounds: Array<[RangeOperator, Scalar]> = [];
  for (const [op, bound] of Object.entries(range)) {
    if (!RANGE_OPERATORS.has(op))
      throw new TypeError(`where.${column} has ${op}; a range takes lt, lte, gt, gte`);
    if (bound === undefined) continue;
    if (bound !== null) checkWhereScalar(`${column}.${op}`, bound);
    bounds.push([op as RangeOperator, bound as Scalar]);
  }
  if (bounds.length === 0)
    throw new TypeError(`where.${column} is a range with no bound; give lt, lte, gt or gte`);
  return bounds;
}

/**
 * The counted group (see `TableSpec.counted`) whose columns are exactly those `where` compares
 * for equality, with the compared values in the group's column order; none when `where` has a
 * range or matches no group.
 */
export function countedGroupOf(
  groups: ReadonlyArray<readonly string[]>,
  where: Record<string, Condition> | undefined,
): { group: readonly string[]; values: Scalar[] } | undefined {
  const entries = Object.entries(where ?? {});
  if (entries.length === 0) return undefined;
  for (const [, condition] of entries)
    if (condition !== null && typeof condition === 'object') return undefined;
  const conditions = new Map(entries);
  for (const group of groups) {
    if (group.length !== conditions.size || !group.every((column) => conditions.has(column))) continue;
    const values = group.map((column) => conditions.get(column) as Scalar);
    for (const [i, value] of values.entries()) if (value !== null) checkWhereScalar(group[i] ?? '', value);
    return { group, values };
  }
  return undefined;
}

/** The name of a counted group, as the SQL stores record it: its columns joined by `__`. */
export const countedGroupName = (group: readonly string[]): string => group.join('__');
