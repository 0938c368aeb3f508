import { describe, expect, it } from 'vitest';
import { IdFactory } from '../../../src/engine/kernel/ids';
import { Random } from '../../../src/engine/kernel/random';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const MASK = (1n << 64n) - 1n;

/** The ids as they were made with BigInt arithmetic, before the 32-bit halves. */
function referenceId(seed: string, prefix: string, seq: number): string {
  const keyStream = new Random(seed).fork('ids');
  const key = (BigInt(keyStream.int(0, 2 ** 31)) << 32n) | BigInt(keyStream.int(0, 2 ** 31));
  let z = (BigInt(seq) + key) & MASK;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
  z ^= z >> 31n;
  let out = '';
  for (let i = 0; i < 13; i++) {
    out = ALPHABET[Number(z & 31n)] + out;
    z >>= 5n;
  }
  return `${prefix}_${out}`;
}

describe('IdFactory.idFor', () => {
  it('makes the same ids as the 64-bit BigInt form, for small, large and random counter values', () => {
    const random = new Random('ids-test');
    for (const seed of ['42', '7', 'bench', '2026', 'x']) {
      const ids = new IdFactory(new Random(seed));
      const values = [
        0,
        1,
        2,
        31,
        32,
        2 ** 31,
        2 ** 32 - 1,
        2 ** 32,
        2 ** 32 + 1,
        2 ** 53 - 1,
        4 * 2 ** 32 + 7,
      ];
      for (let i = 0; i < 2000; i++) values.push(random.int(0, 2 ** 31) * 2 ** 22 + random.int(0, 2 ** 22));
      for (const seq of values)
        expect(ids.idFor('cnt', seq), `seed ${seed}, seq ${seq}`).toBe(referenceId(seed, 'cnt', seq));
    }
  });
});
