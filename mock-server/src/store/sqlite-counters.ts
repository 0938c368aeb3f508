import type { DatabaseSync } from 'node:sqlite';
import { countedGroupName } from './schema-checks';

/** Row counts of counted groups (see `TableSpec.counted`); no plain identifier, so no table can take it. */
export const SQLITE_COUNTS_TABLE = '"rankquill:counts"';

const keyOf = (row: 'NEW' | 'OLD', group: readonly string[]) =>
  `json_array(${group.map((column) => `${row}."${column}"`).join(', ')})`;

/**
 * Keeps the row counts of `table`'s counted groups with triggers, so they change in the same
 * transaction as the rows, whatever statement changes them. A group seen for the first time is
 * counted from the rows already there. Runs inside the open's migration transaction.
 */
export function installSqliteCounters(
  db: DatabaseSync,
  table: string,
  groups: ReadonlyArray<readonly string[]>,
) {
  db.exec(
    `CREATE TABLE IF NOT EXISTS ${SQLITE_COUNTS_TABLE} (tbl TEXT NOT NULL, grp TEXT NOT NULL, key TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (tbl, grp, key)) WITHOUT ROWID`,
  );
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = ?");
  for (const group of groups) {
    const grp = countedGroupName(group);
    const trigger = `${table}__count__${grp}`;
    if (exists.get(`${trigger}__insert`)) continue;
    const match = `tbl = '${table}' AND grp = '${grp}'`;
    const add = `INSERT INTO ${SQLITE_COUNTS_TABLE} (tbl, grp, key, n) VALUES ('${table}', '${grp}', ${keyOf('NEW', group)}, 1) ON CONFLICT (tbl, grp, key) DO UPDATE SET n = n + 1;`;
    const remove = `UPDATE ${SQLITE_COUNTS_TABLE} SET n = n - 1 WHERE ${match} AND key = ${keyOf('OLD', group)}; DELETE FROM ${SQLITE_COUNTS_TABLE} WHERE ${match} AND n = 0;`;
    const columns = group.map((column) => `"${column}"`).join(', ');
    const changed = group.map((column) => `OLD."${column}" IS NOT NEW."${column}"`).join(' OR ');
    db.exec(`CREATE TRIGGER "${trigger}__insert" AFTER INSERT ON "${table}" BEGIN ${add} END`);
    db.exec(`CREATE TRIGGER "${trigger}__delete" AFTER DELETE ON "${table}" BEGIN ${remove} END`);
    db.exec(
      `CREATE TRIGGER "${trigger}__update" AFTER UPDATE OF ${columns} ON "${table}" WHEN ${changed} BEGIN ${remove} ${add} END`,
    );
    db.exec(`DELETE FROM ${SQLITE_COUNTS_TABLE} WHERE ${match}`);
    db.exec(
      `INSERT INTO ${SQLITE_COUNTS_TABLE} (tbl, grp, key, n) SELECT '${table}', '${grp}', json_array(${columns}), count(*) FROM "${table}" GROUP BY ${columns}`,
    );
  }
}

/** The query of one group's count; its parameters are the group's values in column order. */
export function sqliteCounterSql(table: string, group: readonly string[]): string {
  const placeholders = group.map(() => '?').join(', ');
  return `SELECT n FROM ${SQLITE_COUNTS_TABLE} WHERE tbl = '${table}' AND grp = '${countedGroupName(group)}' AND key = json_array(${placeholders})`;
}
