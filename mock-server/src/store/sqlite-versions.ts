import { closeSync, openSync, readSync } from 'node:fs';
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
 * The two copies of the WAL-index header at the start of the `-shm` file
 * (https://www.sqlite.org/walformat.html): a commit, by any connection, rewrites them (its
 * `iChange` counter first of all).
 */
const WAL_INDEX_HEADERS_BYTES = 96;

/**
 * Answers `Store.version` without a write per commit. Commits of this process's connections to
 * the file are counted in memory, per table. Another connection's commits show in
 * `PRAGMA data_version`, read once per turn of the event loop (the requests of one turn share
 * that one statement); it does not say which tables they wrote, so a change counts for every
 * table. A request thus sees every commit made before its turn began: one another server made
 * while this turn ran is concurrent with it.
 *
 * The statement begins and ends a read transaction, file locks and all (a tenth of a cached
 * public-list request), so a turn first reads the WAL-index header from the `-shm` file (one
 * read, no lock): while it holds the bytes it held when the statement last ran, nobody has
 * committed since, and the statement would answer what it answered then. The header is read
 * before the statement, so a commit between the two shows next time.
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
  /** The `-shm` file, read-only; undefined where the header cannot be read (then the statement always runs). */
  private shm: number | undefined;
  private readonly header = Buffer.alloc(WAL_INDEX_HEADERS_BYTES);
  private readonly headerAtLastStatement = Buffer.alloc(WAL_INDEX_HEADERS_BYTES);

  constructor(
    path: string,
    private readonly statement: (sql: string) => StatementSync,
  ) {
    const file = path === ':memory:' || path.startsWith('file:') ? path : resolve(path);
    // Every `:memory:` database is a database of its own.
    const shared = byFile.get(file) ?? { commits: new Map(), others: 0 };
    if (path !== ':memory:') byFile.set(file, shared);
    this.shared = shared;
    // SQLite maps `-shm` into memory on Unix: a read of the file sees what its writers wrote.
    if (path === ':memory:' || path === '' || path.startsWith('file:') || process.platform === 'win32')
      return;
    try {
      this.shm = openSync(`${file}-shm`, 'r');
    } catch {
      this.shm = undefined;
    }
  }

  /** Lets go of the `-shm` file. */
  close(): void {
    if (this.shm !== undefined) closeSync(this.shm);
    this.shm = undefined;
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
      const read = this.readHeader();
      if (read && this.lastDataVersion !== undefined && this.header.equals(this.headerAtLastStatement)) {
        this.dataVersionThisTurn = this.lastDataVersion;
      } else {
        // The header as it was before the statement: a commit between the two changes it again.
        if (read) this.header.copy(this.headerAtLastStatement);
        this.dataVersionThisTurn = Number(this.statement('PRAGMA data_version').get()?.data_version);
      }
      setImmediate(() => {
        this.dataVersionThisTurn = undefined;
      });
    }
    return this.dataVersionThisTurn;
  }

  /** Reads the WAL-index header into `header`; false when it cannot (the statement then runs). */
  private readHeader(): boolean {
    if (this.shm === undefined) return false;
    try {
      return readSync(this.shm, this.header, 0, WAL_INDEX_HEADERS_BYTES, 0) === WAL_INDEX_HEADERS_BYTES;
    } catch {
      return false;
    }
  }
}
