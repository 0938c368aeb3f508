import { resolve } from 'node:path';
import type { DatabaseSync, StatementSync } from 'node:sqlite';

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

/** Commits made through every connection this process opened on one file, by path. */
const commitsInProcess = new Map<string, { count: number }>();

/**
 * Answers `Store.version` from the versions as last read while no commit came since. Commits of
 * this process's connections to the file are counted in memory; another process's show in
 * `PRAGMA data_version`, which is read once per turn of the event loop, so the requests one turn
 * serves share that one statement. A request thus sees every commit made before its turn began:
 * one another server made while this turn ran is concurrent with it.
 */
export class SqliteVersionReader {
  private byTable = new Map<string, number>();
  private readAt: { dataVersion: number; commits: number } | undefined;
  private readonly commits: { count: number };
  private dataVersionThisTurn: number | undefined;

  constructor(
    path: string,
    private readonly statement: (sql: string) => StatementSync,
  ) {
    const file = path === ':memory:' || path.startsWith('file:') ? path : resolve(path);
    const shared = commitsInProcess.get(file) ?? { count: 0 };
    commitsInProcess.set(file, shared);
    this.commits = shared;
  }

  /** A connection of this process committed a write (the versions of what it wrote moved). */
  committed(): void {
    this.commits.count++;
  }

  /** The sum of the versions of `tables`. */
  sum(tables: readonly string[]): number {
    const dataVersion = this.dataVersion();
    if (this.readAt?.dataVersion !== dataVersion || this.readAt.commits !== this.commits.count) {
      const rows = this.statement(`SELECT tbl, version FROM ${VERSIONS_TABLE}`).all();
      this.byTable = new Map(rows.map((row) => [String(row.tbl), Number(row.version)]));
      this.readAt = { dataVersion, commits: this.commits.count };
    }
    let sum = 0;
    for (const table of tables) sum += this.byTable.get(table) ?? 0;
    return sum;
  }

  private dataVersion(): number {
    if (this.dataVersionThisTurn === undefined) {
      this.dataVersionThisTurn = Number(this.statement('PRAGMA data_version').get()?.data_version);
      setImmediate(() => {
        this.dataVersionThisTurn = undefined;
      });
    }
    return this.dataVersionThisTurn;
  }
}
