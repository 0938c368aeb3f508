import { describe, expect, it } from 'vitest';
import { nextPageQuery } from '../../src/pages/page-walk';
import { paginationVectors } from '../support/client-vectors';

describe('pagination.json', () => {
  it.each(paginationVectors.map((vector) => [vector.name, vector] as const))('%s', (_, vector) => {
    expect(nextPageQuery(vector.params, vector.pagination) ?? null).toEqual(vector.next);
  });
});
