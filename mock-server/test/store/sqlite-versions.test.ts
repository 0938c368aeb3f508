import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteVersionReader } from '../../src/store/sqlite-versions';

const dir = mkdtempSync(join(tmpdir(), 'rankquill-versions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A WAL database at `path`, a table in it, and a connection that writes to it as another server would. */
function database(path: string): DatabaseSync {
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('CREATE TABLE IF NOT EXISTS notes (id TEXT PRIMARY KEY)');
  return db;
}

/** A reader on its own connection, counting the `PRAGMA data_version` statements it runs. */
function reader(path: string) {
  const db = database(path);
  const ran: string[] = [];
  const versions = new SqliteVersionReader(path, (sql: string): StatementSync => {
    ran.push(sql);
    return db.prepare(sql);
  });
  return { db, versions, pragmas: () => ran.filter((sql) => sql === 'PRAGMA data_version').length };
}

describe('SqliteVersionReader', () => {
  it("sees another connection's commit in the next turn, and asks SQLite only when the WAL-index header moved", async () => {
    const path = join(dir, 'two-connections.db');
    const other = database(path);
    const { db, versions, pragmas } = reader(path);
    const first = versions.sum(['notes']);
    expect(pragmas()).toBe(1);
    for (let turn = 0; turn < 5; turn++) {
      await nextTurn();
      expect(versions.sum(['notes'])).toBe(first);
    }
    // Nobody committed: the header said so, and no statement ran.
    expect(pragmas()).toBe(1);
    other.prepare('INSERT INTO notes (id) VALUES (?)').run('n1');
    await nextTurn();
    expect(versions.sum(['notes'])).toBeGreaterThan(first);
    expect(pragmas()).toBe(2);
    const after = versions.sum(['notes']);
    await nextTurn();
    expect(versions.sum(['notes'])).toBe(after);
    expect(pragmas()).toBe(2);
    versions.close();
    db.close();
    other.close();
  });

  it('asks SQLite in every turn where it cannot read the header (a database in memory)', async () => {
    const db = new DatabaseSync(':memory:');
    let statements = 0;
    const versions = new SqliteVersionReader(':memory:', (sql) => {
      statements++;
      return db.prepare(sql);
    });
    for (let turn = 0; turn < 3; turn++) {
      versions.sum(['notes']);
      await nextTurn();
    }
    expect(statements).toBe(3);
    versions.close();
    db.close();
  });
});
