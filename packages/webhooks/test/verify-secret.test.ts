import { describe, expect, it } from 'vitest';
import { constantTimeEqual, verifySecret } from '../src/verify-secret';

/** An array-like whose element reads are counted. */
function counted(bytes: number[]): { view: ArrayLike<number>; reads: () => number } {
  let reads = 0;
  const view = new Proxy(bytes, {
    get(target, property, receiver) {
      if (typeof property === 'string' && /^\d+$/.test(property)) reads += 1;
      return Reflect.get(target, property, receiver);
    },
  });
  return { view, reads: () => reads };
}

describe('constantTimeEqual', () => {
  it('compares equal and different byte sequences', () => {
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([0, 0]), new Uint8Array([0, 0, 0]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([]), new Uint8Array([]))).toBe(true);
  });

  it('reads every byte even when the first one differs (no early return)', () => {
    const left = counted(Array.from({ length: 32 }, (_, index) => index));
    const right = counted([255, ...Array.from({ length: 31 }, (_, index) => index + 1)]);
    expect(constantTimeEqual(left.view, right.view)).toBe(false);
    expect(left.reads()).toBe(32);
    expect(right.reads()).toBe(32);
  });

  it('reads the same number of bytes whether the inputs match or not', () => {
    const same = [counted([7, 7, 7, 7]), counted([7, 7, 7, 7])] as const;
    const different = [counted([7, 7, 7, 7]), counted([1, 7, 7, 7])] as const;
    constantTimeEqual(same[0].view, same[1].view);
    constantTimeEqual(different[0].view, different[1].view);
    expect(different[0].reads()).toBe(same[0].reads());
    expect(different[1].reads()).toBe(same[1].reads());
  });
});

describe('verifySecret', () => {
  it('accepts the configured secret and nothing else', async () => {
    expect(await verifySecret('rq_whsec_abc', 'rq_whsec_abc')).toBe(true);
    expect(await verifySecret('rq_whsec_abd', 'rq_whsec_abc')).toBe(false);
    expect(await verifySecret('rq_whsec_ab', 'rq_whsec_abc')).toBe(false);
    expect(await verifySecret('rq_whsec_abc ', 'rq_whsec_abc')).toBe(false);
    expect(await verifySecret('', 'rq_whsec_abc')).toBe(false);
    expect(await verifySecret(undefined, 'rq_whsec_abc')).toBe(false);
    expect(await verifySecret(null, 'rq_whsec_abc')).toBe(false);
  });

  it('compares unicode secrets by their UTF-8 bytes', async () => {
    expect(await verifySecret('clé-🔑', 'clé-🔑')).toBe(true);
    expect(await verifySecret('cle-🔑', 'clé-🔑')).toBe(false);
    // Same UTF-16 length, different characters.
    expect(await verifySecret('é', 'è')).toBe(false);
  });
});
