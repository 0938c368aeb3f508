import { engineSchema } from '../engine/kernel/schema';
import { createMemoryStore } from '../store/memory';
import { openPostgresStore } from '../store/postgres';
import { openSqliteStore } from '../store/sqlite';
import type { Store } from '../store/store';

const POSTGRES_URL = /^postgres(?:ql)?:\/\//i;

/** Whether `db` names a PostgreSQL database rather than a SQLite file. */
export function isPostgresUrl(db: string): boolean {
  return POSTGRES_URL.test(db);
}

/**
 * `db` as it may be shown: a PostgreSQL URL without its password and parameters (which may hold
 * one), anything else as it is.
 */
export function describeDatabase(db: string): string {
  if (!isPostgresUrl(db)) return db;
  try {
    const url = new URL(db);
    const user = url.username ? `${url.username}@` : '';
    return `${url.protocol}//${user}${url.host}${url.pathname}`;
  } catch {
    return 'postgres://(a URL that does not parse)';
  }
}

/**
 * Opens the engine's store named by `db`: `:memory:`, a `postgres://` URL, or a SQLite file path.
 *
 * @example
 * const store = await openEngineStore('postgres://rankquill@127.0.0.1:5432/rankquill');
 */
export async function openEngineStore(db: string, onError?: (error: Error) => void): Promise<Store> {
  if (db === ':memory:') return createMemoryStore(engineSchema);
  if (!isPostgresUrl(db)) return openSqliteStore(db, engineSchema);
  try {
    return await openPostgresStore(db, engineSchema, { onError });
  } catch (error) {
    throw new Error(
      `cannot open the PostgreSQL database ${describeDatabase(db)}: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
}
