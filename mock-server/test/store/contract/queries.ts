import { beforeEach, describe, expect, it } from 'vitest';
import { UnknownColumnError } from '../../../src/store/store';
import { type Article, article, ids, type StoreUnderTest, sorted } from './store-fixtures';

/** Queries: conditions, order, pages and counts. */
export function describeQueries(suite: StoreUnderTest): void {
  describe('queries', () => {
    beforeEach(async () => {
      await suite.seed(
        article('a1', { status: 'published', publishedAt: '2026-01-03', score: 3, featured: true }),
        article('a2', { status: 'published', publishedAt: '2026-01-01', score: 10, featured: false }),
        article('a3', { status: 'draft', publishedAt: null, score: null }),
        article('a4', { status: 'published', publishedAt: '2026-01-02', score: -1.5, featured: true }),
        article('a5', { status: 'draft', projectId: 'p2', publishedAt: null }),
      );
    });

    it('counts all rows, or the matching ones', async () => {
      expect(await suite.store.count('articles')).toBe(5);
      expect(await suite.store.count('articles', { projectId: 'p1', status: 'published' })).toBe(3);
      expect(await suite.store.count('articles', { projectId: 'nobody' })).toBe(0);
    });

    it('finds by equality on strings and numbers', async () => {
      expect(sorted(await suite.store.find('articles', { where: { status: 'draft' } }))).toEqual([
        'a3',
        'a5',
      ]);
      expect(ids(await suite.store.find('articles', { where: { score: 10 } }))).toEqual(['a2']);
      expect(ids(await suite.store.find('articles', { where: { score: -1.5 } }))).toEqual(['a4']);
      expect(await suite.store.find('articles', { where: { score: '10' } })).toEqual([]);
    });

    it('treats null as IS NULL, matching explicit nulls and missing fields alike', async () => {
      expect(sorted(await suite.store.find('articles', { where: { publishedAt: null } }))).toEqual([
        'a3',
        'a5',
      ]);
      // a3 stores score: null, a5 has no score at all.
      expect(sorted(await suite.store.find('articles', { where: { score: null } }))).toEqual(['a3', 'a5']);
      expect(sorted(await suite.store.find('articles', { where: { featured: null } }))).toEqual(['a3', 'a5']);
    });

    it('filters on booleans and returns them as booleans', async () => {
      const featured = await suite.store.find<Article>('articles', { where: { featured: true } });
      expect(sorted(featured)).toEqual(['a1', 'a4']);
      expect(featured.map((row) => row.featured)).toEqual([true, true]);
      const plain = await suite.store.find<Article>('articles', { where: { featured: false } });
      expect(ids(plain)).toEqual(['a2']);
      expect(plain[0]?.featured).toBe(false);
      expect(await suite.store.count('articles', { featured: true })).toBe(2);
    });

    it('filters on numeric ranges, leaving out NULLs', async () => {
      expect(sorted(await suite.store.find('articles', { where: { score: { gt: 3 } } }))).toEqual(['a2']);
      expect(sorted(await suite.store.find('articles', { where: { score: { gte: 3 } } }))).toEqual([
        'a1',
        'a2',
      ]);
      expect(sorted(await suite.store.find('articles', { where: { score: { lt: 3 } } }))).toEqual(['a4']);
      expect(sorted(await suite.store.find('articles', { where: { score: { lte: 3 } } }))).toEqual([
        'a1',
        'a4',
      ]);
      expect(sorted(await suite.store.find('articles', { where: { score: { gt: -2, lt: 10 } } }))).toEqual([
        'a1',
        'a4',
      ]);
      expect(await suite.store.count('articles', { score: { gte: -1.5, lte: 10 } })).toBe(3);
    });

    it('filters on string ranges, combined with equality', async () => {
      const where = { projectId: 'p1', publishedAt: { gte: '2026-01-02', lt: '2026-01-04' } };
      expect(sorted(await suite.store.find('articles', { where }))).toEqual(['a1', 'a4']);
      expect(await suite.store.count('articles', where)).toBe(2);
      expect(
        sorted(await suite.store.find('articles', { where: { publishedAt: { gt: '2026-01-02' } } })),
      ).toEqual(['a1']);
    });

    it('compares a range bound of NULL as SQL does: nothing matches', async () => {
      expect(await suite.store.find('articles', { where: { score: { gt: null } } })).toEqual([]);
    });

    it('filters and orders on id', async () => {
      expect(ids(await suite.store.find('articles', { where: { id: 'a2' } }))).toEqual(['a2']);
      expect(
        ids(await suite.store.find('articles', { where: { id: { gte: 'a4' } }, orderBy: [['id', 'asc']] })),
      ).toEqual(['a4', 'a5']);
      expect(ids(await suite.store.find('articles', { orderBy: [['id', 'desc']] }))).toEqual([
        'a5',
        'a4',
        'a3',
        'a2',
        'a1',
      ]);
    });

    it('narrows to one row by id with further conditions, seeing the uncommitted writes of its transaction', async () => {
      expect(ids(await suite.store.find('articles', { where: { id: 'a2', status: 'published' } }))).toEqual([
        'a2',
      ]);
      expect(await suite.store.count('articles', { id: 'a2', status: 'draft' })).toBe(0);
      expect(await suite.store.count('articles', { id: 'missing', status: 'draft' })).toBe(0);
      await suite.store.transaction(async (tx) => {
        await tx.put('articles', article('a2', { status: 'draft' }));
        expect(await tx.deleteWhere('articles', { id: 'a2', status: 'published' })).toBe(0);
        expect(ids(await tx.find('articles', { where: { id: 'a2', status: 'draft' } }))).toEqual(['a2']);
        expect(await tx.deleteWhere('articles', { id: 'a2', status: 'draft' })).toBe(1);
        expect(await tx.count('articles', { id: 'a2' })).toBe(0);
      });
      expect(await suite.store.get('articles', 'a2')).toBeUndefined();
      expect(await suite.store.count('articles', { id: 'a3', status: 'draft' })).toBe(1);
    });

    it('orders by several columns, NULLs first ascending and last descending', async () => {
      const asc = await suite.store.find('articles', {
        orderBy: [
          ['status', 'asc'],
          ['publishedAt', 'asc'],
          ['score', 'desc'],
        ],
      });
      // The drafts a3 and a5 tie on every ordered column, so their order is free.
      expect(ids(asc).slice(2)).toEqual(['a2', 'a4', 'a1']);
      expect(sorted(asc.slice(0, 2))).toEqual(['a3', 'a5']);

      const desc = await suite.store.find('articles', {
        orderBy: [
          ['publishedAt', 'desc'],
          ['projectId', 'desc'],
        ],
      });
      expect(ids(desc)).toEqual(['a1', 'a4', 'a2', 'a5', 'a3']);

      const byScore = await suite.store.find('articles', { orderBy: [['score', 'asc']] });
      expect(sorted(byScore.slice(0, 2))).toEqual(['a3', 'a5']);
      expect(ids(byScore.slice(2))).toEqual(['a4', 'a1', 'a2']);
    });

    it('orders numbers before text, as SQLite does across types', async () => {
      await suite.store.transaction(async (tx) => {
        await tx.insert('notes', { id: 'n1', kind: 'b' });
        await tx.insert('notes', { id: 'n2', kind: 2 });
        await tx.insert('notes', { id: 'n3', kind: 'a' });
        await tx.insert('notes', { id: 'n4', kind: null });
        await tx.insert('notes', { id: 'n5', kind: 10 });
      });
      expect(ids(await suite.store.find('notes', { orderBy: [['kind', 'asc']] }))).toEqual([
        'n4',
        'n2',
        'n5',
        'n3',
        'n1',
      ]);
      expect(sorted(await suite.store.find('notes', { where: { kind: { gt: 5 } } }))).toEqual([
        'n1',
        'n3',
        'n5',
      ]);
    });

    it('orders text by code point, as SQLite compares UTF-8', async () => {
      await suite.store.transaction(async (tx) => {
        await tx.insert('notes', { id: 'emoji', kind: '\u{1F600}' });
        await tx.insert('notes', { id: 'private', kind: '\uE000' });
        await tx.insert('notes', { id: 'upper', kind: 'Z' });
        await tx.insert('notes', { id: 'lower', kind: 'a' });
      });
      expect(ids(await suite.store.find('notes', { orderBy: [['kind', 'asc']] }))).toEqual([
        'upper',
        'lower',
        'private',
        'emoji',
      ]);
    });

    it('applies limit and offset after ordering', async () => {
      const orderBy: Array<[string, 'asc' | 'desc']> = [['publishedAt', 'desc']];
      const where = { status: 'published' };
      expect(ids(await suite.store.find('articles', { where, orderBy, limit: 2 }))).toEqual(['a1', 'a4']);
      expect(ids(await suite.store.find('articles', { where, orderBy, limit: 2, offset: 1 }))).toEqual([
        'a4',
        'a2',
      ]);
      expect(ids(await suite.store.find('articles', { where, orderBy, offset: 2 }))).toEqual(['a2']);
      expect(ids(await suite.store.find('articles', { where, orderBy, limit: 10, offset: 3 }))).toEqual([]);
      expect(await suite.store.find('articles', { where, orderBy, limit: 0 })).toEqual([]);
    });

    it('rejects a negative or fractional limit or offset', async () => {
      await expect(suite.store.find('articles', { limit: -1 })).rejects.toBeInstanceOf(RangeError);
      await expect(suite.store.find('articles', { offset: 1.5 })).rejects.toBeInstanceOf(RangeError);
    });

    it('rejects undeclared columns in where, orderBy, count and deleteWhere with UnknownColumnError', async () => {
      await expect(suite.store.find('articles', { where: { title: 'x' } })).rejects.toBeInstanceOf(
        UnknownColumnError,
      );
      await expect(suite.store.find('articles', { orderBy: [['body', 'asc']] })).rejects.toBeInstanceOf(
        UnknownColumnError,
      );
      await expect(suite.store.count('articles', { kind: 'x' })).rejects.toBeInstanceOf(UnknownColumnError);
      await expect(suite.store.count('meta', { anything: 1 })).rejects.toBeInstanceOf(UnknownColumnError);
      await expect(
        suite.store.transaction((tx) => tx.deleteWhere('articles', { body: null })),
      ).rejects.toBeInstanceOf(UnknownColumnError);
      expect(await suite.store.count('articles')).toBe(5);
    });

    it('rejects malformed conditions instead of matching everything', async () => {
      await expect(
        suite.store.transaction((tx) =>
          tx.deleteWhere('articles', { status: undefined as unknown as string }),
        ),
      ).rejects.toBeInstanceOf(TypeError);
      await expect(suite.store.find('articles', { where: { score: {} } })).rejects.toBeInstanceOf(TypeError);
      await expect(
        suite.store.find('articles', { where: { score: { eq: 1 } as unknown as { lt: number } } }),
      ).rejects.toBeInstanceOf(TypeError);
      await expect(suite.store.find('articles', { where: { score: Number.NaN } })).rejects.toBeInstanceOf(
        TypeError,
      );
      expect(await suite.store.count('articles')).toBe(5);
    });

    it('rejects an unknown table with an error that names it', async () => {
      await expect(suite.store.get('nope', 'x')).rejects.toThrow(/nope/);
      await expect(suite.store.find('nope')).rejects.toThrow(/nope/);
      await expect(suite.store.count('nope')).rejects.toThrow(/nope/);
      await expect(suite.store.transaction((tx) => tx.insert('nope', { id: 'x' }))).rejects.toThrow(/nope/);
    });
  });
}
