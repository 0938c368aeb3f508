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

/** `limit` and `offset` of the page after the one `pagination` describes, with the same page size. */
export function nextPageParams(pagination: Pagination): { limit: number; offset: number } {
  if (!hasNextPage(pagination)) {
    throw new RangeError('This is the last page; check hasNextPage() before calling getNextPage().');
  }
  return { limit: pagination.limit, offset: pagination.offset + pagination.count };
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
