import type {
  Delivery,
  DeliveryAttempt,
  DeliveryStatus,
  ProjectWebhook,
  WebhookSettingsParams,
  WebhookSigningSecretRotation,
} from '@rankquill/contract';
import type { APIPromise } from '../core/api-promise';
import type { RequestOptions } from '../core/request-options';
import { APIResource } from './api-resource';

export type {
  Delivery,
  DeliveryAttempt,
  DeliveryStatus,
  ProjectWebhook,
  WebhookSettingsParams,
  WebhookSigningSecretRotation,
};

/**
 * A project's webhook. Set or remove it with `projects.update(id, { webhook })`, whose answer
 * holds the signing secret once; test it and rotate its signing secret here.
 * @example
 * ```ts
 * const delivery = await client.webhooks.test('proj_123');
 * console.log(delivery.status); // pending
 * ```
 */
export class Webhooks extends APIResource {
  /**
   * Queues a sample `content.published` delivery to the project's webhook, sent at once in the
   * background and signed like a real one, and answers the queued delivery (`status: 'pending'`).
   * `deliveries.list()` shows what the receiver said. A project without a webhook is a 409.
   *
   * @example
   * ```ts
   * await client.projects.update('proj_123', { webhook: { url: 'https://cms.example/webhook', secret: 's3cret' } });
   * const test = await client.webhooks.test('proj_123');
   * const [latest] = (await client.deliveries.list('proj_123', { limit: 1 })).data;
   * console.log(latest.id === test.id, latest.status); // true 'pending' at first, then 'succeeded' or 'failed'
   * ```
   */
  test(projectId: string, options?: RequestOptions): APIPromise<Delivery> {
    return this.call({
      operation: 'projects.webhook.test',
      caller: 'webhooks.test',
      ids: [projectId],
      options,
    });
  }

  /**
   * Replaces the webhook's signing secret and answers the new one, this once. For 24 hours each
   * delivery carries signatures by both the new and the replaced secret, so the receiver can
   * switch to the new one at any time of that day. A project without a webhook is a 409.
   *
   * @example
   * ```ts
   * const { signing_secret, previous_signing_secret_expires_at } = await client.webhooks.rotateSigningSecret('proj_123');
   * // Store signing_secret where the receiver reads it before previous_signing_secret_expires_at.
   * ```
   */
  rotateSigningSecret(projectId: string, options?: RequestOptions): APIPromise<WebhookSigningSecretRotation> {
    return this.call({
      operation: 'projects.webhook.rotateSigningSecret',
      caller: 'webhooks.rotateSigningSecret',
      ids: [projectId],
      options,
    });
  }
}
