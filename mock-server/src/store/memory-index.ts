import { columnValue, compareScalars, equalityKey } from './scalar-order';
import type { Condition, Row, Scalar, TableSpec } from './store';

/** One row's place in an ordered bucket: the values of the index's later columns, and its id. */
type Entry = [values: Scalar[], id: string];

/** The order of an index's columns after its first, each ascending or descending. */
interface OrderedList {
  columns: string[];
  descending: boolean[];
  /** Per value of the first column, its rows' entries in this order (then by id). */
  buckets: Map<string, Entry[]>;
}

/**
 * The secondary indexes of one table of the memory store, over its committed rows. Rows are
 * bucketed by the value of each column that leads a declared index, so an equality on one reads
 * its bucket, not the table; and for an index of two or more columns each bucket is also kept in
 * the order of the later columns, so a range on the second reads a slice, and a first page in
 * that order reads only its rows. Answers are supersets: the store still checks every condition
 * on the rows it reads.
 *
 * @example
 * const index = MemoryTableIndex.of({ columns: ['owner', 'at'], indexes: [['owner', 'at']] });
 * index.change('r1', undefined, { id: 'r1', owner: 'a', at: 5 });
 * [...(index.candidates({ owner: 'a', at: { lte: 9 } }) ?? [])]; // ['r1']
 */
export class MemoryTableIndex {
  /** Per leading column, the ids by the key of their value. */
  private readonly buckets = new Map<string, Map<string, Set<string>>>();
  /** Per leading column, the orders of its indexes' later columns. */
  private readonly ordered = new Map<string, OrderedList[]>();

  private constructor(indexes: ReadonlyArray<readonly string[]>) {
    for (const [leading, ...rest] of indexes) {
      const first = leading?.split(' ')[0];
      if (first === undefined || first === 'id') continue;
      if (!this.buckets.has(first)) this.buckets.set(first, new Map());
      const tail = rest.map((entry) => entry.split(' '));
      const stop = tail.findIndex(([column]) => column === 'id');
      const kept = stop === -1 ? tail : tail.slice(0, stop);
      if (kept.length === 0) continue;
      const list: OrderedList = {
        columns: kept.map(([column]) => column as string),
        descending: kept.map(([, direction]) => direction === 'desc'),
        buckets: new Map(),
      };
      const lists = this.ordered.get(first) ?? [];
      // An order that begins another one is served by it.
      if (!lists.some((known) => startsWith(known, list))) {
        this.ordered.set(first, [...lists.filter((known) => !startsWith(list, known)), list]);
      }
    }
  }

  /** The indexes a table's declared indexes and counted groups call for. */
  static of(spec: TableSpec | undefined): MemoryTableIndex {
    return new MemoryTableIndex([...(spec?.indexes ?? []), ...(spec?.counted ?? [])]);
  }

  /** Moves a committed row from what it was (`before`, none for an insert) to what it is (`after`, none for a delete). */
  change(id: string, before: Row | undefined, after: Row | undefined): void {
    for (const [column, buckets] of this.buckets) {
      const from = before ? equalityKey(columnValue(before, column)) : undefined;
      const to = after ? equalityKey(columnValue(after, column)) : undefined;
      if (from !== to) {
        if (from !== undefined) removeFrom(buckets, from, id);
        if (to !== undefined) buckets.set(to, (buckets.get(to) ?? new Set()).add(id));
      }
      for (const list of this.ordered.get(column) ?? []) {
        const was = before ? list.columns.map((name) => columnValue(before, name)) : undefined;
        const is = after ? list.columns.map((name) => columnValue(after, name)) : undefined;
        if (from === to && sameValues(was, is)) continue;
        if (from !== undefined && was) removeEntry(list, from, [was, id]);
        if (to !== undefined && is) insertEntry(list, to, [is, id]);
      }
    }
  }

  /** Ids of the committed rows `where` can match, or `undefined` when no index narrows it (read them all). */
  candidates(where: Record<string, Condition> | undefined): Iterable<string> | undefined {
    for (const [column, buckets] of this.buckets) {
      const key = equalityKeyOf(where?.[column]);
      if (key === undefined) continue;
      for (const list of this.ordered.get(column) ?? []) {
        const range = where?.[list.columns[0] as string];
        if (isRange(range) && !list.descending[0]) return slice(list.buckets.get(key) ?? [], range);
      }
      return buckets.get(key) ?? [];
    }
    return undefined;
  }

  /**
   * Ids of the committed rows `where` can match in the order of `orderBy` (ties in the index's
   * later columns, then by id), when an index keeps that order for an equality `where` holds;
   * else `undefined`. A range on the index's second column reads only its slice.
   */
  inOrder(
    where: Record<string, Condition> | undefined,
    orderBy: ReadonlyArray<readonly [string, 'asc' | 'desc']>,
  ): Iterable<string> | undefined {
    if (orderBy.length === 0) return undefined;
    for (const [column, lists] of this.ordered) {
      const key = equalityKeyOf(where?.[column]);
      if (key === undefined) continue;
      for (const list of lists) {
        if (
          !orderBy.every(
            ([name, direction], i) =>
              list.columns[i] === name && list.descending[i] === (direction === 'desc'),
          )
        )
          continue;
        const entries = list.buckets.get(key) ?? [];
        const range = where?.[list.columns[0] as string];
        return isRange(range) && !list.descending[0] ? slice(entries, range) : ids(entries);
      }
    }
    return undefined;
  }

  /** How many committed rows have `value` in `column`, when `column` leads an index. */
  countEqual(column: string, value: Scalar): number | undefined {
    return this.buckets.get(column)?.get(equalityKey(value))?.size;
  }

  /** Whether `column` leads an index (its equalities are counted by `countEqual`). */
  leads(column: string): boolean {
    return this.buckets.has(column);
  }
}

/** The bucket key of an equality condition; `undefined` for a range or no condition. */
function equalityKeyOf(condition: Condition | undefined): string | undefined {
  if (condition === undefined || isRange(condition)) return undefined;
  return equalityKey(condition);
}

function isRange(condition: Condition | undefined): condition is Exclude<Condition, Scalar> {
  return condition !== null && typeof condition === 'object';
}

/** Whether `list`'s order begins with all of `prefix`'s. */
function startsWith(list: OrderedList, prefix: OrderedList): boolean {
  return prefix.columns.every(
    (column, i) => list.columns[i] === column && list.descending[i] === prefix.descending[i],
  );
}

function sameValues(a: Scalar[] | undefined, b: Scalar[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.every((value, i) => value === b[i]);
}

function removeFrom(buckets: Map<string, Set<string>>, key: string, id: string): void {
  const bucket = buckets.get(key);
  bucket?.delete(id);
  if (bucket?.size === 0) buckets.delete(key);
}

function compareEntries(list: OrderedList, a: Entry, b: Entry): number {
  for (let i = 0; i < list.columns.length; i++) {
    const c = compareScalars(a[0][i] as Scalar, b[0][i] as Scalar);
    if (c !== 0) return list.descending[i] ? -c : c;
  }
  return a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
}

/** The first position whose entry is not before `entry`. */
function lowerBound(list: OrderedList, entries: Entry[], entry: Entry): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareEntries(list, entries[middle] as Entry, entry) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

function insertEntry(list: OrderedList, key: string, entry: Entry): void {
  const entries = list.buckets.get(key) ?? [];
  list.buckets.set(key, entries);
  // Rows mostly arrive in order (times, sequence numbers): appending is the common case.
  const last = entries[entries.length - 1];
  if (last === undefined || compareEntries(list, last, entry) < 0) entries.push(entry);
  else entries.splice(lowerBound(list, entries, entry), 0, entry);
}

function removeEntry(list: OrderedList, key: string, entry: Entry): void {
  const entries = list.buckets.get(key);
  if (!entries) return;
  const at = lowerBound(list, entries, entry);
  const found = entries[at];
  if (found !== undefined && compareEntries(list, found, entry) === 0) entries.splice(at, 1);
  if (entries.length === 0) list.buckets.delete(key);
}

function* ids(entries: Entry[]): Iterable<string> {
  for (const entry of entries) yield entry[1];
}

/**
 * Ids of the entries a range on their first value can match, in order: from its lower bound to
 * its upper bound, both taken inclusively (the store checks the exact condition).
 */
function* slice(entries: Entry[], range: object): Iterable<string> {
  const bounds = range as { lt?: Scalar; lte?: Scalar; gt?: Scalar; gte?: Scalar };
  const lower = bounds.gt ?? bounds.gte;
  const upper = bounds.lt ?? bounds.lte;
  // No comparison with null holds, so nulls (first in the order) are never in a range.
  const floor = lower === undefined ? null : lower;
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const value = (entries[middle] as Entry)[0][0] as Scalar;
    const before = floor === null ? value === null : compareScalars(value, floor) < 0;
    if (before) low = middle + 1;
    else high = middle;
  }
  for (let at = low; at < entries.length; at++) {
    const entry = entries[at] as Entry;
    if (upper !== undefined && upper !== null && compareScalars(entry[0][0] as Scalar, upper) > 0) return;
    yield entry[1];
  }
}
