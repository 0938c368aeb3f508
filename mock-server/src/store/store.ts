/**
 * The storage interface of the engine. It is deliberately narrow and SQL-shaped: tables of
 * JSON rows keyed by `id`, with a few declared scalar columns that can be filtered, ordered
 * and indexed. The memory store, the SQLite store and a future PostgreSQL store implement it.
 */

export type Scalar = string | number | boolean | null;

/** A row: any JSON object with a string `id`. Declared columns must hold scalars. */
export interface Row {
  id: string;
  [field: string]: unknown;
}

/**
 * What callers pass and get back: any object type with an `id` (interfaces included).
 * Implementations treat it as a `Row`.
 */
export interface Identified {
  id: string;
}

/** Equality, or a range on a numeric or string column. */
export type Condition = Scalar | { lt?: Scalar; lte?: Scalar; gt?: Scalar; gte?: Scalar };

export interface Query {
  where?: Record<string, Condition>;
  /** Columns to order by; `id` is always a valid column. Ties keep no particular order. */
  orderBy?: Array<[column: string, direction: 'asc' | 'desc']>;
  limit?: number;
  offset?: number;
}

export interface TableSpec {
  /** Scalar fields of the row that queries may filter and order on. */
  columns: readonly string[];
  /**
   * Composite indexes, each a list of columns, for the queries the engine makes. A column may
   * end in ` desc` for an order that mixes directions (`['project_id', 'score', 'seq desc']`
   * serves `score desc, seq asc` as well as `score asc, seq desc`).
   */
  indexes?: ReadonlyArray<readonly string[]>;
  /**
   * Groups of declared columns whose row counts the SQL stores keep in the same transaction as
   * the rows, so that `count` with an equality on exactly one group's columns reads one counter
   * instead of the matching rows. Answers are the same either way; only the cost differs.
   */
  counted?: ReadonlyArray<readonly string[]>;
}

/** Tables by name. */
export type StoreSchema = Readonly<Record<string, TableSpec>>;

export interface StoreReader {
  /** The row of `table` with this id, or undefined. */
  get<T extends Identified>(table: string, id: string): Promise<T | undefined>;
  /** The rows of `table` that match `query.where`, ordered and paged as `query` says. */
  find<T extends Identified>(table: string, query?: Query): Promise<T[]>;
  /** How many rows of `table` match `where`. */
  count(table: string, where?: Record<string, Condition>): Promise<number>;
}

/**
 * Counters a store shared by several processes keeps itself, so that transactions of two
 * processes take numbers without writing one row: each number is greater than every number the
 * counter gave before and is never given twice, whichever process asks; a number taken by a
 * transaction that rolls back is not given again. (A store without them keeps counters in rows.)
 */
export interface StoreSequences {
  /**
   * The next number of counter `name`. `start` answers the last number used before the store
   * kept this counter; it is asked once, in the transaction that first takes a number.
   */
  next(name: string, start: () => Promise<number>): Promise<number>;
  /** The last number counter `name` gave, or `undefined` while the store keeps no such counter. */
  last(name: string): Promise<number | undefined>;
}

export interface StoreWriter extends StoreReader {
  /** Counters the store keeps itself, when it does (see `StoreSequences`). */
  readonly sequences?: StoreSequences;
  /** Adds a row; throws `DuplicateRowError` when the id exists. */
  insert<T extends Identified>(table: string, row: T): Promise<void>;
  /** Inserts or replaces the row with this id. */
  put<T extends Identified>(table: string, row: T): Promise<void>;
  /** Removes a row; answers whether it existed. */
  delete(table: string, id: string): Promise<boolean>;
  /** Removes every row that matches; answers how many. */
  deleteWhere(table: string, where: Record<string, Condition>): Promise<number>;
  /**
   * Calls `callback` once this transaction has committed, outside it, and never when it rolls
   * back: what the transaction makes possible (a background run of the work it scheduled) may
   * start transactions of its own there. Callbacks run in order and must not throw.
   *
   * @example
   * ```ts
   * await store.transaction(async (tx) => {
   *   await tx.insert('jobs', job);
   *   tx.afterCommit(() => runner.kick());
   * });
   * ```
   */
  afterCommit(callback: () => void): void;
}

export interface Store extends StoreReader {
  /**
   * Runs `work` as one atomic unit: all of its writes land, or none do when it throws.
   * Transactions are serializable: each sees everything committed before it and its outcome is
   * that of some order of running them one at a time. One process runs its transactions one at
   * a time, in the order they were asked for; reads outside them never see their uncommitted
   * writes. A store shared by several processes may run theirs side by side and run `work` again
   * when it met another's (so `work` acts outside the store only through `afterCommit`).
   */
  transaction<T>(work: (tx: StoreWriter) => Promise<T>): Promise<T>;
  /**
   * A number that grows whenever a transaction that wrote to one of `tables` commits, or the store
   * is cleared, whichever process on the same database did it. A cache that keeps it with an
   * answer knows the answer is current while the number stays the same.
   */
  version(tables: readonly string[]): Promise<number>;
  /**
   * `version(tables)` at once, from a store that keeps it in memory (memory, SQLite); a store that
   * asks its database for it has none. Hot paths that check a version before every request use it
   * to skip a wait.
   */
  versionNow?(tables: readonly string[]): number;
  /** Removes every row of every table. */
  clear(): Promise<void>;
  /** Closes the connection or file; the store answers nothing after. */
  close(): Promise<void>;
}

export class DuplicateRowError extends Error {
  constructor(
    readonly table: string,
    readonly id: string,
  ) {
    super(`a row with id ${id} already exists in ${table}`);
    this.name = 'DuplicateRowError';
  }
}

/** Thrown when a query names a column the table does not declare. */
export class UnknownColumnError extends Error {
  constructor(table: string, column: string) {
    super(`table ${table} has no queryable column ${column}`);
    this.name = 'UnknownColumnError';
  }
}
