import { beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../src/store/postgres';
import { compileOrderAndPage, compileWhere, describePostgresTables } from '../../src/store/postgres-layout';
import type { Row } from '../../src/store/store';
import { schemaV1, schemaV2 } from '../store/fixtures/evolving-schema';
import { describeStoreContract } from '../store/store-suite';
import { adminQuery, freshDatabase, freshSchema } from '../support/postgres-database';

let database: string;

beforeAll(async () => {
  database = await freshDatabase('store');
});

describeStoreContract('postgres store', async (schema) =>
  openPostgresStore(await freshSchema(database), schema),
);

const v1 = schemaV1;
const v2 = schemaV2;

/** Runs `sql` in the schema the store at `url` uses. */
async function inSchema(url: string, sql: string): Promise<Array<Record<string, unknown>>> {
  return (await adminQuery(sql, url)).rows;
}

describe('postgres store layout', () => {
  it('makes each table a SQL table: id, a typed pair per declared column, doc as json, and the indexes', async () => {
    const url = await freshSchema(database);
    const store = await openPostgresStore(url, v1);
    await store.transaction(async (tx) => {
      await tx.insert('articles', { id: 'a1', status: 'published', seq: 7 });
      await tx.insert('articles', { id: 'a2', status: null, seq: true });
    });
    await store.close();
    const columns = await inSchema(
      url,
      "SELECT column_name, data_type, collation_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'articles' ORDER BY ordinal_position",
    );
    expect(columns).toEqual([
      { column_name: 'id', data_type: 'text', collation_name: 'C' },
      { column_name: 'status:num', data_type: 'double precision', collation_name: null },
      { column_name: 'status:text', data_type: 'text', collation_name: 'C' },
      { column_name: 'seq:num', data_type: 'double precision', collation_name: null },
      { column_name: 'seq:text', data_type: 'text', collation_name: 'C' },
      { column_name: 'doc', data_type: 'json', collation_name: null },
    ]);
    expect(
      await inSchema(
        url,
        'SELECT id, "status:num", "status:text", "seq:num", "seq:text" FROM articles ORDER BY id',
      ),
    ).toEqual([
      {
        id: 'a1',
        'status:num': Number.POSITIVE_INFINITY,
        'status:text': 'published',
        'seq:num': 7,
        'seq:text': '',
      },
      { id: 'a2', 'status:num': Number.NEGATIVE_INFINITY, 'status:text': '', 'seq:num': 1, 'seq:text': '' },
    ]);
    const indexes = await inSchema(
      url,
      "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'articles' ORDER BY indexname",
    );
    expect(indexes.map((index) => index.indexname)).toEqual(['articles__status__seq', 'articles_pkey']);
    expect(indexes[0]?.indexdef).toContain('("status:num", "status:text", "seq:num", "seq:text")');
  });

  it('answers a filtered, ordered page from its index, without sorting, null filters included', async () => {
    const url = await freshSchema(database);
    const store = await openPostgresStore(url, v1);
    const statuses = ['published', 'draft', null];
    await store.transaction(async (tx) => {
      for (let i = 0; i < 3_000; i++)
        await tx.insert('articles', { id: `a${i}`, status: statuses[i % 3], seq: i });
    });
    await store.close();
    await inSchema(url, 'ANALYZE articles');
    const table = describePostgresTables(v1).get('articles');
    if (!table) throw new Error('no articles table');
    for (const status of ['published', null]) {
      // The statement `find` sends for this query.
      const where = compileWhere(table, { status });
      const page = compileOrderAndPage(
        table,
        { orderBy: [['seq', 'desc']], limit: 10 },
        where.params.length + 1,
      );
      const plan = await adminQuery(`EXPLAIN SELECT doc FROM articles${where.sql}${page.sql}`, url, [
        ...where.params,
        ...page.params,
      ]);
      const text = plan.rows.map((line) => line['QUERY PLAN']).join('\n');
      expect(text).toContain('Index Scan Backward using articles__status__seq');
      expect(text).not.toContain('Sort');
    }
  });

  it('keeps rows exactly: key order, U+0000 and lone surrogates, in doc and in declared columns', async () => {
    const store = await openPostgresStore(await freshSchema(database), v1);
    const odd = 'a\u0000b\u0001c';
    const row = { id: `x${odd}`, zeta: 1, alpha: { z: 1, a: [odd] }, status: odd, lone: '\ud800', seq: 1 };
    await store.transaction((tx) => tx.insert('articles', row));
    const back = await store.get<Row>('articles', row.id);
    expect(JSON.stringify(back)).toBe(JSON.stringify(row));
    expect((await store.find('articles', { where: { status: odd } })).length).toBe(1);
    expect(await store.count('articles', { status: 'a\u0000b' })).toBe(0);
    expect(await store.count('articles', { status: { gt: 'a\u0000b', lt: 'a\u0001' } })).toBe(1);
    await store.close();
  });
});

describe('postgres store migrations', () => {
  it('adds a newly declared column on reopen and fills it from doc; adds new tables and indexes', async () => {
    const url = await freshSchema(database);
    const first = await openPostgresStore(url, v1);
    await first.transaction(async (tx) => {
      await tx.insert('articles', { id: 'a1', status: 'published', seq: 1, lang: 'en', featured: true });
      await tx.insert('articles', { id: 'a2', status: 'published', seq: 2, lang: 'de', featured: false });
      await tx.insert('articles', { id: '', status: 'draft', seq: 3, lang: 'fr' });
    });
    await first.close();

    const second = await openPostgresStore(url, v2);
    expect((await second.find('articles', { where: { lang: 'en' } })).map((r) => r.id)).toEqual(['a1']);
    expect((await second.find('articles', { where: { featured: false } })).map((r) => r.id)).toEqual(['a2']);
    expect((await second.find('articles', { where: { featured: null } })).map((r) => r.id)).toEqual(['']);
    expect(await second.count('articles', { lang: 'fr' })).toBe(1);
    await second.transaction((tx) => tx.insert('tags', { id: 't1', name: 'new table' }));
    await second.close();

    const indexes = await inSchema(
      url,
      'SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()',
    );
    expect(indexes.map((index) => index.indexname)).toContain('articles__lang__seq');
    expect(await inSchema(url, 'SELECT version, name FROM "rankquill:migrations" ORDER BY version')).toEqual([
      { version: 1, name: expect.stringContaining('declared tables') },
      { version: 2, name: expect.stringContaining('row counts') },
      { version: 3, name: expect.stringContaining('committed transactions that wrote') },
      { version: 4, name: expect.stringContaining('a row per connection') },
    ]);
    // The newly counted group was counted from the rows already there.
    expect(await inSchema(url, 'SELECT grp, key, n FROM "rankquill:counts" ORDER BY key')).toEqual([
      { grp: 'status', key: '["Infinity", "draft"]', n: '1' },
      { grp: 'status', key: '["Infinity", "published"]', n: '2' },
    ]);
  });

  it('lets instances that start at once on an empty schema migrate it once, without errors', async () => {
    const url = await freshSchema(database);
    const stores = await Promise.all(Array.from({ length: 4 }, () => openPostgresStore(url, v2)));
    await stores[0]?.transaction((tx) => tx.insert('tags', { id: 't1', name: 'x' }));
    for (const store of stores) expect(await store.count('tags')).toBe(1);
    await Promise.all(stores.map((store) => store.close()));
    expect(await inSchema(url, 'SELECT count(*)::int AS n FROM "rankquill:migrations"')).toEqual([{ n: 4 }]);
  });

  it('refuses a database migrated by a newer server, and one that is not UTF-8', async () => {
    const url = await freshSchema(database);
    await (await openPostgresStore(url, v1)).close();
    await inSchema(url, `INSERT INTO "rankquill:migrations" (version, name) VALUES (99, 'from the future')`);
    await expect(openPostgresStore(url, v1)).rejects.toThrow(/newer Rankquill server \(layout version 99/);

    await adminQuery(
      "CREATE DATABASE ascii_store ENCODING 'SQL_ASCII' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0",
    );
    const ascii = database.replace(/\/[^/]+$/, '/ascii_store');
    await expect(openPostgresStore(ascii, v1)).rejects.toThrow(
      /encoding SQL_ASCII; the Rankquill store needs UTF8/,
    );
  });

  it('names a missing schema instead of failing later', async () => {
    const url = `${database}?options=${encodeURIComponent('-c search_path=nowhere')}`;
    await expect(openPostgresStore(url, v1)).rejects.toThrow(/no schema to create tables in/);
  });
});

describe('postgres store counts', () => {
  it('answers a count of a counted group from its counter, not from the rows', async () => {
    const url = await freshSchema(database);
    const store = await openPostgresStore(url, v2);
    await store.transaction(async (tx) => {
      for (let i = 0; i < 30; i++)
        await tx.insert('articles', { id: `a${i}`, status: i < 10 ? 'draft' : 'published' });
    });
    expect(await store.count('articles', { status: 'published' })).toBe(20);
    // Were the count read from the rows, this change of the counter would not show.
    await inSchema(url, `UPDATE "rankquill:counts" SET n = 1234 WHERE key LIKE '%published%'`);
    expect(await store.count('articles', { status: 'published' })).toBe(1234);
    expect(await store.count('articles', { status: 'published', seq: null })).toBe(20);
    await store.clear();
    expect(await inSchema(url, 'SELECT count(*)::int AS n FROM "rankquill:counts"')).toEqual([{ n: 0 }]);
    await store.close();
  });
});

describe('postgres store across processes', () => {
  it('serializes transactions of two stores on one schema: no update is lost', async () => {
    const url = await freshSchema(database);
    const a = await openPostgresStore(url, v1);
    const b = await openPostgresStore(url, v1);
    await a.transaction((tx) => tx.insert('articles', { id: 'counter', status: 'n', seq: 0 }));
    const increment = (store: typeof a) =>
      store.transaction(async (tx) => {
        const row = await tx.get<{ id: string; seq: number }>('articles', 'counter');
        await new Promise((resolve) => setTimeout(resolve, 2));
        await tx.put('articles', { id: 'counter', status: 'n', seq: (row?.seq ?? 0) + 1 });
      });
    const before = await a.version(['articles']);
    await Promise.all(Array.from({ length: 20 }, (_, i) => increment(i % 2 ? a : b)));
    expect((await b.get<{ id: string; seq: number }>('articles', 'counter'))?.seq).toBe(20);
    // Each store sees the other's commits in the version too.
    expect(await a.version(['articles'])).toBe(before + 20);
    expect(await a.count('articles', { seq: 20 })).toBe(1);
    await Promise.all([a.close(), b.close()]);
  });

  it('does not commit a transaction whose work caught a failed statement', async () => {
    const url = await freshSchema(database);
    const store = await openPostgresStore(url, v1);
    // Another instance drops the table under this one: the insert fails inside PostgreSQL.
    await inSchema(url, 'ALTER TABLE articles RENAME TO articles_gone');
    const caught = store.transaction(async (tx) => {
      await tx.insert('articles', { id: 'a1', status: 'x', seq: 1 }).catch(() => undefined);
    });
    await expect(caught).rejects.toThrow(/rolled back: one of its statements failed/);
    expect(await store.transaction(async () => 'still usable')).toBe('still usable');
    await store.close();
  });
});
