import { describe, expect, it } from 'vitest';
import { DuplicateRowError, type Row } from '../../../src/store/store';
import { type Article, article, ids, type StoreUnderTest, sorted } from './store-fixtures';

/** Rows: insert, get, put and delete, with their errors. */
export function describeRows(suite: StoreUnderTest): void {
  describe('rows', () => {
    it('inserts a row and gets it back, with nested JSON intact', async () => {
      const row = article('a1', {
        body: { blocks: [{ text: 'x', n: 1.5 }, null], tags: ['a'] },
        featured: true,
      });
      await suite.seed(row);
      expect(await suite.store.get('articles', 'a1')).toEqual(row);
      expect(await suite.store.get('articles', 'missing')).toBeUndefined();
    });

    it('stores rows as JSON: dates become strings and undefined fields vanish', async () => {
      await suite.store.transaction((tx) =>
        tx.insert('notes', { id: 'n1', kind: 'x', at: new Date(Date.UTC(2026, 0, 1)), gone: undefined }),
      );
      const note = await suite.store.get<Row>('notes', 'n1');
      expect(note).toEqual({ id: 'n1', kind: 'x', at: '2026-01-01T00:00:00.000Z' });
      expect(note && 'gone' in note).toBe(false);
    });

    it('rejects a duplicate insert with DuplicateRowError and keeps the first row', async () => {
      await suite.seed(article('a1', { status: 'draft' }));
      const error = await suite.store
        .transaction((tx) => tx.insert('articles', article('a1', { status: 'published' })))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DuplicateRowError);
      expect(error).toMatchObject({ table: 'articles', id: 'a1' });
      expect((await suite.store.get<Article>('articles', 'a1'))?.status).toBe('draft');
    });

    it('lets a transaction that catches DuplicateRowError go on and commit', async () => {
      await suite.seed(article('a1'));
      await suite.store.transaction(async (tx) => {
        await expect(tx.insert('articles', article('a1', { status: 'other' }))).rejects.toBeInstanceOf(
          DuplicateRowError,
        );
        await tx.insert('articles', article('a2'));
      });
      expect(await suite.store.count('articles')).toBe(2);
      expect((await suite.store.get<Article>('articles', 'a1'))?.status).toBe('draft');
    });

    it('put inserts a new row and replaces an existing one, columns included', async () => {
      await suite.store.transaction((tx) => tx.put('articles', article('a1', { status: 'draft', score: 1 })));
      await suite.store.transaction((tx) => tx.put('articles', article('a1', { status: 'published' })));
      expect(await suite.store.get('articles', 'a1')).toEqual(article('a1', { status: 'published' }));
      expect(await suite.store.count('articles')).toBe(1);
      expect(await suite.store.count('articles', { status: 'draft' })).toBe(0);
      expect(await suite.store.count('articles', { status: 'published' })).toBe(1);
      expect(await suite.store.count('articles', { score: 1 })).toBe(0);
    });

    it('delete answers whether the row existed', async () => {
      await suite.seed(article('a1'), article('a2'));
      expect(await suite.store.transaction((tx) => tx.delete('articles', 'a1'))).toBe(true);
      expect(await suite.store.transaction((tx) => tx.delete('articles', 'a1'))).toBe(false);
      expect(await suite.store.get('articles', 'a1')).toBeUndefined();
      expect(ids(await suite.store.find('articles'))).toEqual(['a2']);
    });

    it('deleteWhere removes only the matching rows and answers how many', async () => {
      await suite.seed(
        article('a1', { status: 'draft' }),
        article('a2', { status: 'published' }),
        article('a3', { status: 'draft', projectId: 'p2' }),
      );
      expect(
        await suite.store.transaction((tx) =>
          tx.deleteWhere('articles', { status: 'draft', projectId: 'p1' }),
        ),
      ).toBe(1);
      expect(sorted(await suite.store.find('articles'))).toEqual(['a2', 'a3']);
      expect(await suite.store.transaction((tx) => tx.deleteWhere('articles', { status: 'gone' }))).toBe(0);
      expect(await suite.store.transaction((tx) => tx.deleteWhere('articles', {}))).toBe(2);
      expect(await suite.store.count('articles')).toBe(0);
    });

    it('keeps tables apart', async () => {
      await suite.store.transaction(async (tx) => {
        await tx.insert('articles', article('same'));
        await tx.insert('notes', { id: 'same', kind: 'note' });
      });
      expect(await suite.store.get('notes', 'same')).toEqual({ id: 'same', kind: 'note' });
      expect(await suite.store.count('articles')).toBe(1);
      expect(await suite.store.count('meta')).toBe(0);
    });

    it('rejects a row without a string id, or an object in a declared column', async () => {
      await expect(
        suite.store.transaction((tx) => tx.insert('notes', { id: 7 } as unknown as Row)),
      ).rejects.toBeInstanceOf(TypeError);
      await expect(
        suite.store.transaction((tx) => tx.insert('notes', { id: 'n1', kind: { nested: true } })),
      ).rejects.toBeInstanceOf(TypeError);
      expect(await suite.store.count('notes')).toBe(0);
    });
  });
}
