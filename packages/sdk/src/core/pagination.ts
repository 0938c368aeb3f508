import {
  hasNextPage,
  type ParsedResponse,
  requireNextPageQuery,
  walkItems,
  walkPages,
} from '@rankquill/client-core';
import type { ListEnvelope, Pagination } from '@rankquill/contract';
import { APIPromise } from './api-promise';

/**
 * `limit` (1 to 100, default 10) and `offset` (default 0) of every list call. The contract's
 * `ListParams` accepts strings too (it parses query strings); callers pass numbers.
 */
export interface PageParams {
  limit?: number;
  offset?: number;
}

/** Fetches the page that `query` (the list's filters, `limit` and `offset`) names. */
type FetchPage<Item> = (query: PageParams) => Promise<ParsedResponse<ListEnvelope<Item>>>;

/**
 * One page of a list. `for await` over it walks every item of this page and the pages after it.
 *
 * @example
 * ```ts
 * let page = await client.projects.list({ limit: 20 });
 * while (true) {
 *   for (const project of page.data) console.log(project.name);
 *   if (!page.hasNextPage()) break;
 *   page = await page.getNextPage();
 * }
 * ```
 */
export class Page<Item> implements AsyncIterable<Item> {
  /** Items of this page. */
  readonly data: Item[];
  /** Position of this page in the list. */
  readonly pagination: Pagination;

  /**
   * `list()` creates pages; there is no need to construct one.
   * @internal
   */
  constructor(
    envelope: ListEnvelope<Item>,
    private readonly fetchPage: FetchPage<Item>,
    /** The query that fetched this page; the next page's keeps its filters. */
    private readonly query: PageParams,
  ) {
    this.data = envelope.data;
    this.pagination = envelope.pagination;
  }

  /**
   * True when another page follows.
   * @example
   * ```ts
   * if (page.hasNextPage()) page = await page.getNextPage();
   * ```
   */
  hasNextPage(): boolean {
    return hasNextPage(this.pagination);
  }

  /**
   * Fetches the page after this one, with the same page size.
   * @example
   * ```ts
   * let page = await client.content.list('proj_123', { limit: 10 });
   * while (page.hasNextPage()) page = await page.getNextPage();
   * ```
   */
  async getNextPage(): Promise<Page<Item>> {
    const query = requireNextPageQuery(this.query, this.pagination);
    const { data } = await this.fetchPage(query);
    return new Page(data, this.fetchPage, query);
  }

  /**
   * Yields this page and every page after it.
   * @example
   * ```ts
   * for await (const page of (await client.content.list('proj_123', { limit: 100 })).iterPages()) console.log(page.data.length);
   * ```
   */
  iterPages(): AsyncGenerator<Page<Item>> {
    return walkPages<Page<Item>>(this);
  }

  [Symbol.asyncIterator](): AsyncGenerator<Item> {
    return walkItems<Page<Item>, Item>(this, (page) => page.data);
  }
}

/**
 * What `list()` returns: await it for the first page, or `for await` over it for every item
 * of every page.
 *
 * @example
 * ```ts
 * const firstPage = await client.projects.list({ limit: 10 });
 * for await (const project of client.projects.list()) console.log(project.id);
 * ```
 */
export class PagePromise<Item> extends APIPromise<Page<Item>> implements AsyncIterable<Item> {
  /**
   * `list()` creates these; there is no need to construct one.
   * @internal
   */
  constructor(fetchPage: FetchPage<Item>, query: PageParams) {
    super(APIPromise.mapped(fetchPage(query), (envelope) => new Page(envelope, fetchPage, query)));
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item> {
    yield* await this;
  }
}
