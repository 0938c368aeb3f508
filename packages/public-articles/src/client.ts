import { CLIENT_POLICY, idProblem, readClientOptions, Transport } from '@rankquill/client-core';
import type { PublicArticle, PublicArticleListResponse, PublicArticleResponse } from '@rankquill/contract';
import { type ArticleListParams, ArticlePagePromise } from './article-page';
import { errorFromResponse } from './errors/api-error';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  CrossOriginRedirectError,
  SERVICE,
} from './errors/connection-errors';
import { PublicArticlesError } from './errors/public-articles-error';

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
   * A Fetch API implementation; defaults to the global `fetch`, read at each request. It must
   * honour `redirect: 'manual'`, as every standard fetch does: the client follows no redirect, and
   * one to another origin is a `CrossOriginRedirectError`, so the key never reaches that origin.
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
   * Retries of a failed attempt (default 2; 0 turns retries off), as in the SDK: connection
   * errors, timeouts, 408, 429 and 5xx, with jittered exponential backoff that honours
   * `Retry-After`.
   * @example
   * ```ts
   * new PublicArticles({ maxRetries: 0 });
   * ```
   */
  maxRetries?: number | undefined;
  /**
   * Allow running in a browser page. The client refuses by default: every visitor could read
   * the key (spec section 5). Set this only when the key may be public, for instance on a local
   * demo page.
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
  /** The public article API address requests go to. */
  readonly baseURL: string;
  readonly #transport: Transport;

  constructor(options: PublicArticlesOptions = {}) {
    const settings = readClientOptions(options, {
      name: 'PublicArticles',
      key: 'the public article API key',
      keyEnv: 'RANKQUILL_PUBLIC_API_KEY',
      urlEnv: 'RANKQUILL_CONTENT_API_URL',
      exampleURL: `http://127.0.0.1:4010${CLIENT_POLICY.basePaths.publicArticleApi}`,
      defaultTimeout: CLIENT_POLICY.timeoutMs.publicArticles,
      defaultMaxRetries: CLIENT_POLICY.maxRetries,
      Error: PublicArticlesError,
    });
    this.baseURL = settings.baseURL;
    this.#transport = new Transport({
      service: SERVICE,
      baseURL: settings.baseURL,
      base: 'public-article-api',
      credentials: { 'x-service-key': settings.apiKey },
      timeout: settings.timeout,
      maxRetries: settings.maxRetries,
      fetch: options.fetch,
      logger: undefined,
      defaultHeaders: {},
      errors: {
        Base: PublicArticlesError,
        Connection: APIConnectionError,
        Timeout: APIConnectionTimeoutError,
        CrossOriginRedirect: CrossOriginRedirectError,
        fromResponse: errorFromResponse,
      },
    });
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
      (page) => this.#get<PublicArticleListResponse>('list', { limit: page.limit, offset: page.offset }),
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
    const problem = idProblem('retrieve', 'id', id);
    if (problem !== undefined) throw new PublicArticlesError(problem);
    return (await this.#get<PublicArticleResponse>('retrieve', { id })).article;
  }

  /** The public article API's one operation; `caller` names the method in messages. */
  async #get<T>(caller: string, query: Record<string, string | number | undefined>): Promise<T> {
    return (await this.#transport.send<T>({ operation: 'publicArticles.get', caller, query })).data;
  }
}
