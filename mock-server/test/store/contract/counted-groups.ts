import { describe, expect, it } from 'vitest';
import { article, type StoreUnderTest } from './store-fixtures';

/** Counted groups: the counts a store keeps per group of columns. */
export function describeCountedGroups(suite: StoreUnderTest): void {
  describe('counted groups', () => {
    const counts = async () => ({
      p1Draft: await suite.store.count('articles', { projectId: 'p1', status: 'draft' }),
      p1Published: await suite.store.count('articles', { status: 'published', projectId: 'p1' }),
      p2Draft: await suite.store.count('articles', { projectId: 'p2', status: 'draft' }),
      featured: await suite.store.count('articles', { featured: true }),
      plain: await suite.store.count('articles', { featured: false }),
      unset: await suite.store.count('articles', { featured: null }),
    });

    it('count as the rows do through inserts, puts that move rows between groups, and deletes', async () => {
      await suite.seed(
        article('a1'),
        article('a2', { featured: true }),
        article('a3', { status: 'published', featured: false }),
        article('a4', { projectId: 'p2' }),
      );
      expect(await counts()).toEqual({
        p1Draft: 2,
        p1Published: 1,
        p2Draft: 1,
        featured: 1,
        plain: 1,
        unset: 2,
      });
      await suite.store.transaction(async (tx) => {
        await tx.put('articles', article('a1', { status: 'published', featured: true }));
        await tx.put('articles', article('a2', { featured: true, score: 5 }));
        await tx.delete('articles', 'a3');
        await tx.put('articles', article('a5', { projectId: 'p2', featured: false }));
      });
      expect(await counts()).toEqual({
        p1Draft: 1,
        p1Published: 1,
        p2Draft: 2,
        featured: 2,
        plain: 1,
        unset: 1,
      });
      expect(await suite.store.transaction((tx) => tx.deleteWhere('articles', { projectId: 'p2' }))).toBe(2);
      expect(await counts()).toEqual({
        p1Draft: 1,
        p1Published: 1,
        p2Draft: 0,
        featured: 2,
        plain: 0,
        unset: 0,
      });
      expect(await suite.store.count('articles', { projectId: 'p1', status: 'published', score: null })).toBe(
        1,
      );
      expect(await suite.store.count('articles', { projectId: 'p1', status: { gte: 'a' } })).toBe(2);
    });

    it('count what a transaction sees inside it, and nothing of a rolled-back one', async () => {
      await suite.seed(article('a1'));
      const inside = await suite.store.transaction(async (tx) => {
        await tx.insert('articles', article('a2'));
        return tx.count('articles', { projectId: 'p1', status: 'draft' });
      });
      expect(inside).toBe(2);
      await suite.store
        .transaction(async (tx) => {
          await tx.insert('articles', article('a3'));
          await tx.delete('articles', 'a1');
          throw new Error('abandon');
        })
        .catch(() => undefined);
      expect(await counts()).toMatchObject({ p1Draft: 2, unset: 2 });
      await suite.store.clear();
      expect(await counts()).toMatchObject({ p1Draft: 0, unset: 0 });
      await suite.seed(article('a1'));
      expect(await counts()).toMatchObject({ p1Draft: 1, unset: 1 });
    });

    it('check the compared values as any count does', async () => {
      await expect(suite.store.count('articles', { featured: Number.NaN })).rejects.toBeInstanceOf(TypeError);
      await expect(
        suite.store.count('articles', { projectId: 'p1', status: undefined as unknown as string }),
      ).rejects.toBeInstanceOf(TypeError);
    });
  });
}
