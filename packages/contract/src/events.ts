import { z } from 'zod';
import { ArticlePayload } from './article-payload';
import { Timestamp } from './common';
import { ContentStatus } from './content';
import { named } from './registry';

/** Fields shared by the events that remove an article from the customer's site. */
const articleRemoval = {
  content_id: z.string().describe('Content id, `cnt_…`.'),
  project_id: z.string().describe('Project id, `proj_…`.'),
  slug: z.string().describe('Slug of the article as it was published; receivers remove by slug.'),
  language: z.string().describe('Language code of the article, such as en.'),
  occurred_at: Timestamp.describe('When the article was taken offline or deleted.'),
};

export const ContentGeneratedEvent = named(
  'ContentGeneratedEvent',
  'Body of `content.generated`: generation finished. The article is not on the site yet; `content.published` follows when it is published.',
  z.object({
    event: z.literal('content.generated'),
    content_id: z.string().describe('Content id, `cnt_…`.'),
    project_id: z.string().describe('Project id, `proj_…`.'),
    status: ContentStatus.describe('`draft`, or `published` when the item was created with `auto_publish`.'),
    keyword: z.string().describe('Target keyword the article was written for.'),
    title: z.string(),
    slug: z.string(),
    created_at: Timestamp.describe('When the content item was created.'),
  }),
);
export type ContentGeneratedEvent = z.infer<typeof ContentGeneratedEvent>;

export const ContentUnpublishedEvent = named(
  'ContentUnpublishedEvent',
  'Body of `content.unpublished`: a published article went back to draft; the receiver takes it offline.',
  z.object({ event: z.literal('content.unpublished'), ...articleRemoval }),
);
export type ContentUnpublishedEvent = z.infer<typeof ContentUnpublishedEvent>;

export const ContentDeletedEvent = named(
  'ContentDeletedEvent',
  'Body of `content.deleted`: an article that had been published was permanently deleted.',
  z.object({ event: z.literal('content.deleted'), ...articleRemoval }),
);
export type ContentDeletedEvent = z.infer<typeof ContentDeletedEvent>;

export const KeywordRankingChangedEvent = named(
  'KeywordRankingChangedEvent',
  'Body of `keyword.ranking_changed`: a rank check moved a tracked keyword.',
  z.object({
    event: z.literal('keyword.ranking_changed'),
    project_id: z.string().describe('Project id, `proj_…`.'),
    keyword_id: z.string().describe('Keyword id, `kw_…`.'),
    keyword: z.string(),
    previous_position: z
      .number()
      .int()
      .nullable()
      .describe('Position before this check; null when not ranked.'),
    position: z.number().int().nullable().describe('Position found by this check; null when not ranked.'),
    change: z
      .number()
      .int()
      .nullable()
      .describe('previous_position − position: positive means the page moved up. Null when either is null.'),
    checked_at: Timestamp.describe('When the rank check ran.'),
  }),
);
export type KeywordRankingChangedEvent = z.infer<typeof KeywordRankingChangedEvent>;

export const AiVisibilityMentionDetectedEvent = named(
  'AiVisibilityMentionDetectedEvent',
  'Body of `ai_visibility.mention_detected`: an AI platform mentioned the brand in an answer to a tracked prompt.',
  z.object({
    event: z.literal('ai_visibility.mention_detected'),
    project_id: z.string().describe('Project id, `proj_…`.'),
    response_id: z.string().describe('AI response id, `rsp_…`.'),
    prompt_id: z.string().describe('Prompt id, `prm_…`.'),
    platform: z.string().describe('AI platform that answered, such as chatgpt, perplexity, gemini.'),
    brand: z.string().describe('The brand name that was mentioned.'),
    excerpt: z.string().describe('The part of the answer that mentions the brand.'),
    cited_urls: z.array(z.string()).describe('URLs the answer cited, in order; may be empty.'),
    detected_at: Timestamp.describe('When the mention was found.'),
  }),
);
export type AiVisibilityMentionDetectedEvent = z.infer<typeof AiVisibilityMentionDetectedEvent>;

/**
 * Every webhook event, by name, with the schema of its JSON body (spec 6). `content.published`
 * and `content.updated` send exactly the article payload of spec 2.5, without an `event` field:
 * their name travels in the `x-service-event` header. The other bodies repeat their name in
 * `event`.
 *
 * @example
 * ```ts
 * import { EVENT_TYPES } from '@rankquill/contract';
 * const event = EVENT_TYPES['content.deleted'].parse(JSON.parse(rawBody));
 * console.log(event.slug);
 * ```
 */
export const EVENT_TYPES = {
  'content.generated': ContentGeneratedEvent,
  'content.published': ArticlePayload,
  'content.updated': ArticlePayload,
  'content.unpublished': ContentUnpublishedEvent,
  'content.deleted': ContentDeletedEvent,
  'keyword.ranking_changed': KeywordRankingChangedEvent,
  'ai_visibility.mention_detected': AiVisibilityMentionDetectedEvent,
} as const;

/** Name of a webhook event known to this version of the contract. */
export type WebhookEventName = keyof typeof EVENT_TYPES;

/** Every event name, in the order of spec 6. */
export const WEBHOOK_EVENT_NAMES = Object.keys(EVENT_TYPES) as WebhookEventName[];

/** Body type of each event, by name. */
export type WebhookEventMap = { [K in WebhookEventName]: z.infer<(typeof EVENT_TYPES)[K]> };

/**
 * True when `name` is an event this version of the contract knows.
 * @example
 * ```ts
 * if (isWebhookEventName(request.headers['x-service-event'])) console.log('an event of the service');
 * ```
 */
export function isWebhookEventName(name: string): name is WebhookEventName {
  return Object.hasOwn(EVENT_TYPES, name);
}

export const WebhookReceiverSuccess = named(
  'WebhookReceiverSuccess',
  '2xx answer of a webhook receiver (spec 6, point 1). `url` is the published URL of the article, `/<language>/resources/blog/<slug>` on the reference receiver; empty for events that publish no page.',
  z.object({ success: z.boolean(), url: z.string() }),
);
export type WebhookReceiverSuccess = z.infer<typeof WebhookReceiverSuccess>;

export const WebhookReceiverError = named(
  'WebhookReceiverError',
  'Error answer of a webhook receiver, with status 400, 401 or 500 (spec 6, point 2).',
  z.object({ error: z.string().describe('What was wrong and what to send instead.') }),
);
export type WebhookReceiverError = z.infer<typeof WebhookReceiverError>;
