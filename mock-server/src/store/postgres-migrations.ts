import type { PoolClient, QueryResult } from 'pg';
import { DROP_COUNT_TRIGGERS_SQL, installPostgresCounters, POSTGRES_COUNTS_TABLE } from './postgres-counters';
import { columnKey, numColumn, type PostgresTable, textColumn } from './postgres-layout';

/** A numbered change of the store's own layout, applied once per database, in order. */
interface Migration {
  version: number;
  name: string;
  up(client: PoolClient): Promise<void>;
}

/** The log of applied migrations. Its name is no plain identifier, so no declared table can take it. */
export const MIGRATIONS_TABLE = '"rankquill:migrations"';

/**
 * The store's layout versions. Tables declared by the schema are reconciled after them on every
 * start (created, given new columns filled from `doc`, given new indexes), as the SQLite store does.
 */
const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'declared tables: id, a (num, text) pair per declared column, doc json',
    async up() {
      // The layout of version 1 is what the reconciliation below creates; nothing to convert.
    },
  },
  {
    version: 2,
    name: 'row counts of counted groups, kept by triggers',
    async up(client) {
      await client.query(
        `CREATE TABLE ${POSTGRES_COUNTS_TABLE} (tbl text NOT NULL, grp text NOT NULL, key text NOT NULL, n bigint NOT NULL, PRIMARY KEY (tbl, grp, key))`,
      );
    },
  },
  {
    version: 3,
    name: 'per table, the number of committed transactions that wrote to it',
    async up(client) {
      await client.query(
        `CREATE TABLE ${POSTGRES_VERSIONS_TABLE} (tbl text PRIMARY KEY, version bigint NOT NULL)`,
      );
    },
  },
  {
    version: 4,
    name: 'versions and counts kept in a row per connection, so that no two servers write one row',
    async up(client) {
      for (const [table, key] of [
        [POSTGRES_VERSIONS_TABLE, 'tbl'],
        [POSTGRES_COUNTS_TABLE, 'tbl, grp, key'],
      ] as const) {
        const constraint = await client.query<{ name: string }>(
          `SELECT conname AS name FROM pg_constraint WHERE conrelid = '${table}'::regclass AND contype = 'p'`,
        );
        await client.query(
          `ALTER TABLE ${table} ADD COLUMN slot integer NOT NULL DEFAULT 0, DROP CONSTRAINT "${constraint.rows[0]?.name}", ADD PRIMARY KEY (${key}, slot)`,
        );
      }
      // Installed again below, writing to their connection's row.
      await client.query(DROP_COUNT_TRIGGERS_SQL);
    },
  },
];

/** Per table, how many committed transactions wrote to it (see `Store.version`). */
export const POSTGRES_VERSIONS_TABLE = '"rankquill:versions"';

const BACKFILL_BATCH = 1_000;

/**
 * Brings the database up to date inside one transaction that holds the store's advisory lock,
 * so that instances starting together apply each change once and the others wait, then find
 * nothing left to do. Refuses a database migrated by a newer version of the store.
 */
export async function migrate(
  client: PoolClient,
  lockSql: string,
  schema: string,
  tables: ReadonlyMap<string, PostgresTable>,
): Promise<void> {
  await client.query(`BEGIN; ${lockSql}`);
  try {
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const found = await client.query<{ version: number | null }>(
      `SELECT max(version) AS version FROM ${MIGRATIONS_TABLE}`,
    );
    const applied = found.rows[0]?.version ?? 0;
    const latest = MIGRATIONS.at(-1)?.version ?? 0;
    if (applied > latest) {
      throw new Error(
        `the database was migrated by a newer Rankquill server (layout version ${applied}; this one knows up to ${latest}); run the newer server, or restore a backup made for this version`,
      );
    }
    for (const migration of MIGRATIONS) {
      if (migration.version <= applied) continue;
      await migration.up(client);
      await client.query(`INSERT INTO ${MIGRATIONS_TABLE} (version, name) VALUES ($1, $2)`, [
        migration.version,
        migration.name,
      ]);
    }
    await reconcileTables(client, schema, tables);
    await foldEndedSlots(client);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

async function reconcileTables(
  client: PoolClient,
  schema: string,
  tables: ReadonlyMap<string, PostgresTable>,
): Promise<void> {
  const existing = await client.query<{ table_name: string; column_name: string }>(
    'SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()',
  );
  const columnsOf = new Map<string, Set<string>>();
  for (const { table_name, column_name } of existing.rows) {
    const columns = columnsOf.get(table_name) ?? new Set<string>();
    columns.add(column_name);
    columnsOf.set(table_name, columns);
  }
  for (const table of tables.values()) {
    const present = columnsOf.get(table.name);
    if (!present) {
      const pairs = table.columns.map(
        (column) =>
          `${numColumn(column)} double precision NOT NULL, ${textColumn(column)} text COLLATE "C" NOT NULL, `,
      );
      await client.query(
        `CREATE TABLE "${table.name}" (id text COLLATE "C" PRIMARY KEY, ${pairs.join('')}doc json NOT NULL)`,
      );
    } else {
      const added = table.columns.filter((column) => !present.has(`${column}:num`));
      if (added.length > 0) {
        const additions = added.map(
          (column) =>
            // The defaults are null's pair: right for every row whose doc lacks the field.
            `ADD COLUMN ${numColumn(column)} double precision NOT NULL DEFAULT '-Infinity', ADD COLUMN ${textColumn(column)} text COLLATE "C" NOT NULL DEFAULT ''`,
        );
        await client.query(`ALTER TABLE "${table.name}" ${additions.join(', ')}`);
        await backfill(client, table.name, added);
      }
    }
    for (const index of table.indexes) {
      await client.query(`CREATE INDEX IF NOT EXISTS "${index.name}" ON "${table.name}" (${index.columns})`);
    }
    await installPostgresCounters(client, schema, table.name, table.counted);
  }
  await client.query(
    `INSERT INTO ${POSTGRES_VERSIONS_TABLE} (tbl, slot, version) SELECT unnest($1::text[]), 0, 0 ON CONFLICT (tbl, slot) DO NOTHING`,
    [[...tables.keys()]],
  );
}

/**
 * Adds the version and count rows of connections that have ended into slot 0, which only this
 * runs on (under the store's lock, as a store opens), so the rows to sum stay about as many as
 * there are connections. A sum is the same before and after.
 */
async function foldEndedSlots(client: PoolClient): Promise<void> {
  const ended = 'slot <> 0 AND slot NOT IN (SELECT pid FROM pg_stat_activity WHERE pid IS NOT NULL)';
  await client.query(`WITH ended AS (DELETE FROM ${POSTGRES_VERSIONS_TABLE} WHERE ${ended} RETURNING tbl, version)
    INSERT INTO ${POSTGRES_VERSIONS_TABLE} (tbl, slot, version) SELECT tbl, 0, sum(version) FROM ended GROUP BY tbl
    ON CONFLICT (tbl, slot) DO UPDATE SET version = ${POSTGRES_VERSIONS_TABLE}.version + EXCLUDED.version`);
  await client.query(`WITH ended AS (DELETE FROM ${POSTGRES_COUNTS_TABLE} WHERE ${ended} RETURNING tbl, grp, key, n),
    folded AS (SELECT tbl, grp, key, sum(n) AS n FROM ended GROUP BY tbl, grp, key)
    INSERT INTO ${POSTGRES_COUNTS_TABLE} (tbl, grp, key, slot, n) SELECT tbl, grp, key, 0, n FROM folded
    ON CONFLICT (tbl, grp, key, slot) DO UPDATE SET n = ${POSTGRES_COUNTS_TABLE}.n + EXCLUDED.n`);
  await client.query(`DELETE FROM ${POSTGRES_COUNTS_TABLE} WHERE slot = 0 AND n = 0`);
}

/** Fills newly declared columns from each row's `doc`, in batches of rows in id order. */
async function backfill(client: PoolClient, table: string, columns: readonly string[]): Promise<void> {
  const sets = columns
    .flatMap((column, i) => [`${numColumn(column)} = v.n${i}`, `${textColumn(column)} = v.t${i}`])
    .join(', ');
  const arrays = columns.flatMap((_, i) => [`$${2 * i + 2}::float8[]`, `$${2 * i + 3}::text[]`]).join(', ');
  const names = columns.flatMap((_, i) => [`n${i}`, `t${i}`]).join(', ');
  const update = `UPDATE "${table}" AS t SET ${sets} FROM unnest($1::text[], ${arrays}) AS v(id, ${names}) WHERE t.id = v.id`;
  let after: string | null = null;
  for (;;) {
    const batch: QueryResult<{ id: string; doc: Record<string, unknown> }> = await client.query(
      `SELECT id, doc FROM "${table}" WHERE $1::text IS NULL OR id > $1 ORDER BY id LIMIT ${BACKFILL_BATCH}`,
      [after],
    );
    if (batch.rows.length === 0) return;
    const params: unknown[][] = [batch.rows.map((row) => row.id)];
    for (const column of columns) {
      const keys = batch.rows.map((row) => columnKey(row.doc[column]));
      params.push(
        keys.map(([num]) => num),
        keys.map(([, text]) => text),
      );
    }
    await client.query(update, params);
    after = batch.rows.at(-1)?.id ?? null;
  }
}
