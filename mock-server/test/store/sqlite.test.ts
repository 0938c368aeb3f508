import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/store/sqlite';
import type { Row } from '../../src/store/store';
import { schemaV1, schemaV2 } from './fixtures/evolving-schema';
import { describeStoreContract } from './store-suite';

const scratch = mkdtempSync(join(tmpdir(), 'rankquill-sqlite-store-'));
let files = 0;
const freshPath = (): string => join(scratch, `store-${++files}`, 'test.db');

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describeStoreContract('sqlite store in memory', (schema) => openSqliteStore(':memory:', schema));
describeStoreContract('sqlite store on file', (schema) => openSqliteStore(freshPath(), schema));

/** Opens the file with a second, plain connection, to look at what the store wrote. */
function inspect<T>(path: string, look: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return look(db);
  } finally {
    db.close();
  }
}

describe('sqlite store file', () => {
  const v1 = schemaV1;
  const v2 = schemaV2;

  it('creates the parent directory, a WAL journal and one SQL table per declared table', async () => {
    const path = join(scratch, 'nested', 'deeper', 'layout.db');
    const store = openSqliteStore(path, v1);
    await store.close();
    expect(existsSync(path)).toBe(true);
    inspect(path, (db) => {
      expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
      const columns = db.prepare('PRAGMA table_info(articles)').all();
      expect(columns.map((c) => [c.name, c.type, c.pk, c.notnull])).toEqual([
        ['id', 'TEXT', 1, 0],
        ['status', '', 0, 0],
        ['seq', '', 0, 0],
        ['doc', 'TEXT', 0, 1],
      ]);
      const indexes = db.prepare(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'articles'",
      );
      expect(indexes.all().map((i) => i.name)).toContain('articles__status__seq');
    });
  });

  it('creates the file, its WAL files and a new folder readable by their owner only', async () => {
    const folder = join(scratch, 'private');
    const path = join(folder, 'keys.db');
    const store = openSqliteStore(path, v1);
    try {
      await store.transaction((tx) => tx.put('articles', { id: 'a1', status: 'draft', seq: 1 }));
      const modes = [folder, path, `${path}-wal`, `${path}-shm`].map((file) => statSync(file).mode & 0o777);
      expect(modes.map((mode) => mode.toString(8))).toEqual(['700', '600', '600', '600']);
    } finally {
      await store.close();
    }
  });

  it('keeps committed rows across close and reopen', async () => {
    const path = freshPath();
    const first = openSqliteStore(path, v1);
    await first.transaction(async (tx) => {
      await tx.insert('articles', { id: 'a1', status: 'published', seq: 1, nested: { ok: true } });
      await tx.insert('articles', { id: 'a2', status: 'draft', seq: 2 });
    });
    await first.transaction((tx) => tx.delete('articles', 'a2'));
    await first.close();

    const second = openSqliteStore(path, v1);
    expect(await second.find('articles')).toEqual([
      { id: 'a1', status: 'published', seq: 1, nested: { ok: true } },
    ]);
    expect(await second.count('articles', { status: 'published', seq: { gte: 1 } })).toBe(1);
    await second.close();
  });

  it('adds a newly declared column on reopen and fills it from the stored JSON', async () => {
    const path = freshPath();
    const first = openSqliteStore(path, v1);
    await first.transaction(async (tx) => {
      await tx.insert('articles', { id: 'a1', status: 'published', seq: 1, lang: 'en', featured: true });
      await tx.insert('articles', { id: 'a2', status: 'published', seq: 2, lang: 'de', featured: false });
      await tx.insert('articles', { id: 'a3', status: 'draft', seq: 3 });
    });
    await first.close();

    const second = openSqliteStore(path, v2);
    expect((await second.find('articles', { where: { lang: 'en' } })).map((r) => r.id)).toEqual(['a1']);
    expect((await second.find('articles', { where: { featured: false } })).map((r) => r.id)).toEqual(['a2']);
    expect((await second.find('articles', { where: { lang: null } })).map((r) => r.id)).toEqual(['a3']);
    expect(await second.get('articles', 'a1')).toEqual({
      id: 'a1',
      status: 'published',
      seq: 1,
      lang: 'en',
      featured: true,
    });
    await second.transaction((tx) => tx.insert('tags', { id: 't1', name: 'new table' }));
    await second.close();

    inspect(path, (db) => {
      const columns = db
        .prepare('PRAGMA table_info(articles)')
        .all()
        .map((c) => c.name);
      expect(columns).toEqual(['id', 'status', 'seq', 'doc', 'lang', 'featured']);
      expect(db.prepare('SELECT id, lang, featured FROM articles ORDER BY id').all()).toEqual([
        { id: 'a1', lang: 'en', featured: 1 },
        { id: 'a2', lang: 'de', featured: 0 },
        { id: 'a3', lang: null, featured: null },
      ]);
      const indexes = db.prepare(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'articles'",
      );
      expect(indexes.all().map((i) => i.name)).toContain('articles__lang__seq');
      // The newly counted group was counted from the rows already there.
      expect(db.prepare('SELECT grp, key, n FROM "rankquill:counts" ORDER BY key').all()).toEqual([
        { grp: 'status', key: '["draft"]', n: 1 },
        { grp: 'status', key: '["published"]', n: 2 },
      ]);
    });
  });

  it('answers a store read made from inside its own transaction with an error, not a deadlock', async () => {
    const store = openSqliteStore(':memory:', v1);
    await expect(store.transaction(() => store.get('articles', 'a1'))).rejects.toThrow(/read through its tx/);
    await expect(store.transaction(() => store.transaction(async () => 1))).rejects.toThrow(/another one/);
    expect(await store.transaction(async () => 'still usable')).toBe('still usable');
    await store.close();
  });

  it('serializes transactions of two stores on one file through SQLite locks', async () => {
    const path = freshPath();
    const a = openSqliteStore(path, v1);
    const b = openSqliteStore(path, v1);
    await a.transaction((tx) => tx.insert('articles', { id: 'a1', status: 'draft', seq: 1 }));
    expect(await b.get('articles', 'a1')).toEqual({ id: 'a1', status: 'draft', seq: 1 });
    const before = await a.version(['articles']);
    await b.transaction((tx) => tx.put('articles', { id: 'a1', status: 'published', seq: 1 }));
    expect(await a.count('articles', { status: 'published' })).toBe(1);
    expect(await a.version(['articles'])).toBeGreaterThan(before);
    await Promise.all([a.close(), b.close()]);
  });
});

/** The fixture writer (fixtures/crash-writer.ts) bundled to run as a plain Node process. */
async function writerBundle(): Promise<string> {
  const bundle = join(scratch, 'crash-writer.mjs');
  if (existsSync(bundle)) return bundle;
  await build({
    entryPoints: [fileURLToPath(new URL('./fixtures/crash-writer.ts', import.meta.url))],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    logLevel: 'silent',
  });
  return bundle;
}

describe('sqlite store version across processes', () => {
  it("moves with another process's commits, read in the next turn of the event loop", async () => {
    const path = freshPath();
    const rows = { rows: { columns: ['batch'], indexes: [['batch']] } };
    const store = openSqliteStore(path, rows);
    const before = await store.version(['rows']);
    const child = spawn(process.execPath, [await writerBundle(), path, '10', '10'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      await new Promise<void>((resolve) => {
        child.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('committed 0')) resolve();
        });
      });
      await new Promise((resolve) => setImmediate(resolve));
      const after = await store.version(['rows']);
      expect(after).toBeGreaterThan(before);
      expect(await store.count('rows', { batch: 0 })).toBe(10);
    } finally {
      child.kill('SIGKILL');
      await store.close();
    }
  });
});

describe('sqlite store crash safety', () => {
  it('keeps every reported commit and no part of the transaction a kill -9 cut short', async () => {
    const bundle = await writerBundle();
    const path = freshPath();
    // 1,500 rows of 2 KB overflow SQLite's default 2 MB page cache, so a batch spills uncommitted
    // pages into the WAL before it commits: recovery must ignore them.
    const rowsPerBatch = 1_500;
    const killAt = 6;
    const child = spawn(process.execPath, [bundle, path, String(rowsPerBatch), '2048'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const committed: number[] = [];
    let cut = -1;
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const [event, n] = line.split(' ');
        if (event === 'committed') committed.push(Number(n));
        if (event === 'writing' && Number(n) === killAt && cut < 0) {
          cut = killAt;
          child.kill('SIGKILL');
        }
      }
    });
    const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    expect({ ...exit, stderr }).toEqual({ code: null, signal: 'SIGKILL', stderr: '' });
    expect(cut).toBe(killAt);
    expect(committed).toEqual([0, 1, 2, 3, 4, 5]);
    // The killed process left its WAL (with uncommitted frames) behind: recovery happens on this open.
    expect(existsSync(`${path}-wal`)).toBe(true);

    const store = openSqliteStore(path, { rows: { columns: ['batch'], indexes: [['batch']] } });
    try {
      for (const batch of committed) expect(await store.count('rows', { batch })).toBe(rowsPerBatch);
      expect(await store.count('rows', { batch: cut })).toBe(0);
      expect(await store.count('rows')).toBe(committed.length * rowsPerBatch);
      const sample = await store.get<Row>('rows', `${cut - 1}-${rowsPerBatch - 1}`);
      expect(sample?.batch).toBe(cut - 1);
    } finally {
      await store.close();
    }
  });
});
