import type { Transport } from '@rankquill/client-core';
import type {
  AiVisibilityCitedDomain,
  AiVisibilityDailyFigures,
  AiVisibilityExport,
  AiVisibilityPlatformBreakdown,
  AiVisibilityScore,
} from '@rankquill/contract';
import type { APIPromise } from '../core/api-promise';
import type { ExportFile } from '../core/export-file';
import type { RequestOptions } from '../core/request-options';
import { AiVisibilityPrompts } from './ai-visibility/prompts';
import { AiVisibilityResponses } from './ai-visibility/responses';
import { AiVisibilityTopics } from './ai-visibility/topics';
import { APIResource } from './api-resource';

export * from './ai-visibility/prompts';
export * from './ai-visibility/responses';
export * from './ai-visibility/topics';
export type {
  AiVisibilityCitedDomain,
  AiVisibilityDailyFigures,
  AiVisibilityExport,
  AiVisibilityPlatformBreakdown,
  AiVisibilityScore,
};
/** The period of `aiVisibility.retrieve()`: UTC days, `YYYY-MM-DD`, both included. */
export interface AiVisibilityRetrieveParams {
  /** First day counted; default 29 days before `to`. */
  from?: string;
  /** Last day counted; default today (UTC). */
  to?: string;
}

/**
 * A project's visibility in AI answers: the score, and the topics, prompts and answers behind
 * it. Every prompt is asked on ChatGPT, Perplexity, Gemini, Claude and Google AI Overviews once
 * a day; each answer is read for the brand and for citations of the project's site.
 * @example
 * ```ts
 * const visibility = await client.aiVisibility.retrieve('proj_123');
 * console.log(visibility.score, visibility.platforms.map((platform) => platform.platform));
 * ```
 */
export class AiVisibility extends APIResource {
  /** Topics: create, list. */
  readonly topics: AiVisibilityTopics;
  /** Prompts: create, list. */
  readonly prompts: AiVisibilityPrompts;
  /** The platforms' answers: list. */
  readonly responses: AiVisibilityResponses;

  /**
   * The client creates its resources; there is no need to construct one.
   * @internal
   */
  constructor(transport: Transport) {
    super(transport);
    this.topics = new AiVisibilityTopics(transport);
    this.prompts = new AiVisibilityPrompts(transport);
    this.responses = new AiVisibilityResponses(transport);
  }

  /**
   * The visibility score (0–100) over a period, by default the last 30 days, with the citation
   * score, a breakdown per platform and the most cited domains. A period without answers scores
   * 0 with counts 0.
   *
   * @example
   * ```ts
   * const visibility = await client.aiVisibility.retrieve('proj_123');
   * console.log(visibility.score, visibility.citation_score);
   * for (const platform of visibility.platforms) console.log(platform.platform, platform.score);
   * ```
   */
  retrieve(
    projectId: string,
    params: AiVisibilityRetrieveParams = {},
    options?: RequestOptions,
  ): APIPromise<AiVisibilityScore> {
    return this.call({
      operation: 'aiVisibility.retrieve',
      ids: [projectId],
      query: params,
      options,
    });
  }

  /**
   * Exports the project's AI-visibility data as one JSON document (`AiVisibilityExport`): the
   * score of the last 30 days with its citation score and platform breakdown, the daily figures,
   * then every topic, prompt and response. The server streams it; read it whole with `json()`
   * or stream `body`.
   *
   * @example
   * ```ts
   * const file = await client.aiVisibility.export('proj_123');
   * const data = await file.json<AiVisibilityExport>();
   * console.log(data.visibility.score, data.responses.length);
   * ```
   */
  export(
    projectId: string,
    params: { format: 'json' } = { format: 'json' },
    options?: RequestOptions,
  ): APIPromise<ExportFile> {
    return this.file({
      operation: 'aiVisibility.export',
      ids: [projectId],
      query: params,
      options,
    });
  }
}
