import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src/store/memory';
import type { Condition } from '../../src/store/store';
import { describeStoreContract } from './store-suite';

describeStoreContract('memory store', (schema) => createMemoryStore(schema));

describe('memory store source', () => {
  it('imports nothing Node-only, so it runs in a browser', () => {
    for (const file of ['memory.ts', 'memory-index.ts', 'scalar-order.ts', 'store.ts']) {
      const source = readFileSync(fileURLToPath(new URL(`../../src/store/${file}`, import.meta.url)), 'utf8');
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
      expect(imports.every((specifier) => specifier?.startsWith('./'))).toBe(true);
    }
  });
});

/** A row of the ordered-page test. */
type Item = { id: string; owner?: unknown; n?: unknown; m?: unknown };

describe('memory store indexes', () => {
  // The same table with and without an index on `owner`: every answer must be the same.
  const indexed = { items: { columns: ['owner', 'n'], indexes: [['owner', 'n']] } };
  const plain = { items: { columns: ['owner', 'n'] } };
  const owners = ['a', 'b', 1, true, 0, null, undefined] as const;

  /** A small seeded generator, so a failure replays. */
  function sequence(seed: number) {
    let state = seed;
    return (below: number) => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return Math.floor(state / 2 ** 16) % below;
    };
  }

  it('answers equalities on an indexed column as a scan does, through inserts, moves, deletes and rollbacks', async () => {
    const next = sequence(7);
    const stores = [createMemoryStore(indexed), createMemoryStore(plain)];
    const row = (id: number) => {
      const owner = owners[next(owners.length)];
      const ns = [0, 1, 2, 3, 4, 2.5, 'x', null, true] as const;
      const n = ns[next(ns.length)];
      return owner === undefined ? { id: `r${id}`, n } : { id: `r${id}`, owner, n };
    };
    for (let step = 0; step < 300; step++) {
      const kind = next(6);
      const rows = Array.from({ length: 3 }, () => row(next(40)));
      const victim = `r${next(40)}`;
      const owner = owners[next(owners.length)] ?? null;
      const insides: unknown[][] = [];
      for (const store of stores) {
        await store
          .transaction(async (tx) => {
            if (kind <= 2) for (const r of rows) await tx.put('items', r);
            else if (kind === 3) await tx.delete('items', victim);
            else if (kind === 4) await tx.deleteWhere('items', { owner, n: { lt: 3 } });
            else {
              for (const r of rows) await tx.put('items', r);
              // Read inside the transaction, over its own writes, then roll it back.
              const found = await tx.find('items', { where: { owner }, orderBy: [['id', 'asc']] });
              await tx.delete('items', victim);
              insides.push([found, await tx.count('items', { owner })]);
              throw new Error('rollback');
            }
          })
          .catch((error: Error) => {
            if (error.message !== 'rollback') throw error;
          });
      }
      if (kind === 5) expect(insides[0], `step ${step}, inside`).toEqual(insides[1]);
      for (const value of owners) {
        const where = { owner: value ?? null };
        const [a, b] = await Promise.all(
          stores.map((store) => store.find('items', { where, orderBy: [['id', 'asc']] })),
        );
        expect(a, `step ${step}, owner ${String(value)}`).toEqual(b);
        const [ca, cb] = await Promise.all(stores.map((store) => store.count('items', where)));
        expect(ca).toBe(cb);
        for (const n of [{ gte: 1, lt: 4 }, { lte: 2 }, { gt: 2 }, { gt: 'a' }, { lt: 3, gte: null }]) {
          const ranged = { ...where, n };
          const [ra, rb] = await Promise.all(
            stores.map((store) => store.find('items', { where: ranged, orderBy: [['id', 'asc']] })),
          );
          expect(ra, `step ${step}, owner ${String(value)}, n ${JSON.stringify(n)}`).toEqual(rb);
        }
      }
    }
    await stores[0]?.clear();
    expect(await stores[0]?.count('items', { owner: 'a' })).toBe(0);
  });

  it('reads first pages in an index order as a sort would give them, through writes, deletes and rollbacks', async () => {
    const next = sequence(11);
    const ordered = { items: { columns: ['owner', 'n', 'm'], indexes: [['owner', 'n', 'm desc']] } };
    const unordered = { items: { columns: ['owner', 'n', 'm'] } };
    const stores = [createMemoryStore(ordered), createMemoryStore(unordered)];
    const values = [0, 1, 2, 2.5, 'x', null, true] as const;
    const row = (id: number) => ({
      id: `r${id}`,
      owner: ['a', 'b', 1][next(3)],
      n: values[next(values.length)],
      m: values[next(values.length)],
    });
    // Ties may come in another order; the order keys of a page may not (true sorts as 1).
    const keys = (rows: Item[], columns: readonly string[]) =>
      rows.map((r) =>
        JSON.stringify(
          columns.map((column) =>
            typeof r[column as keyof Item] === 'boolean'
              ? Number(r[column as keyof Item])
              : (r[column as keyof Item] ?? null),
          ),
        ),
      );
    for (let step = 0; step < 200; step++) {
      const kind = next(4);
      const rows = Array.from({ length: 4 }, () => row(next(60)));
      const victim = `r${next(60)}`;
      for (const store of stores) {
        await store
          .transaction(async (tx) => {
            for (const r of rows) await tx.put('items', r);
            if (kind === 1) await tx.delete('items', victim);
            if (kind === 2) {
              // Inside a transaction that wrote to the table: its own writes count.
              const inside = await tx.find<Item>('items', {
                where: { owner: 'a' },
                orderBy: [['n', 'asc']],
                limit: 3,
              });
              expect(inside.every((r) => r.owner === 'a')).toBe(true);
            }
            if (kind === 3) throw new Error('rollback');
          })
          .catch((error: Error) => {
            if (error.message !== 'rollback') throw error;
          });
      }
      for (const owner of ['a', 'b', 1]) {
        for (const where of [{ owner }, { owner, n: { gte: 1 } }, { owner, n: { lt: 'x' } }] as Array<
          Record<string, Condition>
        >) {
          for (const orderBy of [
            [['n', 'asc']],
            [
              ['n', 'asc'],
              ['m', 'desc'],
            ],
          ] as const) {
            for (const [offset, limit] of [
              [0, 1],
              [0, 5],
              [2, 3],
              [0, 100],
            ]) {
              const [a, b] = await Promise.all(
                stores.map((store) =>
                  store.find<Item>('items', {
                    where,
                    orderBy: orderBy.map(([c, d]) => [c, d] as [string, 'asc' | 'desc']),
                    offset,
                    limit,
                  }),
                ),
              );
              const columns = orderBy.map(([column]) => column);
              const page = `step ${step} ${JSON.stringify({ where, orderBy, offset, limit })}`;
              expect(keys(a ?? [], columns), page).toEqual(keys(b ?? [], columns));
              expect(a?.length).toBe(b?.length);
            }
          }
        }
      }
    }
  });
});
