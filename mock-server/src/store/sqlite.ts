import { AsyncLocalStorage } from 'node:async_hooks';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { loadNodeSqlite } from '@rankquill/webhooks/sqlite';
import {
  checkCount,
  checkColumn as checkDeclared,
  checkWhereScalar,
  countedGroupOf,
  declaredColumns,
  indexColumn,
  RANGE_SQL,
  rangeBounds,
  serializeRowColumns,
} from './schema-checks';
import { installSqliteCounters, sqliteCounterSql } from './sqlite-counters';
import { SqliteVersionReader } from './sqlite-versions';
import {
  type Condition,
  DuplicateRowError,
  type Identified,
  type Query,
  type Store,
  type StoreSchema,
  type StoreWriter,
} from './store';
import { transactionQueue } from './transaction-queue';

interface TableInfo {
  name: string;
  /** Declared columns, in schema order (`id` excluded). */
  columns: readonly string[];
  known: ReadonlySet<string>;
  counted: ReadonlyArray<readonly string[]>;
  sql: { get: string; insert: string; put: string; delete: string };
}

interface Running {
  token: object;
  finished: Promise<void>;
}

const BUSY_TIMEOUT_MS = 5_000;
const STATEMENT_CACHE_LIMIT = 500;
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;
const SQLITE_CONSTRAINT_UNIQUE = 2067;

/**
 * Opens (or creates) a SQLite file store with `node:sqlite`. Each table holds `id`, one SQL column per
 * declared column and the whole row as JSON in `doc`; columns declared since the file was written are
 * added and filled from the JSON on open. `path` may be `':memory:'`.
 *
 * @example
 * const store = openSqliteStore('.data/rankquill.db', { articles: { columns: ['status'] } });
 * await store.transaction((tx) => tx.put('articles', { id: 'a1', status: 'published' }));
 * await store.close();
 */
export function openSqliteStore(path: string, schema: StoreSchema): Store {
  const tables = describeTables(schema);
  if (path !== ':memory:' && path !== '' && !path.startsWith('file:')) createOwnerOnlyFile(path);
  const { DatabaseSync } = loadNodeSqlite('The SQLite store');
  const db = new DatabaseSync(path, { timeout: BUSY_TIMEOUT_MS });
  try {
    db.exec('PRAGMA journal_mode = WAL');
    // In WAL mode NORMAL loses no commit to a process crash, only (possibly) to a power cut.
    db.exec('PRAGMA synchronous = NORMAL');
    migrate(db, tables, schema);
  } catch (error) {
    db.close();
    throw error;
  }

  const statements = new Map<string, StatementSync>();
  const statement = (sql: string): StatementSync => {
    let prepared = statements.get(sql);
    if (!prepared) {
      if (statements.size >= STATEMENT_CACHE_LIMIT) statements.clear();
      prepared = db.prepare(sql);
      statements.set(sql, prepared);
    }
    return prepared;
  };

  const tableOf = (name: string): TableInfo => {
    const info = tables.get(name);
    if (!info) throw new Error(`unknown table ${name}; the schema declares ${[...tables.keys()].join(', ')}`);
    return info;
  };

  const getNow = <T extends Identified>(table: string, id: string): T | undefined => {
    const found = statement(tableOf(table).sql.get).get(id);
    return found ? (JSON.parse(found.doc as string) as T) : undefined;
  };

  const findNow = <T extends Identified>(table: string, query: Query = {}): T[] => {
    const info = tableOf(table);
    const where = compileWhere(info, query.where);
    let sql = `SELECT doc FROM "${info.name}"${where.sql}`;
    const order = query.orderBy ?? [];
    if (order.length > 0) {
      const terms = order.map(([column, direction]) => {
        checkDeclared(info.name, info.known, column);
        if (direction !== 'asc' && direction !== 'desc') {
          throw new TypeError(`order direction for ${column} must be 'asc' or 'desc'`);
        }
        return `"${column}" ${direction === 'asc' ? 'ASC' : 'DESC'}`;
      });
      sql += ` ORDER BY ${terms.join(', ')}`;
    }
    const limit = checkCount('limit', query.limit) ?? -1;
    const offset = checkCount('offset', query.offset) ?? 0;
    sql += ' LIMIT ? OFFSET ?';
    const rows = statement(sql).all(...where.params, limit, offset);
    return rows.map((found) => JSON.parse(found.doc as string) as T);
  };

  const countNow = (table: string, where?: Record<string, Condition>): number => {
    const info = tableOf(table);
    const counted = countedGroupOf(info.counted, where);
    if (counted) {
      const params = counted.values.map((value, i) =>
        value === null ? null : bindScalar(counted.group[i] ?? '', value),
      );
      return Number(statement(sqliteCounterSql(info.name, counted.group)).get(...params)?.n ?? 0);
    }
    const compiled = compileWhere(info, where);
    const found = statement(`SELECT count(*) AS n FROM "${info.name}"${compiled.sql}`).get(
      ...compiled.params,
    );
    return Number(found?.n ?? 0);
  };

  const versions = new SqliteVersionReader(path, statement);
  const queue = transactionQueue('SQLite');
  let running: Running | undefined;
  const context = new AsyncLocalStorage<object>();

  const insideRunning = (): boolean => running !== undefined && context.getStore() === running.token;

  /**
   * Every statement shares one connection, which would show a running transaction's uncommitted
   * writes; so a read from outside waits until no transaction is running.
   */
  const outside = <T>(read: () => T): Promise<T> => {
    try {
      queue.checkOpen();
    } catch (error) {
      return Promise.reject(error);
    }
    if (running === undefined) {
      try {
        return Promise.resolve(read());
      } catch (error) {
        return Promise.reject(error);
      }
    }
    if (insideRunning()) {
      return Promise.reject(
        new Error(
          'a transaction read through the store itself, which waits for that transaction: read through its tx',
        ),
      );
    }
    return (async () => {
      while (running) await running.finished;
      return read();
    })();
  };

  async function run<T>(work: (tx: StoreWriter) => Promise<T>): Promise<T> {
    let finish = (): void => {};
    const token = {};
    running = { token, finished: new Promise<void>((done) => (finish = done)) };
    let finished = false;
    const live = (table: string): TableInfo => {
      if (finished)
        throw new Error('this transaction has already finished; use the store, or a new transaction');
      return tableOf(table);
    };
    const written = new Set<string>();
    const afterCommit: Array<() => void> = [];
    const writing = (table: string): TableInfo => {
      const info = live(table);
      written.add(info.name);
      return info;
    };

    const tx: StoreWriter = {
      async get<R extends Identified>(table: string, id: string): Promise<R | undefined> {
        live(table);
        return getNow<R>(table, id);
      },
      async find<R extends Identified>(table: string, query?: Query): Promise<R[]> {
        live(table);
        return findNow<R>(table, query);
      },
      async count(table: string, where?: Record<string, Condition>): Promise<number> {
        live(table);
        return countNow(table, where);
      },
      async insert<R extends Identified>(table: string, row: R): Promise<void> {
        const info = writing(table);
        const values = encode(info, row);
        try {
          statement(info.sql.insert).run(...values);
        } catch (error) {
          if (isPrimaryKeyViolation(error)) throw new DuplicateRowError(table, row.id);
          throw error;
        }
      },
      async put<R extends Identified>(table: string, row: R): Promise<void> {
        const info = writing(table);
        statement(info.sql.put).run(...encode(info, row));
      },
      async delete(table: string, id: string): Promise<boolean> {
        const info = writing(table);
        return Number(statement(info.sql.delete).run(id).changes) > 0;
      },
      async deleteWhere(table: string, where: Record<string, Condition>): Promise<number> {
        const info = writing(table);
        const compiled = compileWhere(info, where);
        return Number(statement(`DELETE FROM "${info.name}"${compiled.sql}`).run(...compiled.params).changes);
      },
      afterCommit(callback: () => void): void {
        if (finished)
          throw new Error('this transaction has already finished; use the store, or a new transaction');
        afterCommit.push(callback);
      },
    };

    let value: T;
    try {
      statement('BEGIN IMMEDIATE').run();
      value = await context.run(token, () => work(tx));
      statement('COMMIT').run();
      if (written.size > 0) versions.committed(written);
    } catch (error) {
      // SQLite may already have rolled back by itself (e.g. on SQLITE_FULL).
      if (db.isTransaction) statement('ROLLBACK').run();
      throw error;
    } finally {
      finished = true;
      running = undefined;
      finish();
    }
    for (const callback of afterCommit) callback();
    return value;
  }

  const enqueue = <T>(work: (tx: StoreWriter) => Promise<T>): Promise<T> => {
    if (insideRunning()) {
      return Promise.reject(new Error('a transaction cannot start another one; use the tx it was given'));
    }
    return queue.enqueue(() => run(work));
  };

  return {
    get: <T extends Identified>(table: string, id: string) => outside(() => getNow<T>(table, id)),
    find: <T extends Identified>(table: string, query?: Query) => outside(() => findNow<T>(table, query)),
    count: (table: string, where?: Record<string, Condition>) => outside(() => countNow(table, where)),
    transaction: enqueue,
    version: (names: readonly string[]) =>
      outside(() => {
        for (const name of names) tableOf(name);
        return versions.sum(names);
      }),
    // A version read while a transaction runs may miss its commit: the reads a cache makes after
    // it wait for that commit, and the next version check sees it.
    versionNow: (names: readonly string[]) => {
      queue.checkOpen();
      for (const name of names) tableOf(name);
      return versions.sum(names);
    },
    clear: () =>
      enqueue(async () => {
        for (const info of tables.values()) statement(`DELETE FROM "${info.name}"`).run();
        versions.committed(tables.keys());
      }),
    async close(): Promise<void> {
      if (!(await queue.close())) return;
      statements.clear();
      versions.close();
      db.close();
    },
  };
}

function describeTables(schema: StoreSchema): Map<string, TableInfo> {
  const tables = new Map<string, TableInfo>();
  for (const [name, columns] of declaredColumns(schema)) {
    const known = new Set(columns);
    const all = ['id', ...columns, 'doc'].map((column) => `"${column}"`);
    const placeholders = all.map(() => '?').join(', ');
    const updates = all
      .slice(1)
      .map((column) => `${column} = excluded.${column}`)
      .join(', ');
    tables.set(name, {
      name,
      columns,
      known,
      counted: schema[name]?.counted ?? [],
      sql: {
        get: `SELECT doc FROM "${name}" WHERE id = ?`,
        insert: `INSERT INTO "${name}" (${all.join(', ')}) VALUES (${placeholders})`,
        put: `INSERT INTO "${name}" (${all.join(', ')}) VALUES (${placeholders}) ON CONFLICT (id) DO UPDATE SET ${updates}`,
        delete: `DELETE FROM "${name}" WHERE id = ?`,
      },
    });
  }
  return tables;
}

/** Creates tables and indexes, and adds (and fills from `doc`) columns declared since the file was made. */
/**
 * Creates a missing database file (and its folder) readable by its owner only: the store holds
 * webhook secrets and public API keys. SQLite gives the -wal and -shm files the database file's
 * mode, so they follow. An existing file keeps its mode.
 */
function createOwnerOnlyFile(path: string): void {
  mkdirSync(dirname(resolve(path)), { recursive: true, mode: 0o700 });
  try {
    closeSync(openSync(path, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

function migrate(db: DatabaseSync, tables: Map<string, TableInfo>, schema: StoreSchema): void {
  db.exec('BEGIN IMMEDIATE');
  try {
    for (const info of tables.values()) {
      const columns = info.columns.map((column) => `"${column}", `).join('');
      db.exec(`CREATE TABLE IF NOT EXISTS "${info.name}" (id TEXT PRIMARY KEY, ${columns}doc TEXT NOT NULL)`);
      const existing = new Set(
        db
          .prepare(`PRAGMA table_info("${info.name}")`)
          .all()
          .map((c) => c.name as string),
      );
      for (const column of info.columns) {
        if (existing.has(column)) continue;
        db.exec(`ALTER TABLE "${info.name}" ADD COLUMN "${column}"`);
        db.exec(`UPDATE "${info.name}" SET "${column}" = json_extract(doc, '$."${column}"')`);
      }
      for (const index of schema[info.name]?.indexes ?? []) {
        const list = index
          .map(indexColumn)
          .map(({ column, descending }) => `"${column}"${descending ? ' DESC' : ''}`)
          .join(', ');
        const name = `${info.name}__${index.map((entry) => entry.replace(' ', '_')).join('__')}`;
        db.exec(`CREATE INDEX IF NOT EXISTS "${name}" ON "${info.name}" (${list})`);
      }
      installSqliteCounters(db, info.name, info.counted);
    }
    db.exec('COMMIT');
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

/**
 * Binds a row: id, its declared columns, then its JSON. Columns are read from the JSON form so
 * that they agree with `doc` (and with the memory store) on dates, NaN and missing fields.
 */
function encode(table: TableInfo, row: Identified): SQLInputValue[] {
  const { json, columns: copy } = serializeRowColumns(table.name, table.columns, row);
  const values: SQLInputValue[] = [row.id];
  for (const column of table.columns) {
    const value = copy[column] as string | number | boolean | null | undefined;
    values.push(
      value === undefined || value === null ? null : typeof value === 'boolean' ? (value ? 1 : 0) : value,
    );
  }
  values.push(json);
  return values;
}

function compileWhere(
  table: TableInfo,
  where: Record<string, Condition> | undefined,
): { sql: string; params: SQLInputValue[] } {
  const terms: string[] = [];
  const params: SQLInputValue[] = [];
  for (const [column, condition] of Object.entries(where ?? {})) {
    checkDeclared(table.name, table.known, column);
    if (condition === null) {
      terms.push(`"${column}" IS NULL`);
    } else if (typeof condition === 'object') {
      for (const [op, bound] of rangeBounds(column, condition)) {
        terms.push(`"${column}" ${RANGE_SQL[op]} ?`);
        params.push(bound === null ? null : bindScalar(`${column}.${op}`, bound));
      }
    } else {
      terms.push(`"${column}" = ?`);
      params.push(bindScalar(column, condition));
    }
  }
  return { sql: terms.length > 0 ? ` WHERE ${terms.join(' AND ')}` : '', params };
}

function bindScalar(name: string, value: unknown): SQLInputValue {
  checkWhereScalar(name, value);
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

function isPrimaryKeyViolation(error: unknown): boolean {
  const code = (error as { errcode?: unknown } | null)?.errcode;
  return code === SQLITE_CONSTRAINT_PRIMARYKEY || code === SQLITE_CONSTRAINT_UNIQUE;
}
