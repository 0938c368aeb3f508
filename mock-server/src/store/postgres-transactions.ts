import type { AsyncLocalStorage } from 'node:async_hooks';
import type { Pool, PoolClient } from 'pg';
import { POSTGRES_VERSIONS_TABLE } from './postgres-migrations';

/** SQLSTATEs of a transaction that met another one: a serialization failure, a deadlock. */
const CONFLICTS = new Set(['40001', '40P01']);
/** SQLSTATE of a statement sent after an earlier one failed in the same transaction. */
const IN_FAILED_TRANSACTION = '25P02';
/** Attempts of one transaction before its conflict is the caller's to see. */
const MAX_ATTEMPTS = 50;

/** What a transaction's work answers: its value, and the tables it wrote (whose versions move). */
export interface TransactionBody<T> {
  value: T;
  written: Iterable<string>;
}

/** How the statements of one attempt went: a conflict that the work caught still makes it run again. */
export interface AttemptState {
  conflict: boolean;
}

/** Whether `error` ended a transaction that is to run again: it met another server's, or lost a sequence. */
export function isConflict(error: unknown): boolean {
  const { code, retry } = (error ?? {}) as { code?: string; retry?: boolean };
  return retry === true || (code !== undefined && CONFLICTS.has(code));
}

/**
 * Counts up, in the transaction's own COMMIT round trip, the versions of the tables it wrote: in
 * the row of its connection (see `foldEndedSlots`), so two servers never write one version row.
 * Table names are plain identifiers, so they can be written into the text.
 */
function versionBumpSql(written: readonly string[]): string {
  const names = written.map((name) => `'${name}'`).join(', ');
  return `INSERT INTO ${POSTGRES_VERSIONS_TABLE} (tbl, slot, version) SELECT unnest(ARRAY[${names}]::text[]), pg_backend_pid(), 1 ON CONFLICT (tbl, slot) DO UPDATE SET version = ${POSTGRES_VERSIONS_TABLE}.version + 1`;
}

/**
 * Runs `body` once on a connection of `pool`, between `BEGIN ISOLATION LEVEL SERIALIZABLE` and
 * COMMIT (with the version bump) or ROLLBACK. PostgreSQL's serializable isolation stands for the
 * lock every transaction of a schema used to take: transactions of two servers run side by side,
 * and one that met another's fails with a serialization failure, for `runTransaction` to run again.
 */
export async function transactOnce<T>(
  pool: Pool,
  context: AsyncLocalStorage<true>,
  body: (client: PoolClient, state: AttemptState) => Promise<TransactionBody<T>>,
  onEnd: () => void,
  begun?: PoolClient,
): Promise<T> {
  const client = begun ?? (await begin(pool));
  const state: AttemptState = { conflict: false };
  let broken: Error | undefined;
  try {
    const { value, written } = await context.run(true, () => body(client, state));
    onEnd();
    const names = [...written];
    const bump = names.length > 0 ? `${versionBumpSql(names)}; ` : '';
    // A transaction in which a statement failed (and the work caught it) can only roll back:
    // its COMMIT answers ROLLBACK, or the version update before it fails.
    const results = await client.query(`${bump}COMMIT`).then(
      (answer) => [answer].flat(),
      (error: unknown) => {
        if ((error as { code?: string }).code !== IN_FAILED_TRANSACTION) throw error;
        return [];
      },
    );
    if (results.at(-1)?.command !== 'COMMIT') {
      if (state.conflict) throw Object.assign(new Error('the transaction met another one'), { retry: true });
      throw new Error('the transaction was rolled back: one of its statements failed and the work went on');
    }
    return value;
  } catch (error) {
    onEnd();
    try {
      await client.query('ROLLBACK');
    } catch (rollbackFailed) {
      broken = rollbackFailed as Error;
    }
    throw error;
  } finally {
    // A connection that could not roll back is dropped from the pool rather than reused.
    client.release(broken);
  }
}

/**
 * A connection of `pool` in a new serializable transaction. It takes its snapshot at its first
 * statement, not here: a transaction may begin while the one before it still runs.
 */
export async function begin(pool: Pool): Promise<PoolClient> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
    return client;
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
}

/**
 * Runs `attempt` until it does not end in a conflict with another server's transaction, waiting a
 * little more each time (at random, so two servers that met do not meet again at once).
 */
export async function runTransaction<T>(attempt: (tries: number) => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt(tries);
    } catch (error) {
      if (!isConflict(error) || tries >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(tries, 10)));
    }
  }
}
