import type { PublicArticle, PublicArticleListResponse, PublicArticleResponse } from '@rankquill/contract';
import ky, { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import { type ArticleListParams, ArticlePagePromise } from './article-page';
import { apiErrorFor } from './errors/api-error';
import { APIConnectionError, APIConnectionTimeoutError } from './errors/connection-errors';
import { PublicArticlesError } from './errors/public-articles-error';
import { readEnv } from './read-env';
import { runsInBrowser } from './runs-in-browser';

/** Options of `new PublicArticles()`. */
export interface PublicArticlesOptions {
  /**
   * The project's public article API key, sent as `X-Service-Key`. Server-side only.
   * Defaults to the `RANKQUILL_PUBLIC_API_KEY` environment variable.
   * @example
   * ```ts
   * new PublicArticles({ apiKey: 'rqp_…' });
   * ```
   */
  apiKey?: string | undefined;
  /**
   * Address of the public article API, such as `http://127.0.0.1:4010/public-article-api`.
   * Defaults to the `RANKQUILL_CONTENT_API_URL` environment variable.
   * @example
   * ```ts
   * new PublicArticles({ baseURL: 'http://127.0.0.1:4010/public-article-api' });
   * ```
   */
  baseURL?: string | undefined;
  /**
   * A Fetch API implementation; defaults to the global `fetch`, read at each request.
   * @example
   * ```ts
   * new PublicArticles({ fetch: (input, init) => fetch(input, { ...init, cache: 'no-store' }) });
   * ```
   */
  fetch?: typeof fetch | undefined;
  /**
   * Milliseconds to wait for each attempt (default 30 000).
   * @example
   * ```ts
   * new PublicArticles({ timeout: 5_000 });
   * ```
   */
  timeout?: number | undefined;
  /**
   * Retries after a connection error or a 408, 413, 429, 500, 502, 503 or 504 answer
   * (default 2). A timeout is not retried.
   * @example
   * ```ts
   * new PublicArticles({ maxRetries: 0 });
   * ```
   */
  maxRetries?: number | undefined;
  /**
   * Allow running in a browser. The key would be visible to every visitor (spec section 5):
   * set this only when the key is meant to be public, for instance on a local demo page.
   * @example
   * ```ts
   * new PublicArticles({ apiKey, baseURL, dangerouslyAllowBrowser: true });
   * ```
   */
  dangerouslyAllowBrowser?: boolean | undefined;
}

/**
 * Client of the read-only public article API: the published articles of the project the key
 * belongs to, for display on the customer's own site. Server-side only.
 *
 * @example
 * ```ts
 * import { PublicArticles } from '@rankquill/public-articles';
 *
 * const articles = new PublicArticles(); // RANKQUILL_PUBLIC_API_KEY, RANKQUILL_CONTENT_API_URL
 * for await (const item of articles.list()) console.log(item.title);
 * const article = await articles.retrieve('cnt_123');
 * ```
 */
export class PublicArticles {
  readonly baseURL: string;
  private readonly apiKey: string;
  private readonly options: PublicArticlesOptions;

  constructor(options: PublicArticlesOptions = {}) {
    if (runsInBrowser() && !options.dangerouslyAllowBrowser) {
      throw new PublicArticlesError(
        'PublicArticles refuses to run in a browser: the public article API key must stay on the server (spec section 5). Call it from server code, or pass dangerouslyAllowBrowser: true if the key may be seen by visitors.',
      );
    }
    const apiKey = options.apiKey ?? readEnv('RANKQUILL_PUBLIC_API_KEY');
    if (!apiKey) {
      throw new PublicArticlesError(
        "No API key: pass `new PublicArticles({ apiKey })` or set RANKQUILL_PUBLIC_API_KEY to the project's public article API key.",
      );
    }
    const baseURL = options.baseURL ?? readEnv('RANKQUILL_CONTENT_API_URL');
    if (!baseURL || !URL.canParse(baseURL)) {
      throw new PublicArticlesError(
        `baseURL ${JSON.stringify(baseURL ?? '')} is not an absolute URL: pass \`new PublicArticles({ baseURL })\` or set RANKQUILL_CONTENT_API_URL, such as http://127.0.0.1:4010/public-article-api.`,
      );
    }
    this.apiKey = apiKey;
    this.baseURL = baseURL.replace(/\/+$/, '');
    this.options = options;
  }

  /**
   * Lists published articles, newest first, without their body. Await it for one page, or
   * `for await` over it for every article of every page.
   *
   * @example
   * ```ts
   * const page = await articles.list({ limit: 20, offset: 0 });
   * console.log(page.articles.length, page.pagination.has_more);
   * ```
   */
  list(params: ArticleListParams = {}): ArticlePagePromise {
    return new ArticlePagePromise(
      (page) => this.get<PublicArticleListResponse>({ limit: page.limit, offset: page.offset }),
      params,
    );
  }

  /**
   * Gets one published article with its HTML body. An unknown id, another project's article or
   * one that is not published throws `NotFoundError`.
   *
   * @example
   * ```ts
   * const article = await articles.retrieve('cnt_123');
   * console.log(article.title, article.content);
   * ```
   */
  async retrieve(id: string): Promise<PublicArticle> {
    if (typeof id !== 'string' || id === '') {
      throw new PublicArticlesError(`retrieve() needs an article id, got ${JSON.stringify(id)}.`);
    }
    return (await this.get<PublicArticleResponse>({ id })).article;
  }

  private async get<T>(query: Record<string, string | number | undefined>): Promise<T> {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) search.set(name, String(value));
    const url = search.size > 0 ? `${this.baseURL}?${search}` : this.baseURL;
    try {
      return await ky
        .get(url, {
          headers: { 'x-service-key': this.apiKey, accept: 'application/json' },
          timeout: this.options.timeout ?? 30_000,
          retry: { limit: this.options.maxRetries ?? 2, jitter: true },
          ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
        })
        .json<T>();
    } catch (error) {
      if (isHTTPError(error)) {
        const body = error.data as { error?: unknown } | string | undefined;
        const message =
          typeof body === 'object' && typeof body?.error === 'string'
            ? body.error
            : `The public article API answered with status ${error.response.status}.`;
        throw apiErrorFor(error.response.status, message, error.response.headers);
      }
      if (isTimeoutError(error)) throw new APIConnectionTimeoutError(error);
      if (isNetworkError(error)) throw new APIConnectionError(undefined, error);
      throw new APIConnectionError(
        `The request to the public article API failed: ${error instanceof Error ? error.message : String(error)}`,
        error,
      );
    }
  }
}
