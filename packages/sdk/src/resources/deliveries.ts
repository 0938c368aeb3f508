import type { Delivery } from '@rankquill/contract';
import type { APIPromise } from '../core/api-promise';
import type { PageParams, PagePromise } from '../core/pagination';
import type { RequestOptions } from '../core/request-options';
import { APIResource } from './api-resource';

/** `limit` and `offset` of `deliveries.list()`. */
export type DeliveryListParams = PageParams;

/**
 * The deliveries of a project's webhook, with their attempts: list them, read one, send one again.
 * @example
 * ```ts
 * for await (const delivery of client.deliveries.list('proj_123')) console.log(delivery.event, delivery.status);
 * ```
 */
export class Deliveries extends APIResource {
  /**
   * Lists the project's deliveries, newest first, each with its latest attempts (when, the
   * receiver's status, what went wrong, the start of its answer). Await it for one page, or
   * `for await` over it for every delivery.
   *
   * @example
   * ```ts
   * for await (const delivery of client.deliveries.list('proj_123')) {
   *   if (delivery.status === 'failed') console.warn(delivery.event, delivery.attempts.at(-1)?.error);
   * }
   * ```
   */
  list(projectId: string, params: DeliveryListParams = {}, options?: RequestOptions): PagePromise<Delivery> {
    return this.paginate({ operation: 'deliveries.list', ids: [projectId], query: params, options });
  }

  /**
   * One delivery of the project's webhook, by id, with its latest attempts: the same `Delivery`
   * `list()` pages over. An id the project has no delivery of throws `NotFoundError` naming
   * `deliveryId`.
   *
   * @example
   * ```ts
   * const delivery = await client.deliveries.retrieve('proj_123', 'dlv_456');
   * console.log(delivery.status, delivery.attempts.at(-1)?.status);
   * ```
   */
  retrieve(projectId: string, deliveryId: string, options?: RequestOptions): APIPromise<Delivery> {
    return this.call({
      operation: 'deliveries.retrieve',
      ids: [projectId, deliveryId],
      options,
    });
  }

  /**
   * Sends a delivery again with the same `webhook-id`: one attempt, now, or once the delivery of
   * the same content item under way has ended; on a delivery waiting for a retry, the retry comes
   * now. Answers the delivery, `pending`. One with an attempt under way is a 409.
   *
   * @example
   * ```ts
   * const again = await client.deliveries.redeliver('proj_123', 'dlv_456');
   * console.log(again.status); // 'pending'
   * ```
   */
  redeliver(projectId: string, deliveryId: string, options?: RequestOptions): APIPromise<Delivery> {
    return this.call({
      operation: 'deliveries.redeliver',
      ids: [projectId, deliveryId],
      options,
    });
  }
}
