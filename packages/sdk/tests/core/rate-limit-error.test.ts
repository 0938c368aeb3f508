import { describe, expect, it } from 'vitest';
import { RateLimitError } from '../../src/index';

function retryAfterOf(value: string): number | undefined {
  return new RateLimitError(429, { message: 'Too many requests.' }, new Headers({ 'retry-after': value }))
    .retryAfter;
}

describe('RateLimitError.retryAfter', () => {
  it('reads Retry-After as the retries do: whole seconds or an HTTP date', () => {
    expect(retryAfterOf('3')).toBe(3);
    const inTenSeconds = new Date(Math.floor(Date.now() / 1000) * 1000 + 10_000).toUTCString();
    expect(retryAfterOf(inTenSeconds)).toBeGreaterThanOrEqual(9);
    expect(retryAfterOf(inTenSeconds)).toBeLessThanOrEqual(10);
    expect(retryAfterOf('Thu, 01 Jan 2015 00:00:00 GMT')).toBe(0);
  });

  it('is undefined for a value the retries cannot read either', () => {
    expect(retryAfterOf('1.5')).toBeUndefined();
    expect(retryAfterOf('soon')).toBeUndefined();
    expect(new RateLimitError(429, { message: 'x' }, new Headers()).retryAfter).toBeUndefined();
  });
});
