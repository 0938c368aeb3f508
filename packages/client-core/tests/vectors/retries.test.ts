import { describe, expect, it } from 'vitest';
import { retryWait } from '../../src/retries/retry-policy';
import { retryVectors } from '../support/client-vectors';

describe('retries.json', () => {
  it.each(retryVectors.map((vector) => [vector.name, vector] as const))('%s', (_, vector) => {
    const outcome =
      'error' in vector.outcome
        ? vector.outcome
        : { status: vector.outcome.status, headers: new Headers(vector.outcome.headers) };
    const wait = retryWait(outcome, vector.retry, { now: () => vector.now_ms, random: () => vector.random });
    if (vector.wait_ms === null) {
      expect(wait).toBeUndefined();
    } else {
      expect(wait).toBeTypeOf('number');
      expect(Math.abs((wait as number) - vector.wait_ms)).toBeLessThanOrEqual(0.001);
    }
  });
});
