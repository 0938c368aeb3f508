import { columnValue, compareScalars, equalityKey } from './scalar-order';
import type { Condition, Row, Scalar, TableSpec } from './store';

/** One row's place in an ordered bucket: the value of the bucket's second column, and its id. */
type Entry = [value: Scalar, id: string];

/**
 * The secondary indexes of one table of the memory store, over its committed rows. Rows are
 * bucketed by the value of each column that leads a declared index, so an equality on one reads
 * its bucket, not the table; and for an index of two or more columns each bucket is also kept in
 * the order of the second column, so a range on it reads a slice. Answers are supersets: the store
 * still checks every condition on the rows it reads.
 *
 * @example
 * const index = MemoryTableIndex.of({ columns: ['owner', 'at'], indexes: [['owner', 'at']] });
 * index.change('r1', undefined, { id: 'r1', owner: 'a', at: 5 });
 * [...(index.candidates({ owner: 'a', at: { lte: 9 } }) ?? [])]; // ['r1']
 */
export class MemoryTableIndex {
  /** Per leading column, the ids by the key of their value. */
  private readonly buckets = new Map<string, Map<string, Set<string>>>();
  /** Per (leading column, second column) of an index, each bucket's entries in order. */
  private readonly ordered = new Map<string, { second: string; buckets: Map<string, Entry[]> }[]>();

  private constructor(pairs: ReadonlyArray<readonly [string, string | undefined]>) {
    for (const [first, second] of pairs) {
      if (!this.buckets.has(first)) this.buckets.set(first, new Map());
      if (second === undefined) continue;
      const list = this.ordered.get(first) ?? [];
      if (!list.some((known) => known.second === second)) list.push({ second, buckets: new Map() });
      this.ordered.set(first, list);
    }
  }

  /** The indexes a table's declared indexes and counted groups call for. */
  static of(spec: TableSpec | undefined): MemoryTableIndex {
    const pairs: Array<[string, string | undefined]> = [];
    for (const columns of [...(spec?.indexes ?? []), ...(spec?.counted ?? [])]) {
      const [first, second] = columns.map((column) => column.split(' ')[0] ?? column);
      if (first && first !== 'id') pairs.push([first, second === 'id' ? undefined : second]);
    }
    return new MemoryTableIndex(pairs);
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
      for (const { second, buckets: sorted } of this.ordered.get(column) ?? []) {
        const was = before ? columnValue(before, second) : undefined;
        const is = after ? columnValue(after, second) : undefined;
        if (from === to && was === is) continue;
        if (from !== undefined) removeEntry(sorted, from, [was ?? null, id]);
        if (to !== undefined) insertEntry(sorted, to, [is ?? null, id]);
      }
    }
  }

  /** Ids of the committed rows `where` can match, or `undefined` when no index narrows it (read them all). */
  candidates(where: Record<string, Condition> | undefined): Iterable<string> | undefined {
    for (const [column, buckets] of this.buckets) {
      const condition = where?.[column];
      if (condition === undefined || (condition !== null && typeof condition === 'object')) continue;
      const key = equalityKey(condition);
      for (const { second, buckets: sorted } of this.ordered.get(column) ?? []) {
        const range = where?.[second];
        if (range !== null && typeof range === 'object') return slice(sorted.get(key) ?? [], range);
      }
      return buckets.get(key) ?? [];
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

function removeFrom(buckets: Map<string, Set<string>>, key: string, id: string): void {
  const bucket = buckets.get(key);
  bucket?.delete(id);
  if (bucket?.size === 0) buckets.delete(key);
}

function compareEntries(a: Entry, b: Entry): number {
  return compareScalars(a[0], b[0]) || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);
}

/** The first position whose entry is not before `entry`. */
function lowerBound(entries: Entry[], entry: Entry): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareEntries(entries[middle] as Entry, entry) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

function insertEntry(buckets: Map<string, Entry[]>, key: string, entry: Entry): void {
  const entries = buckets.get(key) ?? [];
  buckets.set(key, entries);
  // Rows mostly arrive in order (times, sequence numbers): appending is the common case.
  const last = entries[entries.length - 1];
  if (last === undefined || compareEntries(last, entry) < 0) entries.push(entry);
  else entries.splice(lowerBound(entries, entry), 0, entry);
}

function removeEntry(buckets: Map<string, Entry[]>, key: string, entry: Entry): void {
  const entries = buckets.get(key);
  if (!entries) return;
  const at = lowerBound(entries, entry);
  if (entries[at] !== undefined && compareEntries(entries[at] as Entry, entry) === 0) entries.splice(at, 1);
  if (entries.length === 0) buckets.delete(key);
}

/** Ids of the entries a range can match: from its lower bound to its upper bound, both taken inclusively. */
function* slice(entries: Entry[], range: object): Iterable<string> {
  const bounds = range as { lt?: Scalar; lte?: Scalar; gt?: Scalar; gte?: Scalar };
  const lower = bounds.gt ?? bounds.gte;
  const upper = bounds.lt ?? bounds.lte;
  // No comparison with null holds, so nulls (first in the order) are never in a range.
  let at =
    lower === undefined || lower === null
      ? lowerBound(entries, [null, '\uffff'])
      : lowerBound(entries, [lower, '']);
  for (; at < entries.length; at++) {
    const entry = entries[at] as Entry;
    if (upper !== undefined && upper !== null && compareScalars(entry[0], upper) > 0) return;
    yield entry[1];
  }
}
