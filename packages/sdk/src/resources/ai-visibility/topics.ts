import type { AiVisibilityTopic, AiVisibilityTopicCreateParams } from '@rankquill/contract';
import type { APIPromise } from '../../core/api-promise';
import type { PageParams, PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request-options';
import { APIResource } from '../api-resource';

export type { AiVisibilityTopic, AiVisibilityTopicCreateParams };
/** `limit` and `offset` of `aiVisibility.topics.list()`. */
export type AiVisibilityTopicListParams = PageParams;

/**
 * Topics of a project's AI visibility: groups of prompts about one subject.
 * @example
 * ```ts
 * const topic = await client.aiVisibility.topics.create('proj_123', { name: 'Espresso' });
 * ```
 */
export class AiVisibilityTopics extends APIResource {
  /**
   * Creates a topic. A name the project already uses (ignoring case and spacing) throws
   * `ConflictError` with `param: 'name'`.
   *
   * @example
   * ```ts
   * const topic = await client.aiVisibility.topics.create('proj_123', { name: 'Home brewing' });
   * ```
   */
  create(
    projectId: string,
    params: AiVisibilityTopicCreateParams,
    options?: RequestOptions,
  ): APIPromise<AiVisibilityTopic> {
    return this.call({
      operation: 'aiVisibility.topics.create',
      ids: [projectId],
      body: params,
      options,
    });
  }

  /**
   * Lists a project's topics, newest first. Await it for one page, or `for await` over it for
   * every topic.
   *
   * @example
   * ```ts
   * for await (const topic of client.aiVisibility.topics.list('proj_123')) {
   *   console.log(topic.name, topic.prompt_count);
   * }
   * ```
   */
  list(
    projectId: string,
    params: AiVisibilityTopicListParams = {},
    options?: RequestOptions,
  ): PagePromise<AiVisibilityTopic> {
    return this.paginate({ operation: 'aiVisibility.topics.list', ids: [projectId], query: params, options });
  }
}
