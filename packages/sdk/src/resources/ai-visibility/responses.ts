import type { AiPlatform, AiVisibilityMention, AiVisibilityResponse } from '@rankquill/contract';
import type { PageParams, PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request-options';
import { APIResource } from '../api-resource';

export type { AiPlatform, AiVisibilityMention, AiVisibilityResponse };
/**
 * `limit`, `offset` and the filters of `aiVisibility.responses.list()`: a prompt, a topic, a
 * platform, and a range of UTC days (`YYYY-MM-DD`, both included).
 */
export type AiVisibilityResponseListParams = PageParams & {
  prompt_id?: string;
  topic_id?: string;
  platform?: AiPlatform;
  from?: string;
  to?: string;
};

/**
 * The AI platforms' answers to a project's prompts, one per prompt, platform and day.
 * @example
 * ```ts
 * const answers = await client.aiVisibility.responses.list('proj_123', { platform: 'chatgpt' });
 * console.log(answers.data.map((answer) => answer.mentioned));
 * ```
 */
export class AiVisibilityResponses extends APIResource {
  /**
   * Lists answers, newest day first, with the brand mentions and citations found in each. Await
   * it for one page, or `for await` over it for every answer. An unknown `platform` or a date not
   * in `YYYY-MM-DD` form throws `BadRequestError` naming the parameter.
   *
   * @example
   * ```ts
   * const answers = client.aiVisibility.responses.list('proj_123', { platform: 'perplexity', from: '2026-01-01' });
   * for await (const answer of answers) {
   *   if (answer.mentioned) console.log(answer.date, answer.mentions[0]?.excerpt);
   * }
   * ```
   */
  list(
    projectId: string,
    params: AiVisibilityResponseListParams = {},
    options?: RequestOptions,
  ): PagePromise<AiVisibilityResponse> {
    return this.paginate({
      operation: 'aiVisibility.responses.list',
      ids: [projectId],
      query: params,
      options,
    });
  }
}
