import type { AiVisibilityPrompt, AiVisibilityPromptCreateParams } from '@rankquill/contract';
import type { APIPromise } from '../../core/api-promise';
import type { PageParams, PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request-options';
import { APIResource } from '../api-resource';

export type { AiVisibilityPrompt, AiVisibilityPromptCreateParams };
/** `limit`, `offset` and an optional `topic_id` filter of `aiVisibility.prompts.list()`. */
export type AiVisibilityPromptListParams = PageParams & { topic_id?: string };

/**
 * Prompts of a project's AI visibility: questions asked on every AI platform once a day.
 * @example
 * ```ts
 * const prompt = await client.aiVisibility.prompts.create('proj_123', { topic_id: 'top_456', text: 'Best espresso beans?' });
 * ```
 */
export class AiVisibilityPrompts extends APIResource {
  /**
   * Tracks a prompt in a topic. It is asked on every platform for today at once, then every day
   * at 00:00 UTC. An unknown `topic_id` throws `BadRequestError` with `param: 'topic_id'`; a
   * text the project already tracks (ignoring case) throws `ConflictError` with `param: 'text'`.
   *
   * @example
   * ```ts
   * const prompt = await client.aiVisibility.prompts.create('proj_123', {
   *   topic_id: 'top_456',
   *   text: 'What is the best coffee for cold brew?',
   * });
   * ```
   */
  create(
    projectId: string,
    params: AiVisibilityPromptCreateParams,
    options?: RequestOptions,
  ): APIPromise<AiVisibilityPrompt> {
    return this.call({
      operation: 'aiVisibility.prompts.create',
      ids: [projectId],
      body: params,
      options,
    });
  }

  /**
   * Lists a project's prompts, newest first, optionally of one topic. Await it for one page, or
   * `for await` over it for every prompt.
   *
   * @example
   * ```ts
   * for await (const prompt of client.aiVisibility.prompts.list('proj_123', { topic_id: 'top_456' })) {
   *   console.log(prompt.text);
   * }
   * ```
   */
  list(
    projectId: string,
    params: AiVisibilityPromptListParams = {},
    options?: RequestOptions,
  ): PagePromise<AiVisibilityPrompt> {
    return this.paginate({
      operation: 'aiVisibility.prompts.list',
      ids: [projectId],
      query: params,
      options,
    });
  }
}
