import { resolve } from 'node:path';
import type { StatementSync } from 'node:sqlite';

/** Per database file, what the connections of this process know of its tables' versions. */
interface SharedVersions {
  /** Per table, the commits of this process's connections that wrote to it (or cleared it). */
  readonly commits: Map<string, number>;
  /** Turns in which a connection saw another connection's commit, which may have written to any table. */
  others: number;
}

const byFile = new Map<string, SharedVersions>();

/**
 * Answers `Store.version` without a write per commit. Commits of this process's connections to
 * the file are counted in memory, per table. Another connection's commits show in
 * `PRAGMA data_version`, read once per turn of the event loop (the requests of one turn share
 * that one statement); it does not say which tables they wrote, so a change counts for every
 * table. A request thus sees every commit made before its turn began: one another server made
 * while this turn ran is concurrent with it.
 *
 * @example
 * const versions = new SqliteVersionReader(path, (sql) => db.prepare(sql));
 * versions.committed(['jobs']);
 * versions.sum(['jobs']); // grew by one
 */
export class SqliteVersionReader {
  private readonly shared: SharedVersions;
  private lastDataVersion: number | undefined;
  private dataVersionThisTurn: number | undefined;

  constructor(
    path: string,
    private readonly statement: (sql: string) => StatementSync,
  ) {
    const file = path === ':memory:' || path.startsWith('file:') ? path : resolve(path);
    // Every `:memory:` database is a database of its own.
    const shared = byFile.get(file) ?? { commits: new Map(), others: 0 };
    if (path !== ':memory:') byFile.set(file, shared);
    this.shared = shared;
  }

  /** A connection of this process committed a write to `tables`. */
  committed(tables: Iterable<string>): void {
    const { commits } = this.shared;
    for (const table of tables) commits.set(table, (commits.get(table) ?? 0) + 1);
  }

  /** A number that grows with every commit that wrote to one of `tables`, by any connection. */
  sum(tables: readonly string[]): number {
    const dataVersion = this.dataVersion();
    if (this.lastDataVersion !== undefined && dataVersion !== this.lastDataVersion) this.shared.others++;
    this.lastDataVersion = dataVersion;
    let sum = this.shared.others;
    for (const table of tables) sum += this.shared.commits.get(table) ?? 0;
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
