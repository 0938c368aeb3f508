import type { PoolClient } from 'pg';
import { numColumn, textColumn } from './postgres-layout';
import { countedGroupName } from './schema-checks';

/** Row counts of counted groups (see `TableSpec.counted`); no plain identifier, so no table can take it. */
export const POSTGRES_COUNTS_TABLE = '"rankquill:counts"';

/** PostgreSQL truncates longer identifiers. */
const MAX_IDENTIFIER_BYTES = 63;

const pairsOf = (group: readonly string[]) =>
  group.flatMap((column) => [numColumn(column), textColumn(column)]);

/** The key of a group's values: the same expression over the rows and over a query's parameters. */
const keyOf = (values: readonly string[]) => `json_build_array(${values.join(', ')})::text`;

/**
 * Keeps the row counts of `table`'s counted groups with statement triggers over the changed rows,
 * so the counts change in the same transaction as the rows, whatever statement changes them
 * (TRUNCATE aside: `clear` empties the counts with the tables), and a statement that changes many
 * rows updates each counter once. A group seen for the first time is counted from the rows already
 * there. Runs inside the migration transaction; `schema` qualifies the counts table in the
 * trigger function, which may run under another search_path.
 *
 * A count is the sum of rows, one per database connection (`slot`: its backend's pid) that changed
 * it, so two servers' transactions never write one counter row and neither waits for the other.
 * Rows of connections that have ended are folded into slot 0 when a store opens
 * (`foldEndedSlots`).
 */
export async function installPostgresCounters(
  client: PoolClient,
  schema: string,
  table: string,
  groups: ReadonlyArray<readonly string[]>,
): Promise<void> {
  const counts = `"${schema.replaceAll('"', '""')}".${POSTGRES_COUNTS_TABLE}`;
  for (const group of groups) {
    const grp = countedGroupName(group);
    const name = triggerName(table, grp);
    const found = await client.query(
      'SELECT 1 FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE c.relnamespace = current_schema()::regnamespace AND t.tgname = $1',
      [`${name}:insert`],
    );
    if (found.rowCount) continue;
    const match = `tbl = '${table}' AND grp = '${grp}'`;
    const key = keyOf(pairsOf(group));
    // Adds each key's change to its counter, then drops the counters that reached zero.
    const apply = (delta: string) => `
    WITH delta AS (${delta}),
    applied AS (
      INSERT INTO ${counts} (tbl, grp, key, slot, n) SELECT '${table}', '${grp}', key, pg_backend_pid(), d FROM delta
      ON CONFLICT (tbl, grp, key, slot) DO UPDATE SET n = ${counts}.n + EXCLUDED.n
      RETURNING key, n
    )
    SELECT array_agg(key) INTO emptied FROM applied WHERE n = 0;`;
    await client.query(`CREATE OR REPLACE FUNCTION "${name}"() RETURNS trigger LANGUAGE plpgsql AS $body$
DECLARE
  emptied text[];
BEGIN
  IF TG_OP = 'INSERT' THEN${apply(`SELECT ${key} AS key, count(*) AS d FROM new_rows GROUP BY 1`)}
  ELSIF TG_OP = 'DELETE' THEN${apply(`SELECT ${key} AS key, -count(*) AS d FROM old_rows GROUP BY 1`)}
  ELSE${apply(`SELECT key, sum(d) AS d FROM (SELECT ${key} AS key, -1 AS d FROM old_rows UNION ALL SELECT ${key}, 1 FROM new_rows) AS moved GROUP BY key HAVING sum(d) <> 0`)}
  END IF;
  IF emptied IS NOT NULL THEN
    DELETE FROM ${counts} WHERE ${match} AND key = ANY (emptied) AND slot = pg_backend_pid() AND n = 0;
  END IF;
  RETURN NULL;
END
$body$`);
    const on = (event: string, tables: string) =>
      `CREATE TRIGGER "${name}:${event.toLowerCase()}" AFTER ${event} ON "${table}" REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION "${name}"()`;
    await client.query(on('INSERT', 'NEW TABLE AS new_rows'));
    await client.query(on('DELETE', 'OLD TABLE AS old_rows'));
    await client.query(on('UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'));
    await client.query(`DELETE FROM ${POSTGRES_COUNTS_TABLE} WHERE ${match}`);
    await client.query(
      `INSERT INTO ${POSTGRES_COUNTS_TABLE} (tbl, grp, key, slot, n) SELECT '${table}', '${grp}', ${key}, 0, count(*) FROM "${table}" GROUP BY ${pairsOf(group).join(', ')}`,
    );
  }
}

/** The query of one group's count; its parameters are the (num, text) pairs of the group's values. */
export function postgresCounterSql(table: string, group: readonly string[]): string {
  const params = group.flatMap((_, i) => [`$${2 * i + 1}::float8`, `$${2 * i + 2}::text`]);
  return `SELECT coalesce(sum(n), 0) AS n FROM ${POSTGRES_COUNTS_TABLE} WHERE tbl = '${table}' AND grp = '${countedGroupName(group)}' AND key = ${keyOf(params)}`;
}

/** The statement that drops every count trigger of the schema, so that the next open installs them anew. */
export const DROP_COUNT_TRIGGERS_SQL = `DO $drop$
DECLARE
  found record;
BEGIN
  FOR found IN
    SELECT t.tgname, c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE c.relnamespace = current_schema()::regnamespace AND t.tgname LIKE '%\\_\\_count\\_\\_%'
  LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', found.tgname, found.relname);
  END LOOP;
  FOR found IN
    SELECT p.proname FROM pg_proc p
    WHERE p.pronamespace = current_schema()::regnamespace AND p.proname LIKE '%\\_\\_count\\_\\_%'
  LOOP
    EXECUTE format('DROP FUNCTION %I()', found.proname);
  END LOOP;
END
$drop$`;
function triggerName(table: string, grp: string): string {
  const name = `${table}__count__${grp}`;
  // Room for the ":insert", ":update" and ":delete" suffixes of the triggers.
  if (Buffer.byteLength(name) <= MAX_IDENTIFIER_BYTES - 7) return name;
  throw new Error(
    `the counted group ${grp} of ${table} makes too long a name for PostgreSQL; shorten the names`,
  );
}
