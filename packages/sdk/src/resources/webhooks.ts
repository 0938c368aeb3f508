import { path } from '@rankquill/client-core';
import type { WebhookSettingsParams, WebhookTestResult } from '@rankquill/contract';
import type { APIPromise } from '../core/api-promise';
import type { RequestOptions } from '../core/request-options';
import { APIResource } from './api-resource';

export type { WebhookSettingsParams, WebhookTestResult };

/**
 * A project's webhook. Set or remove it with `projects.update(id, { webhook })`; test it here.
 */
export class Webhooks extends APIResource {
  /**
   * Sends a sample `content.published` delivery to the project's webhook now, signed like a
   * real one, and answers what the receiver said. A project without a webhook is a 409.
   *
   * @example
   * ```ts
   * await client.projects.update('proj_123', { webhook: { url: 'https://cms.example/webhook', secret: 's3cret' } });
   * const result = await client.webhooks.test('proj_123');
   * if (result.error) console.error(result.status, result.error);
   * else console.log('published at', result.url);
   * ```
   */
  test(projectId: string, options?: RequestOptions): APIPromise<WebhookTestResult> {
    return this.call({
      operation: 'webhooks.test',
      method: 'POST',
      path: path`/projects/${{ projectId }}/webhook/test`,
      options,
    });
  }
}
