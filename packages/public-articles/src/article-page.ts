import { hasNextPage, requireNextPageQuery, walkItems, walkPages } from '@rankquill/client-core';
import type { Pagination, PublicArticleListItem, PublicArticleListResponse } from '@rankquill/contract';

/** `limit` (1 to 100, default 10) and `offset` (default 0) of `list()`. */
export interface ArticleListParams {
  limit?: number;
  offset?: number;
}

type FetchPage = (params: ArticleListParams) => Promise<PublicArticleListResponse>;

/**
 * One page of published articles, newest first. `for await` over it walks every article of
 * this page and the pages after it.
 *
 * @example
 * ```ts
 * const page = await articles.list({ limit: 10 });
 * console.log(page.articles.map((article) => article.title), page.pagination.total);
 * ```
 */
export class ArticlePage implements AsyncIterable<PublicArticleListItem> {
  readonly articles: PublicArticleListItem[];
  readonly pagination: Pagination;

  /**
   * `list()` creates pages; there is no need to construct one.
   * @internal
   */
  constructor(
    answer: PublicArticleListResponse,
    private readonly fetchPage: FetchPage,
    /** The query that fetched this page. */
    private readonly query: ArticleListParams,
  ) {
    this.articles = answer.articles;
    this.pagination = answer.pagination;
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
   * let page = await articles.list({ limit: 10 });
   * while (page.hasNextPage()) page = await page.getNextPage();
   * ```
   */
  async getNextPage(): Promise<ArticlePage> {
    const query = requireNextPageQuery(this.query, this.pagination);
    return new ArticlePage(await this.fetchPage(query), this.fetchPage, query);
  }

  /**
   * Yields this page and every page after it.
   * @example
   * ```ts
   * for await (const page of (await articles.list({ limit: 100 })).iterPages()) console.log(page.articles.length);
   * ```
   */
  iterPages(): AsyncGenerator<ArticlePage> {
    return walkPages<ArticlePage>(this);
  }

  [Symbol.asyncIterator](): AsyncGenerator<PublicArticleListItem> {
    return walkItems<ArticlePage, PublicArticleListItem>(this, (page) => page.articles);
  }
}

/**
 * What `list()` returns: await it for one page, or `for await` over it for every article.
 *
 * @example
 * ```ts
 * for await (const article of articles.list()) console.log(article.title);
 * ```
 */
export class ArticlePagePromise extends Promise<ArticlePage> implements AsyncIterable<PublicArticleListItem> {
  private readonly page: Promise<ArticlePage>;

  /**
   * `list()` creates these; there is no need to construct one.
   * @internal
   */
  constructor(fetchPage: FetchPage, params: ArticleListParams) {
    super((resolve) => resolve(undefined as unknown as ArticlePage));
    this.page = fetchPage(params).then((answer) => new ArticlePage(answer, fetchPage, params));
  }

  // biome-ignore lint/suspicious/noThenProperty: a Promise subclass; `then` serves the fetched page
  override then<R1 = ArticlePage, R2 = never>(
    onfulfilled?: ((value: ArticlePage) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.page.then(onfulfilled, onrejected);
  }

  override catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null) {
    return this.page.catch(onrejected);
  }

  override finally(onfinally?: (() => void) | null) {
    return this.page.finally(onfinally);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<PublicArticleListItem> {
    yield* await this.page;
  }
}
