import { firstInOrder } from './first-in-order';
import { MemoryTableIndex } from './memory-index';
import { columnValue, compareScalars, equalityKey } from './scalar-order';
import {
  checkCount,
  checkColumn as checkDeclared,
  checkWhereScalar,
  declaredColumns,
  rangeBounds,
  serializeRow,
} from './schema-checks';
import {
  type Condition,
  DuplicateRowError,
  type Identified,
  type Query,
  type Row,
  type Store,
  type StoreReader,
  type StoreSchema,
  type StoreWriter,
  type TableSpec,
} from './store';
import { readsWhileOpen, transactionQueue } from './transaction-queue';

/** A row as held by the store: its JSON text (what callers get back, parsed afresh) and a private parse. */
interface StoredRow {
  json: string;
  row: Row;
}

interface TableInfo {
  name: string;
  columns: ReadonlySet<string>;
  spec: TableSpec | undefined;
}

type Predicate = (row: Row) => boolean;

/**
 * Opens a store that keeps every row in memory. It has no Node-only imports, so it also runs in a
 * browser under MSW. Queries follow the SQLite store's semantics exactly, so either can stand in for
 * the other in tests.
 *
 * @example
 * const store = createMemoryStore({ articles: { columns: ['status'] } });
 * await store.transaction((tx) => tx.insert('articles', { id: 'a1', status: 'draft' }));
 * const drafts = await store.find('articles', { where: { status: 'draft' } });
 */
export function createMemoryStore(schema: StoreSchema): Store {
  const tables = describeTables(schema);
  let committed = new Map<string, Map<string, StoredRow>>();
  let indexes = new Map<string, MemoryTableIndex>();
  const empty = () => {
    committed = new Map();
    indexes = new Map();
    for (const [name, info] of tables) {
      committed.set(name, new Map());
      indexes.set(name, MemoryTableIndex.of(info.spec));
    }
  };
  empty();

  const queue = transactionQueue('memory');
  const versions = new Map<string, number>();
  const bump = (names: Iterable<string>) => {
    for (const name of names) versions.set(name, (versions.get(name) ?? 0) + 1);
  };

  const tableOf = (name: string): TableInfo => {
    const info = tables.get(name);
    if (!info) throw new Error(`unknown table ${name}; the schema declares ${[...tables.keys()].join(', ')}`);
    return info;
  };

  const committedRows = (name: string): Map<string, StoredRow> => committed.get(name) ?? new Map();

  /** The committed rows `where` can match: what an index narrows it to, else all. */
  function* committedCandidates(table: string, where?: Record<string, Condition>): Iterable<StoredRow> {
    const rows = committedRows(table);
    if (typeof where?.id === 'string') {
      // The id is the table's key: one row at most.
      const stored = rows.get(where.id);
      if (stored) yield stored;
      return;
    }
    const ids = indexes.get(table)?.candidates(where);
    if (ids === undefined) {
      yield* rows.values();
      return;
    }
    for (const id of ids) {
      const stored = rows.get(id);
      if (stored) yield stored;
    }
  }

  /** Applies a committed change of one row to the table's rows and its indexes. */
  const commitRow = (table: string, id: string, stored: StoredRow | null): void => {
    const rows = committedRows(table);
    indexes.get(table)?.change(id, rows.get(id)?.row, stored?.row);
    if (stored) rows.set(id, stored);
    else rows.delete(id);
  };

  /**
   * The committed rows whose `column` equals the value `where` gives it, counted from the index
   * without reading them (as the SQL stores count a counted group from its counter), when `where`
   * is that one equality on a column that leads an index.
   */
  const indexedEquality = (table: string, where?: Record<string, Condition>) => {
    const entries = Object.entries(where ?? {});
    if (entries.length !== 1) return undefined;
    const [column, value] = entries[0] as [string, Condition];
    const index = indexes.get(table);
    if ((value !== null && typeof value === 'object') || !index?.leads(column)) return undefined;
    return { column, key: equalityKey(value), committed: index.countEqual(column, value) ?? 0 };
  };

  const reader = (
    lookup: (table: string, id: string) => StoredRow | undefined,
    scan: (table: string, where?: Record<string, Condition>) => Iterable<StoredRow>,
    changes: (table: string) => ReadonlyMap<string, StoredRow | null> | undefined = () => undefined,
  ): StoreReader => ({
    async get<T extends Identified>(table: string, id: string): Promise<T | undefined> {
      tableOf(table);
      const stored = lookup(table, id);
      return stored ? (JSON.parse(stored.json) as T) : undefined;
    },
    async find<T extends Identified>(table: string, query: Query = {}): Promise<T[]> {
      const info = tableOf(table);
      // A first page in an index's order, read from the committed rows: a transaction's own
      // writes would have to be merged into that order, so it reads as every other query does.
      const ordered =
        query.limit !== undefined && !changes(table)?.size && typeof query.where?.id !== 'string'
          ? indexes.get(table)?.inOrder(query.where, query.orderBy ?? [])
          : undefined;
      const rows = ordered
        ? pageInOrder(info, ordered, committedRows(table), query)
        : select(info, scan(table, query.where), query);
      return rows.map((stored) => JSON.parse(stored.json) as T);
    },
    async count(table: string, where?: Record<string, Condition>): Promise<number> {
      const matches = compileWhere(tableOf(table), where);
      const equality = indexedEquality(table, where);
      if (equality) {
        // The index's count, corrected by this transaction's changes to the table.
        let n = equality.committed;
        for (const [id, stored] of changes(table) ?? []) {
          const before = committedRows(table).get(id);
          if (before && equalityKey(columnValue(before.row, equality.column)) === equality.key) n--;
          if (stored && matches(stored.row)) n++;
        }
        return n;
      }
      let n = 0;
      for (const stored of scan(table, where)) if (matches(stored.row)) n++;
      return n;
    },
  });

  const outside = reader((table, id) => committedRows(table).get(id), committedCandidates);

  async function run<T>(work: (tx: StoreWriter) => Promise<T>): Promise<T> {
    // Uncommitted writes live in an overlay (null marks a deletion) so that reads outside the
    // transaction keep seeing the committed maps, and a rollback is simply dropping the overlay.
    const overlay = new Map<string, Map<string, StoredRow | null>>();
    const afterCommit: Array<() => void> = [];
    let finished = false;
    const live = (table: string): TableInfo => {
      if (finished)
        throw new Error('this transaction has already finished; use the store, or a new transaction');
      return tableOf(table);
    };
    const changes = (table: string): Map<string, StoredRow | null> => {
      let map = overlay.get(table);
      if (!map) {
        map = new Map();
        overlay.set(table, map);
      }
      return map;
    };
    const lookup = (table: string, id: string): StoredRow | undefined => {
      const changed = overlay.get(table)?.get(id);
      return changed === undefined ? committedRows(table).get(id) : (changed ?? undefined);
    };
    function* scan(table: string, where?: Record<string, Condition>): Iterable<StoredRow> {
      const changed = overlay.get(table);
      if (!changed) {
        yield* committedCandidates(table, where);
        return;
      }
      for (const stored of committedCandidates(table, where)) if (!changed.has(stored.row.id)) yield stored;
      for (const stored of changed.values()) if (stored) yield stored;
    }
    const read = reader(lookup, scan, (table) => overlay.get(table));

    const tx: StoreWriter = {
      async get<T extends Identified>(table: string, id: string): Promise<T | undefined> {
        live(table);
        return read.get<T>(table, id);
      },
      async find<T extends Identified>(table: string, query?: Query): Promise<T[]> {
        live(table);
        return read.find<T>(table, query);
      },
      async count(table: string, where?: Record<string, Condition>): Promise<number> {
        live(table);
        return read.count(table, where);
      },
      async insert<R extends Identified>(table: string, row: R): Promise<void> {
        const stored = serializeRow(table, live(table).columns, row);
        if (lookup(table, row.id)) throw new DuplicateRowError(table, row.id);
        changes(table).set(row.id, stored);
      },
      async put<R extends Identified>(table: string, row: R): Promise<void> {
        const stored = serializeRow(table, live(table).columns, row);
        changes(table).set(row.id, stored);
      },
      async delete(table: string, id: string): Promise<boolean> {
        live(table);
        if (!lookup(table, id)) return false;
        changes(table).set(id, null);
        return true;
      },
      async deleteWhere(table: string, where: Record<string, Condition>): Promise<number> {
        const matches = compileWhere(live(table), where);
        const doomed: string[] = [];
        for (const stored of scan(table, where)) if (matches(stored.row)) doomed.push(stored.row.id);
        const map = changes(table);
        for (const id of doomed) map.set(id, null);
        return doomed.length;
      },
      afterCommit(callback: () => void): void {
        if (finished)
          throw new Error('this transaction has already finished; use the store, or a new transaction');
        afterCommit.push(callback);
      },
    };

    let value: T;
    try {
      value = await work(tx);
      for (const [table, changed] of overlay) {
        for (const [id, stored] of changed) commitRow(table, id, stored);
      }
      bump(overlay.keys());
    } finally {
      finished = true;
    }
    for (const callback of afterCommit) callback();
    return value;
  }

  function versionNow(names: readonly string[]): number {
    queue.checkOpen();
    let sum = 0;
    for (const name of names) {
      tableOf(name);
      sum += versions.get(name) ?? 0;
    }
    return sum;
  }

  return {
    ...readsWhileOpen(queue, outside),
    transaction: (work) => queue.enqueue(() => run(work)),
    async version(names: readonly string[]): Promise<number> {
      return versionNow(names);
    },
    versionNow,
    clear: () =>
      queue.enqueue(async () => {
        empty();
        bump(tables.keys());
      }),
    async close(): Promise<void> {
      await queue.close();
    },
  };
}

/** A query's parts, checked as every store checks them. */
function checkedQuery(table: TableInfo, query: Query) {
  const matches = compileWhere(table, query.where);
  const order = query.orderBy ?? [];
  for (const [column, direction] of order) {
    checkDeclared(table.name, table.columns, column);
    if (direction !== 'asc' && direction !== 'desc') {
      throw new TypeError(`order direction for ${column} must be 'asc' or 'desc'`);
    }
  }
  const limit = checkCount('limit', query.limit);
  const offset = checkCount('offset', query.offset) ?? 0;
  return { matches, order, limit, offset };
}

/**
 * A page read in the order an index keeps (see `MemoryTableIndex.inOrder`): rows are read until
 * the page is full, none sorted.
 */
function pageInOrder(
  table: TableInfo,
  ids: Iterable<string>,
  rows: ReadonlyMap<string, StoredRow>,
  query: Query,
) {
  const { matches, limit, offset } = checkedQuery(table, query);
  const page: StoredRow[] = [];
  if (limit === 0) return page;
  let skipped = 0;
  for (const id of ids) {
    const stored = rows.get(id);
    if (!stored || !matches(stored.row)) continue;
    if (skipped < offset) skipped++;
    else if (page.push(stored) === limit) break;
  }
  return page;
}

function select(table: TableInfo, rows: Iterable<StoredRow>, query: Query): StoredRow[] {
  const { matches, order, limit, offset } = checkedQuery(table, query);
  const found: StoredRow[] = [];
  for (const stored of rows) if (matches(stored.row)) found.push(stored);
  const end = limit === undefined ? undefined : offset + limit;
  if (order.length > 0) {
    const compare = (a: StoredRow, b: StoredRow): number => {
      for (const [column, direction] of order) {
        const c = compareScalars(columnValue(a.row, column), columnValue(b.row, column));
        if (c !== 0) return direction === 'asc' ? c : -c;
      }
      return 0;
    };
    // A first page of many rows (a job claim among thousands due) keeps only the rows it shows.
    if (end !== undefined && end * 8 < found.length) return firstInOrder(found, end, compare).slice(offset);
    // Array sort is stable and linear on presorted input, which rows inserted in time order often are.
    found.sort(compare);
  }
  return found.slice(offset, end);
}

function compileWhere(table: TableInfo, where: Record<string, Condition> | undefined): Predicate {
  const tests: Predicate[] = [];
  for (const [column, condition] of Object.entries(where ?? {})) {
    checkDeclared(table.name, table.columns, column);
    if (condition === null) {
      tests.push((row) => columnValue(row, column) === null);
    } else if (typeof condition === 'object') {
      for (const [op, bound] of rangeBounds(column, condition)) {
        // As in SQL, a comparison with NULL on either side is never true.
        const holds = comparison(op);
        tests.push((row) => {
          const value = columnValue(row, column);
          return value !== null && bound !== null && holds(compareScalars(value, bound));
        });
      }
    } else {
      checkWhereScalar(column, condition);
      if (typeof condition === 'string') {
        tests.push((row) => row[column] === condition);
      } else {
        const wanted = Number(condition);
        tests.push((row) => {
          const value = row[column];
          return (typeof value === 'number' || typeof value === 'boolean') && Number(value) === wanted;
        });
      }
    }
  }
  if (tests.length === 0) return () => true;
  if (tests.length === 1) return tests[0] as Predicate;
  return (row) => {
    for (const test of tests) if (!test(row)) return false;
    return true;
  };
}

function comparison(op: string): (c: number) => boolean {
  switch (op) {
    case 'lt':
      return (c) => c < 0;
    case 'lte':
      return (c) => c <= 0;
    case 'gt':
      return (c) => c > 0;
    default:
      return (c) => c >= 0;
  }
}

function describeTables(schema: StoreSchema): Map<string, TableInfo> {
  const tables = new Map<string, TableInfo>();
  for (const [name, columns] of declaredColumns(schema))
    tables.set(name, { name, columns: new Set(columns), spec: schema[name] });
  return tables;
}
