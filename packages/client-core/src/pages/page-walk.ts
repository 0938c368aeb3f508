import type { Pagination } from '@rankquill/contract';

/** A page of a list that can fetch the page after it. */
export interface WalkablePage<Page> {
  hasNextPage(): boolean;
  getNextPage(): Promise<Page>;
}

/** True when another page follows the one `pagination` describes. */
export function hasNextPage(pagination: Pagination): boolean {
  // A page with no items cannot move the offset forward; stop rather than loop.
  return pagination.has_more && pagination.count > 0;
}

/**
 * The query of the page after the one that `query` fetched and `pagination` describes: the same
 * filters and page size, the offset moved past this page's items; `undefined` on the last page.
 *
 * @example
 * ```ts
 * nextPageQuery({ status: 'draft' }, { limit: 10, offset: 0, count: 10, total: 25, has_more: true });
 * // { status: 'draft', limit: 10, offset: 10 }
 * ```
 */
export function nextPageQuery<Query extends object>(
  query: Query,
  pagination: Pagination,
): (Query & { limit: number; offset: number }) | undefined {
  if (!hasNextPage(pagination)) return undefined;
  return { ...query, limit: pagination.limit, offset: pagination.offset + pagination.count };
}

/** The next page's query, or the error `getNextPage()` throws on the last page. */
export function requireNextPageQuery<Query extends object>(
  query: Query,
  pagination: Pagination,
): Query & { limit: number; offset: number } {
  const next = nextPageQuery(query, pagination);
  if (next === undefined) {
    throw new RangeError('This is the last page; check hasNextPage() before calling getNextPage().');
  }
  return next;
}

/** Yields `first` and every page after it. */
export async function* walkPages<Page extends WalkablePage<Page>>(first: Page): AsyncGenerator<Page> {
  let page = first;
  yield page;
  while (page.hasNextPage()) {
    page = await page.getNextPage();
    yield page;
  }
}

/** Yields every item of `first` and of every page after it. */
export async function* walkItems<Page extends WalkablePage<Page>, Item>(
  first: Page,
  itemsOf: (page: Page) => readonly Item[],
): AsyncGenerator<Item> {
  for await (const page of walkPages(first)) yield* itemsOf(page);
}
