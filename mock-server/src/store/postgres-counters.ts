import type { PoolClient } from 'pg';
import { numColumn, textColumn } from './postgres-layout';
import { countedGroupName } from './schema-checks';

/** Row counts of counted groups (see `TableSpec.counted`); no plain identifier, so no table can take it. */
export const POSTGRES_COUNTS_TABLE = '"rankquill:counts"';

/** PostgreSQL truncates longer identifiers. */
const MAX_IDENTIFIER_BYTES = 63;

const pairsOf = (group: readonly string[], row?: 'NEW' | 'OLD') =>
  group.flatMap((column) => [numColumn(column), textColumn(column)]).map((c) => (row ? `${row}.${c}` : c));

/** The key of a group's values: the same expression over the rows and over a query's parameters. */
const keyOf = (values: readonly string[]) => `json_build_array(${values.join(', ')})::text`;

/**
 * Keeps the row counts of `table`'s counted groups with triggers, so they change in the same
 * transaction as the rows, whatever statement changes them (TRUNCATE aside: `clear` empties the
 * counts with the tables). A group seen for the first time is counted from the rows already
 * there. Runs inside the migration transaction; `schema` qualifies the counts table in the
 * trigger function, which may run under another search_path.
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
      [name],
    );
    if (found.rowCount) continue;
    const match = `tbl = '${table}' AND grp = '${grp}'`;
    const oldKey = keyOf(pairsOf(group, 'OLD'));
    await client.query(`CREATE OR REPLACE FUNCTION "${name}"() RETURNS trigger LANGUAGE plpgsql AS $body$
DECLARE
  remaining bigint;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE ${counts} SET n = n - 1 WHERE ${match} AND key = ${oldKey} RETURNING n INTO remaining;
    IF remaining = 0 THEN
      DELETE FROM ${counts} WHERE ${match} AND key = ${oldKey} AND n = 0;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO ${counts} (tbl, grp, key, n) VALUES ('${table}', '${grp}', ${keyOf(pairsOf(group, 'NEW'))}, 1)
      ON CONFLICT (tbl, grp, key) DO UPDATE SET n = ${counts}.n + 1;
  END IF;
  RETURN NULL;
END
$body$`);
    const columns = pairsOf(group).join(', ');
    const changed = `(${pairsOf(group, 'OLD').join(', ')}) IS DISTINCT FROM (${pairsOf(group, 'NEW').join(', ')})`;
    await client.query(
      `CREATE TRIGGER "${name}" AFTER INSERT OR DELETE ON "${table}" FOR EACH ROW EXECUTE FUNCTION "${name}"()`,
    );
    await client.query(
      `CREATE TRIGGER "${name}:update" AFTER UPDATE OF ${columns} ON "${table}" FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION "${name}"()`,
    );
    await client.query(`DELETE FROM ${POSTGRES_COUNTS_TABLE} WHERE ${match}`);
    await client.query(
      `INSERT INTO ${POSTGRES_COUNTS_TABLE} (tbl, grp, key, n) SELECT '${table}', '${grp}', ${keyOf(pairsOf(group))}, count(*) FROM "${table}" GROUP BY ${columns}`,
    );
  }
}

/** The query of one group's count; its parameters are the (num, text) pairs of the group's values. */
export function postgresCounterSql(table: string, group: readonly string[]): string {
  const params = group.flatMap((_, i) => [`$${2 * i + 1}::float8`, `$${2 * i + 2}::text`]);
  return `SELECT n FROM ${POSTGRES_COUNTS_TABLE} WHERE tbl = '${table}' AND grp = '${countedGroupName(group)}' AND key = ${keyOf(params)}`;
}

function triggerName(table: string, grp: string): string {
  const name = `${table}__count__${grp}`;
  // Room for the ":update" suffix of the second trigger.
  if (Buffer.byteLength(name) <= MAX_IDENTIFIER_BYTES - 7) return name;
  throw new Error(
    `the counted group ${grp} of ${table} makes too long a name for PostgreSQL; shorten the names`,
  );
}
