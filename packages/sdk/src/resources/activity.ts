import type { ActivityEntry, ActivityType } from '@rankquill/contract';
import type { PageParams, PagePromise } from '../core/pagination';
import type { RequestOptions } from '../core/request-options';
import { APIResource } from './api-resource';

export type { ActivityEntry, ActivityType };
/** `limit` and `offset` of `activity.list()`. */
export type ActivityListParams = PageParams;

/**
 * A project's activity feed: content lifecycle events and the outcome of webhook deliveries.
 * @example
 * ```ts
 * for await (const entry of client.activity.list('proj_123')) console.log(entry.type, entry.message);
 * ```
 */
export class Activity extends APIResource {
  /**
   * Lists the project's activity, newest first. Await it for one page, or `for await` over it
   * for every entry.
   *
   * @example
   * ```ts
   * for await (const entry of client.activity.list('proj_123')) {
   *   if (entry.type === 'webhook.delivery_failed') console.warn(entry.message);
   * }
   * ```
   */
  list(
    projectId: string,
    params: ActivityListParams = {},
    options?: RequestOptions,
  ): PagePromise<ActivityEntry> {
    return this.paginate({ operation: 'activity.list', ids: [projectId], query: params, options });
  }
}
