import type { Pool, QueryResult, QueryResultRow } from 'pg';
import type { StoreSequences } from './store';

/** Runs one statement in the transaction at hand. */
type Run = <R extends QueryResultRow>(text: string, values: unknown[]) => Promise<QueryResult<R>>;

/** Thrown when a counter's sequence was dropped under a transaction (another server cleared the store): the transaction runs again. */
export class SequenceGone extends Error {
  readonly retry = true;
}

/** Undefined table: a sequence another server dropped. */
const UNDEFINED_TABLE = '42P01';

/** The sequence of counter `name`, quoted; no plain identifier, so no declared table can take it. */
export const sequenceIdentifier = (name: string): string => `"rankquill:seq:${name.replaceAll('"', '""')}"`;

/** Names every sequence of the store in the current schema, for `clear` to drop. */
export const STORE_SEQUENCES_SQL =
  "SELECT c.relname AS name FROM pg_class c WHERE c.relkind = 'S' AND c.relnamespace = current_schema()::regnamespace AND c.relname LIKE 'rankquill:seq:%'";

/**
 * The store's counters as PostgreSQL sequences: `nextval` takes a number under no lock a
 * transaction holds to its end, so two servers' transactions never wait for each other for ids.
 * A sequence is made when its counter is first used, starting after the number `start` gives
 * (the counter row it replaces), under the store's lock so that servers make it once.
 *
 * @example
 * const sequences = postgresSequences(pool, lockSql);
 * const seq = await sequences.in(run).next('counter', async () => 0); // 1 in a fresh database
 */
export function postgresSequences(pool: Pool, lockSql: string) {
  const known = new Set<string>();

  async function exists(run: Run, identifier: string): Promise<boolean> {
    const found = await run<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [identifier]);
    return found.rows[0]?.found === true;
  }

  async function create(identifier: string, last: number): Promise<void> {
    const client = await pool.connect();
    try {
      await client.query(`BEGIN; ${lockSql}`);
      await client.query(
        `CREATE SEQUENCE IF NOT EXISTS ${identifier} MINVALUE 0 START WITH ${Math.trunc(last) + 1}`,
      );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  return {
    /** The counters, read and advanced in the transaction `run` sends statements to. */
    in(run: Run): StoreSequences {
      return {
        async next(name, start) {
          const identifier = sequenceIdentifier(name);
          if (!known.has(name)) {
            if (!(await exists(run, identifier))) await create(identifier, await start());
            known.add(name);
          }
          try {
            const found = await run<{ n: string }>('SELECT nextval($1::regclass) AS n', [identifier]);
            return Number(found.rows[0]?.n);
          } catch (error) {
            if ((error as { code?: string }).code !== UNDEFINED_TABLE) throw error;
            known.delete(name);
            throw new SequenceGone(`the sequence of counter ${name} was dropped; the transaction runs again`);
          }
        },
        async last(name) {
          const identifier = sequenceIdentifier(name);
          if (!known.has(name) && !(await exists(run, identifier))) return undefined;
          const found = await run<{ last_value: string; is_called: boolean }>(
            `SELECT last_value, is_called FROM ${identifier}`,
            [],
          ).catch((error: unknown) => {
            if ((error as { code?: string }).code !== UNDEFINED_TABLE) throw error;
            known.delete(name);
            throw new SequenceGone(`the sequence of counter ${name} was dropped; the transaction runs again`);
          });
          const row = found.rows[0];
          if (!row) return undefined;
          return Number(row.last_value) - (row.is_called ? 0 : 1);
        },
      };
    },
    /** Forgets which sequences exist (they were dropped). */
    forget(): void {
      known.clear();
    },
  };
}
