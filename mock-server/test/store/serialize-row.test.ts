import { describe, expect, it } from 'vitest';
import { Random } from '../../src/engine/kernel/random';
import { serializeRow, serializeRowColumns } from '../../src/store/schema-checks';
import type { Identified } from '../../src/store/store';

const COLUMNS = ['a', 'b', 'c', 'd'];

/** Values whose JSON differs from themselves: the columns must hold what the JSON holds. */
const tricky: unknown[] = [
  'text',
  '',
  '\u0000nul',
  0,
  -0,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  true,
  false,
  null,
  undefined,
  new Date(Date.UTC(2026, 0, 1)),
  { toJSON: () => 'from toJSON' },
  { toJSON: () => Number.NaN },
  { toJSON: () => undefined },
  { toJSON: (key: string) => `key ${key}` },
  Object(5),
  Object('boxed'),
  Object(false),
  () => 'a function',
  Symbol('s'),
];

describe('serializeRowColumns', () => {
  it('gives every column the value the JSON of the row holds, as a parse of it would', () => {
    const random = new Random('serialize-row');
    for (let i = 0; i < 2_000; i++) {
      const row: Identified & Record<string, unknown> = { id: `r${i}`, body: 'x'.repeat(random.int(0, 50)) };
      for (const column of COLUMNS) {
        if (random.int(0, 4) > 0) row[column] = tricky[random.int(0, tricky.length - 1)];
      }
      const parsed = serializeRow('t', COLUMNS, row);
      const fast = serializeRowColumns('t', COLUMNS, row);
      expect(fast.json).toBe(parsed.json);
      for (const column of COLUMNS) expect(Object.is(fast.columns[column], parsed.row[column])).toBe(true);
    }
  });

  it('reads own enumerable properties only, as JSON does', () => {
    class WithGetter {
      id = 'r1';
      get a(): string {
        return 'from the prototype';
      }
    }
    const row = new WithGetter() as unknown as Identified;
    const hidden = Object.defineProperty({ id: 'r2' }, 'a', { value: 'hidden', enumerable: false });
    expect(serializeRowColumns('t', COLUMNS, row).columns.a).toBeUndefined();
    expect(serializeRowColumns('t', COLUMNS, hidden).columns.a).toBeUndefined();
  });

  it('follows a row that chooses its own JSON', () => {
    const row = { id: 'r1', a: 'ignored', toJSON: () => ({ id: 'r1', a: 'chosen' }) };
    expect(serializeRowColumns('t', COLUMNS, row)).toEqual({
      json: '{"id":"r1","a":"chosen"}',
      columns: { id: 'r1', a: 'chosen' },
    });
  });

  it('refuses what serializeRow refuses, naming the table and column', () => {
    expect(() => serializeRowColumns('t', COLUMNS, { id: 'r1', a: { nested: true } } as Identified)).toThrow(
      'column t.a must hold a string, number, boolean or null',
    );
    expect(() => serializeRowColumns('t', COLUMNS, { id: 7 } as unknown as Identified)).toThrow(
      'a row of t needs a string id',
    );
    expect(() => serializeRowColumns('t', COLUMNS, [] as unknown as Identified)).toThrow('must be an object');
  });
});
