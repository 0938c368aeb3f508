import { AsyncLocalStorage } from 'node:async_hooks';
import type { Pool, PoolClient, QueryConfig, QueryResult, QueryResultRow } from 'pg';
import { POSTGRES_COUNTS_TABLE, postgresCounterSql } from './postgres-counters';
import {
  columnKey,
  compileOrderAndPage,
  compileWhere,
  describePostgresTables,
  escapeText,
  type PostgresTable,
  rowValues,
} from './postgres-layout';
import { migrate, POSTGRES_VERSIONS_TABLE } from './postgres-migrations';
import { postgresSequences, STORE_SEQUENCES_SQL } from './postgres-sequences';
import {
  type AttemptState,
  begin,
  isConflict,
  runTransaction,
  type TransactionBody,
  transactOnce,
} from './postgres-transactions';
import { countedGroupOf, serializeRowColumns } from './schema-checks';
import {
  type Condition,
  DuplicateRowError,
  type Identified,
  type Query,
  type Store,
  type StoreSchema,
  type StoreWriter,
} from './store';
import { readsWhileOpen, transactionQueue } from './transaction-queue';

export interface PostgresStoreOptions {
  /** Most connections the store opens at once (one serves transactions, the rest reads). Default 10. */
  poolSize?: number;
  /** Reports connection errors that no call is waiting for (a server restart, a dropped idle connection). */
  onError?: (error: Error) => void;
}

/** First half of every advisory lock key of the store ("RQLK"); the second half is the schema's hash. */
const LOCK_CLASS = 0x52514c4b;
/** Distinct statement texts prepared by name per connection; beyond this, statements run unnamed. */
const PREPARED_LIMIT = 500;

/**
 * Opens a PostgreSQL store on `url` (`postgres://user:password@host:port/database`; add
 * `?options=-c%20search_path%3Dname` to keep the tables in schema `name`). Before it answers it
 * brings the database's layout up to date (see `postgres-migrations.ts`); instances that start at
 * once take turns. Each table is a SQL table with its declared columns, their indexes and the row
 * as `json` in `doc` (see `postgres-layout.ts`).
 *
 * Transactions keep the guarantees of the SQLite store without a lock that every write takes:
 * each runs at PostgreSQL's serializable isolation, so transactions of several servers run side
 * by side and their outcome is that of running them one at a time; one that met another's runs
 * again. Each server still runs its own one at a time, in order. Ids come from sequences
 * (`postgres-sequences.ts`), and versions and counts keep a row per connection, so servers
 * writing different rows never wait for each other. Reads outside a transaction see committed
 * data only.
 *
 * @example
 * const store = await openPostgresStore('postgres://rankquill@127.0.0.1:5432/rankquill', {
 *   articles: { columns: ['status'], indexes: [['status']] },
 * });
 * await store.transaction((tx) => tx.put('articles', { id: 'a1', status: 'published' }));
 * await store.close();
 */
export async function openPostgresStore(
  url: string,
  schema: StoreSchema,
  options: PostgresStoreOptions = {},
): Promise<Store> {
  const tables = describePostgresTables(schema);
  const { Pool } = await import('pg');
  const pool: Pool = new Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    // Tells the servers apart in pg_stat_activity.
    application_name: `rankquill (pid ${process.pid})`,
  });
  // An idle connection that breaks emits here; without a listener Node would end the process.
  pool.on('error', (error) => options.onError?.(error));

  let lockSql: string;
  try {
    lockSql = await prepareDatabase(pool, tables);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }

  const names = new Map<string, string>();
  const statement = (text: string, values: unknown[]): QueryConfig => {
    let name = names.get(text);
    if (name === undefined && names.size < PREPARED_LIMIT) {
      name = `rankquill_${names.size + 1}`;
      names.set(text, name);
    }
    return { name, text, values };
  };

  const tableOf = (name: string): PostgresTable => {
    const info = tables.get(name);
    if (!info) throw new Error(`unknown table ${name}; the schema declares ${[...tables.keys()].join(', ')}`);
    return info;
  };

  type Run = <R extends QueryResultRow>(text: string, values: unknown[]) => Promise<QueryResult<R>>;

  const reader = (run: Run) => ({
    async get<T extends Identified>(table: string, id: string): Promise<T | undefined> {
      const found = await run<{ doc: T }>(tableOf(table).sql.get, [escapeText(id)]);
      return found.rows[0]?.doc;
    },
    async find<T extends Identified>(table: string, query: Query = {}): Promise<T[]> {
      const info = tableOf(table);
      const where = compileWhere(info, query.where);
      const page = compileOrderAndPage(info, query, where.params.length + 1);
      const found = await run<{ doc: T }>(`SELECT doc FROM "${info.name}"${where.sql}${page.sql}`, [
        ...where.params,
        ...page.params,
      ]);
      return found.rows.map((row) => row.doc);
    },
    async count(table: string, where?: Record<string, Condition>): Promise<number> {
      const info = tableOf(table);
      const counted = countedGroupOf(info.counted, where);
      if (counted) {
        const found = await run<{ n: string }>(
          postgresCounterSql(info.name, counted.group),
          counted.values.flatMap((value) => columnKey(value)),
        );
        return Number(found.rows[0]?.n ?? 0);
      }
      const compiled = compileWhere(info, where);
      const found = await run<{ n: string }>(
        `SELECT count(*) AS n FROM "${info.name}"${compiled.sql}`,
        compiled.params,
      );
      return Number(found.rows[0]?.n ?? 0);
    },
  });

  const queue = transactionQueue('PostgreSQL');
  const context = new AsyncLocalStorage<true>();
  const outside = reader((text, values) => pool.query(statement(text, values)));

  const running = new Set<Promise<unknown>>();
  const sequences = postgresSequences(pool, lockSql);

  /**
   * One attempt of `work`, with a `tx` of its own (an attempt that met another server's is run
   * anew), on `begun` when a transaction was begun for it ahead.
   */
  const attempt = async <T>(work: (tx: StoreWriter) => Promise<T>, begun?: PoolClient): Promise<T> => {
    let finished = false;
    const afterCommit: Array<() => void> = [];
    let current: { client: PoolClient; state: AttemptState } | undefined;
    const check = (): void => {
      if (finished || !current) {
        throw new Error('this transaction has already finished; use the store, or a new transaction');
      }
    };
    const query: Run = async (text, values) => {
      check();
      const { client, state } = current as { client: PoolClient; state: AttemptState };
      return client.query(statement(text, values)).catch((error: unknown) => {
        // Work that catches a statement's failure cannot commit; a conflict still runs it again.
        if (isConflict(error)) state.conflict = true;
        throw error;
      });
    };
    const live = (table: string): PostgresTable => {
      check();
      return tableOf(table);
    };
    const written = new Set<string>();
    const writing = (table: string): PostgresTable => {
      const info = live(table);
      written.add(info.name);
      return info;
    };
    const read = reader(query);
    const tx: StoreWriter = {
      get: (table, id) => read.get(table, id),
      find: (table, q) => read.find(table, q),
      count: (table, where) => read.count(table, where),
      sequences: sequences.in(query),
      async insert<R extends Identified>(table: string, row: R): Promise<void> {
        const info = writing(table);
        const { json, columns: copy } = serializeRowColumns(table, info.columns, row);
        const inserted = await query(info.sql.insert, rowValues(info, row.id, copy, json));
        if (inserted.rowCount === 0) throw new DuplicateRowError(table, row.id);
      },
      async put<R extends Identified>(table: string, row: R): Promise<void> {
        const info = writing(table);
        const { json, columns: copy } = serializeRowColumns(table, info.columns, row);
        await query(info.sql.put, rowValues(info, row.id, copy, json));
      },
      async delete(table: string, id: string): Promise<boolean> {
        const deleted = await query(writing(table).sql.delete, [escapeText(id)]);
        return (deleted.rowCount ?? 0) > 0;
      },
      async deleteWhere(table: string, where: Record<string, Condition>): Promise<number> {
        const info = writing(table);
        const compiled = compileWhere(info, where);
        const deleted = await query(`DELETE FROM "${info.name}"${compiled.sql}`, compiled.params);
        return deleted.rowCount ?? 0;
      },
      afterCommit(callback: () => void): void {
        check();
        afterCommit.push(callback);
      },
    };
    const committed = await transactOnce(
      pool,
      context,
      async (client, state) => {
        current = { client, state };
        return { value: await work(tx), written };
      },
      () => {
        finished = true;
      },
      begun,
    );
    for (const callback of afterCommit) callback();
    return committed;
  };

  /** Runs `body` in one transaction (again, while it meets other servers' transactions). */
  const transact = <T>(
    body: (client: PoolClient) => Promise<TransactionBody<T>>,
    begun: PoolClient | undefined,
  ): Promise<T> =>
    runTransaction((tries) =>
      transactOnce(
        pool,
        context,
        (client) => body(client),
        () => undefined,
        tries === 1 ? begun : undefined,
      ),
    );

  /**
   * Where the next transaction may begin its connection: once the one before it has started its
   * work, so that its BEGIN round trip overlaps that work and no more than two connections wait.
   */
  let beginTurn: Promise<void> = Promise.resolve();

  /**
   * Runs a transaction after this server's earlier ones (its connection begun ahead, see
   * `beginTurn`), to be awaited by `close`.
   */
  const enqueue = <T>(work: (begun: PoolClient | undefined) => Promise<T>): Promise<T> => {
    if (context.getStore()) {
      return Promise.reject(new Error('a transaction cannot start another one; use the tx it was given'));
    }
    try {
      queue.checkOpen();
    } catch (error) {
      return Promise.reject(error);
    }
    const turn = beginTurn;
    let started = () => {};
    beginTurn = new Promise((resolve) => {
      started = resolve;
    });
    // A failed early BEGIN leaves the work to begin its own.
    const begun = turn.then(() => begin(pool)).catch(() => undefined);
    const result = queue.enqueue(async () => {
      const client = await begun;
      started();
      return work(client);
    });
    const settled = result.catch(() => undefined);
    running.add(settled);
    void settled.then(() => running.delete(settled));
    return result;
  };

  return {
    ...readsWhileOpen(queue, outside),
    transaction: (work) =>
      enqueue((begun) => runTransaction((tries) => attempt(work, tries === 1 ? begun : undefined))),
    async version(names: readonly string[]): Promise<number> {
      queue.checkOpen();
      for (const name of names) tableOf(name);
      const found = await pool.query<{ version: string }>(
        statement(
          `SELECT coalesce(sum(version), 0) AS version FROM ${POSTGRES_VERSIONS_TABLE} WHERE tbl = ANY($1)`,
          [[...names]],
        ),
      );
      return Number(found.rows[0]?.version ?? 0);
    },
    clear: () =>
      enqueue(async (begun) => {
        await transact(async (client) => {
          // TRUNCATE fires no row trigger: the counts are emptied with the rows. The counters
          // start again from nothing, as in a new database: their sequences go (in the
          // transaction), and are made again when next used.
          const names = [...tables.keys()].map((name) => `"${name}"`);
          await client.query(`TRUNCATE ${[...names, POSTGRES_COUNTS_TABLE].join(', ')}`);
          const found = await client.query<{ name: string }>(STORE_SEQUENCES_SQL);
          for (const { name } of found.rows)
            await client.query(`DROP SEQUENCE "${name.replaceAll('"', '""')}"`);
          return { value: undefined, written: tables.keys() };
        }, begun);
        sequences.forget();
      }),
    async close(): Promise<void> {
      if (!(await queue.close())) return;
      await Promise.all(running);
      await pool.end();
    },
  };
}

/**
 * Checks the database can hold the store's text, finds the lock of its schema, and migrates.
 * Answers the statement that takes the store's lock.
 */
async function prepareDatabase(pool: Pool, tables: ReadonlyMap<string, PostgresTable>): Promise<string> {
  const client = await pool.connect();
  try {
    const found = await client.query<{ encoding: string; schema: string | null; key: number | null }>(
      "SELECT current_setting('server_encoding') AS encoding, current_schema() AS schema, hashtext(current_schema()) AS key",
    );
    const { encoding, schema, key } = found.rows[0] ?? { encoding: '', schema: null, key: null };
    if (encoding !== 'UTF8') {
      throw new Error(
        `the database uses encoding ${encoding}; the Rankquill store needs UTF8 (createdb --encoding=UTF8 --template=template0)`,
      );
    }
    if (schema === null || key === null) {
      throw new Error(
        'the connection has no schema to create tables in: create the schema named by search_path, or drop search_path from the URL',
      );
    }
    const lockSql = `SELECT pg_advisory_xact_lock(${LOCK_CLASS}, ${key})`;
    await migrate(client, lockSql, schema, tables);
    return lockSql;
  } finally {
    client.release();
  }
}
