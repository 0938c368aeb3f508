import type {
  Keyword,
  KeywordCreateParams,
  KeywordExportFormat,
  KeywordOpportunity,
  KeywordOpportunityFactors,
  KeywordPerformancePoint,
} from '@rankquill/contract';
import type { APIPromise } from '../core/api-promise';
import type { ExportFile } from '../core/export-file';
import type { PageParams, PagePromise } from '../core/pagination';
import type { RequestOptions } from '../core/request-options';
import { APIResource } from './api-resource';

export type {
  Keyword,
  KeywordCreateParams,
  KeywordOpportunity,
  KeywordOpportunityFactors,
  KeywordPerformancePoint,
};
/** `limit` and `offset` of `keywords.list()`. */
export type KeywordListParams = PageParams;
/** `limit` and `offset` of `keywords.opportunities()`. */
export type KeywordOpportunitiesParams = PageParams;
/**
 * `limit`, `offset` and an optional range of UTC days, `YYYY-MM-DD`, both included, of
 * `keywords.performance()`.
 */
export type KeywordPerformanceParams = PageParams & { from?: string; to?: string };

/**
 * A project's tracked keywords. Rankings are checked when a keyword is added and every day at
 * 00:00 UTC; each check adds a point to the keyword's performance history.
 * @example
 * ```ts
 * const keyword = await client.keywords.create('proj_123', { keyword: 'cold brew ratio' });
 * console.log(keyword.position, keyword.opportunity_score);
 * ```
 */
export class Keywords extends APIResource {
  /**
   * Tracks a keyword and answers it with the figures of its first rank check, made at once.
   * A keyword the project already tracks (ignoring case and spacing) throws `ConflictError`.
   *
   * @example
   * ```ts
   * const keyword = await client.keywords.create('proj_123', { keyword: 'cold brew ratio' });
   * console.log(keyword.position, keyword.volume);
   * ```
   */
  create(projectId: string, params: KeywordCreateParams, options?: RequestOptions): APIPromise<Keyword> {
    return this.call({
      operation: 'keywords.create',
      ids: [projectId],
      body: params,
      options,
    });
  }

  /**
   * Lists a project's keywords with their latest ranking, newest first. Await it for one page,
   * or `for await` over it for every keyword.
   *
   * @example
   * ```ts
   * for await (const keyword of client.keywords.list('proj_123')) {
   *   console.log(keyword.keyword, keyword.position ?? 'not ranked', keyword.change);
   * }
   * ```
   */
  list(projectId: string, params: KeywordListParams = {}, options?: RequestOptions): PagePromise<Keyword> {
    return this.paginate({ operation: 'keywords.list', ids: [projectId], query: params, options });
  }

  /**
   * Lists a project's keywords by opportunity score (0–100), highest first, with the inputs and
   * factors of each score: where better content would win the most traffic.
   *
   * @example
   * ```ts
   * const { data } = await client.keywords.opportunities('proj_123', { limit: 5 });
   * for (const item of data) console.log(item.keyword, item.opportunity_score);
   * ```
   */
  opportunities(
    projectId: string,
    params: KeywordOpportunitiesParams = {},
    options?: RequestOptions,
  ): PagePromise<KeywordOpportunity> {
    return this.paginate({ operation: 'keywords.opportunities', ids: [projectId], query: params, options });
  }

  /**
   * A keyword's daily ranking history, newest day first: date, position, change, impressions
   * and clicks. `from` and `to` (`YYYY-MM-DD`, UTC) limit it to a range of days.
   *
   * @example
   * ```ts
   * const days = [];
   * for await (const day of client.keywords.performance('proj_123', 'kw_456', { from: '2026-01-01', limit: 100 })) {
   *   days.push(day);
   * }
   * ```
   */
  performance(
    projectId: string,
    keywordId: string,
    params: KeywordPerformanceParams = {},
    options?: RequestOptions,
  ): PagePromise<KeywordPerformancePoint> {
    return this.paginate({
      operation: 'keywords.performance',
      ids: [projectId, keywordId],
      query: params,
      options,
    });
  }

  /**
   * Exports every tracked keyword with its latest figures as CSV (`keyword`, `volume`,
   * `position`, `position_change`, `impressions`, `clicks`, `opportunity_score`), streamed.
   *
   * @example
   * ```ts
   * const csv = await (await client.keywords.export('proj_123', { format: 'csv' })).text();
   * ```
   */
  export(
    projectId: string,
    params: { format: KeywordExportFormat } = { format: 'csv' },
    options?: RequestOptions,
  ): APIPromise<ExportFile> {
    return this.file({
      operation: 'keywords.export',
      ids: [projectId],
      query: params,
      options,
    });
  }
}
