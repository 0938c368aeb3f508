import { describe, expect, it } from 'vitest';
import { type Article, article, gate, type StoreUnderTest, tick } from './store-fixtures';

/** What a store hands out and how it ends: its version, copies of rows, clear and close. */
export function describeLifecycle(suite: StoreUnderTest): void {
  describe('version', () => {
    it('grows with each committed transaction that wrote to a named table, and with clear', async () => {
      const articles = () => suite.store.version(['articles']);
      const start = await articles();
      await suite.store.transaction((tx) => tx.insert('notes', { id: 'n1', kind: 'x' }));
      await suite.store.transaction((tx) => tx.find('articles'));
      expect(await articles()).toBe(start);
      await suite.seed(article('a1'));
      const written = await articles();
      expect(written).toBeGreaterThan(start);
      await suite.store
        .transaction(async (tx) => {
          await tx.insert('articles', article('a2'));
          throw new Error('abandon');
        })
        .catch(() => undefined);
      expect(await articles()).toBe(written);
      await suite.store.transaction((tx) => tx.deleteWhere('articles', { status: 'draft' }));
      const both = await suite.store.version(['articles', 'notes']);
      expect(await articles()).toBeGreaterThan(written);
      await suite.store.transaction((tx) => tx.delete('notes', 'n1'));
      expect(await suite.store.version(['articles', 'notes'])).toBeGreaterThan(both);
      await suite.store.clear();
      expect(await suite.store.version(['meta'])).toBeGreaterThan(0);
      await expect(suite.store.version(['nope'])).rejects.toThrow(/nope/);
    });
  });

  describe('copies', () => {
    it('keeps no reference to an inserted or put row', async () => {
      const row = article('a1', { body: { tags: ['x'] } });
      await suite.seed(row);
      row.status = 'mutated';
      (row.body as { tags: string[] }).tags.push('y');
      const put = { id: 'n1', kind: 'x', list: [1] };
      await suite.store.transaction((tx) => tx.put('notes', put));
      put.list.push(2);
      expect(await suite.store.get('articles', 'a1')).toEqual(article('a1', { body: { tags: ['x'] } }));
      expect(await suite.store.count('articles', { status: 'mutated' })).toBe(0);
      expect(await suite.store.get('notes', 'n1')).toEqual({ id: 'n1', kind: 'x', list: [1] });
    });

    it('hands out a fresh copy on every read', async () => {
      await suite.seed(article('a1', { body: { tags: ['x'] } }));
      const first = await suite.store.get<Article>('articles', 'a1');
      if (!first) throw new Error('row missing');
      first.status = 'mutated';
      (first.body as { tags: string[] }).tags.push('y');
      const [found] = await suite.store.find<Article>('articles');
      if (!found) throw new Error('row missing');
      expect(found).toEqual(article('a1', { body: { tags: ['x'] } }));
      found.projectId = 'mutated';
      await suite.store.transaction(async (tx) => {
        const inside = await tx.get<Article>('articles', 'a1');
        if (inside) inside.status = 'mutated inside';
      });
      expect(await suite.store.get('articles', 'a1')).toEqual(article('a1', { body: { tags: ['x'] } }));
      expect(await suite.store.count('articles', { status: 'draft', projectId: 'p1' })).toBe(1);
    });
  });

  describe('clear', () => {
    it('removes every row of every table and leaves the store usable', async () => {
      await suite.seed(article('a1'), article('a2'));
      await suite.store.transaction((tx) => tx.insert('notes', { id: 'n1', kind: 'x' }));
      await suite.store.clear();
      expect(await suite.store.count('articles')).toBe(0);
      expect(await suite.store.count('notes')).toBe(0);
      expect(await suite.store.get('articles', 'a1')).toBeUndefined();
      await suite.seed(article('a1'));
      expect(await suite.store.count('articles')).toBe(1);
    });

    it('waits for a running transaction rather than cutting into it', async () => {
      const hold = gate();
      const running = suite.store.transaction(async (tx) => {
        await tx.insert('notes', { id: 'n1', kind: 'x' });
        await hold.opened;
        await tx.insert('notes', { id: 'n2', kind: 'x' });
      });
      const cleared = suite.store.clear();
      await tick();
      hold.open();
      await Promise.all([running, cleared]);
      expect(await suite.store.count('notes')).toBe(0);
    });
  });

  describe('close', () => {
    it('finishes queued transactions, then refuses new work', async () => {
      const queued = suite.store.transaction(async (tx) => {
        await tick();
        await tx.insert('notes', { id: 'n1', kind: 'x' });
        return 'done';
      });
      await suite.store.close();
      expect(await queued).toBe('done');
      await expect(suite.store.get('notes', 'n1')).rejects.toThrow(/closed/);
      await expect(suite.store.transaction(async () => 1)).rejects.toThrow(/closed/);
      await suite.store.close();
    });
  });
}
