import { describe, expect, it } from 'vitest';
import { Random } from '../../src/engine/kernel/random';
import { firstInOrder } from '../../src/store/first-in-order';
import { createMemoryStore } from '../../src/store/memory';

describe('firstInOrder', () => {
  it('gives what a stable sort then a slice gives, ties included', () => {
    const random = new Random('first-in-order');
    for (let round = 0; round < 500; round++) {
      const rows = Array.from({ length: random.int(0, 60) }, (_, index) => ({
        key: random.int(0, 5),
        index,
      }));
      const count = random.int(0, 70);
      const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;
      expect(firstInOrder(rows, count, byKey)).toEqual([...rows].sort(byKey).slice(0, count));
    }
  });
});

describe('memory store first pages', () => {
  it('answers a short first page of many rows as the full order would, for every offset', async () => {
    const store = createMemoryStore({ jobs: { columns: ['at', 'seq'], indexes: [['at', 'seq']] } });
    const random = new Random('first-pages');
    await store.transaction(async (tx) => {
      for (let seq = 0; seq < 400; seq++)
        await tx.insert('jobs', { id: `job_${random.string(8)}`, at: random.int(0, 3), seq });
    });
    const all = await store.find<{ id: string }>('jobs', {
      orderBy: [
        ['at', 'asc'],
        ['seq', 'desc'],
      ],
    });
    for (const [offset, limit] of [
      [0, 1],
      [0, 10],
      [3, 7],
      [20, 5],
    ] as const) {
      const page = await store.find<{ id: string }>('jobs', {
        orderBy: [
          ['at', 'asc'],
          ['seq', 'desc'],
        ],
        offset,
        limit,
      });
      expect(page.map((row) => row.id)).toEqual(all.slice(offset, offset + limit).map((row) => row.id));
    }
  });
});
