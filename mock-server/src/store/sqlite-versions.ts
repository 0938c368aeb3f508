import type { DatabaseSync } from 'node:sqlite';

/** Per table, how many committed transactions wrote to it (see `Store.version`); no plain identifier, so no table can take it. */
const VERSIONS_TABLE = '"rankquill:versions"';

/** Gives every table its version row. Runs inside the open's migration transaction. */
export function installSqliteVersions(db: DatabaseSync, tables: Iterable<string>): void {
  db.exec(
    `CREATE TABLE IF NOT EXISTS ${VERSIONS_TABLE} (tbl TEXT PRIMARY KEY, version INTEGER NOT NULL) WITHOUT ROWID`,
  );
  const add = db.prepare(`INSERT OR IGNORE INTO ${VERSIONS_TABLE} (tbl, version) VALUES (?, 0)`);
  for (const table of tables) add.run(table);
}

/** Counts one more committed write to the tables named in its parameter, a JSON array. */
export const SQLITE_BUMP_VERSIONS = `UPDATE ${VERSIONS_TABLE} SET version = version + 1 WHERE tbl IN (SELECT value FROM json_each(?))`;

/** The sum of the versions of the tables named in its parameter, a JSON array. */
export const SQLITE_SUM_VERSIONS = `SELECT coalesce(sum(version), 0) AS version FROM ${VERSIONS_TABLE} WHERE tbl IN (SELECT value FROM json_each(?))`;
