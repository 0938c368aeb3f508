import type { Pagination } from '@rankquill/contract';

/** The pagination object of a page of `count` items out of `total`. */
export function paginationOf(limit: number, offset: number, count: number, total: number): Pagination {
  return { limit, offset, count, total, has_more: offset + count < total };
}
