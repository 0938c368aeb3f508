import { CLIENT_POLICY } from '@rankquill/client-core';
import type {
  ContentCreateParams,
  ContentCreateResponse,
  ContentExport,
  ContentExportArticle,
  ContentExportFormat,
  ContentItem,
  ContentStatus,
  ContentType,
  ContentUpdateParams,
  Deleted,
} from '@rankquill/contract';
import type { APIPromise } from '../core/api-promise';
import { ManualClockError } from '../core/errors/manual-clock-error';
import { WaitTimeoutError } from '../core/errors/wait-timeout-error';
import type { ExportFile } from '../core/export-file';
import type { PageParams, PagePromise } from '../core/pagination';
import type { RequestOptions } from '../core/request-options';
import { APIResource } from './api-resource';

export type {
  ContentCreateParams,
  ContentCreateResponse,
  ContentExport,
  ContentExportArticle,
  ContentExportFormat,
  ContentItem,
  ContentStatus,
  ContentType,
  ContentUpdateParams,
};
/** `limit`, `offset` and an optional `status` filter of `content.list()`. */
export type ContentListParams = PageParams & { status?: ContentStatus };
/** Answer of `content.delete()`. */
export type ContentDeleteResponse = Deleted;

/** Options of `content.createAndWait()`, on top of the per-call options of each request. */
export interface CreateAndWaitOptions extends RequestOptions {
  /**
   * Milliseconds between polls. By default the first poll waits for the generation time the
   * server estimated (`estimated_completion - created_at`) and later polls come every 2 s.
   */
  pollInterval?: number;
  /** Milliseconds to wait in all before giving up with `WaitTimeoutError` (default 10 minutes). */
  waitTimeout?: number;
}

const { polling } = CLIENT_POLICY;

/**
 * Generated content of a project: articles from `generating` to `draft` or `published`.
 * @example
 * ```ts
 * const article = await client.content.createAndWait('proj_123', { keyword: 'cold brew ratio' });
 * await client.content.publish('proj_123', article.id);
 * ```
 */
export class Content extends APIResource {
  /**
   * Starts generating an article; it answers at once with `status: 'generating'` and an
   * `estimated_completion`. Use `createAndWait()` to get the finished article.
   *
   * @example
   * ```ts
   * const job = await client.content.create('proj_123', { keyword: 'cold brew ratio', length: 1200 });
   * console.log(job.id, job.estimated_completion);
   * ```
   */
  create(
    projectId: string,
    params: ContentCreateParams,
    options?: RequestOptions,
  ): APIPromise<ContentCreateResponse> {
    return this.#create('content.create', projectId, params, options);
  }

  /**
   * Gets a content item. Article fields are `null` while it is generating.
   *
   * @example
   * ```ts
   * const item = await client.content.retrieve('proj_123', 'cnt_456');
   * if (item.status === 'draft') console.log(item.title);
   * ```
   */
  retrieve(projectId: string, contentId: string, options?: RequestOptions): APIPromise<ContentItem> {
    return this.call({
      operation: 'content.retrieve',
      ids: [projectId, contentId],
      options,
    });
  }

  /**
   * Edits a content item; fields left out keep their value. Editing a published article
   * republishes it.
   *
   * @example
   * ```ts
   * const item = await client.content.update('proj_123', 'cnt_456', { title: 'The perfect cold brew ratio' });
   * ```
   */
  update(
    projectId: string,
    contentId: string,
    params: ContentUpdateParams,
    options?: RequestOptions,
  ): APIPromise<ContentItem> {
    return this.call({
      operation: 'content.update',
      ids: [projectId, contentId],
      body: params,
      options,
    });
  }

  /**
   * Lists a project's content, newest first, optionally by status. Await it for one page, or
   * `for await` over it for every item.
   *
   * @example
   * ```ts
   * for await (const item of client.content.list('proj_123', { status: 'draft' })) console.log(item.title);
   * ```
   */
  list(
    projectId: string,
    params: ContentListParams = {},
    options?: RequestOptions,
  ): PagePromise<ContentItem> {
    return this.paginate({ operation: 'content.list', ids: [projectId], query: params, options });
  }

  /**
   * Deletes a content item.
   *
   * @example
   * ```ts
   * await client.content.delete('proj_123', 'cnt_456');
   * ```
   */
  delete(projectId: string, contentId: string, options?: RequestOptions): APIPromise<ContentDeleteResponse> {
    return this.call({
      operation: 'content.delete',
      ids: [projectId, contentId],
      options,
    });
  }

  /**
   * Publishes a draft; the project's webhook receives the article.
   *
   * @example
   * ```ts
   * const article = await client.content.publish('proj_123', 'cnt_456');
   * console.log(article.published_at);
   * ```
   */
  publish(projectId: string, contentId: string, options?: RequestOptions): APIPromise<ContentItem> {
    return this.call({
      operation: 'content.publish',
      ids: [projectId, contentId],
      options,
    });
  }

  /**
   * Takes a published article offline; it becomes a draft again.
   *
   * @example
   * ```ts
   * const draft = await client.content.unpublish('proj_123', 'cnt_456');
   * ```
   */
  unpublish(projectId: string, contentId: string, options?: RequestOptions): APIPromise<ContentItem> {
    return this.call({
      operation: 'content.unpublish',
      ids: [projectId, contentId],
      options,
    });
  }

  /**
   * Creates content and polls until it leaves `generating`, then returns the item: a `draft`,
   * `published` (with `auto_publish`) or `failed` (see `failure_reason`). The first poll waits
   * for the generation time the server estimated. Throws `WaitTimeoutError` when `waitTimeout`
   * runs out first. On a server with a manual clock (it answers `x-rankquill-clock: manual`),
   * whose time moves only through `POST /__admin/clock/advance`, it polls for at most a second
   * and then throws `ManualClockError` instead of waiting for ever.
   *
   * @example
   * ```ts
   * const article = await client.content.createAndWait('proj_123', { keyword: 'cold brew ratio' });
   * if (article.status === 'draft') await client.content.publish('proj_123', article.id);
   * ```
   */
  async createAndWait(
    projectId: string,
    params: ContentCreateParams,
    options: CreateAndWaitOptions = {},
  ): Promise<ContentItem> {
    const { pollInterval, waitTimeout = polling.waitTimeoutMs, ...requestOptions } = options;
    const started = Date.now();
    const deadline = started + waitTimeout;
    const { data: created, response } = await this.#create(
      'content.createAndWait',
      projectId,
      params,
      requestOptions,
    ).withResponse();
    // Time there moves only when a test moves it: give that a second, then say so.
    const manualUntil =
      response.headers.get(CLIENT_POLICY.clockModeHeader) === 'manual'
        ? Date.now() + polling.manualClockWaitMs
        : undefined;
    const stopAt = Math.min(deadline, manualUntil ?? Number.POSITIVE_INFINITY);
    // Both instants come from the server's clock, so their difference holds even when it differs from ours.
    const estimated = Date.parse(created.estimated_completion) - Date.parse(created.created_at);
    let wait = pollInterval ?? Math.max(0, estimated);
    const { idempotencyKey: _, ...pollOptions } = requestOptions;
    for (;;) {
      const remaining = stopAt - Date.now();
      if (remaining <= 0) {
        throw stopAt === manualUntil
          ? new ManualClockError(created.id)
          : new WaitTimeoutError(created.id, Date.now() - started);
      }
      await this.pause(Math.min(wait, remaining), options.signal);
      const item = await this.retrieve(projectId, created.id, pollOptions);
      if (item.status !== 'generating') return item;
      wait = pollInterval ?? polling.contentRepollIntervalMs;
    }
  }

  /**
   * Exports every article of the project that has a body (draft and published), oldest first,
   * as `json`, `csv`, `html` or `markdown`. The server streams the file: read it whole, or
   * stream `body` for a large project.
   *
   * @example
   * ```ts
   * const file = await client.content.export('proj_123', { format: 'csv' });
   * console.log(file.filename); // 'acme-content-2026-01-31.csv'
   * const csv = await file.text();
   * ```
   */
  export(
    projectId: string,
    params: { format: ContentExportFormat },
    options?: RequestOptions,
  ): APIPromise<ExportFile> {
    return this.file({
      operation: 'content.export',
      ids: [projectId],
      query: params,
      options,
    });
  }

  /** Starts the work on the server; `caller` is the method the user called, for errors. */
  #create(
    caller: string,
    projectId: string,
    params: ContentCreateParams,
    options: RequestOptions | undefined,
  ): APIPromise<ContentCreateResponse> {
    return this.call({
      operation: 'content.create',
      caller,
      ids: [projectId],
      body: params,
      options,
    });
  }
}
