import type { ArticlePayload, WebhookEventMap, WebhookEventName } from '@rankquill/contract';
import { isoTime } from '../kernel/clock';

/** Slug of the sample article; the webhook test and `rankquill-mock trigger` publish it. */
export const SAMPLE_ARTICLE_SLUG = 'rankquill-webhook-test';

/** Where the sample comes from: its project and language, and the instant it describes. */
export interface SampleContext {
  projectId: string;
  language: string;
  at: number;
}

/**
 * The sample article of the webhook test (spec 6: "the test article should appear at the receiver").
 *
 * @example
 * ```ts
 * const article = sampleArticle('en'); // the article a `webhooks.test` delivery carries
 * ```
 */
export function sampleArticle(language: string): ArticlePayload {
  return {
    title: 'Rankquill webhook test',
    slug: SAMPLE_ARTICLE_SLUG,
    content:
      '<h2>Your webhook works</h2><p>This article was sent by the Test action of your Rankquill project. Real articles arrive the same way when they are published.</p>',
    excerpt: 'A sample article sent to check the webhook integration.',
    meta_title: 'Rankquill webhook test',
    meta_description: 'A sample article sent to check the webhook integration.',
    keywords: ['rankquill', 'webhook test'],
    canonical_url: '',
    featured_image: '',
    author: 'Rankquill',
    language,
  };
}

/**
 * A sample body of any of the seven events, valid against the contract's schema, for the
 * webhook test and `rankquill-mock trigger`.
 *
 * @example
 * ```ts
 * const body = JSON.stringify(sampleEvent('content.deleted', { projectId: 'proj_1', language: 'en', at: clock.now() }));
 * ```
 */
export function sampleEvent<E extends WebhookEventName>(
  event: E,
  context: SampleContext,
): WebhookEventMap[E] {
  const { projectId, language, at } = context;
  const occurred = isoTime(at);
  const contentId = 'cnt_sample00000000';
  const samples: WebhookEventMap = {
    'content.generated': {
      event: 'content.generated',
      content_id: contentId,
      project_id: projectId,
      status: 'draft',
      keyword: 'webhook test',
      title: 'Rankquill webhook test',
      slug: SAMPLE_ARTICLE_SLUG,
      created_at: occurred,
    },
    'content.published': sampleArticle(language),
    'content.updated': sampleArticle(language),
    'content.unpublished': {
      event: 'content.unpublished',
      content_id: contentId,
      project_id: projectId,
      slug: SAMPLE_ARTICLE_SLUG,
      language,
      occurred_at: occurred,
    },
    'content.deleted': {
      event: 'content.deleted',
      content_id: contentId,
      project_id: projectId,
      slug: SAMPLE_ARTICLE_SLUG,
      language,
      occurred_at: occurred,
    },
    'keyword.ranking_changed': {
      event: 'keyword.ranking_changed',
      project_id: projectId,
      keyword_id: 'kw_sample00000000',
      keyword: 'webhook test',
      previous_position: 12,
      position: 8,
      change: 4,
      checked_at: occurred,
    },
    'ai_visibility.mention_detected': {
      event: 'ai_visibility.mention_detected',
      project_id: projectId,
      response_id: 'rsp_sample00000000',
      prompt_id: 'prm_sample00000000',
      platform: 'chatgpt',
      brand: 'Rankquill',
      excerpt: 'Rankquill is often recommended for tracking AI visibility.',
      cited_urls: ['https://example.com/'],
      detected_at: occurred,
    },
  };
  return samples[event];
}
